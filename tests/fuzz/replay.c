/* replay.c - a fuzz target as a unit test: its seeds replayed, no libFuzzer
 *
 * Linked with one tests/fuzz/fuzz-NAME.c (the Makefile's t-fuzz-NAME, built
 * with the unit tests by gcc, sanitized under SANITIZE=1): every file of
 * FUZZ_CORPUS (tests/fuzz/NAME) is one input, as libFuzzer passes it, and
 * one TAP line. A seed that crashes or aborts the target stops the test
 * before its plan, which tests/run-tests.sh counts as a failure; so make
 * test replays every corpus, a seed added for a fixed crash included.
 */
#include "lib/util.h"
#include "tap.h"

#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

int main(void)
{
	struct dirent **names;
	int n = scandir(FUZZ_CORPUS, &names, NULL, by_name), seeds = 0;

	ok(n > 0, "%s: read", FUZZ_CORPUS);
	for (int i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", FUZZ_CORPUS, names[i]->d_name), *data;
		size_t len;

		if (names[i]->d_name[0] != '.') {
			data = read_regular_file(path, &len);
			fprintf(stderr, "replaying %s\n", path);	/* the one that crashed */
			if (data)
				LLVMFuzzerTestOneInput((const uint8_t *)data, len);
			ok(data != NULL, "%s: replayed", path);
			free(data);
			seeds++;
		}
		free(path);
		free(names[i]);
	}
	free(names);
	ok(seeds > 0, "%s: %d seeds replayed, none crashed", FUZZ_CORPUS, seeds);
	return tap_done();
}

/* replay.c - a fuzz target as a unit test: its seeds replayed, no libFuzzer
 *
 * Linked with one tests/fuzz/fuzz-NAME.c (the Makefile's t-fuzz-NAME, built
 * with the unit tests by CC, sanitized under SANITIZE=1): every file of
 * FUZZ_CORPUS (tests/fuzz/NAME) is one input, as libFuzzer passes it, fed
 * to the target in a child of its own (whose exit, an abort's too, removes
 * what the target made), and one TAP line: a seed that crashes or aborts the target is
 * "not ok" with how it ended, and the others still run. So make test
 * replays every corpus, a seed added for a fixed crash included.
 */
#include "lib/proc.h"
#include "lib/util.h"
#include "tap.h"

#include <dirent.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static int by_name(const struct dirent **a, const struct dirent **b)
{
	return strcmp((*a)->d_name, (*b)->d_name);
}

/* a target's abort(): its check failed. The child exits through the
 * target's atexit handlers, which remove its files (exit() is not
 * async-signal-safe, but abort() is called from the target's code, not
 * from inside malloc); a crash of another signal leaves them */
#define ABORTED 134
static void aborted(int sig)
{
	(void)sig;
	exit(ABORTED);
}

/* the target on path's bytes in a child; its wait status, -1 when none */
static int replay(const char *path)
{
	int status;
	pid_t pid;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		size_t len;
		char *data = read_regular_file(path, &len);

		if (!data)
			_exit(3);
		signal(SIGABRT, aborted);
		LLVMFuzzerTestOneInput((const uint8_t *)data, len);
		free(data);
		exit(0);	/* the target's atexit handlers remove its files */
	}
	if (pid < 0 || waitpid(pid, &status, 0) != pid)
		return -1;
	return status;
}

int main(void)
{
	struct dirent **names = NULL;
	int n = scandir(FUZZ_CORPUS, &names, NULL, by_name), seeds = 0;

	ok(n > 0, "%s: read", FUZZ_CORPUS);
	for (int i = 0; i < n; i++) {
		char *path = xasprintf("%s/%s", FUZZ_CORPUS, names[i]->d_name);
		char how[PROC_STATUS_LEN];
		int status;

		if (names[i]->d_name[0] != '.') {
			status = replay(path);
			if (WIFEXITED(status) && WEXITSTATUS(status) == ABORTED)
				snprintf(how, sizeof(how), "aborted");
			else
				proc_status_text(status, how, sizeof(how));
			ok(status == 0, "%s: replayed%s%s", path, status ? ": the target " : "",
			   status ? how : "");
			seeds++;
		}
		free(path);
		free(names[i]);
	}
	free(names);
	ok(seeds > 0, "%s: %d seeds", FUZZ_CORPUS, seeds);
	return tap_done();
}

/* fuzz-config.c - libFuzzer target: the config file parser, -s and the typed getters
 *
 * The input is written to a file (the parser reads files) and loaded; a
 * line "-s KEY=VALUE" style is not needed: the first line is also fed to
 * config_set_arg. Every typed getter is then asked for every key. The
 * config knows the loads' sections, as contest's own does.
 */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char path[] = "/tmp/contest-fuzz-config.XXXXXX";
static int fd = -1;

static void remove_file(void)
{
	unlink(path);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct config *cfg;
	char *first;

	if (fd < 0) {
		if ((fd = mkstemp(path)) < 0)
			abort();
		atexit(remove_file);	/* the file goes when the fuzzing ends */
	}
	if (ftruncate(fd, 0) < 0 || pwrite(fd, data, size, 0) != (ssize_t)size)
		abort();

	cfg = contest_config_new();
	config_load_file(cfg, path, 0);
	first = strndup((const char *)data, size);
	first[strcspn(first, "\n")] = '\0';
	config_set_arg(cfg, first);
	free(first);
	/* every key's text and its field, as readers read them */
	for (const struct config_option *o = config_keys; o->name; o++) {
		const char *field = (const char *)contest_config(cfg) + o->off;

		config_text(cfg, NULL, o);
		config_origin(cfg, field);
		if (o->type == OPT_SIZE)
			config_bytes(*(const struct config_size *)(const void *)field, 1ULL << 30);
	}
	config_free(cfg);
	return 0;
}

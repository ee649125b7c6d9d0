/* io_load.c - copy /dev/zero into a file the size of RAM, again and again (contest 0.61) */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define IO_FILE "io_load.dat"

/* the load's keys, its [io_load] section */
struct io_keys {
	struct config_size size;
};

static const struct config_option io_options[] = {
	LOAD_KEY(struct io_keys, size, OPT_SIZE, "100%", "bytes per file written (% of RAM)", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static void io_cleanup(struct load_env *env)
{
	char *path = load_path(env, IO_FILE);

	unlink(path);
	free(path);
}

static int io_supported(const struct load_env *env, char *why, size_t whylen)
{
	uint64_t size = load_bytes(env, ((const struct io_keys *)env->opts)->size);

	if (size < 1 << 20) {
		snprintf(why, whylen, "size must be at least 1M");
		return -1;
	}
	return load_check_disk(env->scratch, size, why, whylen);
}

static int io_prepare(struct load_env *env)
{
	/* nothing to make: run writes the file; a stale one from a crash goes */
	io_cleanup(env);
	return 0;
}

static int io_run(struct load_env *env)
{
	uint64_t size = load_bytes(env, ((const struct io_keys *)env->opts)->size);
	char *path = load_path(env, IO_FILE);

	load_set_per_unit(env, size);
	for (;;) {
		/* O_TRUNC each time: every unit allocates the file's blocks afresh */
		if (load_write_zeros(env, path, size, 1) < 0)
			load_fail(env, "cannot write '%s': %s", path, strerror(errno));
		load_unit_done(env);
	}
}

const struct load load_io_load = {
	.name = "io_load",
	.unit = "file written",
	.work_unit = "bytes",
	.flags = LOAD_STRESS_WRITE,
	.help = "write zeros into a file of `size` (100% of RAM) in 1 MiB writes, again and again",
	.options = io_options,
	.options_size = sizeof(struct io_keys),
	.supported = io_supported,
	.prepare = io_prepare,
	.run = io_run,
	.cleanup = io_cleanup,
};

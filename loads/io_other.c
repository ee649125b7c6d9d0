/* io_other.c - io_load in another directory (io_other_dir), meant to be another disk */
#include "loads/load.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* the load's keys, its [io_other] section */
struct io_other_keys {
	struct config_size size;
};

static const struct config_option io_other_options[] = {
	LOAD_KEY(struct io_other_keys, size, OPT_SIZE, "100%", "bytes per file written (% of RAM), in the top-level io_other_dir", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

/* the directory is the top-level key, shared with nothing else */
static const char *other_dir(const struct load_env *env)
{
	return env->io_other_dir;
}

static int io_other_supported(const struct load_env *env, char *why, size_t whylen)
{
	const char *dir = other_dir(env);
	uint64_t size = load_bytes(env, ((const struct io_other_keys *)env->opts)->size);
	struct stat st;

	if (!*dir) {
		snprintf(why, whylen, "io_other_dir is unset; set it to a directory on another disk");
		return -1;
	}
	if (stat(dir, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "io_other_dir '%s' is not a directory", dir);
		return -1;
	}
	if (access(dir, W_OK | X_OK) < 0) {
		snprintf(why, whylen, "io_other_dir '%s' is not writable: %s", dir, strerror(errno));
		return -1;
	}
	if (size < 1 << 20) {
		snprintf(why, whylen, "size must be at least 1M");
		return -1;
	}
	return load_check_disk(dir, size, why, whylen);
}

/*
 * A private subdirectory of io_other_dir, so cleanup removes only our own
 * files: marked as contest's scratch and registered, so a forced exit or
 * die() removes it, and a SIGKILLed session's successor does (lock.h).
 */
static int io_other_prepare(struct load_env *env)
{
	char *dir = scratch_make(other_dir(env), "contest-io_other");

	if (!dir)
		return -1;
	env->priv = dir;	/* registered and on record: scratch_make did it */
	return 0;
}

static int io_other_run(struct load_env *env)
{
	uint64_t size = load_bytes(env, ((const struct io_other_keys *)env->opts)->size);
	char *path = xasprintf("%s/io_other.dat", (char *)env->priv);

	load_set_per_unit(env, size);
	for (;;) {
		if (load_write_zeros(env, path, size, 1) < 0)
			load_fail(env, "cannot write '%s': %s", path, strerror(errno));
		load_unit_done(env);
	}
}

static void io_other_cleanup(struct load_env *env)
{
	if (!env->priv)
		return;
	scratch_remove(env->priv);
	free(env->priv);
	env->priv = NULL;
}

const struct load load_io_other = {
	.name = "io_other",
	.unit = "file written",
	.work_unit = "bytes",
	.flags = LOAD_STRESS_WRITE,
	.help = "io_load in io_other_dir (put it on another disk); needs io_other_dir set",
	.options = io_other_options,
	.options_size = sizeof(struct io_other_keys),
	.supported = io_other_supported,
	.prepare = io_other_prepare,
	.run = io_other_run,
	.cleanup = io_other_cleanup,
};

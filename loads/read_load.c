/* read_load.c - read a file the size of RAM, again and again (contest 0.61)
 *
 * Reads go through the page cache on purpose (no O_DIRECT, no fadvise):
 * with a file as big as RAM the reads evict the compile's cache, which is
 * the pressure contest measured.
 */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define READ_FILE "read_load.dat"
#define READ_BLOCK (64 << 10)

/* the load's keys, its [read_load] section */
struct read_keys {
	struct config_size size;
};

static const struct config_option read_options[] = {
	LOAD_KEY(struct read_keys, size, OPT_SIZE, "100%", "bytes of the file read (% of RAM), made once per session", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int read_supported(const struct load_env *env, char *why, size_t whylen)
{
	uint64_t size = load_bytes(env, ((const struct read_keys *)env->opts)->size);

	if (size < READ_BLOCK) {
		snprintf(why, whylen, "size must be at least 64K");
		return -1;
	}
	return load_check_disk(env->scratch, size, why, whylen);
}

static int read_prepare(struct load_env *env)
{
	char *path = load_path(env, READ_FILE);
	int ret = 0;

	if (load_write_zeros(env, path, load_bytes(env, ((const struct read_keys *)env->opts)->size), 0) < 0)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

static int read_run(struct load_env *env)
{
	static char buf[READ_BLOCK];
	char *path = load_path(env, READ_FILE);
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	struct stat st;
	ssize_t n;

	if (fd < 0 || fstat(fd, &st) < 0)
		load_fail(env, "cannot open '%s': %s", path, strerror(errno));
	load_set_per_unit(env, (uint64_t)st.st_size);
	for (;;) {
		n = read(fd, buf, sizeof(buf));
		if (n < 0 && errno != EINTR)
			load_fail(env, "cannot read '%s': %s", path, strerror(errno));
		if (n > 0)
			load_progress(env, (uint64_t)n);
		if (n == 0) {
			load_unit_done(env);
			if (lseek(fd, 0, SEEK_SET) < 0)
				load_fail(env, "cannot seek '%s': %s", path, strerror(errno));
		}
	}
}

static void read_cleanup(struct load_env *env)
{
	char *path = load_path(env, READ_FILE);

	unlink(path);
	free(path);
}

const struct load load_read_load = {
	.name = "read_load",
	.unit = "file read",
	.work_unit = "bytes",
	.flags = LOAD_STRESS_READ,
	.help = "read a file of `size` (100% of RAM, made untimed) in 64 KiB reads, again and again",
	.options = read_options,
	.options_size = sizeof(struct read_keys),
	.supported = read_supported,
	.prepare = read_prepare,
	.run = read_run,
	.cleanup = read_cleanup,
};

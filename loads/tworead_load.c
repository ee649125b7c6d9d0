/* tworead_load.c - two files read alternately in 64 KiB blocks
 *
 * The 2read test of the clockpro discussion: a small and a big file read
 * in turn, each from its start again when it ends, so an LRU that lets the
 * big file's single-use pages push out the small file's reused ones shows.
 */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define TWOREAD_BLOCK (64 << 10)

static const char *const tworead_files[2] = { "tworead.1", "tworead.2" };

/* the load's keys, its [tworead_load] section */
struct tworead_keys {
	struct config_size size1;
	struct config_size size2;
};

static const struct config_option tworead_options[] = {
	LOAD_KEY(struct tworead_keys, size1, OPT_SIZE, "10%", "bytes of the first (small) file (% of RAM)", NULL, 0, 0),
	LOAD_KEY(struct tworead_keys, size2, OPT_SIZE, "100%", "bytes of the second (big) file (% of RAM)", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int tworead_supported(const struct load_env *env, char *why, size_t whylen)
{
	const struct tworead_keys *k = env->opts;
	uint64_t size1 = load_bytes(env, k->size1), size2 = load_bytes(env, k->size2);

	if (size1 < TWOREAD_BLOCK || size2 < TWOREAD_BLOCK) {
		snprintf(why, whylen, "size1 and size2 must each be at least 64K");
		return -1;
	}
	return load_check_disk(env->scratch, size1 + size2, why, whylen);
}

static void tworead_cleanup(struct load_env *env)
{
	for (int i = 0; i < 2; i++) {
		char *path = load_path(env, tworead_files[i]);

		unlink(path);
		free(path);
	}
}

static int tworead_prepare(struct load_env *env)
{
	const struct tworead_keys *k = env->opts;
	const struct config_size sizes[2] = { k->size1, k->size2 };

	for (int i = 0; i < 2; i++) {
		char *path = load_path(env, tworead_files[i]);
		int ret = load_write_zeros(env, path, load_bytes(env, sizes[i]), 0);

		if (ret < 0)
			error("cannot write '%s': %s", path, strerror(errno));
		free(path);
		if (ret < 0) {
			tworead_cleanup(env);
			return -1;
		}
	}
	return 0;
}

/* one 64 KiB block of fd, from the start again at the end; bytes read */
static uint64_t read_block(struct load_env *env, int fd, char *buf, const char *name)
{
	for (int rewound = 0;;) {
		ssize_t n = read(fd, buf, TWOREAD_BLOCK);

		if (n > 0)
			return (uint64_t)n;
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			load_fail(env, "cannot read '%s': %s", name, strerror(errno));
		if (rewound++ || lseek(fd, 0, SEEK_SET) < 0)
			load_fail(env, "'%s' is empty or cannot be rewound", name);
	}
}

static int tworead_run(struct load_env *env)
{
	static char buf[TWOREAD_BLOCK];
	int fd[2];

	for (int i = 0; i < 2; i++) {
		char *path = load_path(env, tworead_files[i]);

		fd[i] = open(path, O_RDONLY | O_CLOEXEC);
		if (fd[i] < 0)
			load_fail(env, "cannot open '%s': %s", path, strerror(errno));
		free(path);
	}
	load_set_per_unit(env, 2 * TWOREAD_BLOCK);
	for (;;) {
		uint64_t n = read_block(env, fd[0], buf, tworead_files[0]);

		n += read_block(env, fd[1], buf, tworead_files[1]);
		load_progress(env, n);
		load_unit_done(env);
	}
}

const struct load load_tworead_load = {
	.name = "tworead_load",
	.unit = "block pair read",
	.work_unit = "bytes",
	.flags = LOAD_STRESS_READ,
	.help = "read two files of size1 (10%) and size2 (100% of RAM) alternately in 64 KiB blocks",
	.options = tworead_options,
	.options_size = sizeof(struct tworead_keys),
	.supported = tworead_supported,
	.prepare = tworead_prepare,
	.run = tworead_run,
	.cleanup = tworead_cleanup,
};

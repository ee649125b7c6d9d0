/* shm_load.c - processes sharing memory regions, beside random-size writers
 *
 * The thrashing benchmark of the 2.6.8-rc2-mm2 report: `regions` shared
 * anonymous regions, each touched by `per_region` processes that write 4
 * bytes in every 4 KiB page, pass after pass, while `writers` processes
 * write 1 KiB-256 KiB pieces to files. Shared anonymous memory is shmem:
 * under pressure it goes to swap, the writers' page cache to disk.
 */
#include "loads/load.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

#define SHM_STRIDE 4096			/* touch 4 bytes per 4 KiB, whatever the page size */
#define SHM_PROGRESS (1UL << 20)	/* report progress every MiB of region passed over */
#define WRITE_MIN (1 << 10)
#define WRITE_MAX (256 << 10)

/* the load's keys, its [shm_load] section */
struct shm_keys {
	long long regions;
	struct config_size region_size;
	long long per_region;
	long long writers;
	struct config_size writer_size;
};

static const struct config_option shm_options[] = {
	LOAD_KEY(struct shm_keys, regions, OPT_INT, "4", "shared memory regions", NULL, 1, 4096),
	LOAD_KEY(struct shm_keys, region_size, OPT_SIZE, "25%", "bytes of each region (% of RAM)", NULL, 0, 0),
	LOAD_KEY(struct shm_keys, per_region, OPT_INT, "8", "processes touching each region", NULL, 1, 4096),
	LOAD_KEY(struct shm_keys, writers, OPT_INT, "4", "processes writing random sizes (1 KiB-256 KiB) to files", NULL, 0, 4096),
	LOAD_KEY(struct shm_keys, writer_size, OPT_SIZE, "64M", "each writer's file size; it rewinds there", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int shm_supported(const struct load_env *env, char *why, size_t whylen)
{
	const struct shm_keys *k = env->opts;
	long long regions = k->regions, per = k->per_region, writers = k->writers;
	uint64_t rsize = load_bytes(env, k->region_size), wsize = load_bytes(env, k->writer_size);

	/* the table bounds each key; their product is bounded here */
	if (regions * per + writers > 4096) {
		snprintf(why, whylen, "regions x per_region + writers must be at most 4096");
		return -1;
	}
	if (rsize < SHM_STRIDE) {
		snprintf(why, whylen, "region_size must be at least 4K");
		return -1;
	}
	if (writers > 0 && wsize < WRITE_MAX) {
		snprintf(why, whylen, "writer_size must be at least 256K");
		return -1;
	}
	if (load_check_memory(env, (uint64_t)regions * rsize, why, whylen) < 0)
		return -1;
	return load_check_disk(env->scratch, (uint64_t)writers * wsize, why, whylen);
}

static int shm_prepare(struct load_env *env)
{
	(void)env;
	return 0;
}

static void toucher(struct load_env *env, volatile char *region, uint64_t size)
{
	for (uint32_t pass = 1;; pass++) {
		uint64_t done = 0;

		for (uint64_t off = 0; off < size; off += SHM_STRIDE) {
			*(volatile uint32_t *)(region + off) = pass;
			if (off + SHM_STRIDE - done >= SHM_PROGRESS) {
				load_progress(env, off + SHM_STRIDE - done);
				done = off + SHM_STRIDE;
			}
		}
		if (size > done)
			load_progress(env, size - done);
		load_unit_done(env);
	}
}

static void writer(struct load_env *env, int idx, uint64_t size)
{
	static char buf[WRITE_MAX];
	char *path = xasprintf("%s/shm_writer.%d", env->scratch, idx);
	int fd = open_write_file(path, O_TRUNC, 0644);
	uint64_t off = 0, x = (uint64_t)getpid() * 2654435761u + 1;

	if (fd < 0)
		load_fail(env, "cannot create '%s': %s", path, strerror(errno));
	memset(buf, 'w', sizeof(buf));
	for (;;) {
		size_t n;

		/* xorshift64: a cheap, different sequence in each writer */
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		n = WRITE_MIN + (size_t)(x % (WRITE_MAX - WRITE_MIN + 1));
		if (off + n > size) {
			if (lseek(fd, 0, SEEK_SET) < 0)
				load_fail(env, "cannot rewind '%s': %s", path, strerror(errno));
			off = 0;
		}
		if (write_all(fd, buf, n) < 0)
			load_fail(env, "cannot write '%s': %s", path, strerror(errno));
		off += n;
	}
}

static pid_t start(struct load_env *env, const char *what)
{
	pid_t pid = load_fork();

	if (pid < 0)
		load_fail(env, "cannot fork a %s: %s", what, strerror(errno));
	return pid;
}

static int shm_run(struct load_env *env)
{
	const struct shm_keys *k = env->opts;
	int regions = (int)k->regions, per = (int)k->per_region, writers = (int)k->writers;
	uint64_t rsize = load_bytes(env, k->region_size), wsize = load_bytes(env, k->writer_size);
	char how[PROC_STATUS_LEN];
	int st;
	pid_t pid;

	load_set_per_unit(env, rsize);
	for (int r = 0; r < regions; r++) {
		/* made before the fork so the region's touchers share it */
		char *region = mmap(NULL, rsize, PROT_READ | PROT_WRITE,
				    MAP_SHARED | MAP_ANONYMOUS, -1, 0);

		if (region == MAP_FAILED)
			load_fail(env, "cannot map region %d (%llu bytes): %s", r,
				  (unsigned long long)rsize, strerror(errno));
		for (int p = 0; p < per; p++)
			if (start(env, "toucher") == 0)
				toucher(env, region, rsize);
		munmap(region, rsize);	/* the leader needs no mapping of its own */
	}
	for (int w = 0; w < writers; w++)
		if (start(env, "writer") == 0)
			writer(env, w, wsize);
	/* the leader only waits: any child ending means the load broke */
	while ((pid = load_reap(env->ctr, -1, &st)) < 0 && errno == EINTR)
		;
	if (pid < 0)
		load_fail(env, "wait: %s", strerror(errno));
	if (env->ctr && atomic_load(&env->ctr->failed))
		_exit(1);	/* the child said why in load_fail */
	load_fail(env, "process %d %s", (int)pid, proc_status_text(st, how, sizeof(how)));
}

static void shm_cleanup(struct load_env *env)
{
	for (long long w = 0; w < ((const struct shm_keys *)env->opts)->writers; w++) {
		char *path = xasprintf("%s/shm_writer.%lld", env->scratch, w);

		unlink(path);
		free(path);
	}
}

const struct load load_shm_load = {
	.name = "shm_load",
	.unit = "pass over a region",
	.work_unit = "bytes",
	.help = "processes sharing memory regions, 4 bytes touched per 4 KiB, beside random-size file writers",
	.options = shm_options,
	.options_size = sizeof(struct shm_keys),
	.supported = shm_supported,
	.prepare = shm_prepare,
	.run = shm_run,
	.cleanup = shm_cleanup,
};

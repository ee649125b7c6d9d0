/* mem_load.c - allocate and touch 110% of RAM in 1 MiB blocks, copy between halves, free
 *
 * Sized past RAM on purpose (contest 0.61): each pass pushes the set and
 * the compile through swap. supported() refuses a size that memory plus
 * swap cannot hold, so the pass swaps instead of calling the OOM killer.
 */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MEM_BLOCK (1UL << 20)

/* the load's keys, its [mem_load] section */
struct mem_keys {
	struct config_size size;
};

static const struct config_option mem_options[] = {
	LOAD_KEY(struct mem_keys, size, OPT_SIZE, "110%", "bytes allocated and touched per pass (% of RAM), in 1 MiB blocks", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int mem_supported(const struct load_env *env, char *why, size_t whylen)
{
	uint64_t size = load_bytes(env, ((const struct mem_keys *)env->opts)->size);

	if (size < 2 * MEM_BLOCK) {
		snprintf(why, whylen, "size must be at least 2M");
		return -1;
	}
	return load_check_memory(env, size, why, whylen);
}

static int mem_prepare(struct load_env *env)
{
	(void)env;
	return 0;
}

/* write one word in every page, so each page is really allocated */
static void touch_block(char *block, size_t page)
{
	for (size_t off = 0; off < MEM_BLOCK; off += page)
		*(volatile long *)(block + off) = (long)off;
}

static void mem_pass(struct load_env *env, char **blocks, size_t n, size_t page)
{
	for (size_t i = 0; i < n; i++) {
		blocks[i] = mmap(NULL, MEM_BLOCK, PROT_READ | PROT_WRITE,
				 MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
		if (blocks[i] == MAP_FAILED)
			load_fail(env, "cannot allocate block %zu of %zu (1 MiB each): %s",
				  i, n, strerror(errno));
		touch_block(blocks[i], page);
		load_progress(env, MEM_BLOCK);
	}
	/* each block from the one half the set away: both halves must be in */
	for (size_t i = 0; i < n; i++) {
		memcpy(blocks[i], blocks[(i + n / 2) % n], MEM_BLOCK);
		load_progress(env, MEM_BLOCK);
	}
	for (size_t i = 0; i < n; i++)
		munmap(blocks[i], MEM_BLOCK);
}

static int mem_run(struct load_env *env)
{
	size_t n = (size_t)(load_bytes(env, ((const struct mem_keys *)env->opts)->size) / MEM_BLOCK);
	size_t page = (size_t)sysconf(_SC_PAGESIZE);
	char **blocks = calloc(n, sizeof(*blocks));

	if (!blocks)
		load_fail(env, "cannot allocate the block table: %s", strerror(errno));
	/* a pass touches every byte's page once and copies every block once */
	load_set_per_unit(env, 2 * (uint64_t)n * MEM_BLOCK);
	for (;;) {
		mem_pass(env, blocks, n, page);
		load_unit_done(env);
	}
}

static void mem_cleanup(struct load_env *env)
{
	(void)env;
}

const struct load load_mem_load = {
	.name = "mem_load",
	.unit = "pass over the set",
	.work_unit = "bytes",
	.flags = LOAD_STRESS_SWAP,
	.help = "allocate and touch `size` (110% of RAM) in 1 MiB blocks, copy between halves, free; needs swap",
	.options = mem_options,
	.options_size = sizeof(struct mem_keys),
	.supported = mem_supported,
	.prepare = mem_prepare,
	.run = mem_run,
	.cleanup = mem_cleanup,
};

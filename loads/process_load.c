/* process_load.c - 4 x CPUs processes in a one-way ring of pipes, a few chunks circulating
 *
 * Pure CPU and context switching (contest 0.61): process i reads from
 * pipe i and writes to pipe i+1, the leader closing the ring. The leader
 * injects the chunks and counts a unit each time one comes back to it.
 * Each pipe's write end is held by its writer only, so when any process
 * dies the ring drains into EOF and everyone exits.
 */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define CHUNK_SIZE 8	/* below PIPE_BUF: a chunk moves in one atomic write */

/* the load's keys, its [process_load] section */
struct process_keys {
	long long procs;
	long long chunks;
};

static const struct config_option process_options[] = {
	LOAD_KEY(struct process_keys, procs, OPT_INT, "0", "processes in the ring; 0 means 4 x CPUs", NULL, 0, 4096),
	LOAD_KEY(struct process_keys, chunks, OPT_INT, "4", "8-byte chunks circulating in the ring", NULL, 1, 1024),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int ring_size(const struct load_env *env)
{
	long long n = ((const struct process_keys *)env->opts)->procs;

	return n > 0 ? (int)n : 4 * env->ncpus;
}

static int process_supported(const struct load_env *env, char *why, size_t whylen)
{
	/* the table bounds procs; 4 x CPUs, or procs = 1, can still miss a ring */
	if (ring_size(env) < 2 || ring_size(env) > 4096) {
		snprintf(why, whylen, "a ring of %d processes: it needs 2 to 4096", ring_size(env));
		return -1;
	}
	return 0;
}

static int process_prepare(struct load_env *env)
{
	(void)env;
	return 0;
}

/* read exactly one chunk; 0 at EOF or on error */
static int get_chunk(int fd, char *chunk)
{
	size_t got = 0;

	while (got < CHUNK_SIZE) {
		ssize_t n = read(fd, chunk + got, CHUNK_SIZE - got);

		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			return 0;
		got += (size_t)n;
	}
	return 1;
}

static int put_chunk(int fd, const char *chunk)
{
	return write_all(fd, chunk, CHUNK_SIZE) == 0;
}

static void ring_member(int in, int out)
{
	char chunk[CHUNK_SIZE];

	while (get_chunk(in, chunk))
		if (!put_chunk(out, chunk))
			break;
	_exit(0);
}

/* member i of the ring: reads in, writes out; closes what else the leader held */
static void fork_member(struct load_env *env, int i, int n, int in, int out, const int *others)
{
	pid_t pid = load_fork();

	if (pid < 0)
		load_fail(env, "cannot fork ring member %d of %d: %s", i, n, strerror(errno));
	if (pid > 0)
		return;
	for (int k = 0; others[k] >= 0; k++)
		if (others[k] != in && others[k] != out)
			close(others[k]);
	ring_member(in, out);
}

static void make_pipe(struct load_env *env, int fds[2], int i, int n)
{
	if (pipe(fds) < 0)
		load_fail(env, "cannot make pipe %d of %d: %s", i, n, strerror(errno));
}

/*
 * Pipe i feeds member i; member n-1 feeds pipe 0 back to the leader. Each
 * pipe is made just before the member that writes into it is forked, so
 * the leader never holds more than six descriptors whatever the ring's
 * size (a ring for 256 CPUs would otherwise need 2048 at once).
 */
static void build_ring(struct load_env *env, int n, int *from_ring, int *to_ring)
{
	int p0[2], next[2], in;

	make_pipe(env, p0, 0, n);
	make_pipe(env, next, 1, n);
	*from_ring = p0[0];
	*to_ring = next[1];
	in = next[0];
	for (int i = 1; i < n; i++) {
		int out;

		if (i < n - 1)
			make_pipe(env, next, i + 1, n);
		out = i < n - 1 ? next[1] : p0[1];
		fork_member(env, i, n, in, out,
			    (const int[]){ p0[0], p0[1], *to_ring, in, out,
					   i < n - 1 ? next[0] : -1, -1 });
		close(in);
		if (i < n - 1)
			close(next[1]);
		in = next[0];
	}
	close(p0[1]);
}

static int process_run(struct load_env *env)
{
	int n = ring_size(env), chunks = (int)((const struct process_keys *)env->opts)->chunks;
	int from_ring, to_ring;
	char chunk[CHUNK_SIZE];

	/* a dead member gives EPIPE and a reason, not a silent SIGPIPE death */
	signal(SIGPIPE, SIG_IGN);
	build_ring(env, n, &from_ring, &to_ring);
	memset(chunk, 'c', sizeof(chunk));
	for (int k = 0; k < chunks; k++)
		if (!put_chunk(to_ring, chunk))
			load_fail(env, "cannot inject a chunk: %s", strerror(errno));
	/* work counts messages passed: n hops per round trip */
	load_set_per_unit(env, (uint64_t)n);
	for (;;) {
		if (!get_chunk(from_ring, chunk))
			load_fail(env, "the ring broke: a member process died");
		load_progress(env, (uint64_t)n);
		load_unit_done(env);
		if (!put_chunk(to_ring, chunk))
			load_fail(env, "the ring broke: cannot pass a chunk on: %s", strerror(errno));
	}
}

static void process_cleanup(struct load_env *env)
{
	(void)env;
}

const struct load load_process_load = {
	.name = "process_load",
	.unit = "chunk round trip",
	.work_unit = "messages",
	.help = "4 x CPUs processes in a one-way ring of pipes passing a few small chunks around",
	.options = process_options,
	.options_size = sizeof(struct process_keys),
	.supported = process_supported,
	.prepare = process_prepare,
	.run = process_run,
	.cleanup = process_cleanup,
};

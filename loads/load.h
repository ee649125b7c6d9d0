/* load.h - what a background load is, and what the driver gives it
 *
 * A load is one file loads/NAME.c exporting one `const struct load load_NAME`
 * and listed in loads/loads.h. `run` is called in the load's own process
 * (its own process group, a child subreaper, inside the load's cgroup); it
 * loops over units of work forever, calling load_progress() for fine
 * progress and load_unit_done() after each unit. It never reads the clock
 * and never decides to stop: the driver signals the process group. If run
 * returns, or calls load_fail(), the load has died and the run is
 * load-failed.
 */
#ifndef CONTEST_LOAD_H
#define CONTEST_LOAD_H

#include <signal.h>
#include <stdatomic.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "lib/config.h"

#define LOAD_REAPERS 64

/* a process of the load that has reaped children through load_reap() */
struct load_reaper {
	_Atomic int pid;		/* 0: a free slot */
	_Atomic uint64_t us;		/* CPU of the children it reaped, in its cutime */
};

/* Lives in shared memory so every process of the load can bump it. */
struct load_counter {
	_Atomic uint64_t units;		/* completed units of work */
	_Atomic uint64_t work;		/* finer progress, total, in the load's work unit */
	_Atomic uint64_t cur;		/* progress within the current unit */
	_Atomic uint64_t per_unit;	/* work in one unit, 0 when unknown */
	/* what the driver reads: units << LOAD_FRAC_BITS | the current unit's
	 * fraction in 1/2^LOAD_FRAC_BITS, one value so a reader never pairs a
	 * unit count with another unit's progress; only ever grows */
	_Atomic uint64_t published;
	/*
	 * Exact CPU without a cgroup: every process the load reaps through
	 * load_reap() has its CPU added to reaped_us (less what it had itself
	 * published), so a reader sums the live processes and reaped_us and
	 * counts nobody twice or not at all. A reap is bracketed by
	 * reaps_begun / reaps_done, so a reader knows when to look again.
	 */
	_Atomic uint64_t reaped_us;
	_Atomic uint64_t reaps_begun, reaps_done;
	struct load_reaper reapers[LOAD_REAPERS];
	_Atomic int failed;		/* set by load_fail() */
	char why[256];			/* load_fail()'s reason */
};

#define LOAD_FRAC_BITS 20

/* Loads so far (whole units plus the fraction), and the whole units alone, read at one instant */
double load_counter_read(const struct load_counter *c, uint64_t *whole);

struct load_env {
	const char *name;		/* the load's name, its config section */
	const void *opts;		/* its keys: the struct its table fills, NULL none */
	const char *io_other_dir;	/* the config's io_other_dir, "" unset */
	int synthetic_dirs, synthetic_files, synthetic_funcs;	/* the synthetic tree's shape */
	const char *scratch;		/* this load's own directory: made before prepare,
					 * removed (with everything in it) after cleanup */
	const char *tree;		/* the workload's source tree (for ctar, xtar) */
	uint64_t ram;			/* bytes: mem_limit when set, else MemTotal */
	uint64_t swap;			/* bytes of swap free for the session */
	int ncpus;
	struct load_counter *ctr;	/* shared memory, set before run */
	void *priv;			/* prepare's state, for run and cleanup */
};

struct load {
	const char *name;		/* "io_load" */
	const char *unit;		/* what one unit of work is: "file written" */
	const char *work_unit;		/* what load_progress counts: "bytes", or NULL */
	const char *help;		/* one line for `contest list` */
	const struct config_option *options;	/* the load's keys, {NULL}-terminated, or NULL */
	size_t options_size;		/* the struct they fill (LOAD_KEY), env.opts */
	/* 0, or -1 with the reason written into why */
	int (*supported)(const struct load_env *env, char *why, size_t whylen);
	int (*prepare)(struct load_env *env);	/* untimed setup, once per session; 0 or -1 */
	int (*run)(struct load_env *env);	/* loop until stopped */
	void (*cleanup)(struct load_env *env);	/* remove what prepare made */
	unsigned flags;
};

#define LOAD_NONE	0x1	/* noload, cacherun: no process at all */
#define LOAD_NO_FLUSH	0x2	/* cacherun: skip the flush, follow a noload run */
/* what a load exists to stress, so that a run can say when it did not
 * (runs.tsv's unloaded): its work (bytes) must reach its scratch
 * directory's disk as writes, or as reads; or the machine must swap */
#define LOAD_STRESS_WRITE	0x4
#define LOAD_STRESS_READ	0x8
#define LOAD_STRESS_SWAP	0x10

/*
 * A load's keys: a struct of the load's own (struct NAME_keys in its file)
 * and its table, a LOAD_KEY line per field, the key named as the field;
 * the load reads env->opts as that struct, so a mistyped key is a compile
 * error (config.h's CONFIG_KEY).
 */
#define LOAD_KEY(S, FIELD, TYPE, DEF, HELP, CHOICES, MIN, MAX) \
	CONFIG_KEY(S, FIELD, #FIELD, TYPE, DEF, HELP, CHOICES, MIN, MAX)
/* a size key of the load in bytes, % of env->ram */
uint64_t load_bytes(const struct load_env *env, struct config_size size);

/* Progress reporting; safe from any process of the load */
void load_set_per_unit(struct load_env *env, uint64_t work_per_unit);
void load_progress(struct load_env *env, uint64_t work);
void load_unit_done(struct load_env *env);

/* Record why the load died and _exit(1). */
void load_fail(struct load_env *env, const char *fmt, ...)
	__attribute__((format(printf, 2, 3), noreturn));

/*
 * Run an outside program to completion from the load's process: fork,
 * execvp(argv[0], argv), optional cwd, stdout and stderr to log (appended;
 * NULL for /dev/null). Returns the wait status, or -1 if it could not start.
 */
int load_exec(struct load_env *env, char *const argv[], const char *cwd, const char *log);

/*
 * Wait for a child (pid, or -1 for any) and reap it, publishing its CPU
 * into c (see struct load_counter; c NULL: a plain waitpid). Every process
 * of a load reaps through this. The pid reaped, or -1 with errno (EINTR
 * included: the caller decides).
 */
pid_t load_reap(struct load_counter *c, pid_t pid, int *status);
/* CPU seconds a process of the load has published for its reaped children */
double load_reaper_s(const struct load_counter *c, pid_t pid);

/* A file in the scratch directory: malloc'd "SCRATCH/name" */
char *load_path(const struct load_env *env, const char *name);

/*
 * Sizes that memory plus swap can hold: mem_load and shm_load refuse a size
 * above (ram + swap) minus a margin. Returns 0 if fits, else -1 with why.
 */
int load_check_memory(const struct load_env *env, uint64_t want, char *why, size_t whylen);

/*
 * Shared by the loads that write files (io_load, io_other, read_load,
 * tworead_load): write size bytes of zeros to path, created or truncated,
 * in 1 MiB writes; with count set, each write is load_progress()'d.
 * 0, or -1 with errno set.
 */
int load_write_zeros(struct load_env *env, const char *path, uint64_t size, int count);

/*
 * The filesystem holding dir (or its nearest existing ancestor) must have
 * want bytes free plus a margin (1/64 of want, at least 64 MiB). 0 if
 * so or when dir is NULL (not known yet), else -1 with why.
 */
int load_check_disk(const char *dir, uint64_t want, char *why, size_t whylen);

/* 0 if prog is runnable as execvp would find it (PATH lookup without a '/') */
int load_find_program(const char *prog);

/*
 * fork() for a load's helper processes: the child gets PR_SET_PDEATHSIG
 * SIGKILL, so it dies with the load's leader even if the driver's group
 * kill missed it, and exits at once if the leader is already gone.
 */
pid_t load_fork(void);

/*
 * load_fail() for an outside program that ended badly: "PROG exited with
 * status N" or "PROG killed by signal N" (status as from load_exec, -1:
 * could not start), then the last line of log when log is not NULL.
 */
void load_fail_exec(struct load_env *env, const char *prog, int status, const char *log)
	__attribute__((noreturn));

/*
 * `tar cf ARCHIVE -C PARENT BASE` of env->tree (ctar_load's unit, xtar_load's
 * prepare), tar's messages into log (truncated first; NULL: /dev/null).
 * Returns 0 when tar exited 0 or 1 (1: a file changed as it was read,
 * which a compile in the tree causes), else the wait status, -1 when tar
 * could not start or the tree has no parent.
 */
int load_tar_tree(struct load_env *env, const char *archive, const char *log);

/* ctar_load, xtar_load: 0 when env->tree is a directory, else -1 with why */
int load_check_tree(const struct load_env *env, char *why, size_t whylen);

#endif

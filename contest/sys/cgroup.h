/* cgroup.h - the session's cgroups: memory limit, CPU quota, CPU accounting
 *
 * cgroup v2 where its hierarchy has the memory controller: as root a group
 * "contest-PID" at the top of it (where controllers can be enabled), else
 * our own group when it is delegated to us; the driver moves to a leaf
 * "driver" in it for the session and back after. Else v1 (memory, cpu,
 * cpuacct mounted under /sys/fs/cgroup/NAME), below the driver's own
 * groups. One session group holds the compile and the load (the memory
 * limit and CPU quota apply to both together); the load gets a child
 * group of its own for accounting its CPU time.
 *
 * Every group made is in the cleanup registry (cleanup.h) until removed,
 * and contest's outermost ones are on record ("cgroup PATH"): a forced
 * exit kills what is left in the session's groups, moves the driver home
 * and removes them, innermost first; a later session removes what a
 * killed one left.
 */
#ifndef CONTEST_CGROUP_H
#define CONTEST_CGROUP_H

#include <stdint.h>
#include <sys/types.h>

struct cgroup_ops;

struct cgroup_session {
	int version;		/* 1 or 2; 0 when no cgroup could be made */
	const struct cgroup_ops *ops;	/* the version's code (cgroup.c); NULL with version 0 */
	char mem_dir[512];	/* session group in the memory hierarchy (v1) or the v2 group; "" none */
	char cpu_dir[512];	/* v1 cpu group for the quota; "" none */
	char acct_dir[512];	/* v1 cpuacct session group; "" none */
	char top_dir[512];	/* v2: contest's group holding driver/ and the session group */
	int top_made;		/* top_dir made here (as root), not our delegated group */
	char driver_dir[512];	/* v2: the leaf the driver moved to; "" it did not */
	char load_mem[512];	/* the load's child groups (created per run) */
	char load_acct[512];
	uint64_t mem_limit;	/* bytes, 0 none */
	double cpu_limit;	/* CPUs, 0 none */
	long long oom_kills_gone;	/* OOM kills counted in load groups already removed */
};

/*
 * Make the session groups (name like "contest-PID"). mem_limit in bytes
 * (0: none), cpu_limit in CPUs (0: none). Without root or controllers,
 * returns 0 with version 0 when no limit was asked; -1 with a message when a
 * limit was asked but cannot be honoured.
 */
int cgroup_session_init(struct cgroup_session *cg, const char *name,
			uint64_t mem_limit, double cpu_limit);
/* Move pid into the session groups (compile side). 0 or -1. */
int cgroup_enter(const struct cgroup_session *cg, pid_t pid);
/* Make the load's child groups for one run; 0, -1 */
int cgroup_load_create(struct cgroup_session *cg);
/* Move pid into the load's groups. 0 or -1. */
int cgroup_load_enter(const struct cgroup_session *cg, pid_t pid);
/* CPU seconds used so far by the load's group; -1 when not available */
double cgroup_load_cpu_s(const struct cgroup_session *cg);
/* pids in the load's groups into pids[]; returns count, -1 unavailable */
int cgroup_load_pids(const struct cgroup_session *cg, pid_t *pids, int max);
/* SIGKILL everything in the load's group at once (v2 cgroup.kill); -1 not available */
int cgroup_load_kill(const struct cgroup_session *cg);
/* Remove the load's child groups (after its processes are gone) */
void cgroup_load_remove(struct cgroup_session *cg);
/* OOM kills seen in the session group so far; -1 when unknown */
long long cgroup_oom_kills(const struct cgroup_session *cg);
/* rmdir a group; a task that just exited may hold it busy for a moment, so
 * EBUSY is retried for a second. Async-signal-safe.
 * 0 (also when it is gone) or -1, errno set */
int cgroup_rmdir(const char *dir);
/* Remove every group made; safe to call more than once */
void cgroup_session_release(struct cgroup_session *cg);
#endif

/* cgroup-ops.h - what differs between cgroup v1 and v2, one table each
 *
 * cgroup.c's public functions do what both versions share and call the
 * session's table for the rest: cgroup_v2_ops when the v2 hierarchy has
 * the memory controller, else cgroup_v1_ops, chosen once by
 * cgroup_session_init; cgroup_none_ops serves a session with no group
 * (never initialised, released, or nothing could be made). Private to
 * cgroup.c and its unit test.
 */
#ifndef CONTEST_CGROUP_OPS_H
#define CONTEST_CGROUP_OPS_H

#include <sys/types.h>

struct cgroup_session;

struct cgroup_ops {
	/* make the session's groups; sets cg->version when one was made. base
	 * and mnt: our own group and the top of the v2 hierarchy (v2 only) */
	int (*create)(struct cgroup_session *cg, const char *name, const char *base,
		      const char *mnt);
	int (*set_memory_limit)(const struct cgroup_session *cg);	/* cg->mem_limit */
	int (*set_cpu_limit)(const struct cgroup_session *cg);		/* cg->cpu_limit */
	void (*announce)(const struct cgroup_session *cg);	/* made: say where, if it matters */
	int (*attach)(const struct cgroup_session *cg, pid_t pid);	/* the compile side */
	int (*load_create)(struct cgroup_session *cg);
	int (*load_attach)(const struct cgroup_session *cg, pid_t pid);
	double (*load_cpu_s)(const struct cgroup_session *cg);	/* load_acct is set */
	int (*load_kill)(const struct cgroup_session *cg);
	long long (*local_oom_kills)(const char *dir);	/* 0 for "" */
	long long (*oom_kills)(const struct cgroup_session *cg);	/* mem_dir is set */
	void (*destroy)(struct cgroup_session *cg);	/* all but the load's groups */
};

extern const struct cgroup_ops cgroup_v1_ops, cgroup_v2_ops, cgroup_none_ops;
#endif

/* t-cgroup-ops.c - cgroup.c's tables per version: every member set
 *
 * cgroup_session_init picks cgroup_v1_ops or cgroup_v2_ops once; a NULL
 * member would crash a session only on the machines with that version, so
 * check both tables here, without root. cgroup_none_ops (a session with no
 * group) is never picked, so has no create and no limits, and a zeroed
 * session goes through it: nothing to join, count or kill.
 */
#include "sys/cgroup.h"
#include "sys/cgroup-ops.h"
#include "tap.h"

#include <string.h>

/* every member of struct cgroup_ops, each a function pointer */
#define MEMBERS(X) X(create) X(set_memory_limit) X(set_cpu_limit) X(announce) X(attach) \
	X(load_create) X(load_attach) X(load_cpu_s) X(load_kill) X(local_oom_kills) \
	X(oom_kills) X(destroy)
#define ONE(m) +1
_Static_assert(sizeof(struct cgroup_ops) == (0 MEMBERS(ONE)) * sizeof(void (*)(void)),
	       "struct cgroup_ops has a member MEMBERS does not list: add it");

/* the members of ops that are NULL, as " name name"; "" when none is */
static const char *unset(const struct cgroup_ops *ops, int setup)
{
	static char out[256];

	out[0] = '\0';
#define CHECK(m) \
	if (!ops->m && (setup || (strcmp(#m, "create") && strcmp(#m, "set_memory_limit") && \
				  strcmp(#m, "set_cpu_limit")))) \
		strcat(out, " " #m);
	MEMBERS(CHECK)
#undef CHECK
	return out;
}

int main(void)
{
	struct cgroup_session cg;
	pid_t pids[4];

	is_str(unset(&cgroup_v1_ops, 1), "", "cgroup_v1_ops: every member set");
	is_str(unset(&cgroup_v2_ops, 1), "", "cgroup_v2_ops: every member set");
	is_str(unset(&cgroup_none_ops, 0), "", "cgroup_none_ops: every member but create and the limits set");

	memset(&cg, 0, sizeof(cg));
	ok(cgroup_enter(&cg, 1) == 0 && cgroup_load_create(&cg) == 0 &&
	   cgroup_load_enter(&cg, 1) == 0, "a session with no group: enter, create, enter the load: 0");
	ok(cgroup_load_cpu_s(&cg) == -1 && cgroup_load_pids(&cg, pids, 4) == -1 &&
	   cgroup_load_kill(&cg) == -1 && cgroup_oom_kills(&cg) == -1,
	   "a session with no group: no CPU time, pids, kill or OOM count (-1)");
	cgroup_session_release(&cg);
	ok(cg.version == 0 && !cg.ops, "released, a session with no group still has none");
	return tap_done();
}

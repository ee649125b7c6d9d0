/* loadproc.h - a background load's processes: start, window snapshots, stop
 *
 * The load runs in its own process group led by a small leader process
 * that is a child subreaper: it forks the worker that calls load->run(),
 * then reaps every descendant (orphans included) until all are gone. The
 * counters live in MAP_SHARED memory, so every process of the load can
 * bump them and the driver reads them without a message.
 *
 * Stop protocol: mark "stopping" in the shared page, SIGTERM to the group
 * and to every pid in the load's cgroup, wait stop_grace for the leader,
 * SIGKILL the rest, reap, then scan /proc (and the cgroup) until nothing
 * of the load is alive. "Nothing left" is checked, not hoped.
 *
 * CPU without a cgroup: every process of the load reaps through
 * load_reap(), which adds the reaped child's CPU to the shared page; a
 * snapshot adds the live processes' own time (schedstat) and looks again
 * when a reap happened during its /proc scan, so a child reaped mid-scan
 * is counted once. The cgroup's figure is used where there is one.
 */
#ifndef CONTEST_LOADPROC_H
#define CONTEST_LOADPROC_H

#include <sys/types.h>

#include "sys/cgroup.h"
#include "loads/load.h"

struct load_shm {
	struct load_counter ctr;
	_Atomic int stopping;	/* the driver is stopping the load: deaths are expected */
};

struct load_proc {
	pid_t leader;		/* also the process group id; 0 when not running */
	struct load_shm *shm;
	int exited;		/* the leader has been reaped */
	int status;		/* its wait status */
};

/* the load's position at one instant */
struct load_snap {
	double cpu_s;		/* CPU seconds used by the load so far */
	double units;		/* whole units plus the fraction of the current one */
	double whole;		/* whole units only */
	double work;		/* finer progress so far */
};

/* Fork the leader; the load runs env (env->ctr is set here). 0, or -1 (error printed). */
int loadproc_start(struct load_proc *lp, const struct load *l, struct load_env *env,
		   const struct cgroup_session *cg);
void loadproc_snap(const struct load_proc *lp, const struct cgroup_session *cg,
		   struct load_snap *snap);
/* 1 when the load has died or reported failure (reason into why), else 0 */
int loadproc_failed(struct load_proc *lp, char *why, size_t whylen);
/*
 * Stop and reap everything of the load. Returns the number of processes
 * still alive afterwards (0 is the only good answer; they are named on stderr).
 */
int loadproc_stop(struct load_proc *lp, struct cgroup_session *cg, double grace_s);

/* Helpers over /proc, exposed for tests */
/* CPU seconds (utime+stime+cutime+cstime) of every process in group pgid */
double proc_group_cpu_s(pid_t pgid);
/* live (not zombie) pids of group pgid into pids[0..max); returns the count */
int proc_group_pids(pid_t pgid, pid_t *pids, int max);
/* SIGKILL group pgid and make sure no live process is left in it: 0, or
 * the number left after trying for about a second */
int proc_group_kill(pid_t pgid);

#endif

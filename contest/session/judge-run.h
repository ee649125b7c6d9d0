/* judge-run.h - what a run's status is, and the figures its timed command printed
 *
 * A run is ok until something goes wrong; the first thing that does names
 * it (compile-failed, timing-failed, load-failed, driver-stopped...), and
 * after a signal anything that goes wrong is the stop's doing: aborted.
 * An OOM kill inside the memory cgroup explains a failure better than the
 * failure does. An interactive task's, a measured load's and the `metric =`
 * keys' figures are read from the timed command's log.
 */
#ifndef CONTEST_JUDGE_RUN_H
#define CONTEST_JUDGE_RUN_H

#include "results/store.h"
#include "session/compile.h"
#include "session/workload.h"

/* rec's status and its detail, unless something went wrong before; after
 * a signal a status other than aborted is taken as aborted, the detail
 * saying what was then seen */
void judge_status(struct run_record *rec, const char *status, const char *detail);
/* the timed command wl ran, as cr says it ended, its output in log:
 * its status, then its figures (the metrics', a task's, a measured load's) */
void judge_timed(const struct workload *wl, struct run_record *rec,
		 const struct compile_result *cr, const char *log);
/* OOM kills counted in the memory cgroup before and after the run (-1:
 * not counted): more after makes rec oom, unless it was aborted */
void judge_oom(struct run_record *rec, long long before, long long after);

#endif

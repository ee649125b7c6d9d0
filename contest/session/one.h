/* one.h - one kernel's session of `contest run`, and one at each sweep point
 *
 * A session takes the work and results directories' locks, plans its runs
 * (plan.c; saved for --resume, or what is left of a saved plan:
 * resume.c), sets its variant's knobs, starts (session.c: cgroups, swap,
 * env file), prepares the workload; then for each step prepares its load
 * (once, before its first run), times the run (run.c), appends the row,
 * grows the plan for --until-sd (until-sd.c) and cleans the load up after
 * its last run. Ctrl-C: the run in flight is recorded as aborted, every
 * finished row stays, and no process, cgroup, swap file, scratch file or
 * knob is left.
 */
#ifndef CONTEST_ONE_H
#define CONTEST_ONE_H

#include "session/progress.h"
#include "session/request.h"

/*
 * rq's variant v at each point of rq's sweep, its keys set in a copy of
 * the variant's config (one session when there is no sweep), each a
 * session of pg's whole plan (progress.h), no run numbered below
 * first_run (0: each load's next). The exit status; res says whether the
 * tables are to be printed (after the last point; for one session, when
 * it planned, was not interrupted, wrote rows and is not --format ktap)
 * and the line saying where.
 */
int session_points(const struct run_request *rq, int v, int first_run, struct progress *pg,
		   struct run_result *res);

/*
 * Each of rq's variants' knobs (none for a plain session) against those
 * its folder's recorded runs were made with (env's "knobs:"): a mean over
 * both would mix two settings, so a difference is refused, naming the
 * knob, unless rq->append. 0, or -1 (said): bad usage, nothing run.
 */
int session_check_knobs(const struct run_request *rq);

/* a variant's knobs, written (and on record) in order; 0, or -1 (said,
 * the ones written put back) */
int session_set_knobs(const struct variant *v);
/* and the originals written back, newest first; 0, or -1 (said) */
int session_restore_knobs(const struct variant *v);

#endif

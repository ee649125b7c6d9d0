/* bisect-driver.h - what bisect's driver keeps while it runs, shared by its files (bisect.h)
 *
 * bisect-drive.c sets it up and runs results/bisect.c's bisect_run() over
 * it; bisect-build.c (prepare), bisect-rounds.c (round) and
 * bisect-progress.c (placed, the plan) are the ops it hands over, each
 * given this as their ctx.
 */
#ifndef CONTEST_GUEST_BISECT_DRIVER_H
#define CONTEST_GUEST_BISECT_DRIVER_H

#include "guest/bisect.h"
#include "guest/bisect-state.h"
#include "kernel/build.h"
#include "results/metric.h"

struct bisect_driver {
	const struct bisect_request *rq;
	struct bisect_done *d;
	const char *results;
	char *dir, *state, *images, *log, *out, *src, *build;
	struct kbuild kb;		/* how a commit is built, on the paths above */
	enum bisect_built *built;
	struct bisect_stamp *stamps;	/* the images' as built */
	struct bisect_rec *recs;
	size_t nrecs, cursor;
	enum metric_id metric;
	int metric_known, higher_better;
	int restart, failed, estimated, live_in_step;
	char *load;		/* the load judged by (d's) */
	size_t lo, hi, steps_done, step_rounds;
	double started;
	double before_s;	/* the elapsed time of the sessions before (the state's) */
	size_t sessions;	/* this one and those before */
	size_t mid;		/* the midpoint of the step in flight (0: none) */
	size_t step_measured;	/* its rounds measured (the state's included) */
	int state_open;		/* the state is ours to append to */
};

#endif

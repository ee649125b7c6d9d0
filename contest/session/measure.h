/* measure.h - a load as the measured thing: its work in a fixed duration
 *
 * For workload = load (measure = LOAD) the session times `contest measure
 * LOAD`, which runs the load's run() through loadproc (its own process
 * group, the shared counter) for the duration and prints one line
 * starting "measure:": the whole units of work it finished, the finer
 * work (the load's work unit, bytes), and the units a second. Being the
 * timed child, it runs inside the session's cgroups and under its perf
 * counters and profile window exactly as a compile does.
 */
#ifndef CONTEST_MEASURE_H
#define CONTEST_MEASURE_H

#include <signal.h>
#include <stdio.h>

#include "loads/load.h"

struct measure_result {
	double units;		/* whole units finished in the duration */
	double work;		/* the load's finer progress (its work_unit), NAN none */
	double rate;		/* units a second */
	double elapsed_s;	/* how long it ran, from the load's start to the last look */
	char failed[256];	/* why there is no result, "" when there is */
};

/*
 * Run l (prepared in env->scratch) for duration_s, or until *stop is set
 * (then it failed: cut short), and fill r. 0, or -1 when it failed (said in r).
 */
int measure_load(const struct load *l, struct load_env *env, double duration_s,
		 volatile sig_atomic_t *stop, struct measure_result *r);

void measure_result_print(FILE *out, const struct measure_result *r);
/* the last "measure:" line of text into r; 0, or -1 when there is none or it is malformed */
int measure_result_parse(const char *text, struct measure_result *r);

#endif

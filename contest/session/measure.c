/* measure.c - see measure.h */
#include "session/measure.h"
#include "session/loadproc.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SUMMARY "measure:"

/* the load's stop is the driver's: a grace as a background load gets */
enum { MEASURE_STOP_GRACE_S = 5 };

int measure_load(const struct load *l, struct load_env *env, double duration_s,
		 volatile sig_atomic_t *stop, struct measure_result *r)
{
	struct load_proc lp;
	struct load_snap a, b;
	double t0, end;
	char why[256];
	int failed = 0;

	memset(r, 0, sizeof(*r));
	if (loadproc_start(&lp, l, env, NULL) < 0) {
		snprintf(r->failed, sizeof(r->failed), "cannot start %s", l->name);
		return -1;
	}
	t0 = now_mono();
	loadproc_snap(&lp, NULL, &a);
	for (end = t0 + duration_s; !*stop && now_mono() < end;) {
		double left = end - now_mono(), step = left < 0.1 ? left : 0.1;
		struct timespec ts = { (time_t)step, (long)((step - (double)(time_t)step) * 1e9) };

		if (step > 0)
			nanosleep(&ts, NULL);
		if ((failed = loadproc_failed(&lp, why, sizeof(why))))
			break;
	}
	loadproc_snap(&lp, NULL, &b);
	r->elapsed_s = now_mono() - t0;
	if (loadproc_stop(&lp, NULL, MEASURE_STOP_GRACE_S) > 0 && !failed)
		snprintf(r->failed, sizeof(r->failed), "processes of %s survived SIGKILL", l->name);
	if (failed)
		snprintf(r->failed, sizeof(r->failed), "%s failed: %.200s", l->name, why);
	else if (*stop)
		snprintf(r->failed, sizeof(r->failed), "stopped after %.1f s of %g", r->elapsed_s,
			 duration_s);
	env->ctr = NULL;	/* the shared page is gone */
	if (r->failed[0])
		return -1;
	r->units = b.whole - a.whole;
	r->work = l->work_unit ? b.work - a.work : NAN;
	r->rate = r->elapsed_s > 0 ? r->units / r->elapsed_s : NAN;
	return 0;
}

void measure_result_print(FILE *out, const struct measure_result *r)
{
	if (r->failed[0])
		fprintf(out, SUMMARY " failed: %s\n", r->failed);
	else
		fprintf(out, SUMMARY " units=%.0f work=%.0f rate=%.3f elapsed_s=%.3f\n",
			r->units, r->work, r->rate, r->elapsed_s);
}

int measure_result_parse(const char *text, struct measure_result *r)
{
	const char *line = last_line_after(text, SUMMARY);
	char work[32], end;

	if (!line)
		return -1;
	memset(r, 0, sizeof(*r));
	if (!strncmp(line, " failed: ", 9)) {
		snprintf(r->failed, sizeof(r->failed), "%.*s", (int)strcspn(line + 9, "\n"), line + 9);
		return 0;
	}
	/* work is "nan" for a load without a finer unit */
	if (sscanf(line, " units=%lf work=%31s rate=%lf elapsed_s=%lf%c", &r->units, work,
		   &r->rate, &r->elapsed_s, &end) != 5 || end != '\n')
		return -1;
	r->work = strcmp(work, "nan") && strcmp(work, "-nan") ? strtod(work, NULL) : NAN;
	return 0;
}

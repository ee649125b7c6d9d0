/* calibration-text.c - what contest calibrate says of a calibration (see calibration-text.h) */
#include "output/calibration-text.h"
#include "record/env.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* what the sessions timed: the workload the drift is of (compare uses it
 * only for BASE's), from the newest session's env */
static void workload_line(FILE *out, const struct env *e)
{
	const struct env_record *r = env_record(e);
	const char *w = r->config.workload, *what = !w ? NULL :
			!strcmp(w, "command") ? r->config.command :
			!strcmp(w, "kernel") ? r->config.kernel_tree : NULL;

	if (!e)
		return;
	fprintf(out, "workload: %s%s%s%s\n", w ? w : "not recorded", what ? " (" : "",
		what ? what : "", what ? ")" : "");
}

void calibration_text_write(FILE *out, const char *dir, const struct calibration *cal)
{
	char *left;

	fprintf(out, "calibration in %s/%s: %zu session%s of noload, %zu runs\n", dir,
		CALIBRATION_DIR, cal->sessions, cal->sessions == 1 ? "" : "s", cal->runs);
	workload_line(out, cal->env);
	if ((left = calibration_left_text(cal, "the newest session's"))) {
		fprintf(out, "left out: %zu session%s not of the newest session's machine, "
			"workload and size: %s\n", cal->left_out, cal->left_out == 1 ? "" : "s", left);
		free(left);
	}
	if (isfinite(cal->within_pct))
		fprintf(out, "noise within a session:  %.2f%% (sample standard deviation of Time, "
			"pooled, relative)\n", cal->within_pct);
	if (isfinite(cal->tau2)) {
		fprintf(out, "drift between sessions: %.2f%% (relative standard deviation of a "
			"session's speed; %g%% interval %.2f%% to %.2f%%; tau^2 %.3g)\n",
			calibration_drift_pct(cal->tau2), 100.0 * CALIBRATION_LEVEL,
			calibration_drift_pct(cal->tau2_low), calibration_drift_pct(cal->tau2_high),
			cal->tau2);
		fprintf(out, "compare's tests of separate sessions use %.2f%%, the interval's "
			"upper end\n",
			calibration_drift_pct(cal->tau2_high));
		if (calibration_too_small(cal))
			fprintf(out, "too few sessions to tell: a drift as large as the noise within a "
				"session cannot be ruled out; more sessions narrow the interval "
				"(contest calibrate -n %zu adds them)\n",
				cal->sessions < 6 ? 6 - cal->sessions : 3);
	} else
		fprintf(out, "drift between sessions: unknown (2 sessions of 2 ok runs or more are "
			"needed)\n");
}

/* calibration.h - this machine's drift between sessions (contest calibrate)
 *
 * Runs of one session share that hour's machine speed, so two kernels
 * measured in separate sessions differ by the drift between sessions as
 * well as by kernel. `contest calibrate` measures it: it runs the same
 * kernel's noload in several short sessions, each a folder
 * DIR/.calibration/SESSION (a results folder of its own, with its env),
 * and every later calibrate adds sessions to the same place, so sessions
 * of other hours and boots count too. The drift is estimated from all of
 * them whenever it is needed (stats.h, drift_tau2, on the log scale:
 * each session's noload Time by the delta method, ln of its mean and
 * (sd / mean)^2 for the variance); nothing derived is stored.
 */
#ifndef CONTEST_CALIBRATION_H
#define CONTEST_CALIBRATION_H

#include <stddef.h>

#include "results/compare.h"

/* the confidence of the drift's interval; compare's tests use its upper end */
#define CALIBRATION_LEVEL 0.95

/* the folder of the sessions, under a results directory */
#define CALIBRATION_DIR ".calibration"

struct calibration {
	size_t sessions;	/* with 2 ok noload runs or more */
	size_t runs;		/* their ok noload runs */
	double tau2, tau_df;	/* drift_tau2's; NAN with fewer than 2 sessions */
	double tau2_low, tau2_high;	/* its CALIBRATION_LEVEL interval (drift_tau2_interval) */
	double within_pct;	/* pooled run-to-run noise within a session, in percent */
	char *env;		/* the newest session's env text; NULL when none */
};

/*
 * Read dir's calibration sessions into cal (none: cal->sessions 0, not
 * an error). 0, or -1 when a session's results cannot be read (said).
 */
int calibration_read(const char *dir, struct calibration *cal);
void calibration_release(struct calibration *cal);

/* the drift as a relative standard deviation in percent: 100 (e^tau - 1) */
double calibration_drift_pct(double tau2);

/*
 * The drift as few sessions can rule it out: whether the interval's upper
 * end reaches the noise within a session (a drift as large as the noise
 * cannot be told from none), so that more sessions are worth running.
 */
int calibration_too_small(const struct calibration *cal);

/*
 * The calibration of dir for a comparison whose BASE has the env file
 * base_env, when dir has one measured on the same machine (CPU model,
 * CPUs, memory as env records them) and the same workload (workload,
 * command, measure, kernel tree, target, kconfig): o->tau2 is the upper
 * end of the drift's interval, the drift the sessions cannot rule out,
 * o->tau_df infinite (a bound, not an estimate to weigh), o->tau2_est and
 * o->tau2_low the estimate and the interval's lower end to say. A
 * calibration of another size of the same workload (synthetic tree,
 * jobs, duration) is used as a relative figure, with a warning: a
 * session's speed factor scales a larger run of the same work alike.
 * Else a warning saying why it is not used (no warning when there is
 * none at all).
 */
struct env;	/* sys/fingerprint.h */
void compare_opts_calibrate(struct compare_opts *o, const char *dir, const struct env *base_env);

/* the first key of the workload or its size (as above) in which env files
 * a and b differ, NULL when they timed the same work (run's time left) */
const char *calibration_workload_difference(const struct env *a, const struct env *b);

#endif

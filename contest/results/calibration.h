/* calibration.h - this machine's drift between sessions (contest calibrate)
 *
 * Runs of one session share that hour's machine speed, so two kernels
 * measured in separate sessions differ by the drift between sessions as
 * well as by kernel. `contest calibrate` measures it: it runs the same
 * kernel's noload in several short sessions, each a folder
 * DIR/.calibration/SESSION (a results folder of its own, with its env),
 * and every later calibrate adds sessions to the same place, so sessions
 * of other hours and boots count too. The drift is estimated whenever it
 * is needed (stats.h, drift_tau2, on the log scale: each session's noload
 * Time by the delta method, ln of its mean and (sd / mean)^2 for the
 * variance); nothing derived is stored. It is estimated from the sessions
 * of one machine, workload and size only: a session copied from another
 * machine, or of another command, differs by more than the drift, and
 * pooled in it would make the drift that difference (calibration_read).
 */
#ifndef CONTEST_CALIBRATION_H
#define CONTEST_CALIBRATION_H

#include <stddef.h>

#include "results/compare.h"

/* the confidence of the drift's interval; compare's tests use its upper end */
#define CALIBRATION_LEVEL 0.95

/* the folder of the sessions, under a results directory */
#define CALIBRATION_DIR ".calibration"

/* why a session with 2 ok noload runs or more is left out of the drift */
enum calibration_left {
	LEFT_NO_ENV,		/* no env file says which machine it ran on */
	LEFT_MACHINE,		/* another machine (CPU model, CPUs, memory) */
	LEFT_WORKLOAD,		/* another workload (command, tree, target...) */
	LEFT_SIZE,		/* another size of it than the newest session used */
	CALIBRATION_LEFT
};

struct calibration {
	size_t sessions;	/* used: with 2 ok noload runs or more, and matching */
	size_t runs;		/* their ok noload runs */
	double tau2, tau_df;	/* drift_tau2's; NAN with fewer than 2 sessions */
	double tau2_low, tau2_high;	/* its CALIBRATION_LEVEL interval (drift_tau2_interval) */
	double within_pct;	/* pooled run-to-run noise within a session, in percent */
	struct env *env;	/* the newest used session's env, parsed; NULL when none */
	/* sessions with 2 ok runs or more left out, by why, and the first
	 * key in which one of them differed (NULL for LEFT_NO_ENV) */
	size_t left_out, left[CALIBRATION_LEFT];
	const char *left_key[CALIBRATION_LEFT];
};

/*
 * Read dir's calibration sessions into cal (none: cal->sessions 0, not
 * an error), using those measured on like's machine and workload (the
 * keys compare_opts_calibrate checks; like NULL: the newest session's
 * with an env file), at the size of the newest of them; the others are
 * counted in cal->left. 0, or -1 when a session's results cannot be
 * read (said).
 */
struct env;	/* record/env.h */
int calibration_read(const char *dir, struct calibration *cal, const struct env *like);
void calibration_release(struct calibration *cal);

/* the sessions left out and why, malloc'd: "2 on another machine (its
 * cpu_model differs from BASE's)", like's name in than; NULL when none */
char *calibration_left_text(const struct calibration *cal, const char *than);

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
 * none at all). Sessions of another machine or workload than BASE's are
 * left out of the drift, with a warning saying how many and why.
 */
void compare_opts_calibrate(struct compare_opts *o, const char *dir, const struct env *base_env);
/* the same, its warnings kept in *said (a NULL-terminated array of
 * malloc'd sentences, *said NULL when none) for the caller to say only
 * where a row used the drift: a comparison of interleaved rounds needs
 * none, and a warning about it would cry wolf */
void compare_opts_calibrate_said(struct compare_opts *o, const char *dir,
				 const struct env *base_env, char ***said);

/* the first key of the workload or its size (as above) in which env files
 * a and b differ, NULL when they timed the same work (run's time left) */
const char *calibration_workload_difference(const struct env *a, const struct env *b);

#endif

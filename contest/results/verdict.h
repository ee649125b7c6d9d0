/* verdict.h - what a comparison of two kernels can see: better, worse, same, undecided
 *
 * Everything works on the log scale, so a difference is relative: est is
 * ln(cand / base) of the two kernels' means, and a verdict's diff_pct is
 * 100 * (exp(est) - 1), the signed change of cand from base (not
 * oriented: positive means cand's mean is higher). Three estimates, each
 * with its standard error and degrees of freedom:
 *
 *  - one session (runs of both kernels shared the hour): Welch. By the
 *    delta method ln(mean) has variance v = s^2 / (n mean^2), s the sample
 *    standard deviation of the n raw runs; se^2 = v_base + v_cand, df by
 *    Welch-Satterthwaite over (v_base, n_base - 1), (v_cand, n_cand - 1).
 *  - separate sessions: each session's speed factor adds tau^2 to its
 *    mean's variance (stats.h, drift_tau2), so se^2 = v_base + v_cand +
 *    2 tau^2 and df by Satterthwaite over the three terms, tau^2 worth
 *    the tau_df drift_tau2() gives. Without a calibration there is no
 *    estimate: such rows are undecided.
 *  - interleaved rounds (paired): est is the mean of the per-round log
 *    ratios ln(cand_i / base_i) (the log of their geometric mean ratio),
 *    se = their sample standard deviation / sqrt(n pairs), df = n - 1.
 *    The round's own speed cancels in each ratio, so no tau is needed.
 *
 * The verdict at alpha with a margin of m percent:
 *  - difference: Student's t = est / se, two-sided p; p < alpha is a
 *    difference, named by the sign and the metric's direction: better or
 *    worse, or "changed" for a metric with no better direction;
 *  - same: two one-sided tests (TOST) that the ratio of means lies in
 *    [1 - m/100, 1 + m/100]: p_same = max(P(T >= (est - ln(1 - m/100))/se),
 *    P(T <= (est - ln(1 + m/100))/se)); p_same < alpha is "same";
 *  - both at once (a real difference smaller than the margin, seen with
 *    little noise): the difference wins, and the reason says "within the
 *    margin", since the runs did see it;
 *  - neither: undecided, the reason naming why ("too few runs", "no
 *    positive mean", "separate sessions and no calibration", or "noise:
 *    would see only 12.3%" with the MDE, stats.h's mde_of_se at alpha
 *    and power on this estimate's se and df, as a percent change).
 * A standard error of 0 (both sides constant) decides at once: same when
 * est is within the margin, else different.
 */
#ifndef CONTEST_VERDICT_H
#define CONTEST_VERDICT_H

#include "results/stats.h"

#define VERDICT_POWER 0.8
#define VERDICT_MARGIN_PCT 2.0

/* a relative difference ln(cand / base), with what it is worth */
struct log_diff {
	double est;		/* NAN when why is set */
	double se;		/* standard error of est */
	double df;		/* its degrees of freedom */
	const char *why;	/* NULL, or why there is no estimate: "too few runs"... */
};

/* one session: base's and cand's running stats of raw values */
void log_diff_welch(struct log_diff *d, const struct running_stats *base,
		    const struct running_stats *cand);
/*
 * Two independent samples already on the log scale (each kernel's
 * per-round ln(load Time / noload Time), a kernel's own slowdown): est
 * is the difference of their means, se^2 = s_base^2 / n_base + s_cand^2
 * / n_cand, df Welch's. No drift term: each ratio is of two runs of one
 * session, whose speed cancels in it.
 */
void log_diff_logs(struct log_diff *d, const struct running_stats *base_logs,
		   const struct running_stats *cand_logs);
/* separate sessions; tau2 NAN (no calibration) gives no estimate */
void log_diff_drift(struct log_diff *d, const struct running_stats *base,
		    const struct running_stats *cand, double tau2, double tau_df);
/* interleaved rounds: running stats of ln(cand_i / base_i), one per round */
void log_diff_paired(struct log_diff *d, const struct running_stats *log_ratios);

/* two-sided p of "no difference"; NAN without an estimate */
double log_diff_p(const struct log_diff *d);
/* TOST p of "within +-margin_pct percent" (0 < margin_pct < 100); NAN without an estimate */
double log_diff_p_same(const struct log_diff *d, double margin_pct);
/* MDE in percent, 100 * (exp(mde_of_se(se, df, alpha, power)) - 1); NAN without an estimate */
double log_diff_mde_pct(const struct log_diff *d, double alpha, double power);

enum verdict_kind { VERDICT_UNDECIDED, VERDICT_BETTER, VERDICT_WORSE, VERDICT_SAME, VERDICT_CHANGED };

/* which way is better: Time lower, Loads higher, LCPU% neither */
enum verdict_direction { LOWER_IS_BETTER, HIGHER_IS_BETTER, NO_DIRECTION };

struct verdict_opts {
	double alpha;		/* of both tests; at a sequential look, that look's (sequential.h) */
	double power;		/* of the MDE: VERDICT_POWER */
	double margin_pct;	/* of "same": VERDICT_MARGIN_PCT */
	enum verdict_direction direction;
};

struct verdict {
	enum verdict_kind kind;
	double diff_pct;	/* 100 * (exp(est) - 1); NAN without an estimate */
	double p, p_same;	/* of the two tests; NAN without an estimate */
	double mde_pct;		/* NAN without an estimate */
	/* "" when decided without a remark, else printable as is: a static
	 * or interned (intern.h) string, so that a lab's 480000 rows hold a
	 * pointer each */
	const char *reason;
};

void verdict_decide(struct verdict *v, const struct log_diff *d, const struct verdict_opts *o);
/* "better", "worse", "same", "changed", "undecided" */
const char *verdict_name(enum verdict_kind kind);

#endif

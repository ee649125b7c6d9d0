/* stats.h - running mean and variance, Welch's t-test, Holm, detectable
 * differences, drift between sessions
 *
 * Means and variances are kept by Welford's method, so adding a run never
 * needs the earlier ones and large times do not lose precision. The
 * spread reported everywhere is the sample standard deviation (divisor
 * n-1): a handful of runs estimates the spread of a kernel, it is not the
 * whole population.
 */
#ifndef CONTEST_STATS_H
#define CONTEST_STATS_H

#include <math.h>
#include <stddef.h>

struct running_stats {
	size_t n;
	double mean;
	double m2;		/* sum of squared deviations from the mean */
};

void running_stats_init(struct running_stats *s);

/* inline: a lab's report adds millions of values, and asks these of them */
/* Welford: update the mean and the squared deviations in one pass */
static inline void running_stats_add(struct running_stats *s, double x)
{
	double delta = x - s->mean;

	s->n++;
	s->mean += delta / (double)s->n;
	s->m2 += delta * (x - s->mean);
}

/* mean; NAN when n == 0 */
static inline double running_stats_mean(const struct running_stats *s)
{
	return s->n ? s->mean : NAN;
}

/* sample variance (divisor n-1); NAN when n < 2 */
static inline double running_stats_variance(const struct running_stats *s)
{
	return s->n > 1 ? s->m2 / (double)(s->n - 1) : NAN;
}

/* sample standard deviation; NAN when n < 2 */
static inline double running_stats_sd(const struct running_stats *s)
{
	return s->n > 1 ? sqrt(running_stats_variance(s)) : NAN;
}

/*
 * Welch's unequal-variances t-test of the means of a and b: the two-sided
 * p-value, NAN when either side has fewer than 2 samples. When both
 * variances are zero the test degenerates: p is 1 for equal means, else 0.
 * t and df (Welch-Satterthwaite), when not NULL, receive the statistic and
 * the degrees of freedom.
 */
double welch_t_test(const struct running_stats *a, const struct running_stats *b,
		    double *t, double *df);

/*
 * Student's t distribution, from libRmath (r-mathlib, R's own pt() and
 * qt()): P(T <= t) for df > 0 degrees of freedom, and the t with
 * P(T <= t) = prob.
 */
double student_t_cdf(double t, double df);
double student_t_quantile(double prob, double df);

/*
 * Half the width of the two-sided confidence interval of s's mean at
 * level (0.95 for 95%): t(1-(1-level)/2, n-1) * sd / sqrt(n). NAN when
 * n < 2.
 */
double running_stats_ci_half(const struct running_stats *s, double level);

/*
 * Holm's step-down correction: adjusted[i] for each of p[0..n), where NAN
 * (no test made) stays NAN and does not count as a test. The adjusted p
 * of the k-th smallest of m p-values is max over j <= k of
 * min(1, (m - j + 1) * p_(j)); a test survives at alpha when its adjusted
 * p is below alpha. adjusted may be p itself.
 */
void holm_adjust(const double *p, double *adjusted, size_t n);

/*
 * Welch-Satterthwaite: the degrees of freedom of a sum of k independent
 * variance estimates var[i] (a mean square subtracted enters negated),
 * each worth df[i] degrees of freedom: (sum var)^2 / sum(var^2 / df).
 * A term of 0 adds nothing; NAN unless the sum is positive.
 */
double satterthwaite_df(const double *var, const double *df, size_t k);

/*
 * The smallest detectable difference (MDE) of a two-sided test at alpha
 * with the given power (0.8 for 80%), in the units of its standard error
 * se: (t(1 - alpha/2, df) + t(power, df)) * se. This is the textbook
 * sample-size formula with Student quantiles for normal ones; the exact
 * power at that difference (noncentral t) is a little below power, by
 * less than 0.01 for df >= 4 at alpha 0.05 and power 0.8 (0.791 at df 4,
 * 0.784 at df 3). 0 when se is 0; NAN when se or df is NAN.
 */
double mde_of_se(double se, double df, double alpha, double power);

/*
 * MDE of a two-sample comparison of cand's mean with base's, in percent
 * of base's mean, from the pooled sample standard deviation (Student's
 * equal-variance test): sp^2 = ((n_b - 1) s_b^2 + (n_c - 1) s_c^2) /
 * (n_b + n_c - 2), se = sp sqrt(1/n_b + 1/n_c), df = n_b + n_c - 2, and
 * 100 * mde_of_se(se, df, alpha, power) / mean_b. NAN when either side
 * has fewer than 2 runs or base's mean is not positive.
 */
double mde_two_sample_pct(const struct running_stats *base, const struct running_stats *cand,
			  double alpha, double power);

/*
 * MDE of a paired comparison, from the running stats of the per-round
 * log ratios ln(cand / base): se = their sample standard deviation /
 * sqrt(n pairs), df = n - 1, taken back to a percent change of the
 * ratio, 100 * (exp(mde) - 1) (a fall of 100 * (1 - exp(-mde)) is as
 * detectable). NAN with fewer than 2 pairs.
 */
double mde_paired_pct(const struct running_stats *log_ratios, double alpha, double power);

/*
 * Drift between sessions. Model: a session multiplies its runs' times by
 * exp(d), d ~ N(0, tau^2), so tau is a relative standard deviation. It is
 * estimated from one kernel measured in several sessions: sessions[i]
 * holds the running stats of ln(time) over session i's runs (n_i runs,
 * mean m_i, sample variance s_i^2; N runs in all, grand mean m), and a
 * one-way random-effects ANOVA by the method of moments gives
 *   MS_within  = sum (n_i - 1) s_i^2 / (N - S)
 *   MS_between = sum n_i (m_i - m)^2 / (S - 1)
 *   n0         = (N - sum n_i^2 / N) / (S - 1)   (n when all have n runs)
 *   tau^2      = max(0, (MS_between - MS_within) / n0)
 * Returns tau^2; df, when not NULL, receives what the estimate is worth,
 * for the drift-aware tests (verdict.h): Satterthwaite's df of
 * MS_between - MS_within, (MSB - MSW)^2 / (MSB^2 / (S - 1) + MSW^2 /
 * (N - S)), which is below S - 1 (MS_between's own) because the
 * subtracted within-session noise is uncertain too; S - 1 when tau^2 is
 * floored to 0, where it adds nothing to a test. Giving tau^2 S - 1
 * instead let a simulated drift of 4% (6 sessions of 5 runs, 5% noise)
 * mark 7.9% of 4000 A/A pairs at alpha 0.05; with this df, 3.4%
 * (t-verdict). From 3 sessions the same simulation marked 6.5%: compare
 * therefore tests with drift_tau2_interval's upper end, not this estimate. NAN (and df NAN) with fewer than 2 sessions,
 * an empty session, or no session of 2 runs.
 */
double drift_tau2(const struct running_stats *sessions, size_t nsessions, double *df);

/*
 * A two-sided interval at confidence level (0.95) for drift_tau2's tau^2,
 * from the same sessions. With theta = tau^2 / sigma^2, F = MS_between /
 * MS_within is F(S - 1, N - S) times (1 + n0 theta) (exactly so when the
 * sessions have equal runs), which gives theta's interval from F's
 * quantiles; times MS_within it is tau^2's. The lower end is floored at
 * 0 (no drift cannot be ruled out). The upper end is the drift the
 * sessions cannot rule out, however small the point estimate, and never
 * less than sessions that scatter just as noise would (F = 1) allow: a
 * lucky calibration whose sessions agree better than their noise cannot
 * claim a precision its size does not have. 0, or -1 (both NAN) where
 * drift_tau2 gives NAN.
 */
int drift_tau2_interval(const struct running_stats *sessions, size_t nsessions, double level,
			double *low, double *high);

#endif

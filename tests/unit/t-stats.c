/* t-stats.c - Welford mean/variance, Student t (libRmath) against R and tables, Welch, Holm,
 * detectable differences, drift between sessions */
#include "results/stats.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

static int near(double got, double want, double tol)
{
	return fabs(got - want) <= tol;
}

static void test_welford(void)
{
	const double xs[] = { 474.0, 474.3, 473.9, 474.2 };
	struct running_stats s;
	size_t i;

	running_stats_init(&s);
	ok(isnan(running_stats_mean(&s)), "mean of nothing is NAN");
	running_stats_add(&s, xs[0]);
	ok(near(running_stats_mean(&s), 474.0, 1e-12), "mean of one");
	ok(isnan(running_stats_sd(&s)), "no sample standard deviation from one run");
	for (i = 1; i < 4; i++)
		running_stats_add(&s, xs[i]);
	ok(s.n == 4, "count");
	ok(near(running_stats_mean(&s), 474.1, 1e-12), "mean of four");
	/* deviations -0.1 0.2 -0.2 0.1: squares sum to 0.1, over n-1 = 3 */
	ok(near(running_stats_variance(&s), 0.1 / 3, 1e-12), "sample variance divides by n-1");
	ok(near(running_stats_sd(&s), sqrt(0.1 / 3), 1e-12), "sample standard deviation");
}

/* a huge offset: the naive sum-of-squares formula would lose every digit */
static void test_welford_offset(void)
{
	struct running_stats s;

	running_stats_init(&s);
	running_stats_add(&s, 1e9 + 4);
	running_stats_add(&s, 1e9 + 7);
	running_stats_add(&s, 1e9 + 13);
	running_stats_add(&s, 1e9 + 16);
	ok(near(running_stats_variance(&s), 30.0, 1e-6), "variance survives a 1e9 offset");
}

/* two-sided p of Student's t, as the test reports it */
static double two_sided(double t, double df)
{
	return 2 * student_t_cdf(-fabs(t), df);
}

/*
 * Against R's values (2 * pt(-|t|, df), R 4.2) and against printed
 * tables of the t distribution's 5% two-sided critical values.
 */
static void test_t_against_r(void)
{
	ok(near(two_sided(2.0, 10), 0.07338803, 5e-9), "R: t 2, df 10 -> p 0.07338803");
	ok(near(two_sided(1.0, 5), 0.3632175, 1e-7), "R: t 1, df 5 -> p 0.3632175");
	ok(near(two_sided(-0.5, 3.7), 0.645335633319931982, 1e-12), "fractional df 3.7 (mpmath)");
	ok(near(two_sided(2.228, 10), 0.05, 1e-4), "table: t 2.228, df 10 -> p 0.05");
	ok(near(two_sided(2.776, 4), 0.05, 1e-4), "table: t 2.776, df 4 -> p 0.05");
	ok(near(two_sided(12.706, 1), 0.05, 1e-4), "table: t 12.706, df 1 -> p 0.05");
	/* df 1 is Cauchy, df 2 has a closed form too */
	ok(near(student_t_cdf(1.5, 1), 0.5 + atan(1.5) / M_PI, 1e-12), "t cdf, df 1 (Cauchy)");
	ok(near(student_t_cdf(-0.8, 2), 0.5 - 0.8 / (2 * sqrt(2 + 0.64)), 1e-12), "t cdf, df 2");
	ok(near(student_t_cdf(0, 7), 0.5, 1e-15), "t cdf at 0");
	ok(near(student_t_quantile(0.975, 10), 2.228138851986, 1e-9), "qt(0.975, 10) = 2.228");
	ok(near(student_t_quantile(0.975, 4), 2.776445105, 1e-8), "qt(0.975, 4) = 2.776");
	ok(two_sided(40, 30) > 0 && two_sided(40, 30) < 1e-25, "far tail keeps its precision");
}

/*
 * A prob asked for often is read from a table in 1/df (stats.c): it must
 * give R's qt() to 1e-12 relative over every df >= 2 it covers, whole or
 * not, at the probs compare asks for and at others; below df 2, qt() itself.
 */
static void test_t_quantile_table(void)
{
	const double probs[] = { 0.6, 0.8, 0.975, 0.995, 0.025 };
	double worst = 0, at_df = 0, at_p = 0;
	unsigned seed = 1;

	for (size_t i = 0; i < ARRAY_SIZE(probs); i++) {
		for (int k = 0; k < 1000; k++)	/* enough asking to make its table */
			student_t_quantile(probs[i], 3.5);
		for (int k = 0; k < 20000; k++) {
			double u = (double)rand_r(&seed) / RAND_MAX;
			/* half between 2 and 6, where 3 runs against 3 fall; half up to 10^6 */
			double df = k % 2 ? 2 + 4 * u : 1 + pow(10, 6 * u);
			double want = qt(probs[i], df, 1, 0), got = student_t_quantile(probs[i], df);
			double err = fabs(got - want) / fabs(want);

			if (!(err <= worst)) {
				worst = err;
				at_df = df;
				at_p = probs[i];
			}
		}
	}
	ok(worst < 1e-12, "the quantile table gives qt() to 1e-12 (worst %.2g at p %g, df %g)",
	   worst, at_p, at_df);
	ok(student_t_quantile(0.975, 2) == qt(0.975, 2, 1, 0) ||
	   near(student_t_quantile(0.975, 2), qt(0.975, 2, 1, 0), 1e-12),
	   "df 2, the table's end: %.15g", student_t_quantile(0.975, 2));
	ok(student_t_quantile(0.975, 1.5) == qt(0.975, 1.5, 1, 0), "below df 2: qt() itself");
	ok(near(student_t_quantile(0.975, 1e9), qt(0.975, 1e9, 1, 0), 1e-12) &&
	   near(student_t_quantile(0.975, 1e9), 1.959963984540054, 1e-8),
	   "df 10^9: next to the normal's, as qt() has it");
}

static void test_ci(void)
{
	const double xs[] = { 10, 12, 11, 13 };
	struct running_stats s;
	size_t i;

	running_stats_init(&s);
	running_stats_add(&s, xs[0]);
	ok(isnan(running_stats_ci_half(&s, 0.95)), "no interval from one run");
	for (i = 1; i < 4; i++)
		running_stats_add(&s, xs[i]);
	/* sd = sqrt(5/3), t(0.975, 3) = 3.182446 (tables: 3.182) */
	ok(near(running_stats_ci_half(&s, 0.95), 3.182446305 * sqrt(5.0 / 3) / 2, 1e-7),
	   "95%% interval: t(0.975, n-1) sd / sqrt(n)");
}

static void test_holm(void)
{
	/* m = 4 tests; sorted 0.01 0.02 0.03 0.04 -> 0.04 0.06 0.06 0.06 */
	const double p[] = { 0.03, NAN, 0.01, 0.04, 0.02 };
	double adj[5];

	holm_adjust(p, adj, 5);
	ok(near(adj[2], 0.04, 1e-15), "smallest of 4 times 4");
	ok(near(adj[4], 0.06, 1e-15), "second times 3");
	ok(near(adj[0], 0.06, 1e-15) && near(adj[3], 0.06, 1e-15),
	   "later ones never below an earlier adjusted p (0.03*2, 0.04*1 -> 0.06)");
	ok(isnan(adj[1]), "no test, no adjusted p, and it does not count");
	holm_adjust((const double[]){ 0.5, 0.6 }, adj, 2);
	ok(adj[0] == 1.0 && adj[1] == 1.0, "capped at 1");
}

/* Holm the textbook way, by the definition: the reference for a lab's many tests */
static double holm_by_definition(const double *p, size_t n, size_t i)
{
	size_t m = 0;
	double adj = 0;

	for (size_t j = 0; j < n; j++)
		m += !isnan(p[j]);
	/* max over the p_(j) <= p_i of (m - rank_j + 1) p_(j), rank_j counting
	 * the tests before j in the order (ties in index order) */
	for (size_t j = 0; j < n; j++) {
		size_t rank = 0;

		if (isnan(p[j]) || p[j] > p[i] || (p[j] == p[i] && j > i))
			continue;
		for (size_t l = 0; l < n; l++)
			rank += !isnan(p[l]) && (p[l] < p[j] || (p[l] == p[j] && l < j));
		adj = fmax(adj, fmin(1.0, (double)(m - rank) * p[j]));
	}
	return adj;
}

/*
 * Many tests, as a lab's compare makes: tiny, zero, tied and denormal
 * p-values among ordinary ones and NaNs. holm_adjust sorts them its own
 * way; every adjusted p must be the definition's, exactly.
 */
static void test_holm_many(void)
{
	enum { N = 800 };
	double p[N], adj[N], in_place[N];
	unsigned seed = 11;
	size_t bad = 0;

	for (size_t i = 0; i < N; i++) {
		double u = (double)rand_r(&seed) / RAND_MAX;

		switch (i % 7) {
		case 0: p[i] = NAN; break;
		case 1: p[i] = 0.05; break;			/* ties */
		case 2: p[i] = pow(10, -300 * u); break;	/* down to 1e-300 */
		case 3: p[i] = i % 2 ? 0.0 : -0.0; break;
		case 4: p[i] = 4.9e-324 * (1 + (i % 5)); break;	/* denormal */
		default: p[i] = u; break;
		}
	}
	holm_adjust(p, adj, N);
	for (size_t i = 0; i < N; i++)
		if (isnan(p[i]) ? !isnan(adj[i]) : adj[i] != holm_by_definition(p, N, i))
			bad++;
	ok(!bad, "holm_adjust over %d p-values is the definition's exactly (%zu differ)", N, bad);
	/* compare adjusts its million in place: one array, not two */
	memcpy(in_place, p, sizeof(p));
	holm_adjust(in_place, in_place, N);
	bad = 0;
	for (size_t i = 0; i < N; i++)
		bad += memcmp(&in_place[i], &adj[i], sizeof(adj[i])) != 0;
	ok(!bad, "adjusted in place, p as its own output: the same bits (%zu differ)", bad);
}

static void fill(struct running_stats *s, const double *xs, size_t n)
{
	size_t i;

	running_stats_init(s);
	for (i = 0; i < n; i++)
		running_stats_add(s, xs[i]);
}

static void test_welch(void)
{
	const double a[] = { 1, 2, 3, 4, 5 }, b[] = { 2, 4, 6, 8, 10 }, c[] = { 3, 3, 3 };
	struct running_stats sa, sb, sc, s1;
	double t, df, p;

	fill(&sa, a, 5);
	fill(&sb, b, 5);
	p = welch_t_test(&sa, &sb, &t, &df);
	ok(near(t, -3 / sqrt(2.5), 1e-12), "Welch t");
	ok(near(df, 6.25 / 1.0625, 1e-12), "Welch-Satterthwaite df");
	ok(near(p, 0.107531194930627246, 1e-12), "Welch two-sided p");
	ok(near(welch_t_test(&sb, &sa, NULL, NULL), p, 1e-15), "symmetric in its arguments");
	fill(&s1, a, 1);
	ok(isnan(welch_t_test(&s1, &sb, &t, &df)) && isnan(t), "one run: no test");
	fill(&sc, c, 3);
	ok(welch_t_test(&sc, &sc, NULL, NULL) == 1.0, "no spread, equal means: p 1");
	fill(&s1, b + 1, 1);
	running_stats_add(&s1, 4);
	running_stats_add(&s1, 4);
	ok(welch_t_test(&sc, &s1, NULL, NULL) == 0.0, "no spread, different means: p 0");
}

static void test_satterthwaite(void)
{
	ok(near(satterthwaite_df((const double[]){ 4, -1 }, (const double[]){ 2, 10 }, 2),
		9 / 8.1, 1e-12), "Satterthwaite: a subtracted mean square counts by its square");
	ok(near(satterthwaite_df((const double[]){ 3, 0 }, (const double[]){ 6, 0 }, 2), 6, 1e-12),
	   "a term of 0 adds nothing (and its df is not read)");
	ok(isnan(satterthwaite_df((const double[]){ 1, -1 }, (const double[]){ 2, 2 }, 2)),
	   "no positive sum: NAN");
}

/* exact power of the two-sided t-test at a true difference of ncp standard errors */
static double t_test_power(double ncp, double df, double alpha)
{
	double crit = student_t_quantile(1 - alpha / 2, df);

	return pnt(crit, df, ncp, 0, 0) + pnt(-crit, df, ncp, 1, 0);
}

static void test_mde(void)
{
	const double base[] = { 98, 99, 100, 101, 102 }, cand[] = { 108, 109, 110, 111, 112 };
	struct running_stats sb, sc, s1;
	double df;

	/* tables: t(0.975, 8) = 2.306, t(0.80, 8) = 0.889 */
	ok(near(mde_of_se(1.0, 8, 0.05, 0.8), 2.306 + 0.889, 1e-3), "MDE: (t(1-a/2) + t(power)) se");
	for (df = 4; df <= 64; df *= 2)
		ok(near(t_test_power(mde_of_se(1.0, df, 0.05, 0.8), df, 0.05), 0.8, 0.01),
		   "at the MDE the exact power (noncentral t) is 80%% within 0.01, df %g", df);
	ok(mde_of_se(0.0, 8, 0.05, 0.8) == 0.0 && isnan(mde_of_se(NAN, 8, 0.05, 0.8)),
	   "no spread: 0; no estimate: NAN");
	fill(&sb, base, 5);
	fill(&sc, cand, 5);
	/* both variances 2.5: pooled sd^2 2.5, se sqrt(2.5 * 2/5) = 1, of a mean of 100 */
	ok(near(mde_two_sample_pct(&sb, &sc, 0.05, 0.8), mde_of_se(1.0, 8, 0.05, 0.8), 1e-12),
	   "two-sample MDE: pooled sd, df n_b + n_c - 2, percent of base's mean");
	fill(&s1, cand, 3);	/* m2 2 over 2 runs: pooled sd^2 (10 + 2) / 6 */
	ok(near(mde_two_sample_pct(&sb, &s1, 0.05, 0.8),
		mde_of_se(sqrt(2.0 * (1.0 / 5 + 1.0 / 3)), 6, 0.05, 0.8), 1e-12),
	   "unequal counts pool by their degrees of freedom");
	ok(near(mde_two_sample_pct(&sb, &sc, 0.05, 0.9), mde_of_se(1.0, 8, 0.05, 0.9), 1e-12) &&
	   mde_two_sample_pct(&sb, &sc, 0.05, 0.9) > mde_two_sample_pct(&sb, &sc, 0.05, 0.8),
	   "power is a parameter: 90%% needs a larger difference");
	fill(&s1, cand, 1);
	ok(isnan(mde_two_sample_pct(&sb, &s1, 0.05, 0.8)), "one run: no MDE");
}

static void test_mde_paired(void)
{
	const double r[] = { 0.01, 0.03, 0.05, 0.07 };
	struct running_stats s;

	fill(&s, r, 4);
	/* sd sqrt(0.002/3), se sd/2, tables t(0.975, 3) = 3.182, t(0.80, 3) = 0.978 */
	ok(near(mde_paired_pct(&s, 0.05, 0.8), 100 * expm1((3.182 + 0.978) * sqrt(0.002 / 3) / 2), 2e-3),
	   "paired MDE: sd of log ratios / sqrt(pairs), df pairs - 1, as exp(mde) - 1");
	fill(&s, r, 1);
	ok(isnan(mde_paired_pct(&s, 0.05, 0.8)), "one pair: no MDE");
}

static void test_drift_tau2(void)
{
	const double a[] = { 0, 2 }, b[] = { 4, 6 }, c[] = { 8, 10 }, u[] = { 0, 2, 4 }, v[] = { 10, 12 };
	struct running_stats s[3];
	double df;

	fill(&s[0], a, 2);
	fill(&s[1], b, 2);
	fill(&s[2], c, 2);
	/* means 1 5 9: MS_between 2 * 32 / 2 = 32, MS_within 2, n0 2 */
	ok(near(drift_tau2(s, 3, &df), 15.0, 1e-12), "tau^2 = (MS_between - MS_within) / n");
	ok(near(df, 30.0 * 30 / (32.0 * 32 / 2 + 2.0 * 2 / 3), 1e-12),
	   "its df by Satterthwaite, below S - 1: %g", df);
	fill(&s[0], u, 3);
	fill(&s[1], v, 2);
	/* grand mean 5.6, MS_between 3*3.6^2 + 2*5.4^2 = 97.2, MS_within 10/3, n0 (5 - 13/5) = 2.4 */
	ok(near(drift_tau2(s, 2, NULL), (97.2 - 10.0 / 3) / 2.4, 1e-12), "unequal sessions: n0");
	fill(&s[0], a, 2);
	fill(&s[1], (const double[]){ 0.5, 1.5 }, 2);
	ok(drift_tau2(s, 2, &df) == 0.0 && df == 1.0, "means closer than the noise: floored at 0, df S - 1");
	ok(isnan(drift_tau2(s, 1, &df)) && isnan(df), "one session: no estimate");
	fill(&s[0], a, 1);
	fill(&s[1], b, 1);
	ok(isnan(drift_tau2(s, 2, NULL)), "no session with 2 runs: no estimate");
	running_stats_init(&s[1]);
	ok(isnan(drift_tau2(s, 2, NULL)), "an empty session: no estimate");
}

int main(void)
{
	test_welford();
	test_welford_offset();
	test_t_against_r();
	test_t_quantile_table();
	test_ci();
	test_holm();
	test_holm_many();
	test_welch();
	test_satterthwaite();
	test_mde();
	test_mde_paired();
	test_drift_tau2();
	return tap_done();
}

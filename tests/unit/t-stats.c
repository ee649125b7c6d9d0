/* t-stats.c - Welford mean/variance, the incomplete beta, Student t, Welch */
#include "stats.h"
#include "tap.h"

#include <math.h>

/* reference values from mpmath (30 digits) where no closed form exists */
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

static void test_beta_and_t(void)
{
	ok(incomplete_beta(2, 3, 0) == 0.0 && incomplete_beta(2, 3, 1) == 1.0, "I_0 = 0, I_1 = 1");
	/* I_x(1, 1) = x; I_x(a, 1) = x^a */
	ok(near(incomplete_beta(1, 1, 0.37), 0.37, 1e-13), "I_x(1,1) = x");
	ok(near(incomplete_beta(3, 1, 0.6), 0.216, 1e-13), "I_x(3,1) = x^3");
	ok(near(incomplete_beta(2.5, 0.7, 0.3), 0.0298140248452504710, 1e-12), "I_0.3(2.5,0.7)");
	ok(near(incomplete_beta(30, 40, 0.45), 0.644748008558568044, 1e-11),
	   "I_0.45(30,40), the symmetric branch");
	/* df 1 is Cauchy, df 2 has a closed form too */
	ok(near(student_t_cdf(1.5, 1), 0.5 + atan(1.5) / M_PI, 1e-12), "t cdf, df 1");
	ok(near(student_t_cdf(-0.8, 2), 0.5 - 0.8 / (2 * sqrt(2 + 0.64)), 1e-12), "t cdf, df 2");
	ok(near(student_t_cdf(0, 7), 0.5, 1e-15), "t cdf at 0");
	ok(near(2 * (1 - student_t_cdf(2.228138851986, 10)), 0.05, 1e-9),
	   "the 5%% critical value for df 10 gives p = 0.05");
	ok(near(2 * student_t_cdf(-2, 10), 0.0733880347707403656, 1e-12), "p for t = 2, df 10");
	ok(near(2 * student_t_cdf(-0.5, 3.7), 0.645335633319931982, 1e-12), "fractional df");
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

int main(void)
{
	test_welford();
	test_welford_offset();
	test_beta_and_t();
	test_welch();
	return tap_done();
}

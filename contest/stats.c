/* stats.c - see stats.h */
#include "stats.h"

#include <math.h>

void running_stats_init(struct running_stats *s)
{
	s->n = 0;
	s->mean = 0.0;
	s->m2 = 0.0;
}

/* Welford: update the mean and the squared deviations in one pass */
void running_stats_add(struct running_stats *s, double x)
{
	double delta = x - s->mean;

	s->n++;
	s->mean += delta / (double)s->n;
	s->m2 += delta * (x - s->mean);
}

double running_stats_mean(const struct running_stats *s)
{
	return s->n ? s->mean : NAN;
}

double running_stats_variance(const struct running_stats *s)
{
	return s->n > 1 ? s->m2 / (double)(s->n - 1) : NAN;
}

double running_stats_sd(const struct running_stats *s)
{
	return s->n > 1 ? sqrt(running_stats_variance(s)) : NAN;
}

/*
 * The continued fraction of I_x(a,b) (Abramowitz & Stegun 26.5.8),
 * evaluated by the modified Lentz method. It converges fast for
 * x < (a+1)/(a+b+2); the caller uses the symmetry otherwise.
 */
static double beta_fraction(double a, double b, double x)
{
	const double tiny = 1e-300, eps = 1e-15;
	double f = 1.0, c = 1.0, d = 0.0;
	int j;

	for (j = 1; j <= 1000; j++) {
		int m = j / 2;
		double num, delta;

		if (j % 2)
			num = -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1));
		else
			num = m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m));
		d = 1.0 + num * d;
		d = fabs(d) < tiny ? 1.0 / tiny : 1.0 / d;
		c = 1.0 + num / c;
		if (fabs(c) < tiny)
			c = tiny;
		delta = c * d;
		f *= delta;
		if (fabs(delta - 1.0) < eps)
			break;
	}
	return 1.0 / f;
}

double incomplete_beta(double a, double b, double x)
{
	double front;

	if (x <= 0.0)
		return 0.0;
	if (x >= 1.0)
		return 1.0;
	if (x > (a + 1.0) / (a + b + 2.0))
		return 1.0 - incomplete_beta(b, a, 1.0 - x);
	front = exp(a * log(x) + b * log1p(-x) -
		    (lgamma(a) + lgamma(b) - lgamma(a + b)));
	return front / a * beta_fraction(a, b, x);
}

/* P(|T| > |t|): the two tails of Student's t, as one incomplete beta */
static double student_t_two_tails(double t, double df)
{
	return incomplete_beta(df / 2.0, 0.5, df / (df + t * t));
}

double student_t_cdf(double t, double df)
{
	double tails;

	if (isinf(t))
		return t > 0 ? 1.0 : 0.0;
	tails = student_t_two_tails(t, df);
	return t > 0 ? 1.0 - tails / 2.0 : tails / 2.0;
}

double welch_t_test(const struct running_stats *a, const struct running_stats *b,
		    double *tp, double *dfp)
{
	double va, vb, se, t, df;

	if (tp)
		*tp = NAN;
	if (dfp)
		*dfp = NAN;
	if (a->n < 2 || b->n < 2)
		return NAN;
	va = running_stats_variance(a) / (double)a->n;
	vb = running_stats_variance(b) / (double)b->n;
	se = sqrt(va + vb);
	if (se == 0.0)
		return a->mean == b->mean ? 1.0 : 0.0;
	t = (a->mean - b->mean) / se;
	/* Welch-Satterthwaite: how many degrees of freedom the pooled estimate is worth */
	df = (va + vb) * (va + vb) /
	     (va * va / (double)(a->n - 1) + vb * vb / (double)(b->n - 1));
	if (tp)
		*tp = t;
	if (dfp)
		*dfp = df;
	return student_t_two_tails(t, df);
}

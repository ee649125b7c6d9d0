/* stats.c - see stats.h */
#include "results/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

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

double student_t_cdf(double t, double df)
{
	return pt(t, df, 1, 0);
}

double student_t_quantile(double prob, double df)
{
	return qt(prob, df, 1, 0);
}

/* P(|T| > |t|): both tails, the lower one doubled for precision far out */
static double student_t_two_tails(double t, double df)
{
	return 2.0 * pt(-fabs(t), df, 1, 0);
}

double running_stats_ci_half(const struct running_stats *s, double level)
{
	if (s->n < 2)
		return NAN;
	return student_t_quantile(1.0 - (1.0 - level) / 2.0, (double)(s->n - 1)) *
	       running_stats_sd(s) / sqrt((double)s->n);
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

struct holm_entry {
	double p;
	size_t index;
};

static int holm_cmp(const void *a, const void *b)
{
	double x = ((const struct holm_entry *)a)->p, y = ((const struct holm_entry *)b)->p;

	return (x > y) - (x < y);
}

void holm_adjust(const double *p, double *adjusted, size_t n)
{
	struct holm_entry *e = xcalloc(n ? n : 1, sizeof(*e));
	size_t m = 0, k;
	double running = 0.0;

	for (k = 0; k < n; k++) {
		adjusted[k] = NAN;
		if (!isnan(p[k]))
			e[m++] = (struct holm_entry){ p[k], k };
	}
	qsort(e, m, sizeof(*e), holm_cmp);
	for (k = 0; k < m; k++) {
		/* the k-th smallest faces m - k tests; adjusted p never falls along the order */
		running = fmax(running, fmin(1.0, (double)(m - k) * e[k].p));
		adjusted[e[k].index] = running;
	}
	free(e);
}

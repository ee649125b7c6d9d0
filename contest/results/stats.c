/* stats.c - see stats.h */
#include "results/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

void running_stats_init(struct running_stats *s)
{
	s->n = 0;
	s->mean = 0.0;
	s->m2 = 0.0;
}

double student_t_cdf(double t, double df)
{
	return pt(t, df, 1, 0);
}

/*
 * R's qt() finds a quantile by iterating on pt() and dt(), about half a
 * microsecond for a df that is not whole, and a lab's compare asks for
 * millions (each row's MDE is two, at its Welch-Satterthwaite df). For
 * df >= 2 a table of qt() in x = 1/df, with cubic interpolation through
 * the four nodes around x, gives the same quantile: over 200000 df from 2
 * to 10^6 at p = 0.6, 0.8, 0.975 and 0.995 the largest relative difference
 * was 1.5e-14, the size of qt()'s own stopping tolerance (1e-14), and
 * t-stats holds it below 1e-12. A table costs T_NODES qt() calls (3 ms)
 * and is made for a prob the first time it is asked T_WORTH times; a few
 * probs are asked (the alpha, the power, 0.975), and more go to qt().
 */
#define T_NODES 4096		/* intervals over x in [0, 1/2] */
#define T_TABLES 8
#define T_WORTH 256

struct t_table {
	double prob;
	size_t asked;
	double *y;		/* qt at x = (i - 1) / (2 T_NODES), i = 0 .. T_NODES + 2 */
};

static struct t_table t_tables[T_TABLES];

static void t_table_fill(struct t_table *t)
{
	t->y = xmalloc((T_NODES + 3) * sizeof(*t->y));
	t->y[1] = qnorm(t->prob, 0.0, 1.0, 1, 0);	/* df infinite */
	for (size_t i = 2; i < T_NODES + 3; i++)
		t->y[i] = qt(t->prob, 2.0 * T_NODES / (double)(i - 1), 1, 0);
	/* the node before x = 0 (df past infinity), by extending the cubic */
	t->y[0] = 4 * t->y[1] - 6 * t->y[2] + 4 * t->y[3] - t->y[4];
}

/* the table of prob, filled once it has been asked for enough; NULL: use qt() */
static const struct t_table *t_table_of(double prob)
{
	struct t_table *t = NULL;

	for (size_t i = 0; i < T_TABLES && !t; i++)
		if (t_tables[i].prob == prob || !t_tables[i].asked)
			t = &t_tables[i];
	if (!t)
		return NULL;
	t->prob = prob;
	if (!t->y && ++t->asked >= T_WORTH)
		t_table_fill(t);
	return t->y ? t : NULL;
}

double student_t_quantile(double prob, double df)
{
	const struct t_table *t;
	double u, f, *y;
	size_t i;

	if (!(df >= 2.0) || !(prob > 0.0 && prob < 1.0) || !(t = t_table_of(prob)))
		return qt(prob, df, 1, 0);
	u = 2.0 * T_NODES / df;	/* x in intervals */
	i = (size_t)u;
	if (i >= T_NODES)	/* df = 2 exactly */
		i = T_NODES - 1;
	f = u - (double)i;
	y = &t->y[i];	/* the nodes at i - 1, i, i + 1, i + 2 */
	return y[0] * (-f * (f - 1) * (f - 2) / 6) + y[1] * ((f + 1) * (f - 1) * (f - 2) / 2) +
	       y[2] * (-(f + 1) * f * (f - 2) / 2) + y[3] * ((f + 1) * f * (f - 1) / 6);
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
	df = satterthwaite_df((const double[]){ va, vb },
			      (const double[]){ (double)(a->n - 1), (double)(b->n - 1) }, 2);
	if (tp)
		*tp = t;
	if (dfp)
		*dfp = df;
	return student_t_two_tails(t, df);
}

/* how many degrees of freedom a sum of variance estimates is worth */
double satterthwaite_df(const double *var, const double *df, size_t k)
{
	double sum = 0.0, spread = 0.0;
	size_t i;

	for (i = 0; i < k; i++) {
		sum += var[i];
		if (var[i] != 0.0)
			spread += var[i] * var[i] / df[i];
	}
	return sum > 0.0 ? sum * sum / spread : NAN;
}

double mde_of_se(double se, double df, double alpha, double power)
{
	if (isnan(se) || isnan(df))
		return NAN;
	if (se == 0.0)
		return 0.0;
	return (student_t_quantile(1.0 - alpha / 2.0, df) + student_t_quantile(power, df)) * se;
}

double mde_two_sample_pct(const struct running_stats *base, const struct running_stats *cand,
			  double alpha, double power)
{
	double df, sp2, se;

	if (base->n < 2 || cand->n < 2 || !(base->mean > 0.0))
		return NAN;
	df = (double)(base->n + cand->n - 2);
	sp2 = (base->m2 + cand->m2) / df;	/* m2 is (n - 1) s^2 */
	se = sqrt(sp2 * (1.0 / (double)base->n + 1.0 / (double)cand->n));
	return 100.0 * mde_of_se(se, df, alpha, power) / base->mean;
}

double mde_paired_pct(const struct running_stats *log_ratios, double alpha, double power)
{
	double se;

	if (log_ratios->n < 2)
		return NAN;
	se = running_stats_sd(log_ratios) / sqrt((double)log_ratios->n);
	return 100.0 * expm1(mde_of_se(se, (double)(log_ratios->n - 1), alpha, power));
}

/* sum over sessions of n_i (m_i - grand)^2: how far the session means scatter */
static double drift_ss_between(const struct running_stats *s, size_t k, double grand)
{
	double ss = 0.0;
	size_t i;

	for (i = 0; i < k; i++)
		ss += (double)s[i].n * (s[i].mean - grand) * (s[i].mean - grand);
	return ss;
}

/* the one-way ANOVA's mean squares of ln(time) over sessions (stats.h, drift_tau2) */
struct drift_anova {
	double ms_between, ms_within, n0;
	double df_between, df_within;
};

/* 0, or -1 with fewer than 2 sessions, an empty one or none of 2 runs */
static int drift_anova(const struct running_stats *sessions, size_t nsessions,
		       struct drift_anova *a)
{
	double runs = 0.0, grand = 0.0, ss_within = 0.0, sum_n2 = 0.0, groups = (double)nsessions;
	size_t i;

	for (i = 0; i < nsessions; i++) {
		if (!sessions[i].n)
			return -1;
		runs += (double)sessions[i].n;
		grand += (double)sessions[i].n * sessions[i].mean;
		ss_within += sessions[i].m2;	/* (n_i - 1) s_i^2 */
		sum_n2 += (double)sessions[i].n * (double)sessions[i].n;
	}
	if (nsessions < 2 || runs <= groups)
		return -1;
	grand /= runs;
	a->df_between = groups - 1.0;
	a->df_within = runs - groups;
	a->ms_between = drift_ss_between(sessions, nsessions, grand) / a->df_between;
	a->ms_within = ss_within / a->df_within;
	a->n0 = (runs - sum_n2 / runs) / a->df_between;
	return 0;
}

double drift_tau2(const struct running_stats *sessions, size_t nsessions, double *dfp)
{
	struct drift_anova a;

	if (dfp)
		*dfp = NAN;
	if (drift_anova(sessions, nsessions, &a) < 0)
		return NAN;
	if (a.ms_between <= a.ms_within) {
		if (dfp)
			*dfp = a.df_between;	/* tau^2 is 0: it adds nothing to a test */
		return 0.0;
	}
	/* what MS_between - MS_within is worth: both mean squares' noise, not MS_between's alone */
	if (dfp)
		*dfp = satterthwaite_df((const double[]){ a.ms_between, -a.ms_within },
					(const double[]){ a.df_between, a.df_within }, 2);
	return (a.ms_between - a.ms_within) / a.n0;
}

int drift_tau2_interval(const struct running_stats *sessions, size_t nsessions, double level,
			double *low, double *high)
{
	struct drift_anova a;
	double f, tail = (1.0 - level) / 2.0;

	*low = *high = NAN;
	if (drift_anova(sessions, nsessions, &a) < 0)
		return -1;
	if (a.ms_within == 0.0) {	/* no noise within: the spread between is all drift */
		*low = *high = a.ms_between / a.n0;
		return 0;
	}
	f = a.ms_between / a.ms_within;
	*low = fmax(0.0, (f / qf(tail, a.df_between, a.df_within, 0, 0) - 1.0) / a.n0) *
	       a.ms_within;
	/* sessions closer than noise would leave them give an empty top, not no drift */
	*high = fmax(0.0, (fmax(f, 1.0) / qf(tail, a.df_between, a.df_within, 1, 0) - 1.0) /
			  a.n0) * a.ms_within;
	return 0;
}

/* the bits of p as a sort key: -0 as +0, whose bits order as the double does */
static uint64_t holm_key(double p)
{
	uint64_t key;

	p += 0.0;
	memcpy(&key, &p, sizeof(key));
	return key;
}

/*
 * Sort idx[0..n), indices into p, by p, stably, as qsort with a
 * comparison of p would: a lab's compare makes a million tests. A p is
 * never negative, and the bits of a non-negative double order as the
 * double does, so an LSD radix sort on them, 11 bits a pass, skipping a
 * pass whose digit all share. Indices, not (p, index) pairs: 4 bytes a
 * test, and as many again while it sorts, at compare's peak of memory.
 */
static void holm_sort(const double *p, uint32_t *idx, size_t n)
{
	enum { BITS = 11, BUCKETS = 1 << BITS };
	uint32_t *tmp = xmalloc((n ? n : 1) * sizeof(*tmp)), *from = idx, *to = tmp;
	size_t *count = xmalloc(BUCKETS * sizeof(*count));

	for (unsigned shift = 0; shift < 64; shift += BITS) {
		size_t sum = 0, skip = 0;

		memset(count, 0, BUCKETS * sizeof(*count));
		for (size_t i = 0; i < n; i++)
			skip = ++count[(holm_key(p[from[i]]) >> shift) & (BUCKETS - 1)] == n;
		if (skip)	/* every key has this digit: the order stands */
			continue;
		for (size_t b = 0; b < BUCKETS; b++) {
			size_t c = count[b];

			count[b] = sum;
			sum += c;
		}
		for (size_t i = 0; i < n; i++)
			to[count[(holm_key(p[from[i]]) >> shift) & (BUCKETS - 1)]++] = from[i];
		from = to;
		to = from == idx ? tmp : idx;
	}
	if (from != idx)
		memcpy(idx, from, n * sizeof(*idx));
	free(count);
	free(tmp);
}

void holm_adjust(const double *p, double *adjusted, size_t n)
{
	uint32_t *idx;
	size_t m = 0, k;
	double running = 0.0;

	if (n > UINT32_MAX)	/* 4G tests are 500 GB of compare's rows */
		die(1, "more than %u p-values to adjust", UINT32_MAX);
	idx = xcalloc(n ? n : 1, sizeof(*idx));
	for (k = 0; k < n; k++) {
		if (!isnan(p[k]))
			idx[m++] = (uint32_t)k;
		else
			adjusted[k] = NAN;
	}
	holm_sort(p, idx, m);
	/* each p is read before its own adjusted p is written: adjusted may be p */
	for (k = 0; k < m; k++) {
		/* the k-th smallest faces m - k tests; adjusted p never falls along the order */
		running = fmax(running, fmin(1.0, (double)(m - k) * (p[idx[k]] + 0.0)));
		adjusted[idx[k]] = running;
	}
	free(idx);
}

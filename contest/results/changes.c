/* changes.c - the change points of a series of kernels, see changes.h */
#include "results/changes.h"
#include "results/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* the series: kernels with runs, their runs' ln (less centre) in order */
struct series {
	size_t m;		/* kernels */
	size_t *idx;		/* each one's index in the caller's array */
	double *v;		/* runs, kernel by kernel */
	size_t *off;		/* [m + 1]: kernel k's runs are v[off[k] .. off[k + 1]) */
	size_t *sb;		/* [m]: session boundaries up to kernel k */
	/* prefix sums over kernels [m + 1]: the runs' sum and sum of squares;
	 * the kernels' means, their squares and (k * mean); within-kernel
	 * squared deviations and their degrees of freedom */
	double *ps, *pq, *pm, *pmm, *pkm, *pw;
	size_t *pwdf;
	double centre;
	const struct changes_opts *o;
};

void changes_opts_init(struct changes_opts *o)
{
	o->alpha = CHANGES_ALPHA;
	o->min_change_pct = 0.0;
	o->tau2 = 0.0;
	o->window = CHANGES_WINDOW;
}

static void series_init(struct series *s, const struct changes_kernel *k, size_t n,
			const struct changes_opts *o, struct changes *out)
{
	size_t total = 0, m = 0, i, j, r = 0;
	int first = 1;

	memset(s, 0, sizeof(*s));
	s->o = o;
	for (i = 0; i < n; i++)
		total += k[i].n;
	s->v = xcalloc(total + 1, sizeof(*s->v));
	s->idx = xcalloc(n + 1, sizeof(*s->idx));
	s->off = xcalloc(n + 2, sizeof(*s->off));
	s->sb = xcalloc(n + 1, sizeof(*s->sb));
	s->ps = xcalloc(n + 1, sizeof(double));
	s->pq = xcalloc(n + 1, sizeof(double));
	s->pm = xcalloc(n + 1, sizeof(double));
	s->pmm = xcalloc(n + 1, sizeof(double));
	s->pkm = xcalloc(n + 1, sizeof(double));
	s->pw = xcalloc(n + 1, sizeof(double));
	s->pwdf = xcalloc(n + 1, sizeof(size_t));
	for (i = 0; i < n; i++) {
		size_t start = r;
		double sum = 0.0, sq = 0.0, mean;

		for (j = 0; j < k[i].n; j++) {
			double x = k[i].x[j];

			if (!(x > 0.0) || !isfinite(x)) {
				out->left_out++;
				continue;
			}
			if (first)	/* centred: sums of squares keep their digits */
				s->centre = log(x);
			first = 0;
			s->v[r++] = log(x) - s->centre;
		}
		if (r == start)
			continue;
		for (j = start; j < r; j++)
			sum += s->v[j];
		mean = sum / (double)(r - start);
		for (j = start; j < r; j++)
			sq += (s->v[j] - mean) * (s->v[j] - mean);
		s->idx[m] = i;
		s->off[m] = start;
		s->sb[m] = m == 0 ? 0 : s->sb[m - 1] + (k[i].session != k[s->idx[m - 1]].session);
		s->ps[m + 1] = s->ps[m] + sum;
		s->pq[m + 1] = s->pq[m] + sq + sum * mean;	/* sum of v^2 */
		s->pm[m + 1] = s->pm[m] + mean;
		s->pmm[m + 1] = s->pmm[m] + mean * mean;
		s->pkm[m + 1] = s->pkm[m] + (double)m * mean;
		s->pw[m + 1] = s->pw[m] + sq;
		s->pwdf[m + 1] = s->pwdf[m] + (r - start - 1);
		m++;
	}
	s->off[m] = r;
	s->m = m;
	out->kernels = m;
	out->runs = r;
}

static void series_release(struct series *s)
{
	free(s->v);
	free(s->idx);
	free(s->off);
	free(s->sb);
	free(s->ps);
	free(s->pq);
	free(s->pm);
	free(s->pmm);
	free(s->pkm);
	free(s->pw);
	free(s->pwdf);
}

/* what the test says of segments [a, b) and [b, c) */
struct split_test {
	int made;
	int drift;		/* separate sessions: kernels' means, the drift added */
	double d, se, df;	/* the difference of the ln means, its SE and df */
	double mean_a, mean_b;	/* ln, centred */
	double p;		/* corrected */
};

static double clamp0(double x)
{
	return x > 0.0 ? x : 0.0;
}

/* squared deviations of the runs of kernels [a, b) from their mean */
static double runs_ss(const struct series *s, size_t a, size_t b)
{
	double n = (double)(s->off[b] - s->off[a]), sum = s->ps[b] - s->ps[a];

	return clamp0(s->pq[b] - s->pq[a] - sum * sum / n);
}

/* squared deviations of the kernels' means of [a, b) from their mean */
static double means_ss(const struct series *s, size_t a, size_t b)
{
	double sum = s->pm[b] - s->pm[a];

	return clamp0(s->pmm[b] - s->pmm[a] - sum * sum / (double)(b - a));
}

static int one_session(const struct series *s, size_t a, size_t c)
{
	return s->sb[c - 1] == s->sb[a];
}

/* the test by the runs: kernels of one session */
static int test_runs(const struct series *s, size_t a, size_t b, size_t c, struct split_test *t)
{
	double na = (double)(s->off[b] - s->off[a]), nb = (double)(s->off[c] - s->off[b]);
	double df = na + nb - 2.0;

	t->mean_a = (s->ps[b] - s->ps[a]) / na;
	t->mean_b = (s->ps[c] - s->ps[b]) / nb;
	if (df < 1.0)
		return 0;
	t->se = sqrt((runs_ss(s, a, b) + runs_ss(s, b, c)) / df * (1.0 / na + 1.0 / nb));
	t->df = df;
	return 1;
}

/* the test by the kernels' means, with the drift: separate sessions */
static int test_kernels(const struct series *s, size_t a, size_t b, size_t c, struct split_test *t)
{
	double ma = (double)(b - a), mb = (double)(c - b), dfk = ma + mb - 2.0;
	double tau2 = s->o->tau2 > 0.0 ? s->o->tau2 : 0.0, vse, df;

	t->drift = 1;
	t->mean_a = (s->pm[b] - s->pm[a]) / ma;
	t->mean_b = (s->pm[c] - s->pm[b]) / mb;
	if (dfk >= 1.0) {
		vse = (means_ss(s, a, b) + means_ss(s, b, c)) / dfk * (1.0 / ma + 1.0 / mb);
		df = dfk;
	} else if (tau2 > 0.0) {
		/* one kernel each side: its runs' noise, and the drift */
		double na = (double)(s->off[b] - s->off[a]), nb = (double)(s->off[c] - s->off[b]);
		double wdf = (double)(s->pwdf[c] - s->pwdf[a]);

		vse = wdf >= 1.0 ? (s->pw[c] - s->pw[a]) / wdf * (1.0 / na + 1.0 / nb) : 0.0;
		df = wdf >= 1.0 ? wdf : INFINITY;
	} else {
		return 0;	/* nothing tells a change from the drift */
	}
	t->se = sqrt(vse + 2.0 * tau2);
	/* the drift is a bound, worth infinite degrees of freedom */
	t->df = tau2 > 0.0 && vse > 0.0 ?
		satterthwaite_df((const double[]){ vse, 2.0 * tau2 },
				 (const double[]){ df, INFINITY }, 2) : df;
	return 1;
}

static void test_split(const struct series *s, size_t a, size_t b, size_t c, struct split_test *t)
{
	double splits = (double)(c - a - 1);

	memset(t, 0, sizeof(*t));
	t->made = one_session(s, a, c) ? test_runs(s, a, b, c, t) : test_kernels(s, a, b, c, t);
	t->d = t->mean_b - t->mean_a;
	if (!t->made)
		return;
	if (t->se == 0.0)
		t->p = t->d == 0.0 ? 1.0 : 0.0;
	else
		t->p = 2.0 * student_t_cdf(-fabs(t->d / t->se), t->df);
	/* the split was chosen among c - a - 1 as the most different */
	t->p = fmin(1.0, t->p * splits);
}

/* a split that counts: tested, significant, at least min_change */
static int split_passes(const struct series *s, const struct split_test *t)
{
	return t->made && t->p < s->o->alpha &&
	       fabs(100.0 * expm1(t->d)) >= s->o->min_change_pct;
}

/* E-divisive's energy statistic for every split of v[0..n), by a Fenwick tree */
struct ranked {
	double v;
	size_t i;
};

static int ranked_cmp(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return x->v < y->v ? -1 : x->v > y->v;
}

/*
 * within[i] = the sum of |v[p] - v[q]| over the pairs p < q < i, for
 * i = 0 .. n, taking the values in the order dir gives (+1: from the
 * front, -1: from the back, within[i] then over the pairs of v[i..n))
 */
static void pair_sums(const double *v, const size_t *rank, size_t n, int dir, double *within,
		      double *bit_n, double *bit_s)
{
	double total = 0.0, sum = 0.0;
	size_t seen;

	memset(bit_n, 0, (n + 1) * sizeof(*bit_n));
	memset(bit_s, 0, (n + 1) * sizeof(*bit_s));
	within[dir > 0 ? 0 : n] = 0.0;
	for (seen = 0; seen < n; seen++) {
		size_t at = dir > 0 ? seen : n - 1 - seen, r;
		double below_n = 0.0, below_s = 0.0, x = v[at];

		for (r = rank[at]; r > 0; r -= r & -r) {
			below_n += bit_n[r];
			below_s += bit_s[r];
		}
		total += x * below_n - below_s + (sum - below_s) - x * ((double)seen - below_n);
		sum += x;
		for (r = rank[at] + 1; r <= n; r += r & -r) {
			bit_n[r] += 1.0;
			bit_s[r] += x;
		}
		within[dir > 0 ? seen + 1 : at] = total;
	}
}

/* the kernel b in (a, c) that splits [a, c) with the largest energy */
static size_t best_split(const struct series *s, size_t a, size_t c)
{
	size_t n = s->off[c] - s->off[a], i, b, best = a + 1;
	const double *v = s->v + s->off[a];
	struct ranked *rk = xcalloc(n, sizeof(*rk));
	size_t *rank = xcalloc(n, sizeof(*rank));
	double *front = xcalloc(n + 1, sizeof(double)), *back = xcalloc(n + 1, sizeof(double));
	double *bit_n = xcalloc(n + 1, sizeof(double)), *bit_s = xcalloc(n + 1, sizeof(double));
	double total, q_best = -INFINITY;

	for (i = 0; i < n; i++)
		rk[i] = (struct ranked){ v[i], i };
	qsort(rk, n, sizeof(*rk), ranked_cmp);
	for (i = 0; i < n; i++)
		rank[rk[i].i] = i;
	pair_sums(v, rank, n, 1, front, bit_n, bit_s);
	pair_sums(v, rank, n, -1, back, bit_n, bit_s);
	total = front[n];
	for (b = a + 1; b < c; b++) {
		size_t t = s->off[b] - s->off[a];
		double na = (double)t, nb = (double)(n - t), q;
		double between = total - front[t] - back[t];
		double ea = t > 1 ? 2.0 * front[t] / (na * (na - 1.0)) : 0.0;
		double eb = n - t > 1 ? 2.0 * back[t] / (nb * (nb - 1.0)) : 0.0;

		q = na * nb / (na + nb) * (2.0 * between / (na * nb) - ea - eb);
		if (q > q_best) {
			q_best = q;
			best = b;
		}
	}
	free(rk);
	free(rank);
	free(front);
	free(back);
	free(bit_n);
	free(bit_s);
	return best;
}

struct cands {
	size_t *at;
	size_t n, alloc;
};

/* binary segmentation of [a, c) by E-divisive, each split tested */
static void bisect_window(const struct series *s, size_t a, size_t c, struct cands *cs)
{
	struct split_test t;
	size_t b;

	if (c - a < 2)
		return;
	b = best_split(s, a, c);
	test_split(s, a, b, c, &t);
	if (!split_passes(s, &t))
		return;
	if (cs->n == cs->alloc) {
		cs->alloc = cs->alloc ? 2 * cs->alloc : 16;
		cs->at = xrealloc(cs->at, cs->alloc * sizeof(*cs->at));
	}
	cs->at[cs->n++] = b;
	bisect_window(s, a, b, cs);
	bisect_window(s, b, c, cs);
}

static int size_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/* how weak candidate i is between its neighbours: > alpha is dropped */
static double weakness(const struct series *s, const struct cands *cs, size_t i)
{
	struct split_test t;
	size_t a = i ? cs->at[i - 1] : 0, c = i + 1 < cs->n ? cs->at[i + 1] : s->m;

	test_split(s, a, cs->at[i], c, &t);
	if (!t.made)
		return 3.0;
	if (fabs(100.0 * expm1(t.d)) < s->o->min_change_pct)
		return 2.0;
	return t.p;
}

/* Otava's pruning: drop the weakest until every candidate passes */
static void prune(const struct series *s, struct cands *cs)
{
	double *weak;
	size_t i, w;

	if (!cs->n)
		return;
	qsort(cs->at, cs->n, sizeof(*cs->at), size_cmp);
	for (i = w = 0; i < cs->n; i++)
		if (!w || cs->at[w - 1] != cs->at[i])
			cs->at[w++] = cs->at[i];
	cs->n = w;
	weak = xcalloc(cs->n + 1, sizeof(*weak));
	for (i = 0; i < cs->n; i++)
		weak[i] = weakness(s, cs, i);
	while (cs->n) {
		for (w = 0, i = 1; i < cs->n; i++)
			if (weak[i] > weak[w])
				w = i;
		if (weak[w] < s->o->alpha)
			break;
		memmove(cs->at + w, cs->at + w + 1, (cs->n - w - 1) * sizeof(*cs->at));
		memmove(weak + w, weak + w + 1, (cs->n - w - 1) * sizeof(*weak));
		cs->n--;
		if (w > 0)
			weak[w - 1] = weakness(s, cs, w - 1);
		if (w < cs->n)
			weak[w] = weakness(s, cs, w);
	}
	free(weak);
}

static void add_point(struct changes *out, size_t *alloc, const struct change_point *cp)
{
	if (out->n == *alloc) {
		*alloc = *alloc ? 2 * *alloc : 8;
		out->points = xrealloc(out->points, *alloc * sizeof(*out->points));
	}
	out->points[out->n++] = *cp;
}

static void fill_interval(struct change_point *cp, double d, double se, double df)
{
	double h = isfinite(se) ? student_t_quantile(0.975, df) * se : NAN;

	cp->pct = 100.0 * expm1(d);
	cp->pct_low = 100.0 * expm1(d - h);
	cp->pct_high = 100.0 * expm1(d + h);
}

/* the squared error of levels either side of a split at b of [a, c) */
static double split_sse(const struct series *s, size_t a, size_t b, size_t c, int by_runs)
{
	return by_runs ? runs_ss(s, a, b) + runs_ss(s, b, c) : means_ss(s, a, b) + means_ss(s, b, c);
}

/*
 * The 95% confidence set of the position of the step at b in [a, c),
 * by the split's profile likelihood: every b' whose squared error is
 * within CHANGES_SET_LR noise variances of the least. Not the 3.84 of
 * chi-square: for a mean shift the statistic is the largest of a
 * two-sided random walk with drift, whose limit max(2 W(t) - |t|) has
 * P(<= x) = (1 - exp(-x / 2))^2 (Bhattacharya; Yao 1987), x = 7.35 at
 * 95% (conservative on kernels, a discrete walk). Sets [*lo, *hi]: the
 * first kernels after the change it may be, b itself always in.
 */
static void step_set(const struct series *s, size_t a, size_t b, size_t c, size_t *lo, size_t *hi)
{
	int by_runs = one_session(s, a, c);
	double n = by_runs ? (double)(s->off[c] - s->off[a]) : (double)(c - a);
	double least = INFINITY, var, bound;
	size_t k;

	*lo = *hi = b;
	for (k = a + 1; k < c; k++)
		least = fmin(least, split_sse(s, a, k, c, by_runs));
	if (n - 2.0 < 1.0 || !isfinite(least))
		return;
	var = least / (n - 2.0);
	bound = least + CHANGES_SET_LR * var;
	for (k = a + 1; k < c; k++)
		if (split_sse(s, a, k, c, by_runs) <= bound) {
			*lo = k < *lo ? k : *lo;
			*hi = k > *hi ? k : *hi;
		}
}

static void step_point(const struct series *s, const struct cands *cs, size_t i,
		       struct change_point *cp)
{
	size_t a = i ? cs->at[i - 1] : 0, b = cs->at[i], c = i + 1 < cs->n ? cs->at[i + 1] : s->m;
	struct split_test t;
	size_t lo, hi;

	test_split(s, a, b, c, &t);
	step_set(s, a, b, c, &lo, &hi);
	memset(cp, 0, sizeof(*cp));
	cp->kind = CHANGE_STEP;
	cp->before = s->idx[b - 1];
	cp->after = s->idx[b];
	cp->set_before = s->idx[lo - 1];
	cp->set_after = s->idx[hi];
	cp->set_width = hi - lo + 1;
	cp->mean_before = exp(t.mean_a + s->centre);
	cp->mean_after = exp(t.mean_b + s->centre);
	cp->p = t.p;
	cp->drift = t.drift;
	fill_interval(cp, t.d, t.se, t.df);
}

/*
 * A ramp over [a, c): the kernels' means at one level up to kernel r0,
 * rising in a straight line to r1, at another from there on. Given r0
 * and r1 it is a line in one regressor, g(k) = clamp(k - r0, 0, r1 - r0),
 * fitted by least squares from prefix sums in O(1); r0 = b - 1, r1 = b
 * is a step at b.
 */
struct ramp_fit {
	size_t r0, r1;
	double level, slope;	/* ln, centred: at r0, and per kernel */
	double rss, sgg;	/* squared error; g's squared deviations */
};

static double sum_to(double l) { return l * (l - 1.0) / 2.0; }		/* 1 .. l - 1 */
static double squares_to(double l) { return (l - 1.0) * l * (2.0 * l - 1.0) / 6.0; }

static void fit_ramp(const struct series *s, size_t a, size_t c, size_t r0, size_t r1,
		     struct ramp_fit *f)
{
	double n = (double)(c - a), len = (double)(r1 - r0), tail = (double)(c - r1);
	double sy = s->pm[c] - s->pm[a], syy = s->pmm[c] - s->pmm[a];
	double sg = sum_to(len) + len * tail, sgg = squares_to(len) + len * len * tail;
	double sgy = s->pkm[r1] - s->pkm[r0 + 1] - (double)r0 * (s->pm[r1] - s->pm[r0 + 1]) +
		     len * (s->pm[c] - s->pm[r1]);
	double cgy = sgy - sg * sy / n, cgg = sgg - sg * sg / n;

	f->r0 = r0;
	f->r1 = r1;
	f->slope = cgg > 0.0 ? cgy / cgg : 0.0;
	f->level = (sy - f->slope * sg) / n;
	f->rss = clamp0(syy - sy * sy / n - f->slope * cgy);
	f->sgg = cgg;
}

/* the best ramp of [a, c) whose ends are in [r0lo, r0hi) and (r0, r1hi], every step'th */
static void ramp_grid(const struct series *s, size_t a, size_t c, size_t r0lo, size_t r0hi,
		      size_t r1lo, size_t r1hi, size_t step, struct ramp_fit *best)
{
	struct ramp_fit f;

	for (size_t r0 = r0lo; r0 < r0hi; r0 += step)
		for (size_t r1 = r1lo > r0 ? r1lo : r0 + 1; r1 <= r1hi; r1 += step) {
			fit_ramp(s, a, c, r0, r1, &f);
			if (f.rss < best->rss)
				*best = f;
		}
}

/*
 * The ramp of [a, c) that fits best: it starts before b1 and ends after
 * b0 (the first and last change), within reach of them; over a wide
 * reach on a grid first, then kernel by kernel around the grid's best
 */
static void best_ramp(const struct series *s, size_t a, size_t c, size_t b0, size_t b1,
		      struct ramp_fit *best)
{
	size_t reach = 4 * (s->o->window >= 4 ? s->o->window : CHANGES_WINDOW);
	size_t lo = b0 - a > reach ? b0 - reach : a, hi = c - b1 > reach ? b1 + reach : c - 1;
	size_t step = (hi - lo) / 128 + 1, r0, r1;

	memset(best, 0, sizeof(*best));
	best->r0 = best->r1 = b0;
	best->rss = INFINITY;
	ramp_grid(s, a, c, lo, b1, b0, hi, step, best);
	if (step == 1 || !isfinite(best->rss))
		return;
	r0 = best->r0;
	r1 = best->r1;
	ramp_grid(s, a, c, r0 - a > step ? r0 - step : a, r0 + step < b1 ? r0 + step : b1,
		  r1 - b0 > step ? r1 - step : b0, r1 + step < hi ? r1 + step : hi, 1, best);
}

/*
 * Changes i .. j - 1, one way: one ramp when it explains the kernels'
 * means better than the steps, by a criterion of squared error in noise
 * variances plus CHANGES_RAMP_PENALTY per parameter (a ramp has 4: two
 * levels, two ends; g steps 2 g + 1): a lone step becomes a ramp only when
 * a slope over 3 kernels or more fits clearly better, several steps
 * one way when a line fits nearly as well
 */
static int ramp_point(const struct series *s, const struct cands *cs, size_t i, size_t j,
		      struct change_point *cp)
{
	size_t a = i ? cs->at[i - 1] : 0, c = j < cs->n ? cs->at[j] : s->m, k, lo;
	double rss_steps = 0.0, n = (double)(c - a), var, len, se, df;
	struct ramp_fit f;

	if (c - a < 6)
		return 0;
	for (k = i, lo = a; k <= j; k++) {
		size_t hi = k < j ? cs->at[k] : c;

		rss_steps += means_ss(s, lo, hi);
		lo = hi;
	}
	best_ramp(s, a, c, cs->at[i], cs->at[j - 1], &f);
	var = f.rss / (n - 4.0);
	if (f.r1 - f.r0 < 3 || !(var > 0.0) ||
	    (rss_steps - f.rss) / var <= (3.0 - 2.0 * (double)(j - i)) * CHANGES_RAMP_PENALTY)
		return 0;
	len = (double)(f.r1 - f.r0);
	df = n - 4.0;
	se = sqrt(var / f.sgg) * len;
	memset(cp, 0, sizeof(*cp));
	cp->kind = CHANGE_RAMP;
	cp->drift = !one_session(s, a, c);
	if (cp->drift && s->o->tau2 > 0.0)
		se = sqrt(se * se + 2.0 * s->o->tau2);
	cp->before = cp->set_before = s->idx[f.r0];
	cp->after = cp->set_after = s->idx[f.r1];
	cp->set_width = f.r1 - f.r0 + 1;
	cp->mean_before = exp(f.level + s->centre);
	cp->mean_after = exp(f.level + f.slope * len + s->centre);
	cp->p = se > 0.0 ? 2.0 * student_t_cdf(-fabs(f.slope * len / se), df) : 0.0;
	fill_interval(cp, f.slope * len, se, df);
	return 1;
}

/*
 * The points: a ramp where ramp_point says the changes from i on are one
 * (the most of a run of changes one way it can take), else i's step. A
 * ramp takes in changes next to it, either way, while it still explains
 * them all: a kernel of noise at a ramp's foot is a candidate of its own,
 * and would cut the ramp in two.
 */
static void report_points(const struct series *s, const struct cands *cs, struct changes *out)
{
	size_t alloc = 0, i = 0, j, run, steps = 0;
	struct change_point cp, wider;
	int *up = xcalloc(cs->n + 1, sizeof(*up)), ramp;

	for (i = 0; i < cs->n; i++) {
		step_point(s, cs, i, &cp);
		up[i] = cp.pct > 0.0;
	}
	for (i = 0; i < cs->n; i = j) {
		for (run = i + 1; run < cs->n && up[run] == up[i]; run++)
			;
		/* a few tries: a ramp's run of changes is taken whole, or nearly */
		for (ramp = 0, j = run; !ramp && j > i && j + CHANGES_RAMP_TRIES > run; j--)
			ramp = ramp_point(s, cs, i, j, &cp);
		if (!ramp) {
			step_point(s, cs, i, &cp);
			add_point(out, &alloc, &cp);
			steps++;
			j = i + 1;
			continue;
		}
		j++;
		for (; steps && ramp_point(s, cs, i - 1, j, &wider); steps--, i--) {
			out->n--;	/* the step before is the ramp's */
			cp = wider;
		}
		for (; j < cs->n && ramp_point(s, cs, i, j + 1, &wider); j++)
			cp = wider;
		add_point(out, &alloc, &cp);
		steps = 0;
	}
	free(up);
}

/* the least change a split in the middle could see, the noise taken within the segments */
static double least_visible(const struct series *s, const struct cands *cs)
{
	double ss = 0.0, n, na, nb, var, se, df, tau2 = 0.0;
	size_t lo = 0, k;
	int by_kernels;

	if (s->m < 2)
		return NAN;
	by_kernels = !one_session(s, 0, s->m);
	for (k = 0; k <= cs->n; k++) {
		size_t hi = k < cs->n ? cs->at[k] : s->m;

		ss += by_kernels ? means_ss(s, lo, hi) : runs_ss(s, lo, hi);
		lo = hi;
	}
	n = by_kernels ? (double)s->m : (double)s->off[s->m];
	df = n - (double)(cs->n + 1);
	na = floor(n / 2.0);
	nb = n - na;
	if (by_kernels)
		tau2 = s->o->tau2 > 0.0 ? s->o->tau2 : 0.0;
	/* a split of the series leaves n - 2 degrees of freedom */
	if (n - 2.0 < 1.0 && !(by_kernels && tau2 > 0.0))
		return NAN;
	var = df >= 1.0 ? ss / df * (1.0 / na + 1.0 / nb) : 0.0;
	se = sqrt(var + 2.0 * tau2);
	if (df < 1.0)
		df = INFINITY;
	return 100.0 * expm1(mde_of_se(se, df, s->o->alpha / (double)(s->m - 1), 0.8));
}

void changes_find(const struct changes_kernel *k, size_t n, const struct changes_opts *o,
		  struct changes *out)
{
	size_t window = o->window >= 4 ? o->window : CHANGES_WINDOW, start, end;
	struct cands cs = { NULL, 0, 0 };
	struct series s;

	memset(out, 0, sizeof(*out));
	series_init(&s, k, n, o, out);
	for (start = 0; s.m >= 2; start += window / 2) {
		end = start + window < s.m ? start + window : s.m;
		bisect_window(&s, start, end, &cs);
		if (end == s.m)
			break;
	}
	prune(&s, &cs);
	report_points(&s, &cs, out);
	out->mde_pct = least_visible(&s, &cs);
	free(cs.at);
	series_release(&s);
}

void changes_release(struct changes *c)
{
	free(c->points);
	memset(c, 0, sizeof(*c));
}

int changes_can_see(const struct changes *c, double min_pct)
{
	if (isnan(c->mde_pct))
		return 0;
	return min_pct <= 0.0 || c->mde_pct <= min_pct;
}

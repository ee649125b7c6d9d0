/* bisect.c - a bisection whose every step is a test, see bisect.h */
#include "results/bisect.h"
#include "results/compare.h"
#include "results/sequential.h"
#include "results/stats.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

void bisect_opts_init(struct bisect_opts *o)
{
	o->alpha = BISECT_ALPHA;
	o->max_rounds = BISECT_MAX_ROUNDS;
}

size_t bisect_steps(size_t n)
{
	size_t steps = 0;

	for (size_t gap = n > 1 ? n - 1 : 1; gap > 1; gap = (gap + 1) / 2)
		steps++;
	return steps;
}

const char *bisect_outcome_name(enum bisect_outcome outcome)
{
	static const char *const names[] = { "culprit", "range", "not confirmed", "stopped" };

	return names[outcome];
}

/*
 * A bisection in progress. Its noise is pooled over every round measured:
 * a round's ln(time)s less the round's mean and each commit's mean (a
 * two-way analysis of variance of each step's rounds, (R - 1)(k - 1)
 * degrees of freedom) estimate the per-run variance whatever the round's
 * speed and the commits' true times.
 */
struct bisection {
	const struct bisect_ops *ops;
	const struct bisect_opts *o;
	struct bisect_result *res;
	double pooled_ss, pooled_df;
};

/* what a step's rounds say */
enum side {
	SIDE_NONE = BISECT_UNPLACED, SIDE_GOOD = BISECT_GOOD, SIDE_BAD = BISECT_BAD,
	SIDE_BETWEEN = BISECT_BETWEEN, SIDE_STOP
};

enum bisect_side bisect_place(int c_slower, int hi_slower)
{
	return c_slower && hi_slower ? BISECT_BETWEEN : c_slower ? BISECT_BAD :
	       hi_slower ? BISECT_GOOD : BISECT_UNPLACED;
}

static int decided_worse(const struct compare_row *row)
{
	return row && compare_has_verdict(row) && row->verdict.kind == VERDICT_WORSE;
}

enum bisect_side bisect_judge(const struct compare_row *vs_good, const struct compare_row *bad_vs)
{
	return bisect_place(decided_worse(vs_good), decided_worse(bad_vs));
}

const char *bisect_regressed_load(const struct compare *c, const char *bad, const char *metric)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (!strcmp(row->kernel, bad) && decided_worse(row) &&
		    (metric ? !strcmp(compare_metric_label(c, row), metric) : row->main))
			return row->load;
	}
	return NULL;
}

/* a step's rounds: y[r][i] = ln(time) of commit i in round r */
struct rounds {
	double (*y)[3];
	size_t n, k;
};

/* the residual sum of squares of the rounds after the round and commit means */
static double residual_ss(const struct rounds *rs)
{
	double row[BISECT_MAX_CAP], col[3] = { 0 }, grand = 0, ss = 0;

	for (size_t r = 0; r < rs->n; r++) {
		row[r] = 0;
		for (size_t i = 0; i < rs->k; i++) {
			row[r] += rs->y[r][i] / (double)rs->k;
			col[i] += rs->y[r][i] / (double)rs->n;
			grand += rs->y[r][i] / (double)(rs->n * rs->k);
		}
	}
	for (size_t r = 0; r < rs->n; r++)
		for (size_t i = 0; i < rs->k; i++) {
			double e = rs->y[r][i] - row[r] - col[i] + grand;

			ss += e * e;
		}
	return ss;
}

/*
 * One-sided p that commit b of the rounds is slower than commit a (the
 * mean of ln b - ln a above 0), by the pooled noise; NAN without enough
 */
static double slower_p(const struct rounds *rs, size_t ia, size_t ib, double ss, double df)
{
	double mean = 0, se;

	if (df < 1 || rs->n < 2)
		return NAN;
	for (size_t r = 0; r < rs->n; r++)
		mean += (rs->y[r][ib] - rs->y[r][ia]) / (double)rs->n;
	se = sqrt(2.0 * ss / df / (double)rs->n);
	return se > 0 ? student_t_cdf(-mean / se, df) : mean > 0 ? 0.0 : 1.0;
}

/*
 * Rounds of commits (2: a, b; 3: lo, c, hi), in turned order every other
 * round, looked at after each from the third at alpha spent over the
 * looks, until the tests say where they are or the cap. With 2, SIDE_BAD
 * is b slower than a, SIDE_GOOD a slower than b. With 3, c is placed bad
 * when it is slower than lo and hi is not slower than it, good the other
 * way round; both slower (c between the two) is SIDE_BETWEEN. est gets
 * the means of ln b - ln a (2), or of ln c - ln lo and ln hi - ln c (3),
 * at the end.
 */
static enum side measure(struct bisection *b, const size_t *commits, size_t k, double alpha,
			 double est[2])
{
	size_t looks = sequential_looks(b->o->max_rounds), turned[3], look;
	double y[BISECT_MAX_CAP][3], t[3], ss = 0, df = 0, p1, p2;
	struct rounds rs = { y, 0, k };
	enum side side = SIDE_NONE;

	for (size_t i = 0; i < k; i++)
		turned[i] = commits[k - 1 - i];
	for (size_t r = 1; r <= b->o->max_rounds && side == SIDE_NONE; r++) {
		int odd = r % 2, fine = 1;

		if (b->ops->round(b->ops->ctx, odd ? commits : turned, k, t) < 0)
			return SIDE_STOP;
		b->res->rounds++;
		b->res->runs += k;
		for (size_t i = 0; i < k; i++) {
			double v = t[odd ? i : k - 1 - i];

			fine &= v > 0;
			y[rs.n][i] = fine ? log(v) : 0;
		}
		if (!fine)
			continue;	/* a failed run: the round does not count */
		rs.n++;
		if (!(look = sequential_look(rs.n)))
			continue;
		ss = b->pooled_ss + residual_ss(&rs);
		df = b->pooled_df + (double)((rs.n - 1) * (k - 1));
		if (k == 2) {
			p1 = slower_p(&rs, 0, 1, ss, df);
			p2 = slower_p(&rs, 1, 0, ss, df);
			side = p1 < sequential_alpha(look, looks, alpha) ? SIDE_BAD :
			       p2 < sequential_alpha(look, looks, alpha) ? SIDE_GOOD : SIDE_NONE;
		} else {
			double a_k = sequential_alpha(look, looks, alpha);
			int c_slower = slower_p(&rs, 0, 1, ss, df) < a_k;
			int hi_slower = slower_p(&rs, 1, 2, ss, df) < a_k;

			side = (enum side)bisect_place(c_slower, hi_slower);
		}
	}
	if (rs.n >= 2) {
		b->pooled_ss += residual_ss(&rs);
		b->pooled_df += (double)((rs.n - 1) * (k - 1));
	}
	if (est)
		for (size_t i = 0; i + 1 < k; i++) {
			est[i] = rs.n ? 0 : NAN;
			for (size_t r = 0; r < rs.n; r++)
				est[i] += (y[r][i + 1] - y[r][i]) / (double)rs.n;
		}
	return side;
}

/*
 * The smallest difference a step's one-sided test at the cap's look (of
 * alpha_step) finds, from the noise pooled so far and the degrees of
 * freedom a step at the cap would add: the percent change a step can
 * place, whatever it measured. Its power is each step's share of 0.8
 * over the steps and the last check (0.8^(1 / (S + 1))): a bisection
 * places every step of a regression that size 4 times in 5, where 0.8 a
 * step would be 1 in 3 over four steps and the check.
 */
/* the standard error of a log ratio over n rounds, from the runs' pooled
 * variance; NAN before there is one */
static double pooled_se(const struct bisection *b, size_t n)
{
	return b->pooled_df >= 1 ? sqrt(2.0 * b->pooled_ss / b->pooled_df / (double)n) : NAN;
}

static double step_mde_pct(const struct bisection *b, double alpha_step, size_t steps)
{
	size_t cap = b->o->max_rounds, looks = sequential_looks(cap);
	double df = b->pooled_df + (double)(2 * (cap - 1)), se = pooled_se(b, cap);
	double power = pow(0.8, 1.0 / (double)(steps + 1));

	if (!isfinite(se))
		return NAN;
	return 100.0 * expm1(mde_of_se(se, df, 2.0 * sequential_alpha(looks, looks, alpha_step),
				       power));
}

static void placed(struct bisection *b, size_t commit, int side)
{
	if (b->ops->placed)
		b->ops->placed(b->ops->ctx, commit, side, b->res->rounds);
}

/* the untried commit in (lo, hi) nearest the middle, or 0 when none */
static size_t next_commit(size_t lo, size_t hi, const unsigned char *tried)
{
	size_t mid = lo + (hi - lo) / 2;

	for (size_t off = 0; off < hi - lo; off++) {
		if (mid + off < hi && !tried[mid + off])
			return mid + off;
		if (mid >= lo + 1 + off && !tried[mid - off])
			return mid - off;
	}
	return 0;
}

/* 0: bad is confirmed slower than good; else the result says why not */
static enum side confirm(struct bisection *b, size_t n)
{
	const size_t ends[2] = { 0, n - 1 };
	double est[2];
	enum side side;

	int ret = b->ops->prepare(b->ops->ctx, 0);

	if (ret == 0)
		ret = b->ops->prepare(b->ops->ctx, n - 1);
	if (ret == BISECT_STOP)
		return SIDE_STOP;
	if (ret < 0) {
		b->res->why = "good or bad cannot be measured";
		return SIDE_NONE;
	}
	side = measure(b, ends, 2, b->o->alpha, est);
	b->res->change_pct = 100.0 * expm1(est[0]);
	if (side == SIDE_NONE) {
		double se = pooled_se(b, b->o->max_rounds);

		b->res->mde_pct = 100.0 * expm1(mde_of_se(se, b->pooled_df, b->o->alpha, 0.8));
		b->res->why = "the rounds could not tell bad from good";
	} else if (side == SIDE_GOOD) {
		b->res->why = "bad is faster than good";
	}
	return side;
}

void bisect_run(size_t n, const struct bisect_ops *ops, const struct bisect_opts *o,
		struct bisect_result *res)
{
	struct bisection b = { ops, o, res, 0.0, 0.0 };
	double alpha_step = o->alpha / (double)(bisect_steps(n) + 1);
	unsigned char *tried = xcalloc(n + 1, 1);
	enum side side;
	double est[2];
	size_t c;

	memset(res, 0, sizeof(*res));
	res->hi = n - 1;
	res->change_pct = res->mde_pct = res->noise_pct = res->place_pct = NAN;
	res->step_lo_pct = res->step_hi_pct = res->step_mde_pct = NAN;
	tried[0] = tried[n - 1] = 1;
	side = confirm(&b, n);
	res->outcome = side == SIDE_STOP ? BISECT_STOPPED :
		       side == SIDE_BAD ? BISECT_RANGE : BISECT_NOT_CONFIRMED;
	if (b.pooled_df >= 1)
		res->noise_pct = 100.0 * expm1(sqrt(b.pooled_ss / b.pooled_df));
	res->place_pct = step_mde_pct(&b, alpha_step, bisect_steps(n));
	if (res->outcome == BISECT_RANGE && ops->confirmed)
		ops->confirmed(ops->ctx);
	while (res->outcome == BISECT_RANGE && res->hi - res->lo > 1) {
		if (!(c = next_commit(res->lo, res->hi, tried))) {
			res->why = "every commit between was skipped";
			break;
		}
		int ret = ops->prepare(ops->ctx, c);

		if (ret == BISECT_STOP) {	/* not tried: --resume builds it again */
			res->outcome = BISECT_STOPPED;
			break;
		}
		tried[c] = 1;
		res->steps++;
		if (ret < 0)
			continue;
		side = measure(&b, (const size_t[]){ res->lo, c, res->hi }, 3, alpha_step, est);
		if (side == SIDE_STOP) {	/* interrupted: no verdict on c, --resume goes on */
			res->outcome = BISECT_STOPPED;
			break;
		}
		if (side == SIDE_NONE || side == SIDE_BETWEEN) {
			res->why = side == SIDE_NONE ? "a midpoint could not be placed" :
				   "a midpoint is slower than good and faster than bad";
			res->step_lo_pct = 100.0 * expm1(est[0]);
			res->step_hi_pct = 100.0 * expm1(est[1]);
			res->step_mde_pct = step_mde_pct(&b, alpha_step, bisect_steps(n));
			res->step_between = side == SIDE_BETWEEN;
		}
		placed(&b, c, side == SIDE_BAD ? 1 : side == SIDE_GOOD ? 0 : -1);
		if (side != SIDE_BAD && side != SIDE_GOOD)
			break;
		*(side == SIDE_BAD ? &res->hi : &res->lo) = c;
	}
	if (res->outcome == BISECT_RANGE && res->hi - res->lo == 1 && !res->why) {
		side = measure(&b, (const size_t[]){ res->lo, res->hi }, 2, alpha_step, NULL);
		res->outcome = side == SIDE_STOP ? BISECT_STOPPED :
			       side == SIDE_BAD ? BISECT_CULPRIT : BISECT_RANGE;
		if (res->outcome == BISECT_RANGE)
			res->why = "the last check did not decide it slower than its parent";
	}
	free(tried);
}

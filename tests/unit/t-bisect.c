/* t-bisect.c - results/bisect.c driven by seeded simulated measurements, and its rule
 * as contest judge asks it of compare's rows */
#include "results/bisect.h"
#include "results/compare.h"
#include "tap.h"
#include "rng.h"

#include <math.h>
#include <string.h>

/* commits 0..n-1; from culprit on, step slower; noise sd per run; each
 * round's speed varies by round_sd, shared by its runs; skip[] cannot build */
struct sim {
	size_t culprit;
	double step, sd, round_sd;
	const unsigned char *skip;
	size_t prepared, stop_at;	/* stop_at: prepare says stop there (an interrupt) */
};

static int sim_prepare(void *ctx, size_t commit)
{
	struct sim *s = ctx;

	s->prepared++;
	if (s->stop_at && s->prepared == s->stop_at)
		return BISECT_STOP;
	return s->skip && s->skip[commit] ? BISECT_SKIP : 0;
}

static int sim_round(void *ctx, const size_t *commits, size_t n, double *times)
{
	struct sim *s = ctx;
	double speed = exp(s->round_sd * rng_normal());

	for (size_t i = 0; i < n; i++)
		times[i] = 100.0 * speed * (commits[i] >= s->culprit ? 1.0 + s->step : 1.0) *
			   (1.0 + s->sd * rng_normal());
	return 0;
}

/* sim_round until the first step's second round, which is interrupted */
struct stop_in_step {
	struct sim *s;
	int steps_rounds, unplaced, placed, pad;
};

static int stop_round(void *ctx, const size_t *commits, size_t n, double *times)
{
	struct stop_in_step *st = ctx;

	if (n == 3 && ++st->steps_rounds == 2)
		return -1;
	return sim_round(st->s, commits, n, times);
}

static int stop_prepare(void *ctx, size_t commit)
{
	return sim_prepare(((struct stop_in_step *)ctx)->s, commit);
}

static void stop_placed(void *ctx, size_t commit, int bad, size_t rounds)
{
	struct stop_in_step *st = ctx;

	(void)commit;
	(void)rounds;
	st->placed++;
	st->unplaced += bad == -1;
}

/* what a bisection says it can see: when it is told, what the result holds */
struct watch {
	struct sim *s;
	const struct bisect_result *r;
	int confirmed, placed, confirmed_first;
	double place_pct, noise_pct;
};

static int watch_prepare(void *ctx, size_t commit)
{
	return sim_prepare(((struct watch *)ctx)->s, commit);
}

static int watch_round(void *ctx, const size_t *commits, size_t n, double *times)
{
	return sim_round(((struct watch *)ctx)->s, commits, n, times);
}

/* two regressions of s->step: at s->culprit and at commit 11 */
static int two_steps_round(void *ctx, const size_t *commits, size_t n, double *times)
{
	struct watch *w = ctx;

	sim_round(w->s, commits, n, times);
	for (size_t i = 0; i < n; i++)
		times[i] *= commits[i] >= 11 ? 1.0 + w->s->step : 1.0;
	return 0;
}

static void watch_placed(void *ctx, size_t commit, int bad, size_t rounds)
{
	struct watch *w = ctx;

	(void)commit;
	(void)bad;
	(void)rounds;
	w->placed++;
}

static void watch_confirmed(void *ctx)
{
	struct watch *w = ctx;

	w->confirmed++;
	w->confirmed_first = !w->placed;
	w->place_pct = w->r->place_pct;
	w->noise_pct = w->r->noise_pct;
}

static void test_what_it_sees(void)
{
	struct sim s = { 12, 0.10, 0.03, 0.03, NULL, 0, 0 };
	struct bisect_result r;
	struct watch w = { &s, &r, 0, 0, 0, NAN, NAN };
	struct bisect_ops ops = { watch_prepare, watch_round, watch_placed, &w, watch_confirmed };
	struct bisect_opts o;
	int unplaced = 0, figures = 1;

	bisect_opts_init(&o);
	rng_seed(111);
	bisect_run(16, &ops, &o, &r);
	ok(w.confirmed == 1 && w.confirmed_first && w.placed > 0,
	   "told once bad is confirmed, before the first step (%d times, %d steps)", w.confirmed,
	   w.placed);
	ok(w.noise_pct > 0 && w.place_pct > w.noise_pct && w.place_pct < 10,
	   "a run's variation (%.2f%%, of a few rounds), the smallest difference a step "
	   "places above it and below the 10%% step (%.2f%%)", w.noise_pct, w.place_pct);
	ok(!isfinite(r.step_mde_pct) && !isfinite(r.step_lo_pct),
	   "every step placed: no unplaced step's figures");
	/* two regressions: the first midpoint is between good and bad */
	ops.round = two_steps_round;
	s.culprit = 4;
	s.step = 0.3;
	s.sd = 0.01;
	rng_seed(112);
	bisect_run(16, &ops, &o, &r);
	printf("# two regressions: outcome %d, (%zu, %zu], %s\n", (int)r.outcome, r.lo, r.hi,
	       r.why ? r.why : "-");
	ok(r.outcome == BISECT_RANGE && r.step_between && fabs(r.step_lo_pct - 30) < 5 &&
	   fabs(r.step_hi_pct - 30) < 5 && r.step_mde_pct > 0 && r.step_mde_pct < 30,
	   "a midpoint between two regressions: +%.1f%% and +%.1f%%, a step sees %.1f%%",
	   r.step_lo_pct, r.step_hi_pct, r.step_mde_pct);
	/* a step the cap cannot place: its differences and the MDE it reached */
	ops.round = watch_round;
	s.step = 0.04;
	s.sd = 0.05;
	rng_seed(113);
	for (int i = 0; i < 200 && unplaced < 20; i++) {
		s.culprit = 1 + rng_next() % 15;
		bisect_run(16, &ops, &o, &r);
		if (r.outcome != BISECT_RANGE || r.step_between || !r.why ||
		    strcmp(r.why, "a midpoint could not be placed"))
			continue;
		unplaced++;
		figures &= isfinite(r.step_lo_pct) && isfinite(r.step_hi_pct) &&
			   r.step_mde_pct > fabs(r.step_lo_pct) / 4 && r.step_mde_pct < 100;
	}
	ok(unplaced > 0 && figures, "midpoints not placed (%d): each with its two differences "
	   "and the MDE it reached", unplaced);
}

struct tally {
	int named_right, named_wrong, range_holds, range_misses, refused;
	double runs;
};

static void bisect_many(int trials, size_t n, double step, double sd, struct tally *t,
			const unsigned char *skip, size_t culprit)
{
	struct bisect_opts o;
	struct bisect_result r;

	memset(t, 0, sizeof(*t));
	bisect_opts_init(&o);
	for (int i = 0; i < trials; i++) {
		struct sim s = { culprit ? culprit : 1 + rng_next() % (n - 1), step, sd, 0.03,
				 skip, 0, 0 };
		struct bisect_ops ops = { sim_prepare, sim_round, NULL, &s, NULL };

		bisect_run(n, &ops, &o, &r);
		t->runs += (double)r.runs;
		if (r.outcome == BISECT_CULPRIT)
			*(r.hi == s.culprit ? &t->named_right : &t->named_wrong) += 1;
		else if (r.outcome == BISECT_RANGE)
			*(r.lo < s.culprit && s.culprit <= r.hi ? &t->range_holds :
			  &t->range_misses) += 1;
		else
			t->refused++;
	}
	t->runs /= trials;
}

/* a NEW row of kernel on load by metric, its verdict kind (-1: no verdict, TEST_MISSING) */
static struct compare_row judged_row(const char *load, const char *kernel, int metric, int main_,
				     int kind)
{
	struct compare_row row;

	memset(&row, 0, sizeof(row));
	row.load = load;
	row.kernel = kernel;
	row.metric = (short)metric;
	row.main = (unsigned char)main_;
	row.test = kind < 0 ? TEST_MISSING : TEST_ONE_RUN;
	row.verdict.kind = kind < 0 ? VERDICT_UNDECIDED : (enum verdict_kind)kind;
	return row;
}

/* contest judge's rule (bisect_judge) and the load it judges by (bisect_regressed_load) */
static void judge_rule(void)
{
	struct compare_row worse = judged_row("noload", "cand", METRIC_TIME, 1, VERDICT_WORSE);
	struct compare_row same = judged_row("noload", "cand", METRIC_TIME, 1, VERDICT_SAME);
	struct compare_row better = judged_row("noload", "cand", METRIC_TIME, 1, VERDICT_BETTER);
	struct compare_row none = judged_row("noload", "cand", METRIC_TIME, 1, -1);
	struct compare_row rows[5];
	struct compare c;

	ok(bisect_judge(&worse, &same) == BISECT_BAD, "worse than good, bad like it: bad");
	ok(bisect_judge(&same, &worse) == BISECT_GOOD, "like good, bad worse than it: good");
	ok(bisect_judge(&worse, &worse) == BISECT_BETWEEN, "both worse: between the two");
	ok(bisect_judge(&same, &better) == BISECT_UNPLACED, "neither worse: not placed");
	ok(bisect_judge(&none, &worse) == BISECT_GOOD && bisect_judge(NULL, &same) == BISECT_UNPLACED,
	   "a row without a verdict, or none, is not worse");

	memset(&c, 0, sizeof(c));
	rows[0] = judged_row("noload", "bad", METRIC_TIME, 1, VERDICT_SAME);
	rows[1] = judged_row("io_load", "cand", METRIC_TIME, 1, VERDICT_WORSE);
	rows[2] = judged_row("io_load", "bad", METRIC_CPU, 0, VERDICT_WORSE);
	rows[3] = judged_row("mem_load", "bad", METRIC_TIME, 1, VERDICT_WORSE);
	rows[4] = judged_row("dbench_load", "bad", METRIC_LOADS, 0, VERDICT_WORSE);
	c.rows = rows;
	c.nrows = 5;
	ok(bisect_regressed_load(&c, "bad", NULL) && !strcmp(bisect_regressed_load(&c, "bad", NULL),
	   "mem_load"), "the first load bad is worse on by its main metric, not another's row");
	ok(bisect_regressed_load(&c, "bad", "CPU%") &&
	   !strcmp(bisect_regressed_load(&c, "bad", "CPU%"), "io_load"),
	   "by a metric asked, that metric's rows");
	ok(bisect_regressed_load(&c, "bad", "Loads") &&
	   !strcmp(bisect_regressed_load(&c, "bad", "Loads"), "dbench_load"), "Loads too");
	ok(!bisect_regressed_load(&c, "bad", "LCPU%") && !bisect_regressed_load(&c, "nobody", NULL),
	   "NULL when bad is worse on none");
}

int main(void)
{
	struct tally t;
	unsigned char skip[16] = { 0 };

	judge_rule();
	ok(bisect_steps(16) == 4 && bisect_steps(2) == 0 && bisect_steps(3) == 1 &&
	   bisect_steps(65) == 6, "steps: ceil(log2(n - 1))");
	/* the one rule bisect's steps and contest judge share */
	ok(bisect_place(1, 0) == BISECT_BAD && bisect_place(0, 1) == BISECT_GOOD &&
	   bisect_place(1, 1) == BISECT_BETWEEN && bisect_place(0, 0) == BISECT_UNPLACED,
	   "a midpoint is bad when only it is slower than good, good when only bad is "
	   "slower than it, between when both, unplaced when neither");

	rng_seed(101);
	bisect_many(1000, 16, 0.10, 0.03, &t, NULL, 0);
	printf("# 16 commits, 10%% step, 3%% noise: culprit %d, wrong %d, range %d (%d miss), "
	       "refused %d; %.0f runs a bisection\n", t.named_right, t.named_wrong, t.range_holds,
	       t.range_misses, t.refused, t.runs);
	ok(t.named_right >= 950, "10%% step at 3%% noise: the culprit is named in %d of 1000 "
	   "(at least 950)", t.named_right);
	ok(t.named_wrong <= 50, "and a wrong one no more often than alpha (%d)", t.named_wrong);

	rng_seed(102);
	bisect_many(1000, 16, 0.01, 0.05, &t, NULL, 0);
	printf("# 16 commits, 1%% step, 5%% noise: culprit %d, wrong %d, range %d (%d miss), "
	       "refused %d; %.0f runs a bisection\n", t.named_right, t.named_wrong, t.range_holds,
	       t.range_misses, t.refused, t.runs);
	ok(t.named_wrong <= 50, "a step too small for the cap: a wrong culprit in %d of 1000, "
	   "no more than alpha", t.named_wrong);
	ok(t.range_misses + t.named_wrong <= 50,
	   "its ranges hold the culprit (%d of %d miss)", t.range_misses, t.range_holds);
	ok(t.refused + t.range_holds >= 900, "and it says so: refused or a range (%d, %d)",
	   t.refused, t.range_holds);

	rng_seed(108);
	bisect_many(1000, 16, 0.04, 0.05, &t, NULL, 0);
	printf("# 16 commits, 4%% step, 5%% noise: culprit %d, wrong %d, range %d (%d miss), "
	       "refused %d; %.0f runs a bisection\n", t.named_right, t.named_wrong, t.range_holds,
	       t.range_misses, t.refused, t.runs);
	ok(t.named_wrong <= 50 && t.range_misses <= 50,
	   "a step the confirmation sees but a step may not place: wrong culprits %d, ranges "
	   "missing it %d of 1000, each at most alpha", t.named_wrong, t.range_misses);

	rng_seed(103);
	bisect_many(1000, 16, 0.0, 0.03, &t, NULL, 0);
	ok(t.refused >= 950, "no regression at all: refused %d of 1000", t.refused);

	/* commit 7 cannot be built and is the culprit: never named, a range holding it */
	skip[7] = 1;
	rng_seed(104);
	bisect_many(200, 16, 0.10, 0.03, &t, skip, 7);
	ok(t.named_right == 0 && t.named_wrong <= 10 && t.range_holds >= 190,
	   "a culprit that cannot be built: a range holding it (%d of 200; named %d, wrong %d)",
	   t.range_holds, t.named_right, t.named_wrong);
	/* commits 6, 7 and 8 skipped, the culprit 12: still named, the skips passed over */
	skip[6] = skip[8] = 1;
	rng_seed(105);
	bisect_many(200, 16, 0.10, 0.03, &t, skip, 12);
	ok(t.named_right >= 180, "skips on the bisection's path: culprit 12 named in %d of 200",
	   t.named_right);
	/* next to them, culprit 9 cannot be told from 6, 7, 8: as git bisect says, a range */
	rng_seed(107);
	bisect_many(200, 16, 0.10, 0.03, &t, skip, 9);
	ok(t.range_holds >= 190 && t.named_right + t.named_wrong == 0,
	   "a culprit right after skipped commits: the range holding it (%d of 200)",
	   t.range_holds);
	/* all of (lo, hi) skipped: the range is (5, 9] */
	rng_seed(106);
	bisect_many(200, 16, 0.10, 0.03, &t, skip, 8);
	ok(t.range_holds >= 190, "the culprit among skipped commits: a range holding it (%d of 200)",
	   t.range_holds);

	/* an interrupt while the second midpoint builds: stopped, the range so
	 * far, that midpoint neither skipped nor counted as a step */
	{
		struct sim s = { 12, 0.10, 0.03, 0.03, NULL, 0, 4 };
		struct bisect_ops ops = { sim_prepare, sim_round, NULL, &s, NULL };
		struct bisect_opts o;
		struct bisect_result r;

		bisect_opts_init(&o);
		rng_seed(109);
		bisect_run(16, &ops, &o, &r);
		ok(r.outcome == BISECT_STOPPED && r.steps == 1 && r.lo < 12 && r.hi >= 12 &&
		   !r.why, "stopped while preparing the 2nd midpoint: stopped (outcome %d), "
		   "1 step, the range so far (%zu, %zu]", (int)r.outcome, r.lo, r.hi);
		s.prepared = 0;
		s.stop_at = 1;
		bisect_run(16, &ops, &o, &r);
		ok(r.outcome == BISECT_STOPPED && r.steps == 0,
		   "stopped while preparing good: stopped, not refused (outcome %d)",
		   (int)r.outcome);
	}
	/* an interrupt inside a step's rounds (Ctrl-C while its guests run):
	 * stopped, and the step is not reported as one that cannot be placed */
	{
		struct sim s = { 12, 0.10, 0.03, 0.03, NULL, 0, 0 };
		struct stop_in_step st = { &s, 0, 0, 0, 0 };
		struct bisect_ops ops = { stop_prepare, stop_round, stop_placed, &st, NULL };
		struct bisect_opts o;
		struct bisect_result r;

		bisect_opts_init(&o);
		rng_seed(110);
		bisect_run(16, &ops, &o, &r);
		ok(r.outcome == BISECT_STOPPED && st.unplaced == 0,
		   "stopped in a step's rounds: stopped (outcome %d), no step said unplaced (%d)",
		   (int)r.outcome, st.unplaced);
	}
	test_what_it_sees();
	return tap_done();
}

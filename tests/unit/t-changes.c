/* t-changes.c - change points of seeded synthetic series with known truth */
#include "results/changes.h"
#include "lib/util.h"
#include "tap.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>

#define RUNS 3
#define MAXK 12000

static double values[MAXK * RUNS];
static struct changes_kernel ks[MAXK];

/*
 * n kernels of RUNS runs around 100 * level(k), noise_pct a run's SD;
 * each kernel its own session (sessions != 0) or all in one
 */
static void series(size_t n, double (*level)(size_t k), double noise_pct, int sessions)
{
	for (size_t k = 0; k < n; k++) {
		for (size_t r = 0; r < RUNS; r++)
			values[k * RUNS + r] = 100.0 * level(k) * (1.0 + noise_pct / 100.0 * rng_normal());
		ks[k] = (struct changes_kernel){ values + k * RUNS, RUNS, sessions ? (int)k : 0 };
	}
}

/* the series of seed, its change points under o (NULL: the defaults) */
static void find(uint64_t seed, size_t n, double (*level)(size_t k), double noise_pct,
		 int sessions, const struct changes_opts *o, struct changes *c)
{
	struct changes_opts def;

	if (!o) {
		changes_opts_init(&def);
		o = &def;
	}
	rng_seed(seed);
	series(n, level, noise_pct, sessions);
	changes_find(ks, n, o, c);
}

static double step37(size_t k) { return k < 37 ? 1.0 : 1.10; }
static double flat(size_t k) { (void)k; return 1.0; }
static double two_steps(size_t k) { return k < 30 ? 1.0 : k < 70 ? 1.08 : 0.96; }
static double small_step(size_t k) { return k < 50 ? 1.0 : 1.03; }
static double ramp(size_t k) { return 1.0 + 0.002 * (double)k; }
static double step36_5(size_t k) { return k < 36 ? 1.0 : 1.05; }

static int width_cmp(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;

	return x < y ? -1 : x > y;
}

/*
 * Where, within what: 200 series of 100 kernels, a 5% step after the
 * 36th kernel at 5% noise, 3 runs a kernel: the step's 95% set of
 * positions holds the true one in at least 93% (a miss, too, counts
 * against it), each kernel its own session and all in one
 */
static void test_where(void)
{
	size_t widths[200];
	int sessions;

	for (sessions = 1; sessions >= 0; sessions--) {
		int held = 0, found = 0, seed;

		for (seed = 0; seed < 200; seed++) {
			struct changes c;
			const struct change_point *cp;

			find(700 + (uint64_t)seed, 100, step36_5, 5.0, sessions, NULL, &c);
			cp = c.n ? &c.points[0] : NULL;
			for (size_t i = 1; i < c.n; i++)	/* the nearest */
				if (labs((long)c.points[i].after - 36) < labs((long)cp->after - 36))
					cp = &c.points[i];
			widths[seed] = cp ? cp->set_width : 0;
			found += cp != NULL;
			held += cp && cp->kind == CHANGE_STEP && cp->set_before < 36 &&
				cp->set_after >= 36 && cp->before >= cp->set_before &&
				cp->after <= cp->set_after;
			changes_release(&c);
		}
		qsort(widths, 200, sizeof(*widths), width_cmp);
		ok(held >= 186, "%s: the 95%% set of a 5%% step's position holds the true one in "
		   "%d of 200 (%.1f%%, >= 93%%; found %d), median width %zu kernels",
		   sessions ? "kernels in sessions of their own" : "one session", held,
		   held / 2.0, found, widths[100]);
	}
}

static void test_step(void)
{
	struct changes_opts o;
	struct changes c;

	changes_opts_init(&o);
	find(37, 100, step37, 2.0, 1, &o, &c);
	ok(c.n == 1, "a 10%% step at 2%% noise: one change point (%zu)", c.n);
	ok(c.n >= 1 && c.points[0].kind == CHANGE_STEP && c.points[0].before == 36 &&
	   c.points[0].after == 37, "found between kernel 36 and 37");
	ok(c.n >= 1 && c.points[0].pct_low < 10.0 && c.points[0].pct_high > 10.0 &&
	   c.points[0].pct > 8.0, "its interval holds 10%% (%.2f%%)", c.n ? c.points[0].pct : NAN);
	ok(c.n >= 1 && c.points[0].p < 0.001, "p small");
	ok(c.kernels == 100 && c.runs == 300, "every run used");
	changes_release(&c);
}

static void test_flat(void)
{
	struct changes_opts o;
	struct changes c;
	int quiet = 0, seed;

	changes_opts_init(&o);
	for (seed = 0; seed < 200; seed++) {
		find(1000 + (uint64_t)seed, 100, flat, 5.0, 1, &o, &c);
		quiet += c.n == 0;
		changes_release(&c);
	}
	ok(quiet >= 190, "a flat series at 5%% noise: no change in %d of 200 (>= 190)", quiet);
	/* the same in one session: tested by the runs */
	for (quiet = 0, seed = 0; seed < 200; seed++) {
		find(5000 + (uint64_t)seed, 100, flat, 5.0, 0, &o, &c);
		quiet += c.n == 0;
		changes_release(&c);
	}
	ok(quiet >= 190, "and in one session: no change in %d of 200", quiet);
}

static void test_two_steps(void)
{
	struct changes_opts o;
	struct changes c;

	changes_opts_init(&o);
	find(2, 100, two_steps, 2.0, 1, &o, &c);
	ok(c.n == 2, "two steps: two change points (%zu)", c.n);
	ok(c.n == 2 && c.points[0].after == 30 && c.points[1].after == 70,
	   "at 30 and at 70");
	ok(c.n == 2 && c.points[0].pct > 0 && c.points[1].pct < 0, "up, then down");
	changes_release(&c);
}

static void test_drift(void)
{
	struct changes_opts o;
	struct changes c;

	changes_opts_init(&o);
	find(3, 100, small_step, 1.0, 1, &o, &c);
	ok(c.n == 1, "a 3%% step at 1%% noise is found without a drift");
	changes_release(&c);
	o.tau2 = log(1.03) * log(1.03);	/* a drift of 3% */
	changes_find(ks, 100, &o, &c);
	ok(c.n == 0, "within a 3%% drift between sessions it is no change (%zu)", c.n);
	ok(!changes_can_see(&c, 3.0), "and the series says it cannot see 3%% (%.1f%%)", c.mde_pct);
	changes_release(&c);
	series(100, small_step, 1.0, 0);
	changes_find(ks, 100, &o, &c);
	ok(c.n == 1 && !c.points[0].drift, "in one session the drift does not apply");
	changes_release(&c);
}

/*
 * Each kernel its own session, each session's speed off by 3% (SD), the
 * runs within by 1%: kernels' means are the evidence, not their runs,
 * or every session's offset looks like a change
 */
static void test_sessions_by_kernels(void)
{
	struct changes_opts o;
	struct changes c;
	int quiet = 0;

	changes_opts_init(&o);
	for (int seed = 0; seed < 100; seed++) {
		rng_seed(9000 + (uint64_t)seed);
		for (size_t k = 0; k < 100; k++) {
			double session = 1.0 + 0.03 * rng_normal();

			for (size_t r = 0; r < RUNS; r++)
				values[k * RUNS + r] = 100.0 * session * (1.0 + 0.01 * rng_normal());
			ks[k] = (struct changes_kernel){ values + k * RUNS, RUNS, (int)k };
		}
		changes_find(ks, 100, &o, &c);
		quiet += c.n == 0;
		changes_release(&c);
	}
	ok(quiet >= 93, "sessions 3%% apart, runs 1%%: no change in %d of 100 (>= 93)", quiet);
}

static void test_ramp(void)
{
	struct changes_opts o;
	struct changes c;

	changes_opts_init(&o);
	find(4, 100, ramp, 1.0, 1, &o, &c);
	ok(c.n == 1 && c.points[0].kind == CHANGE_RAMP, "a slow ramp is one ramp (%zu points)", c.n);
	ok(c.n == 1 && c.points[0].before == 0 && c.points[0].after == 99,
	   "from the first kernel to the last");
	ok(c.n == 1 && c.points[0].pct > 15 && c.points[0].pct < 25,
	   "by about 20%% (%.1f%%)", c.n ? c.points[0].pct : NAN);
	changes_release(&c);
}

/* a 10% ramp over ramp_len kernels between 60 flat ones either side */
static size_t ramp_len;
static double ramp_between(size_t k)
{
	if (k < 60)
		return 1.0;
	if (k >= 60 + ramp_len)
		return 1.10;
	return 1.0 + 0.10 * (double)(k - 59) / (double)ramp_len;
}

static void test_ramps(void)
{
	static const size_t lens[] = { 30, 100, 300 };

	for (size_t l = 0; l < ARRAY_SIZE(lens); l++)
		for (int sessions = 1; sessions >= 0; sessions--) {
			struct changes c;
			size_t n = 120 + lens[l], slack = lens[l] / 5;
			const struct change_point *cp;

			ramp_len = lens[l];
			find(40 + lens[l], n, ramp_between, 2.0, sessions, NULL, &c);
			cp = c.n == 1 ? &c.points[0] : NULL;
			ok(cp && cp->kind == CHANGE_RAMP &&
			   labs((long)cp->before - 59) <= (long)slack &&
			   labs((long)cp->after - (long)(59 + lens[l])) <= (long)slack &&
			   cp->pct > 7.0 && cp->pct < 13.0,
			   "a 10%% ramp over %zu kernels (%s) is one ramp: %zu points, the first "
			   "%s %zu .. %zu %+.1f%%", lens[l], sessions ? "sessions" : "one session",
			   c.n, c.n && c.points[0].kind == CHANGE_RAMP ? "ramp" : "step",
			   c.n ? c.points[0].before : 0, c.n ? c.points[0].after : 0,
			   c.n ? c.points[0].pct : NAN);
			changes_release(&c);
		}
}

static void test_min_change_and_few(void)
{
	struct changes_opts o;
	struct changes c;
	double one[] = { 70.0 }, two[] = { 80.0 };
	struct changes_kernel pair[] = { { one, 1, 0 }, { two, 1, 1 } };

	changes_opts_init(&o);
	rng_seed(37);
	series(100, step37, 2.0, 1);
	o.min_change_pct = 15.0;
	changes_find(ks, 100, &o, &c);
	ok(c.n == 0, "--min-change 15: the 10%% step is not reported");
	ok(changes_can_see(&c, 15.0), "yet the series could see 15%%");
	changes_release(&c);
	changes_opts_init(&o);
	changes_find(pair, 2, &o, &c);
	ok(c.n == 0 && isnan(c.mde_pct), "two kernels of one run in two sessions: no test");
	ok(!changes_can_see(&c, 0.0), "and it says it cannot see any change");
	changes_release(&c);
	one[0] = two[0] = 0.0;	/* Loads of noload: nothing above 0 */
	changes_find(pair, 2, &o, &c);
	ok(c.n == 0 && c.kernels == 0 && c.left_out == 2 && isnan(c.mde_pct),
	   "runs not above 0 are left out and counted");
	changes_release(&c);
}

static void test_scale(void)
{
	struct changes_opts o;
	struct changes c;

	changes_opts_init(&o);
	find(12000, MAXK, step37, 2.0, 1, &o, &c);
	ok(c.n == 1 && c.points[0].after == 37, "12000 kernels: the step at 37 and nothing else (%zu)",
	   c.n);
	changes_release(&c);
}

int main(void)
{
	test_step();
	test_where();
	test_flat();
	test_two_steps();
	test_drift();
	test_sessions_by_kernels();
	test_ramp();
	test_ramps();
	test_min_change_and_few();
	test_scale();
	return tap_done();
}

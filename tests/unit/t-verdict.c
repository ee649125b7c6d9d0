/* t-verdict.c - the verdict's statistics proved by seeded simulation: false alarms, power, drift, looks */
#include "results/sequential.h"
#include "results/stats.h"
#include "results/verdict.h"
#include "tap.h"
#include "rng.h"

#include <math.h>
#include <stdint.h>

#define ALPHA 0.05

/* n runs of a kernel whose true time is mean, relative noise sd, session speed factor speed */
static void simulate_runs(struct running_stats *s, size_t n, double mean, double sd, double speed)
{
	size_t i;

	running_stats_init(s);
	for (i = 0; i < n; i++)
		running_stats_add(s, mean * speed * (1.0 + sd * rng_normal()));
}

/* a session's speed factor exp(d), d ~ N(0, tau^2) */
static double session_speed(double tau)
{
	return exp(tau * rng_normal());
}

/* may a rate seen in trials still be at most want? (3 binomial standard errors) */
static double rate_bound(double want, int trials)
{
	return want + 3.0 * sqrt(want * (1.0 - want) / trials);
}

static int is_difference(enum verdict_kind k)
{
	return k == VERDICT_BETTER || k == VERDICT_WORSE || k == VERDICT_CHANGED;
}

static const struct verdict_opts time_opts = {
	.alpha = ALPHA, .power = VERDICT_POWER, .margin_pct = VERDICT_MARGIN_PCT,
	.direction = LOWER_IS_BETTER,
};

static void fill(struct running_stats *s, const double *xs, size_t n)
{
	size_t i;

	running_stats_init(s);
	for (i = 0; i < n; i++)
		running_stats_add(s, xs[i]);
}

static struct verdict decide(const double *base, size_t nb, const double *cand, size_t nc,
			     enum verdict_direction direction)
{
	struct running_stats sb, sc;
	struct verdict_opts o = time_opts;
	struct log_diff d;
	struct verdict v;

	fill(&sb, base, nb);
	fill(&sc, cand, nc);
	o.direction = direction;
	log_diff_welch(&d, &sb, &sc);
	verdict_decide(&v, &d, &o);
	return v;
}

static void test_verdict_words(void)
{
	const double base[] = { 98, 99, 100, 101, 102 }, cand[] = { 108, 109, 110, 111, 112 };
	const double zero[] = { 0, 0, 0 }, flat[] = { 100, 100, 100 }, flat1[] = { 101, 101, 101 };
	struct verdict v;

	v = decide(base, 5, cand, 5, LOWER_IS_BETTER);
	ok(v.kind == VERDICT_WORSE && fabs(v.diff_pct - 10.0) < 1e-9 && !v.reason[0],
	   "10%% more time is worse, diff_pct +10 (the signed change)");
	ok(decide(base, 5, cand, 5, HIGHER_IS_BETTER).kind == VERDICT_BETTER, "10%% more Loads is better");
	ok(decide(base, 5, cand, 5, NO_DIRECTION).kind == VERDICT_CHANGED, "no direction: changed");
	ok(decide(cand, 5, base, 5, LOWER_IS_BETTER).kind == VERDICT_BETTER, "less time is better");
	v = decide(base, 5, cand, 1, LOWER_IS_BETTER);
	ok(v.kind == VERDICT_UNDECIDED && isnan(v.p) && isnan(v.mde_pct), "one run: undecided");
	is_str(v.reason, "too few runs", "and the reason says why");
	v = decide(zero, 3, zero, 3, HIGHER_IS_BETTER);
	is_str(v.reason, "no positive mean", "noload's Loads of 0: no ratio to take");
	ok(decide(flat, 3, flat, 3, LOWER_IS_BETTER).kind == VERDICT_SAME, "constant and equal: same");
	v = decide(flat, 3, flat1, 3, LOWER_IS_BETTER);
	ok(v.kind == VERDICT_WORSE, "constant and 1%% apart: worse");
	is_str(v.reason, "within the margin", "and within the margin, which the reason says");
	is_str(verdict_name(VERDICT_UNDECIDED), "undecided", "names: undecided");
	is_str(verdict_name(VERDICT_SAME), "same", "names: same");
}

/* TOST at alpha is the (1 - 2 alpha) interval inside the margin: either side of the edge */
static void test_tost_edge(void)
{
	const double df = 10, se = 0.004, half = student_t_quantile(1 - ALPHA, df) * se;
	struct log_diff in = { log1p(0.02) - half - 1e-6, se, df, NULL };
	struct log_diff out = { log1p(0.02) - half + 1e-6, se, df, NULL };
	struct log_diff low = { log1p(-0.02) + half + 1e-6, se, df, NULL };
	struct verdict v;

	ok(log_diff_p_same(&in, 2.0) < ALPHA && log_diff_p_same(&out, 2.0) > ALPHA,
	   "TOST: same exactly when the 90%% interval ends inside ln(1.02)");
	ok(log_diff_p_same(&low, 2.0) < ALPHA, "and the lower edge is ln(0.98)");
	ok(fabs(log_diff_p_same(&out, 2.0) - ALPHA) < 1e-3, "at the edge p_same is alpha");
	verdict_decide(&v, &(struct log_diff){ 0.0, 0.02, 8, NULL }, &time_opts);
	/* mde (2.306 + 0.889) * 0.02 = 0.0639, exp() - 1 = 6.6% */
	ok(v.kind == VERDICT_UNDECIDED && fabs(v.mde_pct - 100 * expm1(0.0639)) < 0.01,
	   "neither test: undecided, MDE %.2f%%", v.mde_pct);
	is_str(v.reason, "noise: would see only 6.6%", "the reason gives the MDE");
}

static void test_spending(void)
{
	double sum = 0.0;
	size_t k;

	for (k = 1; k <= 10; k++)
		sum += sequential_alpha(k, 10, ALPHA);
	ok(fabs(sum - ALPHA) < 1e-15, "the increments over K looks spend alpha exactly");
	ok(fabs(sequential_alpha(1, 10, ALPHA) - ALPHA / 100) < 1e-15 &&
	   fabs(sequential_alpha(10, 10, ALPHA) - ALPHA * 19 / 100) < 1e-15,
	   "alpha (k/K)^2 cumulative: look 1 of 10 alpha/100, look 10 alpha 19/100");
	ok(sequential_alpha(0, 10, ALPHA) == 0.0 && sequential_alpha(11, 10, ALPHA) == 0.0,
	   "nothing to spend outside looks 1..K");
	ok(sequential_look(2) == 0 && sequential_look(3) == 1 && sequential_look(12) == 10,
	   "the first look after round 3");
	ok(sequential_looks(12) == 10 && sequential_looks(2) == 0, "a cap of 12 rounds: 10 looks");
}

/* one comparison in one session: base at 100, cand shifted by shift_pct */
static struct verdict one_session(size_t n, double sd, double shift_pct)
{
	struct running_stats base, cand;
	struct log_diff d;
	struct verdict v;
	double speed = session_speed(0.04);	/* both share it: the hour cancels */

	simulate_runs(&base, n, 100.0, sd, speed);
	simulate_runs(&cand, n, 100.0 * (1.0 + shift_pct / 100.0), sd, speed);
	log_diff_welch(&d, &base, &cand);
	verdict_decide(&v, &d, &time_opts);
	return v;
}

static void test_aa(void)
{
	const int trials = 4000;
	int i, marked = 0;

	rng_seed(1);
	for (i = 0; i < trials; i++)
		marked += is_difference(one_session(5, 0.05, 0.0).kind);
	printf("# A/A, 5 runs each, 5%% noise: better/worse %d of %d (%.4f, alpha %.2f)\n",
	       marked, trials, (double)marked / trials, ALPHA);
	ok((double)marked / trials <= rate_bound(ALPHA, trials),
	   "A/A: better/worse no more often than alpha (+3 SE)");
	ok((double)marked / trials >= ALPHA / 4, "A/A: and not a test that never marks anything");
}

static void test_shift10(void)
{
	int i, worse = 0;

	rng_seed(2);
	for (i = 0; i < 200; i++)
		worse += one_session(5, 0.01, 10.0).kind == VERDICT_WORSE;
	printf("# 10%% slower at 1%% noise, 5 runs: worse %d of 200\n", worse);
	ok(worse == 200, "a 10%% shift at 1%% noise is worse every time");
}

static void test_shift1(void)
{
	const int trials = 1000;
	int i, undecided = 0, mde_above = 0;
	double mde_sum = 0.0;
	struct verdict v;

	rng_seed(3);
	for (i = 0; i < trials; i++) {
		v = one_session(5, 0.05, 1.0);
		undecided += v.kind == VERDICT_UNDECIDED &&
			     !strncmp(v.reason, "noise: would see only ", 22);
		mde_above += v.mde_pct > 1.0;
		mde_sum += v.mde_pct;
	}
	printf("# 1%% shift at 5%% noise, 5 runs: undecided %d of %d, mean MDE %.1f%%\n",
	       undecided, trials, mde_sum / trials);
	ok(undecided >= trials * 85 / 100, "a 1%% shift at 5%% noise is undecided, for the noise");
	ok(mde_above == trials, "and its MDE is above 1%% every time");
}

static void test_same(void)
{
	const int trials = 1000;
	int i, same = 0;

	rng_seed(4);
	for (i = 0; i < trials; i++)
		same += one_session(5, 0.005, 0.0).kind == VERDICT_SAME;
	printf("# equal means at 0.5%% noise, 5 runs, 2%% margin: same %d of %d\n", same, trials);
	ok(same >= trials * 90 / 100, "equal means at 0.5%% noise are the same within 2%%");
}

/* S (at most 16) sessions of n runs of one kernel, their ln(time): what calibrate measures */
static double simulate_calibration(size_t sessions, size_t n, double sd, double tau, double *df)
{
	struct running_stats s[16];
	size_t i, j;
	double speed;

	for (i = 0; i < sessions; i++) {
		speed = session_speed(tau);
		running_stats_init(&s[i]);
		for (j = 0; j < n; j++)
			running_stats_add(&s[i], log(100.0 * speed * (1.0 + sd * rng_normal())));
	}
	return drift_tau2(s, sessions, df);
}

/* the same kernel (or one shift_pct slower) in two sessions, each with its own speed */
static void two_sessions(struct verdict *plain, struct verdict *aware, double shift_pct,
			 double tau2, double tau_df)
{
	struct running_stats base, cand;
	struct log_diff d;

	simulate_runs(&base, 5, 100.0, 0.05, session_speed(0.04));
	simulate_runs(&cand, 5, 100.0 * (1.0 + shift_pct / 100.0), 0.05, session_speed(0.04));
	log_diff_welch(&d, &base, &cand);
	verdict_decide(plain, &d, &time_opts);
	log_diff_drift(&d, &base, &cand, tau2, tau_df);
	verdict_decide(aware, &d, &time_opts);
}

static void test_drift(void)
{
	const int trials = 4000;
	int i, plain_marked = 0, aware_marked = 0;
	double tau2, tau_df, tau2_sum = 0.0;
	struct verdict plain, aware;

	rng_seed(5);
	for (i = 0; i < trials; i++) {
		tau2 = simulate_calibration(6, 5, 0.05, 0.04, &tau_df);
		tau2_sum += tau2;
		two_sessions(&plain, &aware, 0.0, tau2, tau_df);
		plain_marked += is_difference(plain.kind);
		aware_marked += is_difference(aware.kind);
	}
	printf("# two sessions, tau 4%%, 5%% noise, 5 runs: plain Welch better/worse %d of %d (%.4f)\n",
	       plain_marked, trials, (double)plain_marked / trials);
	printf("# drift-aware, tau from 6 sessions of 5 runs (mean tau^2 %.5f, true 0.0016): "
	       "%d of %d (%.4f)\n", tau2_sum / trials, aware_marked, trials,
	       (double)aware_marked / trials);
	ok(fabs(tau2_sum / trials - 0.0016) < 0.00016, "the calibration's tau^2 is right on average");
	ok((double)plain_marked / trials > 3 * ALPHA, "plain Welch across sessions cries wolf (> 3 alpha)");
	ok((double)aware_marked / trials <= rate_bound(ALPHA, trials),
	   "drift-aware: better/worse no more often than alpha (+3 SE)");
}

static void test_drift_power(void)
{
	int i, seen = 0;
	double tau2, tau_df;
	struct verdict plain, aware;

	rng_seed(8);
	for (i = 0; i < 1000; i++) {
		tau2 = simulate_calibration(6, 5, 0.05, 0.04, &tau_df);
		two_sessions(&plain, &aware, 30.0, tau2, tau_df);
		seen += aware.kind == VERDICT_WORSE;
	}
	printf("# drift-aware, 30%% slower: worse %d of 1000\n", seen);
	ok(seen >= 800, "drift-aware still sees a 30%% shift across sessions");
}

/* S sessions of n runs of one kernel at noise sd and drift tau: the interval's upper end */
static double calibration_bound(size_t sessions, size_t n, double sd, double tau, double *low)
{
	struct running_stats s[16];
	double high;

	for (size_t i = 0; i < sessions; i++) {
		double speed = session_speed(tau);

		running_stats_init(&s[i]);
		for (size_t j = 0; j < n; j++)
			running_stats_add(&s[i], log(100.0 * speed * (1.0 + sd * rng_normal())));
	}
	drift_tau2_interval(s, sessions, 0.95, low, &high);
	return high;
}

/*
 * The interval covers the true drift about as often as it says, and a
 * calibration of 3 sessions that sees no drift cannot make separate
 * sessions look drift-free: A/A pairs of separate sessions are better or
 * worse no more often than alpha, with no true drift and with a drift as
 * large as the noise. The point estimate with its df (the old rule) is
 * printed beside it.
 */
static void test_drift_bound(void)
{
	const int trials = 4000;
	const double taus[] = { 0.0, 0.05 };
	int covered = 0;

	rng_seed(11);
	for (int i = 0; i < 2000; i++) {
		double low, high = calibration_bound(3, 5, 0.05, 0.05, &low);

		covered += low <= 0.0025 && 0.0025 <= high;
	}
	printf("# 95%% interval of tau^2 from 3 sessions of 5 runs covers the truth %d of 2000\n",
	       covered);
	ok(covered >= 2000 * 93 / 100,
	   "the drift's 95%% interval covers the true drift at least about 95%% of the time");
	for (size_t k = 0; k < sizeof(taus) / sizeof(taus[0]); k++) {
		int bound_marked = 0, point_marked = 0, zeros = 0;

		rng_seed(12 + k);
		for (int i = 0; i < trials; i++) {
			struct running_stats s[3], base, cand;
			double low, high, tau_df, tau2;
			struct log_diff d;
			struct verdict v;

			for (size_t j = 0; j < 3; j++) {
				double speed = session_speed(taus[k]);

				running_stats_init(&s[j]);
				for (int r = 0; r < 5; r++)
					running_stats_add(&s[j], log(100.0 * speed *
								     (1.0 + 0.05 * rng_normal())));
			}
			tau2 = drift_tau2(s, 3, &tau_df);
			drift_tau2_interval(s, 3, 0.95, &low, &high);
			zeros += tau2 == 0.0;
			simulate_runs(&base, 5, 100.0, 0.05, session_speed(taus[k]));
			simulate_runs(&cand, 5, 100.0, 0.05, session_speed(taus[k]));
			log_diff_drift(&d, &base, &cand, high, INFINITY);
			verdict_decide(&v, &d, &time_opts);
			bound_marked += is_difference(v.kind);
			log_diff_drift(&d, &base, &cand, tau2, tau_df);
			verdict_decide(&v, &d, &time_opts);
			point_marked += is_difference(v.kind);
		}
		printf("# true drift %.0f%%, 5%% noise, calibration of 3 sessions (estimate 0 in "
		       "%d of %d): A/A better/worse with the upper end %d, with the estimate "
		       "%d\n", 100 * taus[k], zeros, trials, bound_marked, point_marked);
		ok((double)bound_marked / trials <= ALPHA,
		   "3 sessions, true drift %.0f%%: A/A pairs better/worse no more often than alpha",
		   100 * taus[k]);
		if (taus[k] > 0.0)
			ok((double)point_marked / trials > ALPHA,
			   "where the estimate with its df would mark them more often than alpha");
	}
}

static void test_no_calibration(void)
{
	struct running_stats base, cand;
	struct log_diff d;
	struct verdict v;

	rng_seed(6);
	simulate_runs(&base, 5, 100.0, 0.01, 1.0);
	simulate_runs(&cand, 5, 150.0, 0.01, 1.0);
	log_diff_drift(&d, &base, &cand, NAN, NAN);
	verdict_decide(&v, &d, &time_opts);
	ok(v.kind == VERDICT_UNDECIDED, "separate sessions, no calibration: undecided even at +50%%");
	is_str(v.reason, "separate sessions and no calibration", "and the reason says so");
	ok(isnan(v.p) && isnan(v.mde_pct), "no p and no MDE");
}

/* one interleaved round: both kernels share the round's speed, which the ratio cancels */
static double round_log_ratio(double sd, double shift_pct)
{
	double speed = session_speed(0.03);
	double base = 100.0 * speed * (1.0 + sd * rng_normal());
	double cand = 100.0 * (1.0 + shift_pct / 100.0) * speed * (1.0 + sd * rng_normal());

	return log(cand / base);
}

/* one look at 10 interleaved rounds, each with its own speed: the pairing cancels it */
static void test_paired(void)
{
	const int trials = 4000;
	struct running_stats ratios;
	struct log_diff d;
	struct verdict v;
	int i, j, marked = 0;

	rng_seed(9);
	for (i = 0; i < trials; i++) {
		running_stats_init(&ratios);
		for (j = 0; j < 10; j++)
			running_stats_add(&ratios, round_log_ratio(0.05, 0.0));
		log_diff_paired(&d, &ratios);
		verdict_decide(&v, &d, &time_opts);
		marked += is_difference(v.kind);
	}
	printf("# paired A/A, 10 rounds, 5%% noise, 3%% speed per round: better/worse %d of %d (%.4f)\n",
	       marked, trials, (double)marked / trials);
	ok((double)marked / trials <= rate_bound(ALPHA, trials) && marked >= trials * ALPHA / 4,
	   "paired A/A: better/worse at about alpha, no more (+3 SE)");
	ok(fabs(log_diff_mde_pct(&d, ALPHA, VERDICT_POWER) - mde_paired_pct(&ratios, ALPHA, VERDICT_POWER)) <
	   1e-12, "the paired verdict's MDE is stats.h's mde_paired_pct");
}

/*
 * run --until-decided: rounds added until the paired verdict is decided
 * or the cap; spend: each look at its alpha-spending increment, else
 * every look at alpha (what the rule prevents). The last verdict, and in
 * *rounds how many rounds it took.
 */
static struct verdict until_decided(size_t cap, double sd, double shift_pct, int spend,
				    size_t *rounds)
{
	struct running_stats ratios;
	struct verdict_opts o = time_opts;
	struct log_diff d;
	struct verdict v = { .kind = VERDICT_UNDECIDED };
	size_t round, look;

	running_stats_init(&ratios);
	for (round = 1; round <= cap && v.kind == VERDICT_UNDECIDED; round++) {
		running_stats_add(&ratios, round_log_ratio(sd, shift_pct));
		look = sequential_look(round);
		if (!look)
			continue;
		o.alpha = spend ? sequential_alpha(look, sequential_looks(cap), ALPHA) : ALPHA;
		log_diff_paired(&d, &ratios);
		verdict_decide(&v, &d, &o);
		*rounds = round;
	}
	return v;
}

static void test_sequential(void)
{
	const int trials = 4000;
	const size_t cap = SEQUENTIAL_FIRST_ROUND + 10 - 1;	/* K = 10 looks */
	int i, marked = 0, naive = 0, worse = 0, same = 0;
	size_t rounds, rounds_sum = 0;

	rng_seed(7);
	for (i = 0; i < trials; i++) {
		enum verdict_kind k = until_decided(cap, 0.05, 0.0, 1, &rounds).kind;

		marked += is_difference(k);
		same += k == VERDICT_SAME;
		naive += is_difference(until_decided(cap, 0.05, 0.0, 0, &rounds).kind);
	}
	printf("# sequential A/A, 5%% noise, %zu looks (rounds %d..%zu): better/worse %d of %d "
	       "(%.4f), same %d; alpha at every look: %d (%.4f)\n", sequential_looks(cap),
	       SEQUENTIAL_FIRST_ROUND, cap, marked, trials, (double)marked / trials, same, naive,
	       (double)naive / trials);
	ok((double)marked / trials <= rate_bound(ALPHA, trials),
	   "sequential A/A: marked no more often than alpha overall (+3 SE)");
	ok((double)naive / trials > rate_bound(ALPHA, trials),
	   "while alpha at every look would cry wolf more often");
	for (i = 0; i < 1000; i++) {
		if (until_decided(cap, 0.05, 10.0, 1, &rounds).kind == VERDICT_WORSE) {
			worse++;
			rounds_sum += rounds;
		}
	}
	printf("# sequential, 10%% slower at 5%% noise: worse %d of 1000 within %zu rounds, "
	       "in %.1f rounds on average\n", worse, cap, worse ? (double)rounds_sum / worse : NAN);
	ok(worse >= 500, "a 10%% shift at 5%% noise is decided worse within the cap most of the time");
}

/* a true difference right on the margin's edge must not be called the same more than alpha */
static void test_sequential_same(void)
{
	const int trials = 4000;
	const size_t cap = SEQUENTIAL_FIRST_ROUND + 10 - 1;
	struct verdict v;
	int i, same = 0;
	size_t rounds;

	rng_seed(10);
	for (i = 0; i < trials; i++) {
		v = until_decided(cap, 0.01, VERDICT_MARGIN_PCT, 1, &rounds);
		same += v.kind == VERDICT_SAME || !strcmp(v.reason, "within the margin");
	}
	printf("# sequential, 2%% slower (the margin's edge) at 1%% noise: called within the margin "
	       "%d of %d (%.4f)\n", same, trials, (double)same / trials);
	ok((double)same / trials <= rate_bound(ALPHA, trials),
	   "sequential equivalence: 'same' at the edge no more often than alpha (+3 SE)");
	for (i = 0, same = 0; i < 1000; i++)
		same += until_decided(cap, 0.01, 0.0, 1, &rounds).kind == VERDICT_SAME;
	printf("# sequential, equal kernels at 1%% noise: same %d of 1000\n", same);
	ok(same >= 800, "while equal kernels at 1%% noise are called the same within the cap");
}

int main(void)
{
	test_verdict_words();
	test_tost_edge();
	test_spending();
	test_aa();
	test_shift10();
	test_shift1();
	test_same();
	test_drift();
	test_drift_power();
	test_drift_bound();
	test_no_calibration();
	test_paired();
	test_sequential();
	test_sequential_same();
	return tap_done();
}

/* bisect.h - which commit made it slower: a bisection whose every step is a test
 *
 * Commits 0 .. n-1 in history order: 0 is good, n-1 is bad. The culprit
 * is the first bad commit; the bisection narrows (lo, hi], lo last known
 * good and hi first known bad, until hi = lo + 1.
 *
 * Every test compares two commits measured in the same interleaved
 * rounds (the order turns every other round): the per-round ln(later /
 * earlier), one-sided, against the noise pooled over every round of the
 * bisection (each step's ln(time)s less their round's and their commit's
 * means: one machine and one workload throughout, so one noise, its
 * estimate worth all those degrees of freedom). A step looks after each
 * round from the third, at its alpha spent over its looks (sequential.h),
 * until the tests decide or the cap.
 *
 * First the regression is confirmed: good and bad, until bad is slower at
 * alpha; a regression the rounds cannot see is refused, saying the MDE
 * they reached.
 *
 * A step measures the midpoint c beside lo and hi (lo, c, hi) and asks
 * two questions, as a person would: is c slower than lo, and is hi
 * slower than c? c is bad when only the first is so, good when only the
 * second; both (c between the two: two regressions?) or neither by the
 * cap is a midpoint not placed, and it is not guessed: the answer is then
 * the range (lo, hi], the commits that may hold the culprit. A wrong
 * placement needs a test to reject what is true (c like lo, yet "slower
 * than lo"), at most alpha_step of the time.
 *
 * alpha_step = alpha / (S + 1), S = ceil(log2(n - 1)) steps and one last
 * check: by the union bound the chance that any placement, or the check,
 * is wrong is at most alpha over the whole bisection (skips can add a
 * step or two beyond S, each at the same alpha_step). The last check
 * measures hi beside its parent lo and must decide it slower before hi is
 * named; else the answer is (lo, hi].
 *
 * A commit that cannot be measured (its build or boot failed) is
 * skipped, as git bisect skip does: the step takes the untried commit
 * nearest the middle; a range whose every commit inside was skipped is
 * the answer, as a range.
 */
#ifndef CONTEST_BISECT_H
#define CONTEST_BISECT_H

#include <stddef.h>

#include "kernel/commits.h"

#define BISECT_ALPHA 0.05
#define BISECT_MAX_ROUNDS 30
#define BISECT_MAX_CAP 200	/* the most max_rounds may be */

struct bisect_opts {
	double alpha;		/* of any wrong placement over the whole bisection */
	size_t max_rounds;	/* a step's cap, in rounds (3 to BISECT_MAX_CAP) */
};

void bisect_opts_init(struct bisect_opts *o);

enum { BISECT_SKIP = -1, BISECT_STOP = -2 };	/* what prepare() says */

/* what measures: a driver (builds, boots, runs) or a simulation */
struct bisect_ops {
	/* 0: commit can be measured; BISECT_SKIP: it cannot (build or boot
	 * failed), skipped; BISECT_STOP: stop (interrupted), nothing decided */
	int (*prepare)(void *ctx, size_t commit);
	/* one interleaved round of the n commits, in that order: times[i] of
	 * commits[i]; 0, or -1 to stop (interrupted, a run failed) */
	int (*round)(void *ctx, const size_t *commits, size_t n, double *times);
	/* told after each decision (may be NULL): commit placed good (0),
	 * bad (1) or not (-1), after rounds rounds; a step not placed has
	 * its figures in the result (step_*) and its why set */
	void (*placed)(void *ctx, size_t commit, int bad, size_t rounds);
	void *ctx;
	/* told once bad is confirmed worse, before the first step (may be
	 * NULL): the result's change_pct, noise_pct and place_pct are set */
	void (*confirmed)(void *ctx);
};

enum bisect_outcome {
	BISECT_CULPRIT,		/* hi is the first bad commit */
	BISECT_RANGE,		/* the culprit is one of (lo, hi] */
	BISECT_NOT_CONFIRMED,	/* good and bad could not be told apart */
	BISECT_STOPPED,		/* round() said stop */
};

struct bisect_result {
	enum bisect_outcome outcome;
	size_t lo, hi;		/* the culprit is in (lo, hi] */
	size_t steps;		/* midpoints tried, skipped ones included */
	size_t rounds, runs;	/* measured, in all */
	double change_pct;	/* bad against good, the confirmation's estimate */
	double mde_pct;		/* the confirmation's MDE when it was not decided */
	const char *why;	/* a range's or a refusal's reason */
	/*
	 * What the steps can see, from the noise pooled by the confirmation:
	 * a run's variation (the SD of ln(value), as a percent) and the
	 * smallest difference a step places at its cap, with power 0.8 (one
	 * one-sided test at the cap's look of alpha_step). NAN until known.
	 */
	double noise_pct, place_pct;
	/* the last step not placed (NAN before): the midpoint against lo,
	 * hi against the midpoint (mean per-round changes), and the MDE its
	 * rounds reached at the cap with the noise pooled then */
	double step_lo_pct, step_hi_pct, step_mde_pct;
	int step_between;	/* and it was both: slower than lo, faster than hi */
};

/*
 * What came of a bisection a driver ran over a git range (guest/bisect.h's
 * bisect_drive fills it and releases it), as its writers read it
 */
struct bisect_done {
	struct bisect_result res;	/* res.outcome says what was found */
	struct kernel_commit *commits;	/* the range's, 0 good, n - 1 bad */
	size_t n;
	char *load;			/* judged by */
	const char *metric;		/* the metric's label, NULL: not yet known */
	char *results;
	int skipped;			/* commits that could not be built or booted */
	double build_s, run_s;		/* wall time in builds, in guests' runs */
	size_t builds, boots;
	double wall_s;			/* this session's */
	double elapsed_s;		/* the whole bisection's, over its sessions */
	size_t sessions;		/* this one and those before (--resume) */
	size_t max_rounds;		/* a step's cap */
};

/* the bisection of commits 0 .. n-1 (n >= 2); the outcome is in res */
void bisect_run(size_t n, const struct bisect_ops *ops, const struct bisect_opts *o,
		struct bisect_result *res);

/*
 * Where a midpoint c stands, from the two one-sided questions a step asks
 * of its rounds (or contest judge of its runs): is c slower than the last
 * good (c_slower), and is the first bad slower than c (hi_slower)? Bad
 * when only the first is so, good when only the second; both is c
 * between the two (two regressions?), neither not placed: the one rule,
 * for bisect's steps and judge's.
 */
enum bisect_side { BISECT_UNPLACED, BISECT_GOOD, BISECT_BAD, BISECT_BETWEEN };
enum bisect_side bisect_place(int c_slower, int hi_slower);

/*
 * contest judge's step, by that rule over compare's rows: vs_good the
 * candidate's row against the good kernel, bad_vs the bad kernel's
 * against the candidate; each question is "decided worse?" (a row
 * missing or without a verdict is not)
 */
struct compare;
struct compare_row;
enum bisect_side bisect_judge(const struct compare_row *vs_good, const struct compare_row *bad_vs);

/*
 * The load judge judges by when none is given: the first (in c's row
 * order) on which kernel bad is decided worse, by metric (a compare
 * metric's label; NULL: each load's main one); NULL when there is none
 */
const char *bisect_regressed_load(const struct compare *c, const char *bad, const char *metric);

/* the steps a bisection of n commits needs, skips aside: ceil(log2(n - 1)) */
size_t bisect_steps(size_t n);

const char *bisect_outcome_name(enum bisect_outcome outcome);

#endif

/* changes.h - where a series of kernels changed: E-divisive means, tested
 *
 * The series is kernels in an order (a lab's history), each with its
 * runs of one load's metric. Change points fall between kernels. The
 * method is E-divisive means as Apache Otava (formerly Hunter) uses it,
 * on the log of every run:
 *
 *  1. Candidates, in windows of CHANGES_WINDOW kernels that overlap by
 *     half (Otava's windowed form: E-divisive over n points is O(n^2),
 *     a window bounds it, so a series costs O(n log W)): in each window
 *     the split between kernels with the largest energy statistic
 *     Q = (nA nB / (nA + nB)) (2 E|A-B| - E|A-A'| - E|B-B'|), over every
 *     run, computed for every split at once in O(m log m) (the sums of
 *     |x - y| by a Fenwick tree over ranks); when it passes the test
 *     below, it is a candidate and both sides are split again.
 *  2. Pruning, as Otava does: each candidate is tested between its
 *     neighbours (the previous and the next candidate), the weakest (the
 *     largest p, or a change below min_change) is dropped and its
 *     neighbours tested again, until every one passes.
 *
 * The test (Otava's t-based one, not a permutation test: permutations
 * cost their number times the statistic, too slow for a lab's 120000
 * series points in a second): Student's t of the two segments' means of
 * ln(value), p two-sided, multiplied by the number of splits the
 * candidate was chosen among (Bonferroni: the split was picked as the
 * most different, so its plain p would be far too small).
 *
 *  - Kernels that ran in one session (rounds interleaved: their runs'
 *    times overlap, session numbers equal) are tested by their runs.
 *  - Kernels in separate sessions are tested by their kernels' means (a
 *    session's level is shared by all its runs, so the runs of one kernel
 *    are not independent evidence of a level), and the calibrated drift
 *    tau^2 (calibration.h, the upper end of its interval) is added to
 *    the variance of each side's mean: a shift within the drift is no
 *    change. With one kernel on each side and no calibration there is
 *    nothing to tell a change from the drift: no test.
 *  - A kernel with one run counts as one kernel, its run as its mean;
 *    alone, it adds no within-kernel noise estimate.
 *
 * A ramp: a run of consecutive changes the same way is one CHANGE_RAMP
 * when a straight line over their kernels' means (from the segment
 * before the first to the segment after the last) leaves no larger
 * residual variance (squared error per degree of freedom: the line has
 * 2 parameters, k steps k + 1 levels) than the steps do; it is
 * reported as its first and last kernel and the line's change over it,
 * p the slope's t-test.
 */
#ifndef CONTEST_CHANGES_H
#define CONTEST_CHANGES_H

#include <stddef.h>

/* kernels per window, as Otava's default window of 50 points */
#define CHANGES_WINDOW 50
#define CHANGES_ALPHA 0.05
/* the profile likelihood's bound of a step's 95% set of positions:
 * -2 ln(1 - sqrt(0.95)), see changes.c */
#define CHANGES_SET_LR 7.352
/* a ramp's criterion: noise variances of squared error per parameter */
#define CHANGES_RAMP_PENALTY 10.0
/* how many shorter runs of changes one way are tried as a ramp */
#define CHANGES_RAMP_TRIES 8

/* one kernel of a series: its runs' values (> 0; others left out) */
struct changes_kernel {
	const double *x;
	size_t n;
	int session;	/* equal for kernels whose rounds interleaved in one session */
};

struct changes_opts {
	double alpha;		/* CHANGES_ALPHA */
	double min_change_pct;	/* a change smaller than this is none; 0: any */
	double tau2;		/* drift between sessions, ln scale (the interval's upper end); 0: none */
	size_t window;		/* kernels; CHANGES_WINDOW */
};

void changes_opts_init(struct changes_opts *o);

enum change_kind { CHANGE_STEP, CHANGE_RAMP };

struct change_point {
	enum change_kind kind;
	/* the caller's kernel indices: a step's last kernel before and first
	 * after; a ramp's first and last kernel */
	size_t before, after;
	/* the segments' means (geometric: exp of the mean ln); a ramp's
	 * line at its first and last kernel */
	double mean_before, mean_after;
	/* where, within what: a step's 95% confidence set of positions (see
	 * CHANGES_SET_LR) as the last kernel surely before it and the first
	 * surely after, and how many positions it holds; a ramp's are its ends */
	size_t set_before, set_after, set_width;
	double pct, pct_low, pct_high;	/* change in percent and its 95% interval */
	double p;			/* corrected for the search (above) */
	int drift;			/* separate sessions: tested by kernels, with the drift */
};

struct changes {
	struct change_point *points;
	size_t n;
	size_t kernels;		/* with runs */
	size_t runs;		/* used */
	size_t left_out;	/* runs not above 0 */
	/* the least change a split in the middle of the series could see
	 * (alpha corrected as above, power 80%); NAN when none can be tested */
	double mde_pct;
};

/* the change points of k[0..n) in that order; out is set, never fails */
void changes_find(const struct changes_kernel *k, size_t n, const struct changes_opts *o,
		  struct changes *out);
void changes_release(struct changes *c);

/* whether c can see a change of min_pct (0: any it can test) */
int changes_can_see(const struct changes *c, double min_pct);

#endif

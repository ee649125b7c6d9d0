/* symbols.h - which kernel functions changed: a test per profiled symbol
 *
 * With monitors = profile a run keeps its MONITOR_PROFILE_SYMS most
 * sampled kernel symbols (monitor-logs.h). For one load and a NEW kernel
 * against BASE, compare's struct symbol_row (compare.h) per symbol:
 *
 *  - the runs: each side's ok runs of the load with a profile that has
 *    kernel samples; a symbol's value in a run is its count of samples
 *    (self: those in its own code), the CPU time the kernel spent in it
 *    over the run's compile, which is the same work on both kernels. Not
 *    its share of the run's kernel samples: shares are parts of a whole,
 *    and one symbol growing 3x shrinks every other's share, which quiet
 *    runs then decide "better". The rows show the mean shares all the
 *    same (base_pct, new_pct: where the kernel's time went); the test,
 *    the MDE and diff_pct are on the counts (base_samples, new_samples).
 *  - a symbol outside a run's kept list had at most as many samples as
 *    the least that run kept when the list was cut there (it holds
 *    MONITOR_PROFILE_SYMS), else none (the list is the whole profile);
 *    it counts at that bound, half a sample for none, so that its log is
 *    finite. A bound may be above the truth, never below it.
 *  - tested: a symbol kept by every run of at least one side, with 2 runs
 *    or more on each side. The others (kept now and then on both sides,
 *    near the list's end) are rows with tested 0: no p, no verdict.
 *  - the estimate is compare's (compare.h, verdict.h), on the log of the
 *    count: round by round (the mean log ratio) where the load's runs
 *    interleaved and 2 rounds or more have both profiles; else Welch's
 *    within one session; else the drift between sessions (the
 *    calibration's tau2), and without one undecided, its MDE the
 *    within-session one (mde_floor). The SE is at least sampling's: a
 *    count n is Poisson, ln n's variance 1/n, so a few samples a run
 *    (1, 1, 1 against 2, 2, 2: no sample variance) decide nothing.
 *  - the verdict: the two-sided p of each test, adjusted by Holm over
 *    every symbol tested in the comparison (all loads and kernels; a
 *    family of its own, apart from compare's metrics); a larger count is
 *    worse, a smaller better, and either only where the adjusted p is
 *    below alpha; "same" by compare's TOST within its margin; the MDE at
 *    alpha / tests (Holm's first step: what one changed symbol among
 *    nulls must pass). A side counted at a bound may look larger than it
 *    is: with bounded runs in BASE only "worse" can be said, with
 *    bounded runs in NEW only "better"; any other verdict there is
 *    undecided ("outside the kept symbols").
 */
#ifndef CONTEST_SYMBOLS_H
#define CONTEST_SYMBOLS_H

#include <stddef.h>

#include "results/compare.h"
#include "results/monitor-logs.h"

/*
 * Append to c->symbols the rows of load (a compare row's load name) for
 * NEW kernel k (c->report.kernels[k]): every symbol some run of either
 * side kept, tested where symbols.h says. base and new are the sides'
 * runs (their profiles; a run without kernel samples is left out);
 * interleaved: the load's runs of the two kernels overlapped in time.
 * Uses c->opts (tau2 for separate sessions).
 */
void symbols_add(struct compare *c, const char *load, size_t k, const struct monitor_run *base,
		 size_t nbase, const struct monitor_run *new, size_t nnew, int interleaved);

/* once every load and kernel is added: Holm over the tests, the verdicts, the counts */
void symbols_decide(struct compare *c);

/* how far a symbol's share moved, in percentage points: NEW's less BASE's */
double symbols_change(const struct symbol_row *s);

/* how its runs were compared: "paired", "interleaved" or "separate" */
const char *symbols_sessions_name(const struct symbol_row *s);
/* its mark: "**" where Holm's adjusted p is below alpha, "*" where p alone is, else "" */
const char *symbols_mark(const struct symbol_row *s, double alpha);

/*
 * The rows of load (a compare row's load name) and NEW kernel k in the
 * order the writers list them: worse, better, same, undecided, not
 * tested, each by the size of the change (symbols_change), largest first.
 * *out is a malloc'd array of pointers into c->symbols; the count.
 */
size_t symbols_of(const struct compare *c, const char *load, size_t k,
		  const struct symbol_row ***out);

/*
 * Which functions NEW kernel k made slower under load, in a sentence
 * (malloc'd): "most changed: SYMBOL self 0.41% -> 9.13%, worse, p 3e-05
 * (Holm's, over N symbols)" and any other worse, or "the profile cannot
 * tell which function: ..." with the one that moved most and why it is
 * undecided. NULL where no run of the load has a profile.
 */
char *symbols_slower_text(const struct compare *c, const char *load, size_t k);

#endif

/* compare.h - is a difference between kernels real? (contest compare)
 *
 * compare_build() reads nothing and prints nothing: from the kernels'
 * runs (BASE first) it builds one row per load, metric (Time, CPU%, Loads,
 * LCPU%) and kernel: the mean and sample standard deviation over the ok
 * runs, the run count, and for a NEW kernel the difference from BASE in
 * percent of BASE's mean, oriented so that positive is better (shorter
 * Time, higher CPU%, more Loads; LCPU% has no better direction, its
 * difference is the signed change), and the two-sided p-value of the
 * test its verdict was decided by (compare_p_test: paired, Welch's on the
 * logs, with the calibrated drift), or where no test can decide one
 * (separate sessions, no calibration) Welch's t-test within the sessions
 * (stats.h). A row is marked '*' when p < alpha and '**' when it
 * also survives Holm's correction over every test made in the comparison.
 * No test is made when either side has one run (the row says n=1), when
 * both sides are constant and equal (nothing to test), when the load
 * is missing on one side (runs 0), or for a `metric =` figure whose
 * NAME:UNIT:direction differs between the sides (runs.tsv's
 * metric_names): a latency and a throughput are not one measure.
 *
 * One summary per NEW kernel: the geometric mean over every load both
 * ran (noload included) of its Time divided by BASE's, with a 95%
 * interval by the delta method: the variance of each load's log ratio is
 * sd_new^2/(n_new mean_new^2) + sd_base^2/(n_base mean_base^2), the
 * variance of the mean of k log ratios is their sum over k^2, the
 * quantile is Student's t with the Welch-Satterthwaite degrees of freedom
 * of that sum, and the bounds are taken back with exp(). It reflects run
 * to run noise, not how much the loads disagree with each other. Where
 * the kernels ran in separate sessions, the calibrated drift (tau2 of each
 * session, shared by all its loads) is added to the mean's variance, as
 * the rows' tests add it; without a calibration the interval is the
 * runs' noise alone, and says so (DRIFT_LEFT_OUT), as its rows stay
 * undecided.
 *
 * What each row could see (verdict.h): every NEW row also carries a
 * verdict (better, worse, same within +-margin_pct, changed for LCPU%,
 * or undecided with the reason) and the smallest difference its runs
 * would detect at alpha with 80% power (the MDE). Which estimate it uses
 * depends on how the two kernels' runs of the load were made: when
 * their ok runs' start times overlap, the runs were interleaved in one
 * session and share its speed, and Welch's estimate holds; when they do
 * not (two sessions, the reboot-run-reboot-run workflow, or rows with no
 * timestamp) the drift between sessions adds to the noise: with a
 * calibration of this machine (contest calibrate, tau2 and tau_df) the
 * drift-aware estimate is used, and without one the row is undecided
 * ("separate sessions, no calibration"), since the runs alone cannot
 * tell a kernel from an hour.
 *
 * A loaded compile's table also has a Ratio row per kernel: its Time over
 * its own noload Time, the slowdown the load caused (what the classic
 * table's Ratio is read as, though it divides by the reference's
 * noload). Its mean is the ratio of the two mean Times, report --ratio
 * self's figure; its SD and test are the rounds': run i of the load over
 * run i of noload, both ok; its test is on their logs. A ratio of two runs of one
 * session cancels that session's speed, so kernels of separate sessions
 * are compared without the drift (verdict.h, log_diff_logs); kernels of
 * interleaved rounds are paired round by round on the difference of
 * their log ratios.
 *
 * Interleaved rounds (variants, run --boot --interleave) are paired:
 * run i of BASE with run i of NEW, both ok, is one round, and the test is
 * on the per-round log ratios (verdict.h, log_diff_paired), which cancels
 * whatever hit a whole round. It needs 2 pairs; with fewer, or with more
 * runs than a summary keeps (LOAD_MAX_PAIRED), Welch's estimate is used.
 */
#ifndef CONTEST_COMPARE_H
#define CONTEST_COMPARE_H

#include <stdio.h>

#include "results/metric.h"
#include "results/report.h"
#include "results/summary.h"
#include "results/verdict.h"

/* a row's metric is results/metric.h's (metrics[], its label, decimals and
 * which way is better): the run values' metrics, then a loaded compile's
 * Ratio, its Time over its own kernel's noload Time (the slowdown the load
 * caused). A table has the ones its rows have (Time and CPU% or the task's,
 * the counters where its runs counted them, Ratio where it is a loaded
 * compile's and noload ran) */
enum { COMPARE_RATIO = METRIC_RATIO, COMPARE_METRICS = METRICS };

enum compare_test {
	TEST_MADE,		/* p and p_holm hold the test */
	TEST_BASE,		/* the BASE row itself */
	TEST_ONE_RUN,		/* n=1 on either side */
	TEST_CONSTANT,		/* both sides constant and equal */
	TEST_MISSING,		/* a side has no ok run of the load */
	/* a `metric =` figure the two sides name otherwise (NAME:UNIT:
	 * direction): two measures, no test and no verdict; verdict.reason
	 * says what each side measured */
	TEST_UNLIKE,
};

enum compare_mark { MARK_NONE, MARK_ALPHA, MARK_HOLM };

/* which test a TEST_MADE row's p is: the one its verdict was decided by,
 * or, where none could decide (separate sessions, no calibration),
 * Welch's within the sessions, which the drift between them may explain */
enum compare_p_test {
	P_WITHIN,		/* Welch's t, separate sessions without a calibration */
	P_WELCH,		/* Welch's t on the logs: one session, unpaired */
	P_PAIRED,		/* one-sample t on the per-round log ratios */
	P_DRIFT,		/* Welch's t on the logs with the calibrated drift */
	P_RATIO,		/* a Ratio of separate sessions: Welch's t on the log ratios */
};

/* how an Overall line's interval treats the drift between sessions */
enum compare_drift {
	DRIFT_NONE,		/* one session (interleaved): none to add */
	DRIFT_ADDED,		/* separate sessions: the calibrated drift is in it */
	DRIFT_LEFT_OUT,		/* separate sessions, no calibration: noise alone */
};

#define COMPARE_ALPHA 0.05
/* an MDE above it is printed as ">50%": runs that could not see a change
 * of half the mean are too noisy to say by how much */
#define COMPARE_MDE_CAP_PCT 50.0

/* what a comparison is asked: compare_opts_init() gives the defaults */
struct compare_opts {
	double alpha;		/* of every test: COMPARE_ALPHA */
	double margin_pct;	/* of "same": VERDICT_MARGIN_PCT */
	/* this machine's drift between sessions (a calibration,
	 * calibration.h): tau2 what the tests use (the upper end of its
	 * interval) worth tau_df, tau2_est and tau2_low the estimate and the
	 * lower end, to say; NAN: none, rows of separate sessions stay undecided */
	double tau2, tau_df, tau2_est, tau2_low;
	/* per kernel, NULL or 1 where one of it and BASE ran under QEMU/TCG
	 * and the other not (machine_across_emulation): its rows get no verdict */
	const unsigned char *no_verdict;
	/* --until-decided's look (sequential.h) whose share of COMPARE_ALPHA
	 * alpha is, of looks; 0: not a look */
	size_t look, looks;
};

void compare_opts_init(struct compare_opts *o);

/* a lab's compare holds a million of these: the wide fields first, the
 * narrow ones packed after them, the flags in bits (112 bytes on LP64) */
struct compare_row {
	const char *load, *kernel;	/* point into the compare's report */
	/* over ok runs, runs = s->n: the report's, or empty where the
	 * kernel has no runs of the load (a lab's 480000 rows share them) */
	const struct running_stats *s;
	double diff_pct;		/* NAN: BASE, missing, or BASE's mean 0 */
	double p, p_holm;		/* NAN unless TEST_MADE */
	struct verdict verdict;		/* NEW rows with runs on both sides */
	unsigned k;			/* the kernel's index in the report's kernels[] */
	short metric;			/* enum metric_id, metric.h */
	/* interleaved, and tested round by round: pairs (<= LOAD_MAX_PAIRED) */
	unsigned short paired;
	unsigned char is_base;
	/* the metric its table is measured by (report_main_stats): Time, an
	 * interactive task's Latency, a measured load's Work */
	unsigned char main;
	/* NEW rows: 0 in every run of both sides (noload's Loads and LCPU%:
	 * no load ran): nothing to test, no verdict, not counted */
	unsigned char untested;
	enum compare_test test : 8;
	enum compare_mark mark : 8;
	unsigned char interleaved;	/* NEW rows: runs overlapped BASE's in time */
	/* separate sessions without a calibration: verdict.mde_pct is the
	 * within-session MDE, the least the drift could add to */
	unsigned char mde_floor : 1;
	/* NEW rows of a kernel compare_opts.no_verdict names: the difference
	 * is shown, nothing is tested or decided */
	unsigned char across : 1;
	enum compare_p_test p_test : 6;	/* what p is, where TEST_MADE */
};

struct compare_summary {
	const char *kernel;
	size_t nloads;			/* loads in the geometric mean */
	double gmean;			/* Time / BASE's Time; NAN with no load */
	double ci_low, ci_high;		/* NAN when some load has one run */
	enum compare_drift drift;	/* what the interval says of the drift */
};

/*
 * A kernel symbol tested between BASE and a NEW kernel under one load
 * (monitors = profile; results/symbols.h says how): each run's share of
 * the kernel's samples in that symbol (self) is a metric of the run.
 */
struct symbol_row {
	const char *load, *kernel;	/* point into the compare's report */
	char *symbol;
	unsigned k;			/* the NEW kernel's index in the report's kernels[] */
	/* the mean share over the runs, percent of the kernel's samples, and
	 * its sample SD (NAN with one run); a run that did not keep the
	 * symbol counts at its bound (symbols.h) */
	double base_pct, new_pct, base_sd, new_sd;
	/* the mean samples a run in the symbol (at the bound where not kept): what is tested */
	double base_samples, new_samples;
	unsigned short base_runs, new_runs;	/* runs with a profile */
	unsigned short base_bounded, new_bounded;	/* of those, runs counted at the bound */
	unsigned short paired;		/* rounds tested round by round; 0: not paired */
	unsigned char interleaved;	/* the load's runs overlapped BASE's in time */
	unsigned char mde_floor;	/* separate sessions, no calibration: the within-session MDE */
	/* 0: kept by too few runs to test (symbols.h); no p, no verdict */
	unsigned char tested;
	double p, p_holm;		/* the test's, and Holm's over every symbol tested */
	struct log_diff diff;		/* the estimate the verdict is on */
	struct verdict verdict;		/* a difference only where p_holm < alpha */
};

struct compare {
	struct report report;		/* the per-load aggregates; owns the names */
	double alpha;
	struct compare_opts opts;	/* as built */
	struct compare_row *rows;	/* by load, metric, then kernel (BASE first) */
	size_t nrows, rows_alloc;
	struct compare_summary *summary;	/* one per NEW kernel */
	size_t nsummary;
	size_t ntests, nalpha, nholm;	/* tests made; marked '*' or better; '**' */
	size_t nverdicts, ndecided;	/* NEW rows with a verdict; not undecided */
	size_t nseparate;		/* of those, rows of separate sessions */
	size_t npaired;			/* of those, rows tested round by round */
	size_t nunlike;			/* NEW rows of TEST_UNLIKE */
	/* the kernel symbols tested (compare_read's, where profiles are): by
	 * load, then NEW kernel, then name */
	struct symbol_row *symbols;
	size_t nsymbols;
	size_t nsym_tests;		/* of them, tested: Holm's count */
	size_t nsym_worse, nsym_better;	/* of those, decided so */
	size_t nwithin;			/* TEST_MADE rows whose p is P_WITHIN */
	size_t nratio_separate;		/* Ratio rows of separate sessions (no drift) */
	/* the Ratio rows' stats: per loaded table and kernel, the per-round
	 * Time / noload Time of that kernel (the rows point into it) */
	struct running_stats *ratios;
	size_t nratios;
};

/* krs[0] is BASE, krs[1..n) the NEW kernels; n >= 2, 0 < o->alpha < 1 */
void compare_build(struct compare *c, const struct kernel_results *krs, size_t n,
		   const struct compare_opts *o);
void compare_release(struct compare *c);

/*
 * An undecided row's runs per kernel that would bring its MDE down to
 * pct percent at this noise: the MDE of a log difference scales with
 * 1 / sqrt(n), so n * (ln(1 + MDE) / ln(1 + pct))^2, rounded up; its
 * runs now (pairs when paired) in *now. 0 when the MDE is not the
 * reason (too few runs, no calibration), is already within pct, or the
 * kernels ran in separate sessions, whose drift more runs do not shrink.
 */
double compare_runs_for_mde(const struct compare_row *row, double pct, size_t *now);

/* the label of row's metric, a `metric =` figure's as c's results name it */
const char *compare_metric_label(const struct compare *c, const struct compare_row *row);
/* what a row's p is (compare_p_test), a word for csv and json */
const char *compare_p_test_name(const struct compare_row *row);

/* a row --until-decided waits for: its table's main metric, or a Ratio */
int compare_row_judged(const struct compare_row *row);

/* a NEW row with runs on both sides carries a verdict, unless untested
 * or of unlike figures (TEST_UNLIKE) */
int compare_has_verdict(const struct compare_row *row);
/* how its runs were compared: "paired" (round by round), "interleaved"
 * (Welch, one session) or "separate" (sessions) */
const char *compare_sessions_name(const struct compare_row *row);

/* the row's mark as printed: "", "*", "**" */
const char *compare_mark_str(const struct compare_row *row);

/*
 * The significant differences (p < alpha) worse than pct percent, one
 * line each on err naming the load and metric (none for LCPU%, which has
 * no worse). Returns how many.
 */
size_t compare_failures(const struct compare *c, double pct, FILE *err);

/*
 * compare-read.c: what compare reads. compare_read() reads the kernels'
 * runs.tsv from dir and builds c (kernels[0] is BASE) at o as it is (no
 * calibration, no env file); 0, or -1 (error printed, nothing to release).
 */
int compare_read(struct compare *c, const char *dir, char *const *kernels, size_t n,
		 const struct compare_opts *o);

/*
 * What `contest compare` reads, each file once: the kernels' runs.tsv and
 * env files, BASE's env deciding the calibration o is given
 * (compare_opts_calibrate) before c is built, and *confounds
 * (compare_confounds()'s sentences) said as the env files are read.
 * keep_envs keeps every kernel's parsed env in c->report.results[k].env
 * (the mail's), else only BASE's. 0, or -1 (error printed, nothing to
 * release).
 */
int compare_read_inputs(struct compare *c, const char *dir, char *const *kernels, size_t n,
			const struct compare_opts *o, int keep_envs, char ***confounds);

/*
 * c built from runs already read (report's: krs[0] is BASE), calibrated
 * by krs[0].env; c does not own krs, which must outlive it.
 */
void compare_of_results(struct compare *c, const char *dir, const struct kernel_results *krs,
			size_t n, const struct compare_opts *o);

/*
 * What may confound the comparison, from the parsed env files envs[k] of
 * kernels[k] (NULL: none): one malloc'd sentence per key in which a NEW
 * kernel's env differs from BASE's (env_differences; a different
 * memtotal begins "MEMORY DIFFERS"), or per env file that is missing
 * (dir names its path); before them, when the two are different machines
 * (machine.h), one beginning "ACROSS MACHINES". NULL-terminated; free
 * with compare_confounds_free().
 */
struct env;
char **compare_confounds(const char *dir, char *const *kernels, struct env *const *envs,
			 size_t n);
void compare_confounds_free(char **sentences);
/* compare_opts.no_verdict for n parsed env files (NULL where none), BASE
 * first: 1 where a kernel and BASE are across emulation; free() it */
unsigned char *compare_no_verdict(struct env *const *envs, size_t n);


#endif

/* history.h - a results folder as a lab's history: per load, the series
 * of kernels in an order and its change points (changes.h)
 *
 * Read as report reads (report_collect, each env file once); a series
 * per report table (load, and sweep point), measured by its row kind's
 * main metric (Time, an interactive task's Latency, a measured load's
 * Work) or the one asked for. Kernel j is in the same session as kernel
 * j - 1 when their ok runs of that load overlap in time (interleaved
 * rounds), else in a session of its own. The calibrated drift
 * (compare_opts_calibrate: the upper end of its interval) applies to
 * Time, the one metric `contest calibrate` measures, of the workload it
 * was measured on. Kernels of different workloads are never one series
 * (a dd command's times after a compile's would be a -99% "step"): a
 * series per table and workload.
 */
#ifndef CONTEST_HISTORY_H
#define CONTEST_HISTORY_H

#include "results/changes.h"
#include "results/metric.h"
#include "results/report.h"

/* the kernels' order: as named (none named: as report_collect reads
 * them, oldest first), by version as sort -V, by their first run */
enum history_order { HISTORY_GIVEN, HISTORY_VERSION, HISTORY_TIME };
/* below this rank correlation time and version order tell two histories */
#define HISTORY_ORDERS_DISAGREE 0.5
#define HISTORY_ORDER_WORDS "given|version|time"

struct history_series {
	const struct report_table *t;
	/* its name: the table's, and its workload's label when a folder
	 * holds several ("noload [workload=synthetic]") */
	char *name;
	int workload;		/* its kernels' workload, an index of history.workloads */
	int drift;		/* the calibrated drift was allowed for */
	enum metric_id metric;
	int sessions;		/* how many sessions its kernels ran in */
	struct changes ch;	/* kernel indices are positions in history.order */
	/* per position in order: the kernel's mean and sample SD (NAN: none)
	 * for the charts */
	double *mean, *sd;
};

struct history {
	const struct report *r;
	struct report *own;	/* history_read's, NULL when built on another's */
	size_t *order;		/* the series' kernels: indices into r.kernels */
	size_t n;
	struct history_series *series;
	size_t nseries;
	struct changes_opts opts;
	/* Spearman's rank correlation of the kernels' time order (first run)
	 * and version order (sort -V); NAN when not every kernel is dated */
	double time_version;
	/*
	 * A series holds one workload: kernels whose env files differ in
	 * what was timed or its size (calibration_workload_difference) are
	 * split, a series per table and workload. Per position its workload;
	 * each workload's label, and the env key that told them apart (NULL
	 * with one workload).
	 */
	int *workload;
	int nworkloads;
	char **workload_label;
	const char *workload_key;
	double drift_pct;	/* the drift allowed for Time, in percent; NAN: not calibrated */
	/* where the kernels' env files are, and those read (history_commit):
	 * only the few a change point names are */
	char *dir;
	struct env **envs;
};

/*
 * Read kernels[0..n) of dir (n == 0: every kernel) and find the change
 * points of each series: metric -1 for each table's main metric.
 * 0; 1 when some kernel could not be read (said) but h holds the others;
 * -1 (said) when none could be, or the metric is none a series has.
 */
int history_read(const char *dir, const char *const *kernels, size_t n, enum history_order order,
		 int metric, const struct changes_opts *o, struct history *h);
void history_release(struct history *h);

/*
 * The same over a report already read (report --format html): dir, when
 * not NULL, is where the calibration is looked for. 0, or -1 (said).
 */
int history_build(struct history *h, const struct report *r, const char *dir,
		  enum history_order order, int metric, const struct changes_opts *o);

/* the metric named (its runs.tsv column, JSON key or label, any case)
 * among those a run has, -1 when none */
int history_metric_named(const char *name);

/* the name of the kernel at position i of the order */
const char *history_kernel(const struct history *h, size_t i);
/* the commit the kernel at position i was built from (env's commit, or
 * config.commit from -s commit=SHA), NULL when its env says none */
const char *history_commit(const struct history *h, size_t i);
/* the same of one env (NULL: none) */
const char *history_env_commit(const struct env *e);
const char *history_env_tree(const struct env *e);
/* the git tree that commit is in: env's bisect_tree (contest bisect), or
 * config.commit_tree (-s commit_tree=DIR); NULL when neither (env's tree:
 * is the compiled workload's, not the kernel's) */
const char *history_tree(const struct history *h, size_t i);

#endif

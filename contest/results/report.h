/* report.h - the per-load tables: aggregation, then writers
 *
 * report_build() turns runs into structs (fio style); the writers only read
 * those structs. Each table is one load, each row one kernel that has runs
 * of it; the numbers are means over the kernel's ok runs, the others are
 * counted per status.
 *
 * Text layout (as the 2002 mails had it): "LOAD:", a blank line, the header
 * "Kernel [runs]  Time  CPU%  Loads  LCPU%  Ratio", one row per kernel
 * with ok runs, then, when some runs were not ok, ONE line
 * "(K: 1 run not ok: 1 load-failed; K2: 3 runs not ok: 2 aborted, 1 oom)",
 * then a blank line. Cells sit on tab stops every 8 columns expanded into
 * spaces: the first column is 24 wide, or the longest "NAME [runs]" plus 2
 * rounded up to a multiple of 8; a cell of 8 or more characters runs on to
 * the next stop; no trailing blanks. Time has one decimal, CPU%, Loads and
 * LCPU% none, Ratio two; a value that does not exist prints as "-".
 *
 * --stats adds three columns after Ratio, one decimal each, "-" with fewer
 * than 2 ok runs: "SD", the sample standard deviation of Time; "CI95", half
 * the width of the 95% confidence interval of Time's mean (Student's t with
 * runs-1 degrees of freedom: the mean lies in Time +- CI95); "LoadsSD",
 * the sample standard deviation of Loads. The run count they go with is
 * the [runs] of the first column, which counts ok runs.
 *
 * Classic (--format classic) is the text layout without the blank line
 * after "LOAD:", as contest's tables were posted to linux-kernel in 2002.
 * Mail (--format mail, report-mail.c) is a whole message around the text
 * tables; HTML (--format html, report-html.c) a page in opts->out_dir.
 * CSV and JSON carry the same numbers unrounded, one record per row; CSV
 * also the mean pressure stall times (runs.tsv's psi columns).
 */
#ifndef CONTEST_REPORT_H
#define CONTEST_REPORT_H

#include <stdio.h>
#include <stddef.h>

#include "results/metric.h"
#include "results/summary.h"
#include "results/stats.h"

struct compare;		/* results/compare.h */
struct monitor_logs;	/* results/monitor-logs.h */
struct machine;		/* results/machine.h */

enum ratio_mode {
	RATIO_REFERENCE,	/* Time / the reference's noload mean */
	RATIO_SELF,		/* Time / the kernel's own noload mean (contest 0.6x) */
};

/*
 * A command's formats as one list, FIRST(ID, WORD) then NEXT(ID, WORD)
 * for each other: its enum and its --format words ("text|classic|...",
 * the order of the enum) are both made from it, so they cannot drift
 */
#define FORMAT_ID(prefix, id) prefix##id,
#define FORMAT_WORD_FIRST(id, word) word
#define FORMAT_WORD_NEXT(id, word) "|" word

#define REPORT_FORMATS(FIRST, NEXT) \
	FIRST(TEXT, "text") NEXT(CLASSIC, "classic") NEXT(MAIL, "mail") NEXT(HTML, "html") \
	NEXT(CSV, "csv") NEXT(JSON, "json") NEXT(KCIDB, "kcidb")
#define REPORT_FORMAT_ID(id, word) FORMAT_ID(REPORT_, id)
enum report_format { REPORT_FORMATS(REPORT_FORMAT_ID, REPORT_FORMAT_ID) };
/* "text|classic|mail|html|csv|json|kcidb" */
#define REPORT_FORMAT_WORDS REPORT_FORMATS(FORMAT_WORD_FIRST, FORMAT_WORD_NEXT)

struct report_opts {
	enum ratio_mode ratio;
	const char *reference;	/* kernel whose noload mean is the reference; NULL: the first */
	double reference_time;	/* > 0: the reference noload time in seconds, overrides reference */
	enum report_format format;
	int stats;		/* add the SD, CI95 and LoadsSD columns */
	int swap;		/* the Swap block even without stats (the mail's tables) */
	int no_legend;		/* text: not the line on what Ratio divides by (the mail says it) */
	const char *out_dir;	/* html: where index.html and its charts go */
	const char *from;	/* mail: the From: address; NULL: $EMAIL, else user@host */
	const char *to;		/* mail: the To: address; NULL: no To: header */
	const char *origin;	/* kcidb: the submitting CI system's name, [a-z0-9_]+ */
};

void report_opts_init(struct report_opts *opts);

/*
 * one kernel under one load (at a sweep's point): its load_summary (read,
 * not copied: at a lab's 12000 kernels a copy of each doubled the memory),
 * and its Ratio
 */
struct report_row {
	const char *kernel;		/* points into the report's kernels[] */
	size_t k;			/* the kernel's index in the report's kernels[] */
	const struct load_summary *s;	/* its runs of the load: Time, CPU% ... over ok runs */
	/* a loaded compile table's: the same kernel's noload at the same
	 * point, whose stall is the compile's own (a -j4 on 2 CPUs waits on
	 * itself); NULL in noload's table and where there is none */
	const struct load_summary *own;
	double ratio;			/* NAN when there is no reference */
};

struct report_table {
	char load[64];
	/* a sweep's point (runs.tsv's sweep, "KEY=VALUE[,KEY=VALUE]"), "" none:
	 * a swept load has a table per point, in the order the runs made them */
	char sweep[128];
	char name[200];			/* what compare calls it: the load, "LOAD at SWEEP" for a point */
	enum row_kind kind;		/* a compile's, an interactive task's, a measured load's */
	struct report_row *rows;	/* in the report's kernel order */
	size_t nrows;
	size_t n_not_ok;		/* over all rows */
	size_t n_notes[RUN_NOTES];	/* runs with each note, over all rows */
};

struct report {
	char **kernels;			/* display order */
	size_t nkernels;
	struct report_table *tables;	/* canonical load order */
	size_t ntables;
	double reference_s;		/* RATIO_REFERENCE: the divisor, NAN when missing */
	/* the `metric =` figures' names, as the kernels' runs give them (the
	 * first kernel's hold); writers take labels through metric_label() */
	struct own_metrics own;
	char *reference_kernel;		/* whose noload it is; NULL with reference_time or self */
	/* what mail and html print besides the tables (report_read_inputs) */
	struct env **envs;		/* per kernel its parsed env file (in results[]), NULL none */
	struct machine *machines;	/* text: per kernel its machine (machine.h) */
	struct compare *compare;	/* two kernels or more: compare's verdicts, at compare_opts_init()'s */
	char **confounds;		/* mail: compare_confounds()'s sentences */
	struct monitor_logs *monitors;	/* --stats, mail, html: the monitors' logs of each row */
	/* the kernels' summaries the rows point into, when the report owns
	 * them (report_collect, compare_read); report_release frees them */
	struct kernel_results *results;
	size_t nresults;
};

/*
 * What a table's row is measured by, the one number a sweep shows per
 * point and kernel: a compile's Time, an interactive task's latency mean
 * (us), a measured load's Work (units finished in its duration).
 */
const struct running_stats *report_main_stats(const struct report_table *t,
					      const struct report_row *row);

/*
 * What compare, judge and changes judge a table by when no --metric is
 * given: its kind's main metric, or where a row's runs were measured by
 * the host of a guest, metric.h's GUEST_MAIN_METRIC (the tables still
 * show Time first).
 */
enum metric_id report_main_metric(const struct report_table *t);

/*
 * A sweep's point "K1=V1,K2=V2" split for a table: the keys ("K1,K2")
 * or the values as they were given ("V1,V2"), into buf
 */
const char *report_sweep_part(const char *sweep, int values, char *buf, size_t size);
/* how many tables from i on are the same load's sweep (1 when not swept) */
size_t report_sweep_len(const struct report *r, size_t i);

/* mean stall seconds of psi column i (0..2*PSI_NCOL) over the row's ok
 * runs that have it; NAN when none has */
double report_psi_s(const struct report_row *row, size_t i);
/* the compile's own part of it (its kernel's noload mean) and what came
 * from the load (the row's mean less that, may be below 0 by noise);
 * NAN when either mean is missing, and in noload's own table */
double report_psi_own_s(const struct report_row *row, size_t i);
double report_psi_load_s(const struct report_row *row, size_t i);

/* kernel k's row in table t (rows are in kernel order), NULL when it has none */
const struct report_row *report_kernel_row(const struct report_table *t, size_t k);

/*
 * Aggregate krs[0..n) (in display order). ref, when not NULL, holds the
 * reference kernel's results (opts->reference may name one outside krs);
 * otherwise the reference is opts->reference looked up in krs, else krs[0].
 * A missing reference noload is warned about once; Ratio is then NAN.
 * The rows point into krs' summaries: krs must outlive r (or be given to
 * it as r->results). 0, or -1 (error printed) when opts->reference is not
 * among the results.
 */
int report_build(struct report *r, const struct kernel_results *krs, size_t n,
		 const struct kernel_results *ref, const struct report_opts *opts);
void report_release(struct report *r);

/* Where a load goes in the tables: its canonical index, others after */
int report_load_cmp(const char *a, const char *b);

/*
 * What a writer needs besides the tables, as it declares it
 * (output/report-write.h's report_write_needs()): the reader reads that
 * much, each file once, and knows no format.
 */
enum report_need {
	REPORT_NEED_MACHINES = 1 << 0,	/* r->machines: each kernel's machine */
	REPORT_NEED_ENVS = 1 << 1,	/* r->envs: each kernel's env file, parsed */
	REPORT_NEED_COMPARE = 1 << 2,	/* r->compare (two kernels or more), with envs */
	REPORT_NEED_CONFOUNDS = 1 << 3,	/* r->confounds, with compare */
	REPORT_NEED_MONITORS = 1 << 4,	/* r->monitors */
	/* each summary's runs (run_value()): a history's series; compare
	 * pairs them, so REPORT_NEED_COMPARE keeps them too. Without it a
	 * report keeps only the means (RESULTS_NO_RUNS). */
	REPORT_NEED_RUNS = 1 << 5,
};

/*
 * Read dir and build the report of kernels[0..n) in that order (n == 0:
 * every kernel, oldest first), with each kernel's env file beside its
 * runs (read once, on the same thread) when needs (enum report_need)
 * asks for envs. 0; 1 when some kernel could not be read (error printed)
 * but r holds the others; -1 (error printed, r empty).
 */
int report_collect(const char *dir, const char *const *kernels, size_t n,
		   const struct report_opts *opts, unsigned needs, struct report *r);

/*
 * report-read.c: what a writer prints besides the tables, as needs (the
 * same report_collect() was given) asks: the env files report_collect
 * read (r->envs) and, with two kernels or more, compare's verdicts built
 * from the runs it read and what the env files say may confound them;
 * the machines; the monitors' logs. 0, or -1 (error printed).
 * report_inputs_release() frees them (report_release() leaves them).
 */
int report_read_inputs(struct report *r, const char *dir, unsigned needs);
void report_inputs_release(struct report *r);

#endif

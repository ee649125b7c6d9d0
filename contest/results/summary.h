/* summary.h - what report and compare read of a results folder: per
 * kernel and load, the summaries of its runs, kept as results_scan()
 * (store.h) streams the rows by; no row is kept
 */
#ifndef CONTEST_SUMMARY_H
#define CONTEST_SUMMARY_H

#include <stddef.h>

#include "results/store.h"

/* runs of one status that are not ok */
struct status_count {
	char status[32];
	size_t n;
};

/* one ok run's numbers, kept so that compare can pair interleaved rounds:
 * Time, CPU%, Loads, LCPU%, then a timed task's (store.h's LAT_*, WORK_*),
 * then the counters (store.h's COUNT_*) */
enum { RUN_VALUES = 4 + LAT_NCOL + COUNTS };
struct run_values {
	int run;
	double v[RUN_VALUES];
};

/*
 * What the ok runs of a load should be read with, kept in the means but
 * said under the table: runs that were disturbed (runs.tsv's
 * `disturbed`: steal or others' CPU) and runs whose load did not reach
 * what it exists to stress (`unloaded`: writes that stayed in the page
 * cache, a mem_load that never swapped). Per kind, how many runs and
 * which, "run 3 others 48%, run 5 steal 12%", cut with "..." when long.
 */
enum run_note_kind { NOTE_DISTURBED, NOTE_UNLOADED, RUN_NOTES };

struct run_notes {
	size_t n;
	char *text;	/* RUN_NOTE_TEXT bytes, made with the first note; NULL while n is 0 */
};
#define RUN_NOTE_TEXT 160

/* "disturbed", "did not load": what a note line says of its runs */
extern const char *const run_note_names[RUN_NOTES];

/* how many ok runs of a load are kept for pairing; beyond, none is paired */
#define LOAD_MAX_PAIRED 4096

/* one kernel's runs of one load (at one point of a sweep), summed up as the rows go by */
struct load_summary {
	char load[64];
	char sweep[128];		/* runs.tsv's sweep, "" none */
	struct running_stats time, cpu, loads, lcpu;	/* over ok runs */
	struct running_stats psi[2 * PSI_NCOL];	/* over ok runs that have them */
	size_t n_not_ok;
	struct status_count *not_ok;	/* by status, sorted by name */
	size_t n_not_ok_kinds;
	int highest_run;		/* the highest run not aborted, 0 when none */
	/* when the ok runs started (epoch s): the earliest and the latest
	 * timestamp; NAN when no ok row has one */
	double first_ok, last_ok;
	/* the ok runs' numbers, in file order; NULL (none kept) when there
	 * are more than LOAD_MAX_PAIRED */
	struct run_values *runs;
	size_t nruns, runs_alloc;
	/* what disturbed the ok runs: the means of runs.tsv's steal_s and
	 * others_cpu_s over the runs that have them */
	struct running_stats steal, others;
	/* the machine's major faults over the ok runs' windows (pgmajfault) */
	struct running_stats majflt;
	struct run_notes notes[RUN_NOTES];
	/* an interactive task's measures (store.h's LAT_*) over the ok runs that have them */
	struct running_stats lat[LAT_NCOL];
	/* instructions and cycles (store.h's COUNT_*) over the ok runs that counted them */
	struct running_stats counts[COUNTS];
};

/* one kernel's results: per load what the tables need, no rows kept */
struct kernel_results {
	char *name;			/* the kernel: the folder's name */
	struct load_summary *loads;	/* in the order the file first has them */
	size_t nloads;
	double first_seen;		/* for ordering: earliest timestamp (epoch s), else file mtime */
	int dated;			/* first_seen is a row's timestamp */
};

/*
 * Add one row to kr's summaries (a results_row_fn, data is kr): a reader
 * that wants the rows too calls it from its own callback. NULL, or why
 * the row is not taken (more loads, or statuses of one load, than a
 * results folder plausibly holds: KERNEL_MAX_LOADS, LOAD_MAX_STATUSES).
 */
#define KERNEL_MAX_LOADS 256
#define LOAD_MAX_STATUSES 32
const char *kernel_results_add(const struct run_row *row, void *kr);
/* kr's summary of load (its first sweep point's), NULL when it has no row of it */
const struct load_summary *kernel_results_load(const struct kernel_results *kr,
					       const char *load);
/* kr's summary of load at a sweep's point ("": not swept), NULL when none */
const struct load_summary *kernel_results_point(const struct kernel_results *kr,
						const char *load, const char *sweep);

/*
 * Read DIR/KERNEL/runs.tsv into out (results_scan, kernel_results_add).
 * 0, or -1 when the file cannot be read or lacks a required column (error
 * printed).
 */
int results_read_kernel(const char *dir, const char *kernel, struct kernel_results *out);
/*
 * Every kernel folder in dir with a runs.tsv (of any type: one that is no
 * regular file is an error), but those starting with '.', oldest first run
 * first.
 */
int results_read_all(const char *dir, struct kernel_results **out, size_t *n);
void kernel_results_release(struct kernel_results *kr);
/* release n kernels and the array itself, as results_read_all made them */
void results_release_all(struct kernel_results *krs, size_t n);

/*
 * A kernel named on a command line (report, compare, plot): a kernel name
 * (check_name: one path component) that has results in dir. 0, or -1
 * with the error printed; a typo is bad usage.
 */
int results_check_kernel(const char *dir, const char *kernel);

/*
 * Next run number for load in DIR/runs.tsv (1 when none): one above the
 * highest that is not `aborted`. Reads the file; a missing file is fine.
 * -1 (error printed) when it cannot be read or is not a regular file.
 */
int results_next_run(const char *kernel_dir, const char *load);

#endif

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

/* the numbers compare pairs interleaved rounds by: Time, CPU%, Loads,
 * LCPU%, then a timed task's (store.h's LAT_*, WORK_*), then the counters
 * (store.h's COUNT_*), then the extra measures (store.h's EXTRA_*) */
enum { RUN_VALUES = 4 + LAT_NCOL + COUNTS + EXTRAS };
/* the first RUN_MAIN of them, which every ok run has */
enum { RUN_MAIN = 4 };
/* those of a timed task and the counters, after them */
enum { RUN_MORE = LAT_NCOL + COUNTS };
struct run_values {
	int run;
	double v[RUN_MAIN];
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

/*
 * One kernel's runs of one load (at one point of a sweep), summed up as the
 * rows go by. A lab reads thousands of kernels of ten loads at once, so a
 * summary holds no room for what its runs do not have: its names are
 * interned, and the pressure, a timed task's measures and the counters
 * each point at one shared block of empty statistics until a run has
 * them (most loads time no task; most machines count no cycles).
 */
struct load_summary {
	const char *load;		/* intern.h's: one pointer per name */
	const char *sweep;		/* runs.tsv's sweep, "" none; interned */
	struct running_stats time, cpu, loads, lcpu;	/* over ok runs */
	/* over ok runs that have them: [2 * PSI_NCOL], [LAT_NCOL], [COUNTS], and
	 * the extra measures by store.h's EXTRA_GROUP */
	const struct running_stats *psi, *lat, *counts, *extra[EXTRA_GROUPS];
	/* runs.tsv's metric_names of its first ok run that has them, "" none; interned */
	const char *own_names;
	size_t n_not_ok;
	struct status_count *not_ok;	/* by status, sorted by name */
	size_t n_not_ok_kinds;
	int highest_run;		/* the highest run, aborted ones too, 0 when none */
	/* when the ok runs started (epoch s): the earliest and the latest
	 * timestamp; NAN when no ok row has one */
	double first_ok, last_ok;
	/* the ok runs' numbers, in file order (run_value()); NULL (none kept)
	 * when there are more than LOAD_MAX_PAIRED */
	struct run_values *runs;
	/* per run, a timed task's values and the counters (RUN_MORE), and
	 * each group of the extra measures; NULL while no run has one */
	double *more, *extra_runs[EXTRA_GROUPS];
	size_t nruns, runs_alloc;
	/* what disturbed the ok runs: the means of runs.tsv's steal_s and
	 * others_cpu_s over the runs that have them */
	struct running_stats steal, others;
	/* the machine's major faults over the ok runs' windows (pgmajfault) */
	struct running_stats majflt;
	struct run_notes notes[RUN_NOTES];
};

/* value v (0 .. RUN_VALUES) of ls's i-th kept run; NAN when it has none */
double run_value(const struct load_summary *ls, size_t i, int v);

/* one kernel's results: per load what the tables need, no rows kept */
struct kernel_results {
	char *name;			/* the kernel: the folder's name */
	struct load_summary *loads;	/* in the order the file first has them */
	size_t nloads, loads_alloc;
	double first_seen;		/* for ordering: earliest timestamp (epoch s), else file mtime */
	int dated;			/* first_seen is a row's timestamp */
	struct env *env;		/* its env file, where a reader's env hook kept it */
	/* once read, what its summaries keep besides themselves (their
	 * statistics' blocks, their runs' values), in one block; NULL while
	 * rows are added, or when they keep nothing */
	char *kept;
	/* read with RESULTS_NO_RUNS: its summaries keep no run's values */
	unsigned char no_runs;
};

/*
 * Add one row to kr's summaries (a results_row_fn, data is kr): a reader
 * that wants the rows too calls it from its own callback (kr->no_runs:
 * keep no run's values). NULL, or why
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
/* those kernel folders' names, in the folder's order, into *n: malloc'd
 * (each, and the array); NULL when dir cannot be opened (said) */
char **results_kernel_names(const char *dir, size_t *n);
void kernel_results_release(struct kernel_results *kr);

/*
 * What a reader does with each kernel's env file: read (results_read_env)
 * and parsed on the thread that read the kernel's runs.tsv, right after
 * it, and handed to fn(kr, i, e, data) with i the kernel's index in the
 * list; fn owns e (NULL: the kernel has none) and may keep it in kr->env.
 * Not called for a kernel whose runs could not be read. Kernel 0 is read
 * whole before any other, so a hook may compare the others with it.
 */
struct env;
struct results_env_hook {
	void (*fn)(struct kernel_results *kr, size_t i, struct env *e, void *data);
	void *data;
};

/*
 * How a list is read: RESULTS_NO_RUNS keeps no run's values in the
 * summaries (their runs NULL, as past LOAD_MAX_PAIRED), for a reader
 * that shows only the means: no pairing, no series. A lab's 120000
 * summaries hold a fifth less.
 */
enum { RESULTS_NO_RUNS = 1 << 0 };

/*
 * Read names[0..n) of dir into out[0..n) (results_read_kernel), ok[i]
 * saying whether each could be, and, with a hook, each one's env file;
 * a lab's thousands on two threads where two CPUs are usable (the one
 * place a reader decides it), what they say on stderr in the order one
 * thread would say it. 0 when all could be read, else -1 (errors printed).
 */
int results_read_list(const char *dir, char *const *names, size_t n,
		      struct kernel_results *out, int *ok, const struct results_env_hook *hook,
		      unsigned flags);
/* results_read_all, each kernel's env file handed to hook (index: the
 * folder's order), read as flags say */
int results_read_all_env(const char *dir, struct kernel_results **out, size_t *n,
			 const struct results_env_hook *hook, unsigned flags);
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
 * highest, an aborted run's too (its redo takes the next); load NULL:
 * above the highest of any load. Reads the file; a missing file is fine.
 * -1 (error printed) when it cannot be read or is not a regular file.
 */
int results_next_run(const char *kernel_dir, const char *load);

/* the number load's new row in DIR takes: results_next_run's, at least
 * first (a round's, results_round_run; 0 none); -1 as it */
int results_run_number(const char *kernel_dir, const char *load, int first);

/*
 * The number a round's runs share: one above the highest run any of the
 * n kernel directories has recorded, of any load (1 when none). compare
 * pairs interleaved kernels' runs by number, and an aborted run keeps
 * its own, so each kernel numbering from its own highest would pair a
 * round with another after a round cut short, or a kernel that joined
 * later (a bisection's midpoint) with rounds it was not in. -1 (said)
 * when a runs.tsv cannot be read.
 */
int results_round_run(const char *const *kernel_dirs, size_t n);

#endif

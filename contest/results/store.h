/* store.h - the results store: reports/KERNEL/{env,runs.tsv,logs/}
 *
 * runs.tsv is tab-separated with a header naming the columns. Readers find
 * columns by name and ignore unknown ones; the required columns are
 * load run time_s cpu_pct loads lcpu_pct status. A row is appended whole
 * with one write(2) and then fsync(2).
 */
#ifndef CONTEST_RESULTS_H
#define CONTEST_RESULTS_H

#include <stddef.h>

#include "sys/psi.h"
#include "results/stats.h"

/*
 * A timed task's own measures, in runs.tsv's order. An interactive
 * workload's (session/interactive.h): latency mean, sample SD, p99, max
 * (us), the % of the CPU it wanted that it got, the % of deadlines met,
 * gaming's frames a second. A measured load's (workload = load): the units
 * of work it finished in its duration and their rate a second
 * (WORK_UNITS, WORK_RATE). Last the timer's idle oversleep taken off each
 * latency (us), which no comparison reads. NAN for a compile, and where a
 * task has none (deadlines for gaming, latencies for a load).
 */
enum { LAT_MEAN, LAT_SD, LAT_P99, LAT_MAX, LAT_CPU, LAT_DEADLINES, LAT_FPS,
       WORK_UNITS, WORK_RATE, LAT_FLOOR, LAT_NCOL };

/*
 * The compile's counters a reader keeps, in runs.tsv's order: instructions
 * and cycles (perfctr.h's; NAN where the PMU counted none).
 */
enum { COUNT_INSTRUCTIONS, COUNT_CYCLES, COUNTS };

/*
 * What a run measured of the timed work beyond its four main numbers, in
 * runs.tsv's order, each a metric where runs have it: its user and system
 * CPU seconds (wait4) and their sum, in a guest the CPU seconds the host
 * charged the whole guest over the window and their user and system
 * split (hostcpu.h), swap in and out and disk read and write over its
 * window in MB a second (/proc/vmstat's pswpin and pswpout, the physical
 * disks' sectors in /proc/diskstats) and the disks' mean wait for an I/O
 * in ms (iostat's await, from the same counters), then the figures `metric =` takes from its
 * output (OWN_METRICS, their names in runs.tsv's metric_names). NAN absent.
 */
#define OWN_METRICS 4
enum { EXTRA_USER, EXTRA_SYS, EXTRA_CPU, EXTRA_HOST_CPU, EXTRA_HOST_USER, EXTRA_HOST_SYS,
       EXTRA_SWAP_IN, EXTRA_SWAP_OUT, EXTRA_DISK_READ, EXTRA_DISK_WRITE,
       EXTRA_DISK_AWAIT, EXTRA_OWN, EXTRAS = EXTRA_OWN + OWN_METRICS };
/* the window's rates and await (EXTRA_SWAP_IN .. EXTRA_DISK_AWAIT) */
#define WINDOW_RATES (EXTRA_OWN - EXTRA_SWAP_IN)
/* kept in three groups, each made only once a run has it (a lab's
 * thousands of kernels have CPU seconds, few the rates, fewer their own) */
enum { EXTRA_GROUPS = 3 };
#define EXTRA_GROUP(e) ((e) < EXTRA_SWAP_IN ? 0 : (e) < EXTRA_OWN ? 1 : 2)
#define EXTRA_GROUP_START(g) ((g) == 0 ? EXTRA_USER : (g) == 1 ? EXTRA_SWAP_IN : EXTRA_OWN)
#define EXTRA_GROUP_SIZE(g) ((g) == 0 ? EXTRA_SWAP_IN - EXTRA_USER : (g) == 1 ? WINDOW_RATES : OWN_METRICS)
/* runs.tsv's metric_names: "NAME:UNIT:lower|higher" a metric, ',' between */
#define OWN_NAMES_SIZE 192

/*
 * The load column of an interactive workload's run is "TASK+LOAD"
 * (audio+io_load: the audio task under io_load), so that its rows, tables
 * and comparisons stay apart from the compile's under the same load. The
 * LOAD part of a load column: what follows the '+', or the whole.
 */
#define ROW_TASK_SEP '+'
const char *row_load_base(const char *row_load);

/*
 * What a row's timed thing is: a compile (LOAD), an interactive task
 * (TASK+LOAD) or a measured load (MEASURE+LOAD, workload = load). Both of
 * the latter are named with ROW_TASK_SEP, since both are a timed task
 * under a background load; what stands before the '+' tells them apart:
 * a load's name (loads/loads.h) is a measured load, anything else a task.
 * Tables, comparisons and charts choose their columns by it.
 */
enum row_kind { ROW_COMPILE, ROW_INTERACTIVE, ROW_MEASURE, ROW_KINDS };
enum row_kind row_kind(const char *row_load);

/* one run, as the driver writes it */
struct run_record {
	char load[64];
	int run;			/* 1-based run number of this load for this kernel */
	char timestamp[32];		/* ISO 8601 UTC at the start of the run */
	double time_s;			/* compile wall seconds, exec (after the cgroup attach) to reap */
	double user_s, sys_s;		/* compile tree CPU from wait4; NAN where the host splits (UML) */
	double cpu_s;			/* their sum: the guest's own count in a guest */
	double host_cpu_s, host_user_s, host_sys_s;	/* the host's of the guest (hostcpu.h), NAN */
	double cpu_pct;			/* (user+sys)/time*100 */
	double loads;			/* units of work in the compile's window, fractional */
	double lcpu_pct;		/* load CPU seconds in the window / time * 100 */
	double load_cpu_s;
	double load_units;		/* whole units in the window */
	double load_work;		/* finer progress in the window */
	char load_work_unit[32];	/* "bytes", "-" when none */
	long majflt, minflt, nvcsw, nivcsw;	/* compile tree rusage */
	long long pswpin, pswpout, pgmajfault;	/* /proc/vmstat deltas over the run */
	double waited_s;		/* time spent waiting for the machine to be quiet */
	char flush[16];			/* "drop", "sync", "none" */
	char mem_limit[32];		/* "-" when none */
	char cpu_limit[32];		/* "-" when none */
	int jobs;
	/* pressure stall microseconds over the compile's window, NAN unknown:
	 * the machine's (psi_*_us) and the session cgroup's under v2 (cg_psi_*_us) */
	double psi_us[PSI_NCOL], cg_psi_us[PSI_NCOL];
	/* what disturbed the compile's window (session/disturb.h): CPU seconds
	 * the hypervisor stole, and other processes used; NAN unknown */
	double steal_s, others_cpu_s;
	char disturbed[64];		/* "-", or "others 48%", "steal 12%, others 20%" */
	/* the load's disk over the window (MB, NAN: not a block device) */
	double disk_read_mb, disk_write_mb;
	char unloaded[96];		/* "-", or why the load did not load */
	/* the compile's CPU migrations, instructions and cycles (perfctr.h's
	 * order), NAN where not counted: no PMU, no perf events */
	double counters[3];
	double interactive[LAT_NCOL];	/* the timed task's (LAT_*, WORK_*), NAN for a compile */
	/* a sweep's point: "KEY=VALUE[,KEY=VALUE]" as --sweep gave it, "-" none */
	char sweep[128];
	/* "ok", "load-failed", "aborted", "oom", "compile-failed", "timing-failed"
	 * (an interactive task died or its clock failed) */
	double cpu_mhz;			/* the CPUs' mean cpufreq clock (sys/probe.h), NAN: no cpufreq */
	/* swap in, out, disk read, write over the window, MB/s, and the
	 * disks' await, ms (EXTRA_SWAP_IN..) */
	double rates[WINDOW_RATES];
	char own_names[OWN_NAMES_SIZE];	/* `metric =`'s, "-" none */
	double own[OWN_METRICS];	/* their figures, NAN: none found */
	char status[32];
	char status_detail[256];	/* free text, no tabs or newlines; "-" when none */
};

/* The header line (no newline) that results_append writes. */
const char *results_header(void);

/*
 * May rows be appended to DIR/runs.tsv? DIR and DIR/logs must be missing
 * or directories (not symlinks to one), and runs.tsv missing, empty, or a
 * regular file whose header names only columns contest writes, each once,
 * the required ones among them (an older contest's header, with fewer
 * columns, is fine). -1 (error printed) for a symlink, a FIFO, a directory,
 * another header, or a file that cannot be read. Nothing is written.
 */
int results_check_appendable(const char *kernel_dir);

/* a kernel's results file */
#define RUNS_FILE "runs.tsv"
/* a bisection's own folder in DIR (its state, build log and images,
 * DIR/.bisect/images/NAME a candidate's image) */
#define BISECT_DIR ".bisect"
#define BISECT_IMAGES "images"

/*
 * DIR/KERNEL/NAME, the one place a path into the results is made; KERNEL
 * or NAME NULL leaves it out (DIR/NAME is a kernel directory's file).
 */
char *results_path(const char *dir, const char *kernel, const char *name);

/*
 * The env file of a kernel (results_path(dir, kernel, "env")) parsed
 * (record/env.h's env_parse, config included), or NULL when it has
 * none; free with env_free(). The one reader of env files: a command reads
 * each once, through results_read_list()'s env hook (summary.h); one that
 * is no regular file (a FIFO would block) is read as none.
 */
struct env;
struct env *results_read_env(const char *dir, const char *kernel);

/*
 * Append rec to DIR/runs.tsv: in a new or empty file the header and the
 * row in one write; in an existing one the row in the file's own columns
 * (formatted by the header's names, so an older contest's file stays
 * whole). One write of the whole line, then fsync. 0 or -1 (error
 * printed; nothing appended), also when the file is one
 * results_check_appendable refuses.
 */
int results_append(const char *kernel_dir, const struct run_record *rec);

/* one row as a reader sees it: only what the tables need */
struct run_row {
	char load[64];
	int run;
	double time_s, cpu_pct, loads, lcpu_pct;
	char status[32];
	char timestamp[32];		/* "" when the column is absent */
	/* psi_*_us then cg_psi_*_us, as in run_record; NAN absent or "-" */
	double psi_us[2 * PSI_NCOL];
	double steal_s, others_cpu_s;	/* NAN absent or "-" */
	double pgmajfault;		/* major faults over the run (/proc/vmstat); NAN absent */
	char disturbed[64];		/* "" when the column is absent or "-" */
	char unloaded[96];		/* likewise */
	double interactive[LAT_NCOL];	/* NAN absent or "-" */
	char sweep[128];		/* "" when the column is absent or "-" */
	double counts[COUNTS];		/* NAN absent or "-" */
	double extra[EXTRAS];		/* NAN absent or "-" */
	char own_names[OWN_NAMES_SIZE];	/* "" when the column is absent or "-" */
};

/*
 * A reader's use of one well-formed row, in file order; row lives only for
 * the call. NULL when the row is taken, else why it is not: the scan warns
 * "FILE:LINE: WHY; row skipped".
 */
typedef const char *results_row_fn(const struct run_row *row, void *data);

/*
 * The one runs.tsv reader: stream path line by line, passing each
 * well-formed row to fn, so memory does not grow with the file. Malformed
 * rows (a NUL byte, a field too many or too few, a bad number) are warned
 * about as FILE:LINE and skipped; a column the reader uses that the
 * header names twice is warned about once (the first is used). mtime, when
 * not NULL, gets the file's modification time (epoch s). 0; 0 with no rows
 * when path does not exist and missing_ok; -1 (error printed) when it
 * cannot be read, is not a regular file (a FIFO would block) or its header
 * lacks a required column.
 */
int results_scan(const char *path, int missing_ok, results_row_fn *fn, void *data,
		 double *mtime);
/* free what results_scan keeps from file to file in this thread (a
 * thread that scanned calls it before it ends) */
void results_scan_release(void);

#endif

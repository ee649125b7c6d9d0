/* monitor-logs.h - the monitors' logs of a kernel's runs, as numbers
 *
 * A run of LOAD with monitors leaves DIR/KERNEL/logs/LOAD.N.vmstat (vmstat
 * 1: a header naming its columns, then one line a second) and LOAD.N.psi
 * (a comment line, then "SECONDS" and the PSI_NCOL cumulative stall
 * microseconds of /proc/pressure, "-" for a line PSI lacks) and, with
 * monitors = profile, LOAD.N.profile (session/profile.h): lines
 * "event NAME", "samples N" (all), "kernel N" (those in the kernel), then
 * "comm N NAME" (a program's samples outside the kernel) and "sym N NAME"
 * (a kernel symbol's), most first, a "#" line a comment. An interactive
 * task's run (TASK+LOAD) leaves its output in LOAD.N.make: a line
 * "lat US" for each wake-up's latency in microseconds. Read here,
 * so that the charts (plot.h) only write what they are given.
 */
#ifndef CONTEST_MONITOR_LOGS_H
#define CONTEST_MONITOR_LOGS_H

#include <stddef.h>

#include "results/report.h"

enum { MONITOR_MAX_RUNS = 64 };	/* runs of one load read; more are left out */
/* the kernel symbols a run's profile keeps, most sampled first
 * (session/profile.c): a shorter list is the whole profile */
enum { MONITOR_PROFILE_SYMS = 50 };

/* one second of vmstat: free memory in KiB, swap in and out in KiB/s, I/O wait % */
struct vmstat_sample {
	double free_kib, si, so, wa;
};

/* one interval of the psi log: when it ended (seconds, as logged) and the
 * share of it, in percent, in which some task stalled on each resource */
struct psi_sample {
	double t, cpu, memory, io;
};

/* a name and its samples */
struct profile_count {
	char *name;
	double n;
};

/* a profile: one run's, or the sum of a kernel's runs of a load */
struct monitor_profile {
	char event[32];			/* "" when none was read */
	double samples, kernel;		/* all samples; those in the kernel (vmlinux) */
	struct profile_count *comms;	/* outside the kernel, by program, most first */
	size_t ncomms;
	struct profile_count *syms;	/* in the kernel, by symbol, most first */
	size_t nsyms;
};

/* swap and paging over a kernel's runs of a load, from the vmstat seconds */
struct monitor_swap {
	size_t n;			/* seconds; 0: no vmstat log */
	double si_min, si_max, si_mean;	/* swap-in, KiB/s */
	double so_min, so_max, so_mean;	/* swap-out, KiB/s */
	double wa_mean;			/* I/O wait, % of CPU time */
};

struct monitor_run {
	int run;			/* N of LOAD.N.vmstat or LOAD.N.profile */
	struct vmstat_sample *vmstat;	/* the seconds of the run, in order */
	size_t nvmstat;
	struct psi_sample *psi;		/* none without a psi log */
	size_t npsi;
	struct monitor_profile profile;	/* event "" without a profile */
};

/* one kernel under one load */
struct monitor_log {
	char *kernel, *load;
	struct monitor_run *runs;	/* by run number */
	size_t nruns;
	struct monitor_profile profile;	/* the runs' profiles summed; samples 0: none */
	size_t nprofiled;		/* runs with a profile */
	struct monitor_swap swap;
	double *latency_us;		/* an interactive task's latencies over the runs, sorted */
	size_t nlatency;
};

struct monitor_logs {
	struct monitor_log *logs;
	size_t n;
};

/*
 * The samples of a vmstat log's text: the columns free, si, so and wa found
 * by name in its header; the first line after a header left out (the
 * average since boot, not a second of the run). A line before a header,
 * or short of the columns, is skipped. *out is malloc'd; the count.
 */
size_t monitor_parse_vmstat(const char *text, struct vmstat_sample **out);
/*
 * The intervals of a psi log's text: from each line to the next with a
 * later time, the growth of cpu, memory and io "some" (PSI_NCOL order)
 * over the interval's length; lines short of the columns are skipped.
 * *out is malloc'd; the count.
 */
size_t monitor_parse_psi(const char *text, struct psi_sample **out);

/* the "lat US" lines of an interactive task's output; *out malloc'd; the count */
size_t monitor_parse_latency(const char *text, double **out);

/*
 * A profile summary's text into p: 0, or -1 when it holds no "samples"
 * line (p then empty). A line of another shape is skipped.
 */
int monitor_parse_profile(const char *text, struct monitor_profile *p);
void monitor_profile_release(struct monitor_profile *p);
/* a symbol's share of p's kernel samples in percent; 0 where p has not
 * kept it (outside its most sampled), NAN with no kernel samples */
double monitor_profile_sym_pct(const struct monitor_profile *p, const char *sym);

/*
 * Read kernel's logs of load from dir: every run N that has LOAD.N.vmstat
 * or LOAD.N.profile
 * (at most MONITOR_MAX_RUNS), sorted, each with its vmstat samples, those
 * of LOAD.N.psi and its profile, and over them all the summed profile and
 * the swap ranges. A log that cannot be read counts as empty. 0 runs
 * when there are no logs.
 */
void monitor_log_read(const char *dir, const char *kernel, const char *load,
		      struct monitor_log *log);
void monitor_log_release(struct monitor_log *log);

/* the logs of every kernel under every load of r; release them all */
void monitor_logs_read(struct monitor_logs *m, const char *dir, const struct report *r);
void monitor_logs_release(struct monitor_logs *m);
/* kernel's logs of load in m, NULL when m has none */
const struct monitor_log *monitor_logs_find(const struct monitor_logs *m, const char *kernel,
					    const char *load);

#endif

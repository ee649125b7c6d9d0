/* monitor-logs.h - the monitors' logs of a kernel's runs, as numbers
 *
 * A run of LOAD with monitors leaves DIR/KERNEL/logs/LOAD.N.vmstat (vmstat
 * 1: a header naming its columns, then one line a second) and LOAD.N.psi
 * (a comment line, then "SECONDS" and the PSI_NCOL cumulative stall
 * microseconds of /proc/pressure, "-" for a line PSI lacks). Read here,
 * so that the charts (plot.h) only write what they are given.
 */
#ifndef CONTEST_MONITOR_LOGS_H
#define CONTEST_MONITOR_LOGS_H

#include <stddef.h>

#include "results/report.h"

enum { MONITOR_MAX_RUNS = 64 };	/* runs of one load read; more are left out */

/* one second of vmstat: free memory in KiB, swap in and out in KiB/s, I/O wait % */
struct vmstat_sample {
	double free_kib, si, so, wa;
};

/* one interval of the psi log: when it ended (seconds, as logged) and the
 * share of it, in percent, in which some task stalled on each resource */
struct psi_sample {
	double t, cpu, memory, io;
};

struct monitor_run {
	int run;			/* N of LOAD.N.vmstat */
	struct vmstat_sample *vmstat;	/* the seconds of the run, in order */
	size_t nvmstat;
	struct psi_sample *psi;		/* none without a psi log */
	size_t npsi;
};

/* one kernel under one load */
struct monitor_log {
	char *kernel, *load;
	struct monitor_run *runs;	/* by run number */
	size_t nruns;
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

/*
 * Read kernel's logs of load from dir: every run N that has LOAD.N.vmstat
 * (at most MONITOR_MAX_RUNS), sorted, each with its vmstat samples and
 * those of LOAD.N.psi. A log that cannot be read counts as empty. 0 runs
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

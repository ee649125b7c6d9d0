/* profile.h - `monitors = profile`: perf record over the compile window
 *
 * A run with the profile monitor starts `perf record -a` with its events
 * disabled (-D -1) and a control FIFO, enables them just before the
 * compile starts and disables them once it is reaped, so the samples are
 * the whole machine's over the compile's window. After the run the raw
 * data is summarised by `perf script` into logs/LOAD.N.profile (format in
 * results/monitor-logs.h) and deleted. The event is hardware cycles where
 * the PMU counts them, else the cpu-clock software event (a virtual
 * machine often has no PMU); the summary names the one used.
 */
#ifndef CONTEST_PROFILE_H
#define CONTEST_PROFILE_H

#include <stddef.h>
#include <sys/types.h>

struct profile {
	pid_t pid;		/* perf record's, 0: not running */
	int ctl, ack;		/* the control FIFOs' ends, -1: none */
	char *base;		/* LOGDIR/LOAD.N: what the files are named after */
	const char *event;	/* "cycles" or "cpu-clock" */
};

/* can perf record here? 0, or -1 with why (naming the package) in buf */
int profile_check(char *why, size_t len);
/* start perf record for the run whose logs are base.* (events disabled); 0 or -1 (said) */
int profile_start(struct profile *p, const char *base);
/* the events on (before the compile) and off (after it); quiet no-ops when not running */
void profile_enable(struct profile *p);
void profile_disable(struct profile *p);
/* stop perf record, write base.profile from its data, remove the raw data */
void profile_finish(struct profile *p);

/*
 * The summary of `perf script -F comm,ip,sym,dso` output text under event
 * (one sample a line, the comm in the first 16 columns, the dso last in
 * parentheses), as logs/LOAD.N.profile holds it; malloc'd.
 */
char *profile_summarise(const char *script, const char *event);

#endif

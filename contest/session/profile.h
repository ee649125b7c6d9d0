/* profile.h - `monitors = profile`: perf record over the compile window
 *
 * A run with the profile monitor starts `perf record -a` with its events
 * disabled (-D -1) and a control FIFO, enables them just before the
 * compile starts and disables them once it is reaped, so the samples are
 * the whole machine's over the compile's window. After the run the raw
 * data is summarised by `perf script` into logs/LOAD.N.profile (format in
 * results/monitor-logs.h) and deleted; the FIFOs and the raw data are in
 * a private directory under TMPDIR, as a QEMU guest's logs are on 9p,
 * which makes no FIFO. The event is hardware cycles where
 * the PMU counts them, else the cpu-clock software event (a virtual
 * machine often has no PMU); the summary names the one used.
 *
 * In a user-mode-linux guest (run --boot, bisect) the kernel is a process
 * of the host, and only the host's perf can sample it: the session inside
 * asks the host through the directory they share (sys/hostcpu.h) to start,
 * enable, disable and finish, and the host records `perf record -p` of the
 * UML kernel's process with cpu-clock, counts as the kernel's the samples
 * in the UML binary (its symbols are the guest kernel's) and writes the
 * same logs/LOAD.N.profile, the guest's results being the host's files.
 */
#ifndef CONTEST_PROFILE_H
#define CONTEST_PROFILE_H

#include <stddef.h>
#include <sys/types.h>

struct profile {
	pid_t pid;		/* perf record's, 0: not running */
	int ctl, ack;		/* the control FIFOs' ends, -1: none */
	char *base;		/* LOGDIR/LOAD.N: what the logs are named after */
	char *tmp;		/* a private directory for perf's FIFOs and raw data */
	const char *event;	/* "cycles" or "cpu-clock" */
	/* the host's side of a UML guest: the binary whose samples are the
	 * guest kernel's; NULL: this machine's own kernel */
	char *kernel_dso;
	int remote;		/* in a UML guest: the host records for us */
};

/* can perf record here? 0, or -1 with why (naming the package) in buf;
 * a yes is kept: a guest's host asks it once, not on every run */
int profile_check(char *why, size_t len);
/* start perf record for the run whose logs are base.* (events disabled); 0 or -1 (said) */
int profile_start(struct profile *p, const char *base);
/* the events on (before the compile) and off (after it); quiet no-ops when not running */
void profile_enable(struct profile *p);
void profile_disable(struct profile *p);
/* stop perf record, write base.profile from its data, remove the raw data */
void profile_finish(struct profile *p);

/*
 * The host's side of a UML guest's asks: ask is "start BASE", "enable",
 * "disable" or "finish" from the session inside; p is the guest's (zeroed
 * before its first ask), pid the UML kernel's process, image its binary.
 * The reply for the guest, malloc'd: "ok", or "error: WHY".
 */
char *profile_host_answer(struct profile *p, const char *ask, pid_t pid, const char *image);

/*
 * The summary of `perf script -F comm,ip,sym,dso` output text under event
 * (one sample a line, the comm in the first 16 columns, the dso last in
 * parentheses), as logs/LOAD.N.profile holds it; malloc'd.
 */
char *profile_summarise(const char *script, const char *event);
/* the same, the kernel's samples being those in kernel_dso (a UML guest's
 * binary, its path or name) instead of this machine's kernel */
char *profile_summarise_dso(const char *script, const char *event, const char *kernel_dso);

#endif

/* compile.h - the timed compile (or task, or measured load) of a run
 *
 * The compile is started in a process group of its own, in the
 * session's cgroups; its Time starts in the child, after the attach and
 * once the driver's counters are on it, and ends when the driver reaps
 * it, precisely (pidfd, then wait4 with its rusage). A signal meanwhile
 * kills it: the run is aborted.
 */
#ifndef CONTEST_COMPILE_H
#define CONTEST_COMPILE_H

#include <sys/resource.h>
#include <sys/types.h>

#include "session/session.h"
#include "sys/perfctr.h"

struct compile_result {
	double time_s;
	struct rusage ru;
	int status;		/* wait status, -1: it could not be waited for */
	int interrupted;	/* a signal stopped it (killed) */
};

/*
 * Start the workload's timed command with its output into log (truncated
 * first); *t0 is the child's CLOCK_MONOTONIC after its cgroup attach and
 * after pc, its counters, are on it. The pid, or -1 (said).
 */
pid_t compile_start(struct session *s, const char *log, double *t0, struct perfctr *pc);
/* reap it into cr (status, rusage; killed on a signal, cr->interrupted) */
void compile_wait(struct session *s, pid_t pid, struct compile_result *cr);

#endif

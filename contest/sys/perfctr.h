/* perfctr.h - the compile's counters from the kernel's perf events
 *
 * Opened on the compile's first process before it execs, with inherit,
 * so every process make starts counts, and read once the compile is
 * reaped (an inherited count is added to the parent's when a child
 * exits). CPU migrations are a software event every kernel with perf
 * events has; instructions and cycles need a PMU that counts them (a
 * virtual machine often has none: perf stat says "<not supported>"), and
 * then read NAN, written "-" in runs.tsv, never 0.
 */
#ifndef CONTEST_PERFCTR_H
#define CONTEST_PERFCTR_H

#include <sys/types.h>

enum perfctr_event { PERFCTR_MIGRATIONS, PERFCTR_INSTRUCTIONS, PERFCTR_CYCLES, PERFCTR_N };

struct perfctr {
	int fd[PERFCTR_N];	/* -1: could not be opened here */
};

/* open what can be opened on pid (not yet exec'd); the others stay -1 */
void perfctr_open(struct perfctr *p, pid_t pid);
/* the counts into out[PERFCTR_N], NAN where not counted, and close */
void perfctr_read_close(struct perfctr *p, double out[PERFCTR_N]);

/* can hardware cycles be counted here (the PMU counts them)? 1 or 0 */
int perfctr_can_count_cycles(void);

#endif

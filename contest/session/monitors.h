/* monitors.h - what logs beside each run: vmstat, iostat, sar, pidstat, psi, profile
 *
 * `monitors =` names them (contest.1); each run starts the chosen ones
 * before its load, in process groups of their own, logging into
 * logs/LOAD.N.NAME, and stops them after it; a program that is not here
 * is said once a session and the runs go without its log. The profile
 * monitor is perf record over the compile's window (profile.h).
 */
#ifndef CONTEST_MONITORS_H
#define CONTEST_MONITORS_H

#include <sys/types.h>

#include "session/profile.h"

enum { MONITOR_MAX = 6 };	/* the table's length */

/* a session's monitors */
struct monitors {
	int mask;	/* bit i: the table's monitor i is wanted (monitors_parse) */
	int warned;	/* bit i: its absence has been said */
};

/* one run's */
struct run_monitors {
	pid_t pid[MONITOR_MAX];		/* each one's process (group), 0: none */
	struct profile prof;		/* monitors = profile */
};

/* the `monitors` config list as a mask ("yes" is vmstat iostat psi) */
int monitors_parse(const char *list);
/* does the mask hold the profile monitor (perf record, refused up front without perf)? */
int monitors_want_profile(int mask);

/* nothing started yet */
void monitors_init(struct run_monitors *rm);
/* start ms's monitors for the run whose logs are base.NAME (base.profile);
 * tty: stderr is a terminal, its progress line cleared before a warning */
void monitors_start(struct monitors *ms, struct run_monitors *rm, const char *base, int tty);
void monitors_stop(struct run_monitors *rm);

#endif

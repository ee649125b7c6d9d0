/* progress.h - how far `contest run` is and how long the rest will take
 *
 * The whole plan is one or more sessions: one, or one at each sweep
 * point, or with variants one per variant (and point) in each round. A
 * step is one planned run of a load. The progress is the whole plan's:
 * elapsed counts from its start, and the time left is the sum, over the
 * steps not finished in the session under way, of each step's estimate,
 * less what the step under way has already taken, plus, for each session
 * still to come, the sum of its steps' estimates (it is taken to plan the
 * steps this one does). A step's estimate:
 *   - this command's mean step time of that load, once one has run (in
 *     any of its sessions);
 *   - else earlier sessions' mean Time of the load (this kernel's runs.tsv,
 *     else every kernel's in the results directory of the same workload,
 *     else the calibration sessions' noload, calibration.h), times this
 *     command's ratio of step time to Time once a step has run (a step is
 *     more than its compile: clean, flush, quiet wait, load lead);
 *   - else this command's mean step time over every load;
 *   - else the mean of the earlier Times of the plan's other loads.
 * Unknown only when none of these is.
 */
#ifndef CONTEST_PROGRESS_H
#define CONTEST_PROGRESS_H

#include <stddef.h>
#include <stdio.h>

/* one load of the plan */
struct progress_load {
	const char *name;
	double earlier_s;	/* earlier sessions' mean Time, 0 unknown */
	double took_s;		/* the sum of this session's finished steps of it */
	int took_n;
};

struct progress {
	struct progress_load *loads;
	size_t nloads;
	const char **plan;	/* every step's load, in order (names not owned) */
	size_t nsteps;
	size_t step;		/* the step under way or next: all before it finished */
	const char *label;	/* the step under way, NULL between steps */
	double started, step_started;	/* now_mono() of the session, the step */
	double ok_took_s, ok_time_s;	/* sums over steps whose compile was timed */
	size_t sessions;	/* the whole plan's sessions (progress_sessions), at least 1 */
	size_t begun;		/* sessions begun (progress_session); 0: one, as the first */
	size_t steps_before;	/* the steps of the sessions before the one under way */
	int at_most;		/* the plan may end sooner (--until-decided): left is a bound */
	char round[96];		/* in rounds: "round R/N, VARIANT", the label's start */
};

/* the whole plan starts at now (one session until progress_sessions) */
void progress_init(struct progress *pg, double now);
/* the whole plan has n sessions (0 counts as 1); at_most: it may end sooner */
void progress_sessions(struct progress *pg, size_t n, int at_most);
/* the next session of the whole plan begins: its plan follows
 * (progress_plan), the loads keep what they know */
void progress_session(struct progress *pg, double now);
/* the step under way or next as "step I of N" of the whole plan */
void progress_step_of(const struct progress *pg, size_t *i, size_t *n);
void progress_release(struct progress *pg);
/* the plan's steps by load name, again whenever it grows (--until-sd) */
void progress_plan(struct progress *pg, const char *const *loads, size_t n);
/* earlier sessions' mean Time of load (0: unknown); loads not in the plan are ignored */
void progress_earlier(struct progress *pg, const char *load, double mean_s);
/*
 * Earlier sessions' mean Time of each of the plan's loads, from
 * DIR/KERNEL/runs.tsv, else the mean over every kernel in DIR whose env
 * says the same workload as DIR/KERNEL/env (every kernel when that cannot
 * be read), else noload's over DIR's calibration sessions of the same
 * workload. Call after progress_plan. A missing DIR is no error (a first
 * session); a runs.tsv that cannot be read is left out, with the reader's
 * message.
 */
void progress_read_earlier(struct progress *pg, const char *dir, const char *kernel);
/* step i (0-based) starts, with label naming it for the progress line */
void progress_begin(struct progress *pg, size_t i, const char *label, double now);
/* the step under way finished after took_s; time_s its compile's Time, or
 * a negative number when the run was not ok */
void progress_end(struct progress *pg, double took_s, double time_s);
/* seconds left for the whole plan at now; negative when unknown */
double progress_left(const struct progress *pg, double now);
/* "elapsed M:SS, left ~M:SS" (or "left ~?"; "left ~M:SS at most" when the
 * plan may end sooner) into buf */
const char *progress_times(const struct progress *pg, double now, char *buf, size_t len);
/* s as M:SS, or H:MM:SS from an hour */
void progress_mmss(char *buf, size_t len, double s);

/* on a terminal (tty), the progress line redrawn now: "LABEL (step I of
 * N), elapsed .., left ~.."; nothing between steps or without pg */
void progress_draw(const struct progress *pg, int tty);
/* on a terminal, the line cleared before a plain line is printed */
void progress_clear(int tty);

#endif

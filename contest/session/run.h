/* run.h - one session of `contest run` and one timed run inside it
 *
 * A run is the sequence contest.1 numbers under "contest run": clean,
 * flush, quiet wait, monitors, the load started in its own process group
 * and cgroup, load_lead, the timed compile, the window snapshots, the stop
 * protocol, the row. The session
 * holds what every run shares.
 */
#ifndef CONTEST_RUN_H
#define CONTEST_RUN_H

#include <signal.h>
#include <stdint.h>

#include "sys/cgroup.h"
#include "lib/config.h"
#include "record/config-keys.h"
#include "loads/load.h"
#include "results/store.h"
#include "session/progress.h"
#include "session/workload.h"

/* run_interrupted, the one stop flag, and run_continued: a compile timed
 * across a change of it is `driver-stopped` (signals.h) */
#include "sys/signals.h"

struct session {
	struct config *cfg;
	const struct contest_config *cc;	/* cfg's values */
	const char *kernel;
	char *kdir;		/* RESULTS/KERNEL */
	char *logdir;		/* RESULTS/KERNEL/logs */
	char *scratch_root;	/* WORK_DIR/scratch */
	struct workload wl;
	struct cgroup_session cg;
	char *swapfile;		/* the session's swap file, NULL none */
	char *knobs;		/* a variant's knobs for env, "PATH=VALUE ...", NULL none */
	const char *sweep;	/* the sweep's point the runs are made at (sweep.h), NULL none */
	char *how;		/* env's run_* lines: how to run this session again (rerun) */
	uint64_t ram, swap;
	double load_lead_s, grace_s, quiet_wait_s, quiet_idle_pct;
	int flush;
	int monitors;		/* bit mask over the monitors table (monitors_parse) */
	int warned_flush, warned_monitors;
	int tty;		/* stderr is a terminal: the progress line is redrawn */
	struct progress *progress;	/* the whole plan's (rounds.c owns it) */
};

/* one load's state over the session */
struct load_state {
	const struct load *load;
	char row[64];		/* what its rows and logs are named: workload_row_load() */
	const struct itask *task;	/* the interactive task timed under it, NULL: none */
	int task_index;		/* its place in the workload's list */
	struct load_env env;
	char *scratch;
	int prepared;
	int unusable;		/* unsupported here, or prepare failed */
	char why[512];
};

/*
 * Time run number run of ls->load and fill rec (load, run, status...).
 * The caller numbers it (results_next_run) and appends it. Returns 0 when
 * the run is ok.
 */
int run_one(struct session *s, struct load_state *ls, int run, struct run_record *rec);

/*
 * The workload's clean step (make clean), untimed, its output into log
 * (truncated first). 0, or -1 with why filled and the log's tail on stderr.
 */
int run_clean_tree(struct session *s, const char *log, char *why, size_t whylen);
/* The last lines of a log on stderr, framed, after clearing the progress line */
void run_show_log_tail(struct session *s, const char *log, int lines);
/* the `monitors` config list as the session's bit mask ("yes" is vmstat iostat) */
int monitors_parse(const char *list);
/* does the mask hold the profile monitor (perf record, refused up front without perf)? */
int monitors_want_profile(int mask);

/* the progress line: redraw (tty) now, "LABEL (step I of N), elapsed .., left ~.." */
void progress_draw(struct session *s);
/* clear the status line before printing a plain line (tty) */
void progress_clear(struct session *s);

#endif

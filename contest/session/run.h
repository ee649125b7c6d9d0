/* run.h - one timed run of a session of `contest run`
 *
 * A run is the sequence contest.1 numbers under "contest run": clean,
 * flush, quiet wait, monitors, the load started in its own process group
 * and cgroup, load_lead, the timed compile, the window snapshots, the stop
 * protocol, the row. Its steps have files of their own: settle.c (the
 * flush and the quiet wait), monitors.c, compile.c (the timed compile),
 * judge-run.c (its status and figures); run.c puts them in order.
 */
#ifndef CONTEST_RUN_H
#define CONTEST_RUN_H

#include <stddef.h>

#include "loads/load.h"
#include "results/store.h"
#include "session/session.h"

/* run_interrupted, the one stop flag, and run_continued: a compile timed
 * across a change of it is `driver-stopped` (signals.h) */
#include "sys/signals.h"

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

#endif

/* workload.h - what is timed: the synthetic tree, a kernel tree, or a command
 *
 * synthetic: the generated tree in WORK_DIR/synthetic, `make -jJOBS`,
 *            `make clean` before each run.
 * kernel:    kernel_tree, `make KCONFIG` once per session (untimed),
 *            `make clean` before each run (untimed), `make -jJOBS TARGET`.
 * command:   the command line split as a shell would (no expansion), run in
 *            the current directory; no clean step.
 * audio, video, x, gaming: interbench's simulated interactive task
 *            (session/interactive.h), this contest's `interact` command run
 *            for `duration`; prepare measures the timer's idle oversleep
 *            before any load starts; no clean step, no tree.
 */
#ifndef CONTEST_WORKLOAD_H
#define CONTEST_WORKLOAD_H

#include "lib/config.h"
#include "session/interactive.h"

struct workload {
	const char *kind;	/* "synthetic", "kernel", "command", or a task's name */
	char *tree;		/* the tree built in (ctar/xtar archive it); NULL for command */
	char *cwd;		/* where build and clean run */
	char **build;		/* the timed argv */
	char **clean;		/* untimed before each run, NULL: none */
	char **configure;	/* untimed once per session, NULL: none */
	int jobs;		/* make -j; 0 for command */
	const struct itask *task;	/* the interactive task, NULL for the others */
	int rt_priority, task_nice;	/* its scheduling */
	double duration_s;
	double floor_us;	/* the timer's idle oversleep, measured by prepare */
};

/*
 * The name a run of load is stored under: the load's own, or for an
 * interactive workload "TASK+LOAD" (audio+io_load), so that its rows,
 * tables and comparisons are apart from the compile's; malloc'd.
 */
char *workload_row_load(const struct config *cfg, const char *load);
/* the interactive task and its load of a row's load name ("audio+io_load"):
 * the task, and *load pointed at the load's name; NULL when it is none */
const struct itask *workload_row_task(const char *row_load, const char **load);

/*
 * Check the config and fill w; nothing is run. -1 with a message naming
 * the key (and where it was set) when the config cannot work.
 */
int workload_init(struct workload *w, const struct config *cfg);
/* Generate the synthetic tree, run the configure step. 0, or -1 (error printed). */
int workload_prepare(struct workload *w, const struct config *cfg, const char *log);
void workload_release(struct workload *w);

/* The tree the config's workload builds in, malloc'd ("." for command) */
char *workload_tree_path(const struct config *cfg);

#endif

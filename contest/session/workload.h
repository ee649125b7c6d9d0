/* workload.h - what is timed: the synthetic tree, a kernel tree, or a command
 *
 * synthetic: the generated tree in WORK_DIR/synthetic, `make -jJOBS`,
 *            `make clean` before each run.
 * kernel:    kernel_tree, `make KCONFIG` once per session (untimed),
 *            `make clean` before each run (untimed), `make -jJOBS TARGET`.
 * command:   the command line split as a shell would (no expansion), run in
 *            the current directory; no clean step.
 * load:      the load the config's measure names, this contest's `measure`
 *            command run for `duration` (session/measure.h); prepare
 *            prepares the load (untimed) in its scratch directory once per
 *            session; no clean step, no tree.
 * audio, video, x, gaming: interbench's simulated interactive task
 *            (session/interactive.h), this contest's `interact` command run
 *            for `duration`; prepare measures the timer's idle oversleep
 *            before any load starts; no clean step, no tree.
 */
#ifndef CONTEST_WORKLOAD_H
#define CONTEST_WORKLOAD_H

#include "lib/config.h"
#include "lib/metric-spec.h"
#include "loads/load.h"
#include "session/interactive.h"

struct workload {
	const char *kind;	/* "synthetic", "kernel", "command", or a task's name */
	char *tree;		/* the tree built in (ctar/xtar archive it); NULL for command */
	char *cwd;		/* where build and clean run */
	char **build;		/* the timed argv */
	char **clean;		/* untimed before each run, NULL: none */
	char **configure;	/* untimed once per session, NULL: none */
	int jobs;		/* make -j; 0 for command */
	const struct itask *task;	/* the first interactive task, NULL for the others */
	const struct itask *tasks[8];	/* every one the config lists, in its order */
	size_t ntasks;
	size_t task_arg;	/* the task's name in build[] (workload_set_task) */
	int rt_priority, task_nice;	/* its scheduling */
	double duration_s;
	double floor_us;	/* the timer's idle oversleep, measured by prepare */
	const struct load *measure;	/* workload = load: the measured load, else NULL */
	struct load_env measure_env;	/* its env; prepared when measure_scratch is set */
	char *measure_scratch;
	/* the figures `metric =` takes from the timed command's output, and
	 * their runs.tsv metric_names ("-" none) */
	struct metric_spec metrics[CONFIG_METRICS_MAX];
	size_t nmetrics;
	char metric_names[192];
};

/*
 * The name a run of load is stored under: the load's own, or under a
 * timed task (timed: an interactive task's or a measured load's name)
 * "TASK+LOAD" (audio+io_load, tworead_load+noload), so that its rows,
 * tables and comparisons are apart from the compile's; malloc'd.
 */
char *workload_row_load(const char *timed, const char *load);
/* workload = load: the measure key's load name; NULL for the other workloads */
const char *workload_measured(const struct config *cfg);
/* the interactive tasks the config's workload lists, into tasks[8]; how many (0: none) */
size_t workload_tasks(const struct config *cfg, const struct itask **tasks);
/* the interactive task build[] runs next */
void workload_set_task(struct workload *w, const struct itask *task);

/*
 * Check the config and fill w; nothing is run. -1 with a message naming
 * the key (and where it was set) when the config cannot work.
 */
int workload_init(struct workload *w, const struct config *cfg);
/*
 * Generate the synthetic tree, run the configure step, or prepare the
 * measured load in a directory of its own under scratch_root (ram and
 * swap as a background load gets them). 0, or -1 (error printed).
 */
int workload_prepare(struct workload *w, const struct config *cfg, const char *log,
		     const char *scratch_root, uint64_t ram, uint64_t swap);
/* undo what prepare made of a measured load (its cleanup) */
void workload_cleanup(struct workload *w);
void workload_release(struct workload *w);

/* The tree the config's workload builds in, malloc'd ("." for command) */
char *workload_tree_path(const struct config *cfg);

#endif

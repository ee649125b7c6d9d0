/* workload.h - what is timed: the synthetic tree, a kernel tree, or a command
 *
 * synthetic: the generated tree in WORK_DIR/synthetic, `make -jJOBS`,
 *            `make clean` before each run.
 * kernel:    kernel_tree, `make KCONFIG` once per session (untimed),
 *            `make clean` before each run (untimed), `make -jJOBS TARGET`.
 * command:   the command line split as a shell would (no expansion), run in
 *            the current directory; no clean step.
 */
#ifndef CONTEST_WORKLOAD_H
#define CONTEST_WORKLOAD_H

#include "lib/config.h"

struct workload {
	const char *kind;	/* "synthetic", "kernel", "command" */
	char *tree;		/* the tree built in (ctar/xtar archive it); NULL for command */
	char *cwd;		/* where build and clean run */
	char **build;		/* the timed argv */
	char **clean;		/* untimed before each run, NULL: none */
	char **configure;	/* untimed once per session, NULL: none */
	int jobs;		/* make -j; 0 for command */
};

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

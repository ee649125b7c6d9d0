/* session.h - what one `contest run` session sets up around its runs, and takes down
 *
 * The session owns the cgroups (memory limit, CPU quota), the swap file,
 * the scratch root, the results directory's env file, and the signal
 * handling. Everything it makes is registered in the cleanup registry
 * (cleanup.h) as soon as it exists, so a forced exit (die(), a fatal error)
 * removes it too. struct session holds what every run of it shares.
 */
#ifndef CONTEST_SESSION_H
#define CONTEST_SESSION_H

#include <stdint.h>

#include "lib/config.h"
#include "record/config-keys.h"
#include "session/monitors.h"
#include "session/progress.h"
#include "session/workload.h"
#include "sys/cgroup.h"

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
	int first_run;		/* no run numbered below (a round's shared number), 0 none */
	char *how;		/* env's run_* lines: how to run this session again (rerun) */
	uint64_t ram, swap;
	double load_lead_s, grace_s, quiet_wait_s, quiet_idle_pct;
	int flush;
	struct monitors monitors;	/* the `monitors` wanted, those said missing */
	int warned_flush;
	int tty;		/* stderr is a terminal: the progress line is redrawn */
	struct progress *progress;	/* the whole plan's (rounds.c owns it) */
};

/* The config's top-level paths (OPT_PATH keys) made absolute against the
 * current directory: the compile, the loads and outside programs run
 * elsewhere, and env should say where things were. 0, or -1 (said) */
int session_absolute_paths(struct config *cfg);
/* Fill s from the config (nothing is made yet). 0, or -1 with the config error printed. */
int session_init(struct session *s, struct config *cfg, const char *kernel);
/*
 * The signal path every session has (signals.h): the first SIGINT, SIGTERM
 * or SIGHUP sets run_interrupted (the runs wind down, record what they
 * have and the session takes down what it made), later ones are absorbed
 * with "cleaning up, please wait". Also become the child subreaper, so
 * orphans of loads and compiles come to us.
 */
void session_signals(void);
/* Make the cgroups and the swap file, the logs directory, write the env file. 0 or -1. */
int session_start(struct session *s);
/* Scratch directory of one load: made (and registered) here. 0 or -1 with errno. */
int session_scratch_make(const char *dir);
/* Remove a load's scratch directory and everything in it (and unregister it). */
void session_scratch_remove(const char *dir);
/* Take down what session_start made: scratch root, swap, cgroups. 0, or -1 when swap could not be turned off. */
int session_finish(struct session *s);
void session_release(struct session *s);

#endif

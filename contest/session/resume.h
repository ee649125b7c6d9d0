/* resume.h - an unfinished plan, kept so that contest run --resume can finish it
 *
 * Before its first run a session writes KDIR/plan: its command line (for
 * messages only, never run), the config as used (config_dump), the loads
 * planned, --until-sd's PCT and N when it was on, and for each load the highest run
 * number recorded before the session (its base). The file goes when the
 * plan has run to its end; a session cut short (a signal, die(), SIGKILL,
 * a failed setup) leaves it behind for --resume, which requires the same
 * config and loads. A load's runs already done are its rows above its base
 * that are not `aborted`: a run cut short is done again, a run that failed
 * on its own (load-failed, oom, ...) is a result of the plan and is not.
 */
#ifndef CONTEST_RESUME_H
#define CONTEST_RESUME_H

#include "lib/config.h"
#include "session/plan.h"
#include "results/stats.h"

/* the values run --until-sd PCT --max-runs N takes, which a plan file holds */
#define UNTIL_SD_PCT_BELOW	1000	/* 0 < PCT < this */
#define MAX_RUNS_MIN		2
#define MAX_RUNS_MAX		10000

struct resume_plan {
	char *path;		/* KDIR/plan */
	char *command;		/* the command line that made it */
	char *config;		/* config_dump's text */
	double until_sd;	/* --until-sd's PCT, 0 when it was off */
	int max_runs;		/* and its --max-runs */
	char **loads;		/* the loads planned, NULL-terminated */
	int *base;		/* per loads[]: the highest run before the plan */
	int nloads;
};

/* write KDIR/plan for plan p (making KDIR); says so when it replaces an
 * unfinished one. 0 or -1 (error printed) */
int resume_save(const char *kdir, const struct config *cfg, const struct plan *p,
		double until_sd, int max_runs, int argc, char **argv);
/* read KDIR/plan: 0; -1 with a message when there is none or it is malformed */
int resume_read(const char *kdir, struct resume_plan *r);
/* the plan's run count into cfg, as -n would set it (0, or -1 said): a
 * resume without -n runs what the plan planned */
int resume_take_runs(const struct resume_plan *r, struct config *cfg);
/* the plan p made from cfg for --resume is r's: 0, else -1 saying how it differs */
int resume_check(const struct resume_plan *r, const struct config *cfg, const struct plan *p);
/*
 * Drop from p the runs already recorded in KDIR/runs.tsv: 0, or -1 (printed).
 * done and time (NULL, or one per p->loads entry) get each load's recorded
 * runs and its ok runs' Times, for --until-sd to go on from.
 */
int resume_skip_done(const struct resume_plan *r, const char *results, const char *kernel,
		     struct plan *p, int *done, struct running_stats *time);
/* the plan ran to its end: remove KDIR/plan */
void resume_finish(const char *kdir);
void resume_release(struct resume_plan *r);

#endif

/* until-sd.h - `run --until-sd PCT`: more runs of a load until its Time settles
 *
 * A load runs its planned runs, then one more at a time until the SD of
 * its ok runs' Time is at most PCT% of their mean (two ok runs at least),
 * at most --max-runs runs in all. cacherun and the noload it follows go
 * together: the pair is judged at cacherun's step, on both Times. With
 * --resume the runs recorded before count (done[]), and the plan's
 * --until-sd goes on from them.
 */
#ifndef CONTEST_UNTIL_SD_H
#define CONTEST_UNTIL_SD_H

#include <stddef.h>

#include "lib/config.h"
#include "results/stats.h"
#include "session/plan.h"
#include "session/run.h"

struct until_sd {
	double pct;			/* 0: off */
	int max_runs;
	struct running_stats *time;	/* per p->loads entry: the plan's ok runs */
	int *done;			/* per p->loads entry: its runs recorded before
					 * this session (--resume), 0 otherwise */
};

/* --max-runs when --until-sd is given without it */
#define UNTIL_SD_MAX_RUNS 10

/*
 * u from --until-sd PCT (NAN: not given) and --max-runs N (0: not given),
 * checked against cfg's runs. 0, or -1 (said): --max-runs without
 * --until-sd, or below runs.
 */
int until_sd_parse(struct until_sd *u, double pct, int max_runs, const struct config *cfg);
/* the plan's loads' counts, zeroed; until_sd_free releases them */
void until_sd_alloc(struct until_sd *u, const struct plan *p);
void until_sd_free(struct until_sd *u);

/* ls's Time (and for cacherun, its noload's) is within u->pct */
int until_sd_settled(struct plan *p, const struct load_state *ls, const struct until_sd *u);
/* ls may run once more after n runs: not settled, below max_runs, usable */
int until_sd_more(struct plan *p, const struct load_state *ls, int n, const struct until_sd *u);
/*
 * After the last planned step i of its load: 1 when the load runs once
 * more (a step inserted after i; cacherun's noload too), else 0, said
 * how it ended (nothing when --until-sd is off or the session is
 * interrupted, or at noload's step when cacherun follows).
 */
int until_sd_step(struct session *s, struct plan *p, size_t i, struct until_sd *u);
/*
 * A resumed --until-sd plan: a load whose planned runs are all recorded
 * gets the run until_sd_step would have given it after the last of them,
 * in its place in the plan; one with nothing more to run says how it ended.
 */
void until_sd_resume(struct session *s, struct plan *p, struct until_sd *u);

#endif

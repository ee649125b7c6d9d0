/* until-sd.c - `run --until-sd PCT`: more runs of a load until its Time settles */
#include "session/until-sd.h"
#include "record/config-keys.h"

#include "loads/loads.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>

int until_sd_parse(struct until_sd *u, double pct, int max_runs, const struct config *cfg)
{
	long long runs = contest_config(cfg)->main.runs;

	u->pct = 0;
	u->max_runs = UNTIL_SD_MAX_RUNS;
	u->time = NULL;
	u->done = NULL;
	if (isnan(pct))
		return max_runs ? error("--max-runs goes with --until-sd") : 0;
	u->pct = pct;
	if (max_runs)
		u->max_runs = max_runs;
	if (u->max_runs < runs)
		return error("--max-runs %d is below runs (%lld)", u->max_runs, runs);
	return 0;
}

void until_sd_alloc(struct until_sd *u, const struct plan *p)
{
	u->time = xcalloc(p->nloads + 1, sizeof(*u->time));
	u->done = xcalloc(p->nloads + 1, sizeof(*u->done));
}

void until_sd_free(struct until_sd *u)
{
	free(u->time);
	free(u->done);
	u->time = NULL;
	u->done = NULL;
}

static double relative_sd_pct(const struct running_stats *t)
{
	return running_stats_sd(t) / running_stats_mean(t) * 100.0;
}

int until_sd_settled(struct plan *p, const struct load_state *ls, const struct until_sd *u)
{
	struct load_state *noload = plan_load(p, &load_noload);
	const struct running_stats *t = &u->time[ls - p->loads];

	return t->n >= 2 && relative_sd_pct(t) <= u->pct &&
	       (ls != plan_load(p, &load_cacherun) ||
		relative_sd_pct(&u->time[noload - p->loads]) <= u->pct);
}

/* how ls ended after n runs */
static void until_sd_say(struct session *s, struct plan *p, const struct load_state *ls,
			 int n, const struct until_sd *u)
{
	int pair = ls == plan_load(p, &load_cacherun) && plan_load(p, &load_noload);

	progress_clear(s->tty);
	info("%s%s: %d runs, SD of Time %.1f%% of its mean: %s %g%%", pair ? "noload and " : "",
	     ls->row, n, relative_sd_pct(&u->time[ls - p->loads]),
	     until_sd_settled(p, ls, u) ? "converged, at most" : "did not converge to", u->pct);
}

int until_sd_more(struct plan *p, const struct load_state *ls, int n, const struct until_sd *u)
{
	return !until_sd_settled(p, ls, u) && n < u->max_runs && !ls->unusable;
}

int until_sd_step(struct session *s, struct plan *p, size_t i, struct until_sd *u)
{
	struct load_state *ls = p->steps[i], *noload = plan_load(p, &load_noload);
	struct load_state *cacherun = plan_load(p, &load_cacherun);
	int n = u->done[ls - p->loads] + plan_steps_of(p, ls, i + 1);

	if (!u->pct || run_interrupted || (ls == noload && cacherun))
		return 0;
	if (until_sd_more(p, ls, n, u)) {
		plan_insert(p, i, ls);
		if (ls == cacherun)
			plan_insert(p, i, noload);
		return 1;
	}
	until_sd_say(s, p, ls, n, u);
	return 0;
}

void until_sd_resume(struct session *s, struct plan *p, struct until_sd *u)
{
	struct load_state *noload = plan_load(p, &load_noload);
	struct load_state *cacherun = plan_load(p, &load_cacherun);

	for (size_t k = 0; k < p->nloads; k++) {
		struct load_state *ls = &p->loads[k];
		int n = u->done[k];
		size_t at = 0;

		if ((ls == noload && cacherun) || plan_steps_of(p, ls, p->nsteps) > 0)
			continue;
		if (!until_sd_more(p, ls, n, u)) {
			until_sd_say(s, p, ls, n, u);
			continue;
		}
		/* after the steps of the loads before it (the plan runs them in order) */
		for (size_t j = 0; j < p->nsteps; j++)
			if ((size_t)(p->steps[j] - p->loads) < k)
				at = j + 1;
		if (ls == cacherun)
			plan_insert_at(p, at++, noload);
		plan_insert_at(p, at, ls);
		info("%s%s: %d runs recorded, %d of them ok: going on until the SD of Time is at "
		     "most %g%% of its mean, at most %d runs (the plan's --until-sd)",
		     ls == cacherun ? "noload and " : "", ls->row, n, (int)u->time[k].n,
		     u->pct, u->max_runs);
	}
}

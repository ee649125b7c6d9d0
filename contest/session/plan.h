/* plan.h - which load runs when: the session's steps in canonical order
 *
 * The loads named on the command line (or the config's `loads` list) run
 * in canonical order, the order of the load table (loads/loads.h), whatever
 * order they were given in; run says so on stderr when it reorders.
 * cacherun must directly follow a noload run: when both are planned their
 * runs alternate (noload, cacherun, noload, cacherun), when only cacherun
 * is, a noload run is added before each cacherun run.
 */
#ifndef CONTEST_PLAN_H
#define CONTEST_PLAN_H

#include <stddef.h>

#include "lib/config.h"
#include "session/run.h"

struct plan {
	struct load_state *loads;	/* one per distinct load (and interactive task), canonical order */
	size_t nloads;
	struct load_state **steps;	/* the runs, in the order they are made */
	size_t nsteps;
};

/*
 * Plan runs (the config's) runs of each of names[0..n), or of the config's
 * loads list when n is 0. Every name must be a known load (checked before).
 */
void plan_build(struct plan *p, const struct config *cfg, char **names, int n);
void plan_release(struct plan *p);

/* the state of load l in the plan (an interactive workload's first task's);
 * NULL when it is not planned */
struct load_state *plan_load(struct plan *p, const struct load *l);
/* the state whose rows are named row (load_state's row); NULL when none */
struct load_state *plan_row(struct plan *p, const char *row);
/* one more run of ls, made right after step i (run --until-sd) */
void plan_insert(struct plan *p, size_t i, struct load_state *ls);
/* one more run of ls, made as step at (0..nsteps) */
void plan_insert_at(struct plan *p, size_t at, struct load_state *ls);

/* drop the first n steps that run ls (they were done before: run --resume) */
void plan_drop(struct plan *p, const struct load_state *ls, int n);
/* a noload before every cacherun that lacks one right before it (after
 * plan_drop: the cacherun whose noload was recorded before a cut needs a
 * fresh one, and noload gets a run more) */
void plan_pair_cacherun(struct plan *p);

/* how many of the first n steps run ls */
int plan_steps_of(const struct plan *p, const struct load_state *ls, size_t n);
/* 1 when step i is the last that runs its load (it may be cleaned up after) */
int plan_last_step(const struct plan *p, size_t i);

#endif

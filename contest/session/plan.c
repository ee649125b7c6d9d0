/* plan.c - see plan.h */
#include "session/plan.h"
#include "record/config-keys.h"
#include "loads/loads.h"
#include "session/workload.h"
#include "results/store.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the load's place in the load table: the canonical order */
static int canonical_index(const struct load *l)
{
	for (int i = 0; load_table[i]; i++)
		if (load_table[i] == l)
			return i;
	return -1;
}

struct load_state *plan_load(struct plan *p, const struct load *l)
{
	for (size_t i = 0; i < p->nloads; i++)
		if (p->loads[i].load == l)
			return &p->loads[i];
	return NULL;
}

/* l once, or once for each interactive task the workload lists (audio+l, video+l) */
static void plan_add_load(struct plan *p, const struct config *cfg, const struct load *l)
{
	const struct itask *tasks[8] = { NULL };
	size_t n = workload_tasks(cfg, tasks);
	const char *measured = workload_measured(cfg);

	if (plan_load(p, l))
		return;
	if (measured && l == &load_cacherun) {
		info("cacherun left out: it times a warm compile after noload's, and a "
		     "measured load compiles nothing");
		return;
	}
	if (n && l == &load_cacherun) {
		info("cacherun left out: it times a warm compile after noload's, and an "
		     "interactive workload compiles nothing");
		return;
	}
	for (size_t t = 0; t < (n ? n : 1); t++) {
		struct load_state *ls;
		char *row = workload_row_load(n ? tasks[t]->name : measured, l->name);

		p->loads = xrealloc(p->loads, (p->nloads + 1) * sizeof(*p->loads));
		ls = &p->loads[p->nloads++];
		memset(ls, 0, sizeof(*ls));
		snprintf(ls->row, sizeof(ls->row), "%s", row);
		free(row);
		ls->load = l;
		ls->task = tasks[t];
		ls->task_index = (int)t;
	}
}

struct load_state *plan_row(struct plan *p, const char *row)
{
	for (size_t i = 0; i < p->nloads; i++)
		if (!strcmp(p->loads[i].row, row))
			return &p->loads[i];
	return NULL;
}

static int by_canonical_index(const void *a, const void *b)
{
	const struct load_state *x = a, *y = b;
	int d = canonical_index(x->load) - canonical_index(y->load);

	return d ? d : x->task_index - y->task_index;	/* each load's tasks in the workload's order */
}

/* sort the loads into canonical order; say so when that changed it */
static void plan_sort(struct plan *p)
{
	int moved = 0;
	char *names;

	for (size_t i = 1; i < p->nloads; i++)
		moved |= by_canonical_index(&p->loads[i - 1], &p->loads[i]) > 0;
	if (!moved)
		return;
	qsort(p->loads, p->nloads, sizeof(*p->loads), by_canonical_index);
	names = xstrdup("");
	for (size_t i = 0; i < p->nloads; i++) {
		char *more = xasprintf("%s %s", names, p->loads[i].row);

		free(names);
		names = more;
	}
	info("running the loads in canonical order:%s", names);
	free(names);
}

static void plan_step(struct plan *p, struct load_state *ls)
{
	p->steps = xrealloc(p->steps, (p->nsteps + 1) * sizeof(*p->steps));
	p->steps[p->nsteps++] = ls;
}

void plan_insert_at(struct plan *p, size_t at, struct load_state *ls)
{
	plan_step(p, ls);
	memmove(&p->steps[at + 1], &p->steps[at], (p->nsteps - at - 1) * sizeof(*p->steps));
	p->steps[at] = ls;
}

void plan_insert(struct plan *p, size_t i, struct load_state *ls)
{
	plan_insert_at(p, i + 1, ls);
}

void plan_build(struct plan *p, const struct config *cfg, char **names, int n)
{
	const struct contest_config *cc = contest_config(cfg);
	char **list = n ? NULL : split_list(cc->main.loads);
	char **w = n ? names : list;
	long long runs = cc->main.runs;
	struct load_state *noload, *cacherun;

	memset(p, 0, sizeof(*p));
	/* a resumed plan names its rows (audio+io_load): their loads */
	for (size_t i = 0; (!n || (int)i < n) && w[i]; i++)
		plan_add_load(p, cfg, load_find(row_load_base(w[i])));
	argv_free(list);
	if (plan_load(p, &load_cacherun) && !plan_load(p, &load_noload)) {
		info("cacherun follows a noload run: running one before each cacherun run");
		plan_add_load(p, cfg, &load_noload);
	}
	plan_sort(p);	/* the steps point into loads[]: sort before taking them */
	noload = plan_load(p, &load_noload);
	cacherun = plan_load(p, &load_cacherun);
	for (size_t i = 0; i < p->nloads; i++) {
		struct load_state *ls = &p->loads[i];

		if (ls == cacherun)
			continue;	/* goes with noload */
		for (long long r = 0; r < runs; r++) {
			plan_step(p, ls);
			if (ls == noload && cacherun)
				plan_step(p, cacherun);
		}
	}
}

void plan_pair_cacherun(struct plan *p)
{
	struct load_state *noload = plan_load(p, &load_noload);
	struct load_state *cacherun = plan_load(p, &load_cacherun);

	if (!noload || !cacherun)
		return;
	for (size_t i = 0; i < p->nsteps; i++)
		if (p->steps[i] == cacherun && (i == 0 || p->steps[i - 1] != noload))
			plan_insert_at(p, i++, noload);
}

void plan_drop(struct plan *p, const struct load_state *ls, int n)
{
	size_t kept = 0;

	for (size_t i = 0; i < p->nsteps; i++)
		if (p->steps[i] != ls || n-- <= 0)
			p->steps[kept++] = p->steps[i];
	p->nsteps = kept;
}

void plan_release(struct plan *p)
{
	free(p->loads);
	free(p->steps);
	memset(p, 0, sizeof(*p));
}

int plan_steps_of(const struct plan *p, const struct load_state *ls, size_t n)
{
	int k = 0;

	for (size_t j = 0; j < n; j++)
		k += p->steps[j] == ls;
	return k;
}

int plan_last_step(const struct plan *p, size_t i)
{
	for (size_t j = i + 1; j < p->nsteps; j++)
		if (p->steps[j] == p->steps[i])
			return 0;
	return 1;
}

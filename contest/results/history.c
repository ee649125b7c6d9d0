/* history.c - the series of a results folder and their change points, see history.h */
#include "results/history.h"
#include "results/calibration.h"
#include "results/summary.h"
#include "record/env.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

/* the order's comparison: the report's kernels, by name as sort -V, or by first run */
static const struct report *sort_report;

static int by_version(const void *a, const void *b)
{
	return strverscmp(sort_report->kernels[*(const size_t *)a],
			  sort_report->kernels[*(const size_t *)b]);
}

static int by_time(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	double tx = sort_report->results[x].first_seen, ty = sort_report->results[y].first_seen;

	if (tx != ty)
		return tx < ty ? -1 : 1;
	return x < y ? -1 : x > y;
}

/*
 * How far the kernels' first runs are from their version order: Spearman's
 * rank correlation of the two (1: the same order), NAN when some kernel's
 * runs are undated or there are fewer than 3
 */
static double time_version_agreement(const struct report *r)
{
	size_t n = r->nkernels, *by_v, *by_t, *rank_t;
	double d2 = 0.0;

	if (n < 3 || r->nresults != n)
		return NAN;
	for (size_t i = 0; i < n; i++)
		if (!r->results[i].dated)
			return NAN;
	by_v = xcalloc(n, sizeof(*by_v));
	by_t = xcalloc(n, sizeof(*by_t));
	rank_t = xcalloc(n, sizeof(*rank_t));
	for (size_t i = 0; i < n; i++)
		by_v[i] = by_t[i] = i;
	sort_report = r;
	qsort(by_v, n, sizeof(*by_v), by_version);
	qsort(by_t, n, sizeof(*by_t), by_time);
	for (size_t i = 0; i < n; i++)
		rank_t[by_t[i]] = i;
	for (size_t i = 0; i < n; i++) {
		double d = (double)i - (double)rank_t[by_v[i]];

		d2 += d * d;
	}
	free(by_v);
	free(by_t);
	free(rank_t);
	return 1.0 - 6.0 * d2 / ((double)n * ((double)n * (double)n - 1.0));
}

static void make_order(struct history *h, enum history_order order)
{
	h->time_version = time_version_agreement(h->r);
	h->n = h->r->nkernels;
	h->order = xcalloc(h->n + 1, sizeof(*h->order));
	for (size_t i = 0; i < h->n; i++)
		h->order[i] = i;
	sort_report = h->r;
	if (order == HISTORY_VERSION)
		qsort(h->order, h->n, sizeof(*h->order), by_version);
	else if (order == HISTORY_TIME && h->r->nresults == h->n)
		qsort(h->order, h->n, sizeof(*h->order), by_time);
}

static int overlaps(const struct load_summary *a, const struct load_summary *b)
{
	return a && b && !isnan(a->first_ok) && !isnan(b->first_ok) &&
	       a->first_ok <= b->last_ok && b->first_ok <= a->last_ok;
}

/* whether the table's rows have metric m */
static int table_has(const struct report_table *t, enum metric_id m)
{
	return (int)m < (int)RUN_VALUES && (metrics[m].kinds & (1u << t->kind));
}

/* one series: its kernels' values in order, sessions, then its change points */
static void series_find(struct history *h, struct history_series *hs)
{
	struct changes_kernel *ks = xcalloc(h->n + 1, sizeof(*ks));
	double *values, *v;
	size_t total = 0, i, j;
	const struct load_summary *prev = NULL;
	int session = -1;
	struct changes_opts o = h->opts;

	for (i = 0; i < h->n; i++) {
		const struct report_row *row = report_kernel_row(hs->t, h->order[i]);

		total += row ? (row->s->runs ? row->s->nruns : 1) : 0;
	}
	values = v = xcalloc(total + 1, sizeof(*values));
	hs->mean = xcalloc(h->n + 1, sizeof(double));
	hs->sd = xcalloc(h->n + 1, sizeof(double));
	for (i = 0; i < h->n; i++) {
		const struct report_row *row = report_kernel_row(hs->t, h->order[i]);
		const struct running_stats *st = row && h->workload[i] == hs->workload ?
						 metric_stats(row->s, hs->metric) : NULL;

		hs->mean[i] = st && st->n ? running_stats_mean(st) : NAN;
		hs->sd[i] = st ? running_stats_sd(st) : NAN;
		if (!row || !st || !st->n)
			continue;
		ks[i].x = v;
		if (row->s->runs) {	/* every run */
			for (j = 0; j < row->s->nruns; j++)
				if (!isnan(run_value(row->s, j, (int)hs->metric)))
					*v++ = run_value(row->s, j, (int)hs->metric);
		} else {		/* more runs than are kept: their mean */
			*v++ = running_stats_mean(st);
		}
		ks[i].n = (size_t)(v - ks[i].x);
		if (!overlaps(prev, row->s))
			session++;
		ks[i].session = session;
		prev = row->s;
	}
	hs->sessions = session + 1;
	/* the calibration was taken for the first kernel's workload */
	hs->drift = hs->metric == METRIC_TIME && !isnan(h->drift_pct) &&
		    hs->workload == h->workload[0];
	if (!hs->drift)
		o.tau2 = 0.0;
	changes_find(ks, h->n, &o, &hs->ch);
	free(values);
	free(ks);
}

/* kernel i's env file, read once when first asked (a lab's 12000 are not all wanted) */
static const struct env *env_at(const struct history *h, size_t i)
{
	size_t k = h->order[i];

	if (k < h->r->nresults && h->r->results[k].env)
		return h->r->results[k].env;
	if (!h->dir || !h->envs)
		return NULL;
	if (!h->envs[i])
		h->envs[i] = results_read_env(h->dir, history_kernel(h, i));
	return h->envs[i];
}

static void calibrated(struct history *h, const char *dir)
{
	struct compare_opts co;

	compare_opts_init(&co);
	if (h->n)
		compare_opts_calibrate(&co, dir, env_at(h, 0));
	h->opts.tau2 = isnan(co.tau2) ? 0.0 : co.tau2;
	h->drift_pct = isnan(co.tau2) ? NAN : calibration_drift_pct(co.tau2);
}

/* "KEY=VALUE" of e, the key without "config." */
static char *workload_label(const struct env *e, const char *key)
{
	const char *v = e ? env_get(e, key) : NULL;

	if (!strncmp(key, "config.", 7))
		key += 7;
	return xasprintf("%s=%s", key, v && *v ? v : "none");
}

/*
 * Each position's workload: the first kernel of each tells them apart. A
 * kernel whose env file says nothing of its workload (none, or one
 * without run's config) is taken to be of the kernel's before it.
 */
static void find_workloads(struct history *h)
{
	size_t *first = xcalloc(h->n + 1, sizeof(*first));
	int g;

	h->workload = xcalloc(h->n + 1, sizeof(*h->workload));
	for (size_t i = 0; i < h->n; i++) {
		const struct env *e = env_at(h, i);

		if (!e || !env_record(e)->config.workload) {
			h->workload[i] = i ? h->workload[i - 1] : 0;
			continue;
		}
		for (g = 0; g < h->nworkloads; g++)
			if (!calibration_workload_difference(env_at(h, first[g]), e))
				break;
		if (g == h->nworkloads)
			first[h->nworkloads++] = i;
		h->workload[i] = g;
	}
	if (h->nworkloads > 1) {
		h->workload_key = calibration_workload_difference(env_at(h, first[0]),
								  env_at(h, first[1]));
		h->workload_label = xcalloc((size_t)h->nworkloads, sizeof(char *));
		for (g = 0; g < h->nworkloads; g++)
			h->workload_label[g] = workload_label(env_at(h, first[g]), h->workload_key);
	}
	if (!h->nworkloads)
		h->nworkloads = 1;
	free(first);
}

/* the series of table t in metric m, one per workload */
static void add_series(struct history *h, const struct report_table *t, enum metric_id m)
{
	for (int g = 0; g < h->nworkloads; g++) {
		struct history_series *hs = &h->series[h->nseries++];

		hs->t = t;
		hs->metric = m;
		hs->workload = g;
		hs->name = h->nworkloads > 1 ? xasprintf("%s [%s]", t->name, h->workload_label[g]) :
					       xstrdup(t->name);
		series_find(h, hs);
	}
}

int history_build(struct history *h, const struct report *r, const char *dir,
		  enum history_order order, int metric, const struct changes_opts *o)
{
	memset(h, 0, sizeof(*h));
	h->r = r;
	h->opts = *o;
	make_order(h, order);
	h->dir = dir ? xstrdup(dir) : NULL;
	h->envs = dir ? xcalloc(h->n + 1, sizeof(*h->envs)) : NULL;
	if (dir)
		calibrated(h, dir);
	else
		h->drift_pct = NAN;
	find_workloads(h);
	h->series = xcalloc(h->r->ntables * (size_t)h->nworkloads + 1, sizeof(*h->series));
	for (size_t t = 0; t < h->r->ntables; t++) {
		enum metric_id m = metric < 0 ? report_main_metric(&h->r->tables[t]) :
						(enum metric_id)metric;

		if (table_has(&h->r->tables[t], m))
			add_series(h, &h->r->tables[t], m);
	}
	if (metric >= 0 && !h->nseries && h->r->ntables) {
		int ret = error("no load's rows have %s", metric_label(&h->r->own, metric));

		history_release(h);
		return ret;
	}
	return 0;
}

int history_read(const char *dir, const char *const *kernels, size_t n, enum history_order order,
		 int metric, const struct changes_opts *o, struct history *h)
{
	struct report_opts ropts;
	struct report *r = xcalloc(1, sizeof(*r));
	int ret;

	report_opts_init(&ropts);
	ret = report_collect(dir, kernels, n, &ropts, REPORT_NEED_RUNS | REPORT_NEED_ENVS, r);
	if (ret < 0 || history_build(h, r, dir, order, metric, o) < 0) {
		if (ret >= 0)
			report_release(r);
		free(r);
		return -1;
	}
	h->own = r;
	return ret;
}

void history_release(struct history *h)
{
	for (size_t i = 0; i < h->nseries; i++) {
		changes_release(&h->series[i].ch);
		free(h->series[i].mean);
		free(h->series[i].sd);
		free(h->series[i].name);
	}
	free(h->series);
	for (int g = 0; h->workload_label && g < h->nworkloads; g++)
		free(h->workload_label[g]);
	free(h->workload_label);
	free(h->workload);
	for (size_t i = 0; h->envs && i < h->n; i++)
		env_free(h->envs[i]);
	free(h->envs);
	free(h->dir);
	free(h->order);
	if (h->own)
		report_release(h->own);
	free(h->own);
	memset(h, 0, sizeof(*h));
}

const char *history_kernel(const struct history *h, size_t i)
{
	return h->r->kernels[h->order[i]];
}

/* env's line, else its config section's; NULL when both are empty */
static const char *either(const char *line, const char *config)
{
	const char *v = line && *line ? line : config;

	return v && *v ? v : NULL;
}

const char *history_env_commit(const struct env *e)
{
	return either(env_record(e)->commit, env_record(e)->config.commit);
}

const char *history_env_tree(const struct env *e)
{
	/* bisect's tree, or the one run was told; env's tree: is the compile's */
	return either(env_record(e)->bisect_tree, env_record(e)->config.commit_tree);
}

const char *history_commit(const struct history *h, size_t i)
{
	return history_env_commit(env_at(h, i));
}

const char *history_tree(const struct history *h, size_t i)
{
	return history_env_tree(env_at(h, i));
}

int history_metric_named(const char *name)
{
	for (int m = 0; m < (int)RUN_VALUES && m < METRICS; m++)
		if ((metrics[m].column && !strcasecmp(name, metrics[m].column)) ||
		    (metrics[m].json && !strcasecmp(name, metrics[m].json)) ||
		    !strcasecmp(name, metrics[m].label))
			return m;
	return -1;
}

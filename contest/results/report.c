/* report.c - aggregation of runs into the per-load tables, see report.h
 *
 * Nothing here prints results: it fills struct report, and the writers in
 * report-{text,csv,json}.c read it.
 */
#include "results/report.h"
#include "results/metric.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void report_opts_init(struct report_opts *opts)
{
	memset(opts, 0, sizeof(*opts));
	opts->ratio = RATIO_REFERENCE;
	opts->format = REPORT_TEXT;
}

/* the canonical order is the load table's (loads/loads.h), also `contest list`'s */
static size_t canonical_index(const char *load)
{
	size_t i;

	for (i = 0; load_table[i]; i++)
		if (!strcmp(load, load_table[i]->name))
			return i;
	return i;
}

int report_load_cmp(const char *a, const char *b)
{
	const char *ba = row_load_base(a), *bb = row_load_base(b);
	size_t ia = canonical_index(ba), ib = canonical_index(bb);

	/* the compile's tables first, then each interactive task's */
	if ((ba != a) != (bb != b))
		return ba != a ? 1 : -1;
	if (ba != a && (ba - a != bb - b || strncmp(a, b, (size_t)(ba - a))))
		return strcmp(a, b);
	if (ia != ib)
		return ia < ib ? -1 : 1;
	return strcmp(a, b);	/* loads this contest does not know: alphabetically, last */
}

/* a table to make: a load at a sweep's point, and when it was first seen */
struct table_key {
	const char *load, *sweep;	/* the summaries' strings */
	size_t seen;
};

/* load order; a sweep's points in the order the runs made them */
static int table_key_cmp(const void *a, const void *b)
{
	const struct table_key *x = a, *y = b;
	int d = report_load_cmp(x->load, y->load);

	return d ? d : (x->seen > y->seen) - (x->seen < y->seen);
}

/* Every load and point any kernel ran, each once, in table order */
static struct table_key *collect_loads(const struct kernel_results *krs, size_t n,
				       size_t *nloads)
{
	struct table_key *keys = NULL;
	size_t k, i, cap = 0, count = 0;

	for (k = 0; k < n; k++) {
		for (i = 0; i < krs[k].nloads; i++) {
			const struct load_summary *ls = &krs[k].loads[i];
			size_t j;

			/* interned: equal names are equal pointers */
			for (j = 0; j < count && (keys[j].load != ls->load ||
						  keys[j].sweep != ls->sweep); j++)
				;
			if (j < count)
				continue;
			if (count == cap) {
				cap = cap ? 2 * cap : 16;
				keys = xrealloc(keys, cap * sizeof(*keys));
			}
			keys[count] = (struct table_key){ ls->load, ls->sweep, count };
			count++;
		}
	}
	if (count)
		qsort(keys, count, sizeof(*keys), table_key_cmp);
	*nloads = count;
	return keys;
}

/* kr's runs of load at sweep into row; 0 when it has none */
static int build_row(const struct kernel_results *kr, const char *load, const char *sweep,
		     struct report_row *row)
{
	memset(row, 0, sizeof(*row));
	row->ratio = NAN;
	return (row->s = kernel_results_point(kr, load, sweep)) != NULL;
}

/* mean Time of kr's ok noload runs; NAN when it has none */
/* does kr have a compile's runs (a Ratio to show), not only an interactive task's? */
static int has_compile_runs(const struct kernel_results *kr)
{
	for (size_t i = 0; i < kr->nloads; i++)
		if (row_kind(kr->loads[i].load) == ROW_COMPILE)
			return 1;
	return 0;
}

static double noload_mean(const struct kernel_results *kr)
{
	const struct load_summary *ls = kernel_results_load(kr, "noload");

	return ls ? running_stats_mean(&ls->time) : NAN;
}

static const struct kernel_results *find_kernel(const struct kernel_results *krs, size_t n,
						const char *name)
{
	size_t k;

	for (k = 0; k < n; k++)
		if (!strcmp(krs[k].name, name))
			return &krs[k];
	return NULL;
}

static int resolve_reference(struct report *r, const struct kernel_results *krs, size_t n,
			     const struct kernel_results *ref, const struct report_opts *opts)
{
	r->reference_s = NAN;
	if (opts->ratio == RATIO_SELF)
		return 0;
	if (opts->reference_time > 0) {
		r->reference_s = opts->reference_time;
		return 0;
	}
	if (!ref && opts->reference && !(ref = find_kernel(krs, n, opts->reference)))
		return error("no results for the reference kernel '%s'", opts->reference);
	if (!ref && !n)
		return 0;
	if (!ref)
		ref = &krs[0];
	r->reference_kernel = xstrdup(ref->name);
	r->reference_s = noload_mean(ref);
	if (isnan(r->reference_s) && has_compile_runs(ref))
		warning("no ok noload runs of '%s' to divide by: Ratio shown as '-'", ref->name);
	return 0;
}

/* --ratio self: one warning, however many kernels lack a noload */
static void warn_missing_self(const struct kernel_results *krs, size_t n, const double *divisor)
{
	size_t k, missing = 0, first = 0;

	for (k = 0; k < n; k++)
		if (isnan(divisor[k]) && has_compile_runs(&krs[k]) && !missing++)
			first = k;
	if (missing == 1)
		warning("no ok noload runs of '%s': its Ratio is shown as '-'", krs[first].name);
	else if (missing > 1)
		warning("%zu kernels ('%s', ...) have no ok noload runs: their Ratio is shown as '-'",
			missing, krs[first].name);
}

static void build_table(struct report *r, const struct kernel_results *krs, size_t n,
			const struct table_key *key, const double *divisor, struct report_table *t)
{
	const char *load = key->load;
	size_t k;

	memset(t, 0, sizeof(*t));
	snprintf(t->load, sizeof(t->load), "%s", load);
	snprintf(t->sweep, sizeof(t->sweep), "%s", key->sweep);
	snprintf(t->name, sizeof(t->name), "%s%s%s", load, *key->sweep ? " at " : "", key->sweep);
	t->kind = row_kind(load);
	t->rows = xcalloc(n, sizeof(*t->rows));
	for (k = 0; k < n; k++) {
		struct report_row *row = &t->rows[t->nrows];

		if (!build_row(&krs[k], load, key->sweep, row))
			continue;
		row->kernel = r->kernels[k];
		row->k = k;
		/* the compile's own stall: its noload's at the same point */
		if (t->kind == ROW_COMPILE && strcmp(load, "noload"))
			row->own = kernel_results_point(&krs[k], "noload", key->sweep);
		/* a timed task's has no Ratio: its Time is the duration asked for */
		if (t->kind == ROW_COMPILE && row->s->time.n)
			row->ratio = running_stats_mean(&row->s->time) / divisor[k];
		t->n_not_ok += row->s->n_not_ok;
		for (size_t kind = 0; kind < RUN_NOTES; kind++)
			t->n_notes[kind] += row->s->notes[kind].n;
		t->nrows++;
	}
}

/* name the `metric =` figures from the kernels' runs, warning once where they disagree */
static void name_own_metrics(struct own_metrics *own, const struct kernel_results *krs, size_t n)
{
	for (size_t k = 0; k < n; k++)
		for (size_t i = 0; i < krs[k].nloads; i++)
			if (krs[k].loads[i].own_names[0] &&
			    metric_own_names(own, krs[k].loads[i].own_names) < 0) {
				warning("'%s' names its metrics '%s', unlike the first kernel's "
					"(compare them by hand)", krs[k].name,
					krs[k].loads[i].own_names);
				return;
			}
}

int report_build(struct report *r, const struct kernel_results *krs, size_t n,
		 const struct kernel_results *ref, const struct report_opts *opts)
{
	struct table_key *loads;
	double *divisor;
	size_t k, i, nloads;

	memset(r, 0, sizeof(*r));
	if (resolve_reference(r, krs, n, ref, opts) < 0)
		return -1;
	r->kernels = xcalloc(n, sizeof(*r->kernels));
	r->nkernels = n;
	divisor = xcalloc(n, sizeof(*divisor));
	for (k = 0; k < n; k++) {
		r->kernels[k] = xstrdup(krs[k].name);
		divisor[k] = opts->ratio == RATIO_SELF ? noload_mean(&krs[k]) : r->reference_s;
	}
	if (opts->ratio == RATIO_SELF)
		warn_missing_self(krs, n, divisor);
	name_own_metrics(&r->own, krs, n);
	loads = collect_loads(krs, n, &nloads);
	r->tables = xcalloc(nloads, sizeof(*r->tables));
	r->ntables = nloads;
	for (i = 0; i < nloads; i++)
		build_table(r, krs, n, &loads[i], divisor, &r->tables[i]);
	free(loads);
	free(divisor);
	return 0;
}

void report_release(struct report *r)
{
	size_t i;

	for (i = 0; i < r->ntables; i++)
		free(r->tables[i].rows);
	free(r->tables);
	for (i = 0; i < r->nkernels; i++)
		free(r->kernels[i]);
	free(r->kernels);
	free(r->reference_kernel);
	results_release_all(r->results, r->nresults);
	memset(r, 0, sizeof(*r));
}

/* each kernel's env file kept beside its runs */
static void keep_env(struct kernel_results *kr, size_t i, struct env *e, void *data)
{
	(void)i;
	(void)data;
	kr->env = e;
}

static const struct results_env_hook keep_envs = { keep_env, NULL };

/* Read the named kernels in order; a broken one is skipped (error printed) */
static int read_named(const char *dir, const char *const *names, size_t n,
		      const struct results_env_hook *hook, unsigned flags,
		      struct kernel_results **out, size_t *nread)
{
	int *ok = xcalloc(n + 1, sizeof(*ok));
	int ret = results_read_list(dir, (char *const *)names, n, *out = xcalloc(n + 1, sizeof(**out)),
				    ok, hook, flags);

	*nread = 0;
	for (size_t i = 0; i < n; i++)
		if (ok[i])
			(*out)[(*nread)++] = (*out)[i];
	free(ok);
	return ret;
}

/* The reference named by opts when it is not shown: read just for its noload */
static int read_outside_reference(const char *dir, const struct kernel_results *krs, size_t n,
				  const struct report_opts *opts, struct kernel_results *ref)
{
	memset(ref, 0, sizeof(*ref));
	if (opts->ratio != RATIO_REFERENCE || opts->reference_time > 0 || !opts->reference ||
	    find_kernel(krs, n, opts->reference))
		return 0;
	return results_read_kernel(dir, opts->reference, ref) < 0 ? -1 : 1;
}

int report_collect(const char *dir, const char *const *kernels, size_t n,
		   const struct report_opts *opts, unsigned needs, struct report *r)
{
	const struct results_env_hook *hook =
		needs & (REPORT_NEED_ENVS | REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS) ?
		&keep_envs : NULL;
	unsigned flags = needs & (REPORT_NEED_RUNS | REPORT_NEED_COMPARE) ? 0 : RESULTS_NO_RUNS;
	struct kernel_results *krs, ref;
	size_t nk;
	int ret, have_ref;

	ret = n ? read_named(dir, kernels, n, hook, flags, &krs, &nk) :
		  results_read_all_env(dir, &krs, &nk, hook, flags);
	if (ret < 0 && !nk) {
		free(krs);
		return -1;
	}
	have_ref = read_outside_reference(dir, krs, nk, opts, &ref);
	if (have_ref < 0 || report_build(r, krs, nk, have_ref ? &ref : NULL, opts) < 0) {
		results_release_all(krs, nk);
		return -1;
	}
	if (!nk && ret == 0)
		warning("no results in '%s'", dir);
	kernel_results_release(&ref);
	r->results = krs;	/* the rows point into them */
	r->nresults = nk;
	return ret < 0 ? 1 : 0;
}

double report_psi_s(const struct report_row *row, size_t i)
{
	return row->s->psi[i].n ? running_stats_mean(&row->s->psi[i]) / 1e6 : NAN;
}

const struct report_row *report_kernel_row(const struct report_table *t, size_t k)
{
	size_t lo = 0, hi = t->nrows;

	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;

		if (t->rows[mid].k < k)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < t->nrows && t->rows[lo].k == k ? &t->rows[lo] : NULL;
}

enum metric_id report_main_metric(const struct report_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (metric_main(t->rows[i].s, t->kind) == GUEST_MAIN_METRIC)
			return GUEST_MAIN_METRIC;
	return row_kind_main[t->kind];
}

const struct running_stats *report_main_stats(const struct report_table *t,
					      const struct report_row *row)
{
	return metric_stats(row->s, row_kind_main[t->kind]);
}

const char *report_sweep_part(const char *sweep, int values, char *buf, size_t size)
{
	size_t len = 0;

	buf[0] = '\0';
	for (const char *p = sweep; *p && len + 1 < size;) {
		size_t item = strcspn(p, ","), eq = strcspn(p, "=");
		const char *from = values ? p + eq + 1 : p;
		size_t n = values ? (eq < item ? item - eq - 1 : 0) : (eq < item ? eq : item);

		len += (size_t)snprintf(buf + len, size - len, "%s%.*s", len ? "," : "", (int)n, from);
		if (len >= size)
			break;
		p += item + (p[item] == ',');
	}
	return buf;
}

size_t report_sweep_len(const struct report *r, size_t i)
{
	size_t n = 1;

	if (!r->tables[i].sweep[0])
		return 1;
	while (i + n < r->ntables && r->tables[i + n].sweep[0] &&
	       !strcmp(r->tables[i + n].load, r->tables[i].load))
		n++;
	return n;
}

double report_psi_own_s(const struct report_row *row, size_t i)
{
	return row->own && row->own->psi[i].n ? running_stats_mean(&row->own->psi[i]) / 1e6 : NAN;
}

double report_psi_load_s(const struct report_row *row, size_t i)
{
	return report_psi_s(row, i) - report_psi_own_s(row, i);	/* NAN propagates */
}

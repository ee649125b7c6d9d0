/* compare.c - the rows, tests and summaries of contest compare, see compare.h
 *
 * The per-load means come from report_build(); this file adds the
 * differences, the tests, Holm's correction and the summaries. The
 * writers are in compare-{text,csv,json}.c.
 */
#include "results/compare.h"
#include "lib/intern.h"
#include "lib/util.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* a row's pairs are at most the runs a summary keeps */
_Static_assert(LOAD_MAX_PAIRED <= USHRT_MAX, "compare_row.paired holds LOAD_MAX_PAIRED");
_Static_assert(METRICS <= SHRT_MAX, "compare_row.metric holds a metric");

/* where a timed task's metrics and the counters begin in run_values */
enum { METRIC_LAT = METRIC_LAT_MEAN };

/* own: the compared report's names of the `metric =` figures */
static int lower_is_better(const struct own_metrics *own, int metric)
{
	return metric_better(own, metric) == BETTER_LOWER;
}

/* the noload table of t's sweep point, for a loaded compile's Ratio; else NULL */
static const struct report_table *noload_table(const struct report *r,
					       const struct report_table *t)
{
	if (t->kind != ROW_COMPILE || !strcmp(t->load, "noload"))
		return NULL;
	for (size_t i = 0; i < r->ntables; i++)
		if (r->tables[i].kind == ROW_COMPILE && !strcmp(r->tables[i].load, "noload") &&
		    !strcmp(r->tables[i].sweep, t->sweep))
			return &r->tables[i];
	return NULL;
}

/* is metric one of table t's? A timed task's table (an interactive task's, a
 * measured load's) has its own, those its rows have, and the load's; any
 * table the counters where some kernel's runs counted them; a loaded
 * compile's Ratio where noload ran */
static int metric_applies(const struct report *r, const struct report_table *t, int metric)
{
	if (metric == METRIC_RATIO)
		return noload_table(r, t) != NULL;
	if (!(metrics[metric].kinds & (1u << t->kind)) ||
	    metrics[metric].better == BETTER_UNCOMPARED || !*metric_label(&r->own, metric))
		return 0;	/* a figure of metric1.. without metric_names is nameless */
	if (!(metrics[metric].kinds & METRIC_WHERE_RUN))
		return 1;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct running_stats *s = metric_stats(t->rows[i].s, (enum metric_id)metric);

		/* a rate of swap or disk where some run moved any: all zero, a
		 * row would only say "same" of nothing */
		if (s->n > 0 && (metric < METRIC_SWAP_IN || metric > METRIC_DISK_WRITE ||
				 s->mean != 0.0 || s->m2 != 0.0))
			return 1;
	}
	return 0;
}

static const struct running_stats *row_stats(const struct report_row *row, int metric)
{
	return metric_stats(row->s, (enum metric_id)metric);
}

/* kernel k's row in table t, NULL when it has no ok run of that load */
static const struct report_row *kernel_row(const struct report_table *t, size_t k)
{
	const struct report_row *row = report_kernel_row(t, k);

	return row && row->s->time.n ? row : NULL;
}

/* NEW's change from BASE in percent of BASE, positive = better */
static double oriented_diff(const struct own_metrics *own, int metric, double base, double new)
{
	double d;

	if (base == 0.0 || isnan(base) || isnan(new))
		return NAN;
	d = (new - base) / fabs(base) * 100.0;
	/* + 0.0: equal means give +0, not the -0 that negating 0 makes */
	return (lower_is_better(own, metric) ? -d : d) + 0.0;
}

static void test_row(const struct own_metrics *own, struct compare_row *row,
		     const struct running_stats *base)
{
	const struct running_stats *s = row->s;

	row->diff_pct = oriented_diff(own, row->metric, running_stats_mean(base),
				      running_stats_mean(s));
	if (base->n < 2 || s->n < 2)
		row->test = TEST_ONE_RUN;
	else if (base->m2 == 0.0 && s->m2 == 0.0 && base->mean == s->mean)
		row->test = TEST_CONSTANT;
	else
		row->p = welch_t_test(base, s, NULL, NULL);
}

/* a row across emulation: its difference, no test (nothing marked, no failure) */
static void across_row(const struct own_metrics *own, struct compare_row *row,
		       const struct running_stats *base)
{
	row->diff_pct = oriented_diff(own, row->metric, running_stats_mean(base),
				      running_stats_mean(row->s));
	row->test = TEST_MISSING;
	row->across = 1;
}

/* a row's stats where its kernel has no runs of the load */
static const struct running_stats no_runs;

static struct compare_row *add_row(struct compare *c, const char *load, int metric, size_t k)
{
	struct compare_row *row;

	if (c->nrows == c->rows_alloc) {	/* doubling: 12000 kernels make 480000 rows */
		c->rows_alloc = c->rows_alloc ? 2 * c->rows_alloc : 64;
		c->rows = xrealloc(c->rows, c->rows_alloc * sizeof(*c->rows));
	}
	row = &c->rows[c->nrows++];
	memset(row, 0, sizeof(*row));
	row->load = load;
	row->metric = metric;
	row->kernel = c->report.kernels[k];
	row->k = (unsigned)k;
	row->is_base = k == 0;
	row->diff_pct = row->p = row->p_holm = NAN;
	row->s = &no_runs;
	row->verdict.reason = "";
	return row;
}

void compare_opts_init(struct compare_opts *o)
{
	o->alpha = COMPARE_ALPHA;
	o->margin_pct = VERDICT_MARGIN_PCT;
	o->tau2 = o->tau_df = o->tau2_est = o->tau2_low = NAN;
	o->no_verdict = NULL;
	o->look = o->looks = 0;
}

/* did the two rows' ok runs start within one stretch of time? */
static int runs_overlap(const struct report_row *a, const struct report_row *b)
{
	return !isnan(a->s->first_ok) && !isnan(b->s->first_ok) &&
	       a->s->first_ok <= b->s->last_ok && b->s->first_ok <= a->s->last_ok;
}

static enum verdict_direction direction_of(const struct own_metrics *own, int metric)
{
	return lower_is_better(own, metric) ? LOWER_IS_BETTER :
	       metric_better(own, metric) == BETTER_NONE ? NO_DIRECTION : HIGHER_IS_BETTER;
}

/*
 * The running stats of ln(new / base) over the rounds both ran ok; the
 * rounds both ran, counted in *rounds. A round whose value is 0 on a
 * side (a pressure, a disk's await) has no ratio: where some have none,
 * the ratios of the others are not the row's change (two equal ones of
 * eight would say "same" with an MDE of 0 beside means 89% apart).
 */
static void round_ratios(const struct report_row *base, const struct report_row *new, int metric,
			 struct running_stats *out, size_t *rounds)
{
	*rounds = 0;
	running_stats_init(out);
	for (size_t i = 0; i < new->s->nruns; i++) {
		for (size_t j = 0; j < base->s->nruns; j++) {
			double b, n;

			if (base->s->runs[j].run != new->s->runs[i].run)
				continue;
			b = run_value(base->s, j, metric);
			n = run_value(new->s, i, metric);
			++*rounds;
			if (b > 0 && n > 0)
				running_stats_add(out, log(n / b));
			break;
		}
	}
}

/* a tested row's p is its verdict's test's, which marks it (P_WITHIN:
 * Welch's within the sessions, no test deciding) */
static void verdict_p(struct compare *c, struct compare_row *row, enum compare_p_test test)
{
	if (row->test != TEST_MADE)
		return;
	if (test != P_WITHIN && !isfinite(row->verdict.p))
		test = P_WITHIN;	/* no test of the verdict's (no positive mean) */
	row->p_test = test;
	if (test != P_WITHIN)
		row->p = row->verdict.p;
	c->nwithin += test == P_WITHIN && !row->interleaved;
}

/* the row's verdict and MDE, by the estimate its runs allow */
static void decide_row(struct compare *c, struct compare_row *row, const struct report_row *base,
		       const struct report_row *new)
{
	const struct running_stats *b = row_stats(base, row->metric);
	struct verdict_opts vo = { c->opts.alpha, VERDICT_POWER, c->opts.margin_pct,
				   direction_of(&c->report.own, row->metric) };
	struct log_diff d;

	row->interleaved = runs_overlap(base, new);
	if (row->interleaved) {
		struct running_stats ratios;
		size_t rounds;

		round_ratios(base, new, row->metric, &ratios, &rounds);
		row->paired = ratios.n >= 2 && ratios.n == rounds ? ratios.n : 0;
		if (row->paired)
			log_diff_paired(&d, &ratios);
		else
			log_diff_welch(&d, b, row->s);
	} else
		log_diff_drift(&d, b, row->s, c->opts.tau2, c->opts.tau_df);
	verdict_decide(&row->verdict, &d, &vo);
	if (!row->interleaved && isnan(c->opts.tau2)) {
		log_diff_welch(&d, b, row->s);
		row->verdict.mde_pct = log_diff_mde_pct(&d, vo.alpha, vo.power);
		row->mde_floor = 1;
	}
	verdict_p(c, row, row->paired ? P_PAIRED : row->interleaved ? P_WELCH :
		  isnan(c->opts.tau2) ? P_WITHIN : P_DRIFT);
	c->nverdicts++;
	c->ndecided += row->verdict.kind != VERDICT_UNDECIDED;
	c->nseparate += !row->interleaved;
	c->npaired += row->paired != 0;
}

/*
 * A kernel's own slowdown, round by round: raw gets run i of the load
 * over run i of noload, logs their ln, over the rounds both ran ok; raw's
 * mean is then set to the ratio of the two mean Times. With no run kept
 * (more than LOAD_MAX_PAIRED) raw is the ratio of the means, one value.
 */
static void self_ratios(const struct report_row *load, const struct report_row *noload,
			struct running_stats *raw, struct running_stats *logs)
{
	running_stats_init(raw);
	running_stats_init(logs);
	if (!load->s->runs || !noload->s->runs) {
		running_stats_add(raw, load->s->time.mean / noload->s->time.mean);
		return;
	}
	for (size_t i = 0; i < load->s->nruns; i++)
		for (size_t j = 0; j < noload->s->nruns; j++) {
			double l, n;

			if (noload->s->runs[j].run != load->s->runs[i].run)
				continue;
			l = run_value(load->s, i, METRIC_TIME);
			n = run_value(noload->s, j, METRIC_TIME);
			if (l > 0 && n > 0) {
				running_stats_add(raw, l / n);
				running_stats_add(logs, log(l / n));
			}
			break;
		}
	/* its mean is the ratio of the means, report --ratio self's figure
	 * (not the mean of the rounds' ratios, which is larger by their
	 * spread); its SD stays the rounds' */
	if (raw->n)
		raw->mean = load->s->time.mean / noload->s->time.mean;
}

/* the per-round difference of two kernels' log self ratios, over the rounds all four ran */
static void paired_self_ratios(const struct report_row *bl, const struct report_row *bn,
			       const struct report_row *nl, const struct report_row *nn,
			       struct running_stats *out)
{
	running_stats_init(out);
	if (!bl->s->runs || !bn->s->runs || !nl->s->runs || !nn->s->runs)
		return;
	for (size_t i = 0; i < nl->s->nruns; i++) {
		int run = nl->s->runs[i].run;
		double v[4] = { run_value(nl->s, i, METRIC_TIME), NAN, NAN, NAN };
		const struct report_row *others[3] = { nn, bl, bn };

		for (size_t o = 0; o < 3; o++)
			for (size_t j = 0; j < others[o]->s->nruns; j++)
				if (others[o]->s->runs[j].run == run) {
					v[o + 1] = run_value(others[o]->s, j, METRIC_TIME);
					break;
				}
		if (v[0] > 0 && v[1] > 0 && v[2] > 0 && v[3] > 0)
			running_stats_add(out, log(v[0] / v[1]) - log(v[2] / v[3]));
	}
}

/* kernel k's Ratio row in table t, whose noload table is nt; ratios[k] holds its stats */
static void ratio_row(struct compare *c, struct compare_row *row, const struct report_table *t,
		      const struct report_table *nt, size_t k, struct running_stats *ratios)
{
	const struct report_row *bl = kernel_row(t, 0), *bn = kernel_row(nt, 0);
	const struct report_row *nl = kernel_row(t, k), *nn = kernel_row(nt, k);
	struct verdict_opts vo = { c->opts.alpha, VERDICT_POWER, c->opts.margin_pct,
				   LOWER_IS_BETTER };
	struct running_stats base_logs, logs, pairs;
	struct log_diff d;

	if (!nl || !nn || !bl || !bn) {
		row->test = TEST_MISSING;
		return;
	}
	self_ratios(nl, nn, &ratios[k], &logs);
	row->s = &ratios[k];
	if (!ratios[k].n || !ratios[0].n) {
		row->test = TEST_MISSING;
		return;
	}
	if (k == 0) {
		row->test = TEST_BASE;
		return;
	}
	if (c->opts.no_verdict && c->opts.no_verdict[k]) {
		across_row(&c->report.own, row, &ratios[0]);
		return;
	}
	test_row(&c->report.own, row, &ratios[0]);
	self_ratios(bl, bn, &ratios[0], &base_logs);	/* the same again, for its logs */
	row->interleaved = runs_overlap(bl, nl);
	paired_self_ratios(bl, bn, nl, nn, &pairs);
	row->paired = row->interleaved && pairs.n >= 2 ? pairs.n : 0;
	if (row->paired)
		log_diff_paired(&d, &pairs);
	else
		log_diff_logs(&d, &base_logs, &logs);
	verdict_decide(&row->verdict, &d, &vo);
	verdict_p(c, row, row->paired ? P_PAIRED : row->interleaved ? P_WELCH : P_RATIO);
	c->nratio_separate += !row->interleaved;
	c->nverdicts++;
	c->ndecided += row->verdict.kind != VERDICT_UNDECIDED;
	c->npaired += row->paired != 0;
}

/* the i-th metric of a table of kind: a timed task's own first, then its
 * load's; a compile's Ratio right after its Time */
static int metric_at(enum row_kind kind, int i)
{
	if (kind != ROW_COMPILE)
		return (i + METRIC_LAT) % COMPARE_METRICS;
	return i == 0 ? METRIC_TIME : i == 1 ? METRIC_RATIO : i - 1;
}

/* is row (NEW's) of a `metric =` figure the two sides name otherwise? Then
 * it is two measures (a latency against a throughput): TEST_UNLIKE, why */
static int own_unlike(struct compare *c, struct compare_row *row, const struct report_row *base,
		      const struct report_row *new)
{
	char b[OWN_NAMES_SIZE], n[OWN_NAMES_SIZE], *why;
	int i = row->metric - METRIC_OWN1;

	if (row->metric < METRIC_OWN1 || row->metric > METRIC_OWN4 ||
	    !strcmp(metric_own_spec(base->s->own_names, i, b, sizeof(b)),
		    metric_own_spec(new->s->own_names, i, n, sizeof(n))))
		return 0;
	why = xasprintf("metric%d is %s%s%s here, %s%s%s in the base: two measures, "
			"not compared", i + 1, *n ? "'" : "", *n ? n : "unnamed", *n ? "'" : "",
			*b ? "'" : "", *b ? b : "unnamed", *b ? "'" : "");
	row->test = TEST_UNLIKE;
	row->verdict.reason = intern(why);
	free(why);
	c->nunlike++;
	return 1;
}

/* applies[m]: whether metric m has a row in t (metric_applies, asked once) */
static void build_load(struct compare *c, const struct report_table *t, const int *applies)
{
	const struct report_row *base = kernel_row(t, 0);
	enum metric_id main = report_main_metric(t);

	for (int i = 0; i < COMPARE_METRICS; i++) {
		int m = metric_at(t->kind, i);

		if (!applies[m])
			continue;
		if (m == METRIC_RATIO) {
			struct running_stats *ratios = &c->ratios[c->nratios];

			c->nratios += c->report.nkernels;
			for (size_t k = 0; k < c->report.nkernels; k++)
				ratio_row(c, add_row(c, t->name, m, k), t,
					  noload_table(&c->report, t), k, ratios);
			continue;
		}
		for (size_t k = 0; k < c->report.nkernels; k++) {
			const struct report_row *rr = kernel_row(t, k);
			struct compare_row *row = add_row(c, t->name, m, k);

			row->main = m == (int)main;
			if (rr)
				row->s = row_stats(rr, m);
			/* a side without the metric (no counter counted) is missing too */
			if (!rr || !base || !row->s->n || !row_stats(base, m)->n)
				row->test = TEST_MISSING;
			else if (k == 0)
				row->test = TEST_BASE;
			else if (c->opts.no_verdict && c->opts.no_verdict[k])
				across_row(&c->report.own, row, row_stats(base, m));
			else if (!own_unlike(c, row, base, rr)) {
				test_row(&c->report.own, row, row_stats(base, m));
				row->untested = row->test == TEST_CONSTANT && row->s->mean == 0.0;
				if (!row->untested)
					decide_row(c, row, base, rr);
			}
		}
	}
}

/* Holm over every test made, then the marks */
static void mark_rows(struct compare *c)
{
	/* a lab's million rows: one array, adjusted in place */
	double *adj = xcalloc(c->nrows + 1, sizeof(*adj));

	for (size_t i = 0; i < c->nrows; i++) {
		adj[i] = c->rows[i].test == TEST_MADE ? c->rows[i].p : NAN;
		c->ntests += c->rows[i].test == TEST_MADE;
	}
	holm_adjust(adj, adj, c->nrows);
	for (size_t i = 0; i < c->nrows; i++) {
		struct compare_row *row = &c->rows[i];

		if (row->test != TEST_MADE)
			continue;
		row->p_holm = adj[i];
		if (row->p < c->alpha)
			row->mark = row->p_holm < c->alpha ? MARK_HOLM : MARK_ALPHA;
		c->nalpha += row->mark != MARK_NONE;
		c->nholm += row->mark == MARK_HOLM;
	}
	free(adj);
}

/* the relative variance of a mean, (sd/mean)^2/n, and its share of the df sum */
static void log_ratio_parts(const struct running_stats *s, double *var, double *df_term)
{
	double mean = running_stats_mean(s), v = running_stats_variance(s) / (double)s->n;

	*var = v / (mean * mean);
	*df_term = *var * *var / (double)(s->n - 1);
}

static void summarize(struct compare *c, size_t k, struct compare_summary *sum)
{
	double log_sum = 0.0, var = 0.0, df_den = 0.0, df, half;
	int have_ci = 1, separate = 0;

	memset(sum, 0, sizeof(*sum));
	sum->kernel = c->report.kernels[k];
	for (size_t i = 0; i < c->report.ntables; i++) {
		const struct report_row *b = kernel_row(&c->report.tables[i], 0);
		const struct report_row *n = kernel_row(&c->report.tables[i], k);
		double vb, vn, db, dn;

		/* a timed task's Time is the duration it was given */
		if (!b || !n || b->s->time.mean <= 0 || n->s->time.mean <= 0 ||
		    c->report.tables[i].kind != ROW_COMPILE)
			continue;
		sum->nloads++;
		separate |= !runs_overlap(b, n);
		log_sum += log(n->s->time.mean / b->s->time.mean);
		if (b->s->time.n < 2 || n->s->time.n < 2) {
			have_ci = 0;
			continue;
		}
		log_ratio_parts(&b->s->time, &vb, &db);
		log_ratio_parts(&n->s->time, &vn, &dn);
		var += vb + vn;
		df_den += db + dn;
	}
	sum->gmean = sum->ci_low = sum->ci_high = NAN;
	if (!sum->nloads)
		return;
	log_sum /= (double)sum->nloads;
	sum->gmean = exp(log_sum);
	sum->drift = !separate ? DRIFT_NONE : isnan(c->opts.tau2) ? DRIFT_LEFT_OUT : DRIFT_ADDED;
	/* each session's drift is shared by all its loads: the mean of the
	 * log ratios carries it whole, 2 tau2 (var is k^2 times the mean's);
	 * its df are infinite, adding nothing to the df's denominator */
	if (sum->drift == DRIFT_ADDED)
		var += 2.0 * c->opts.tau2 * (double)sum->nloads * (double)sum->nloads;
	if (!have_ci)
		return;
	if (var == 0.0) {
		sum->ci_low = sum->ci_high = sum->gmean;
		return;
	}
	/* Welch-Satterthwaite: the df of a sum of variance estimates */
	df = var * var / df_den;
	half = student_t_quantile(0.975, df) * sqrt(var) / (double)sum->nloads;
	sum->ci_low = exp(log_sum - half);
	sum->ci_high = exp(log_sum + half);
}

void compare_build(struct compare *c, const struct kernel_results *krs, size_t n,
		   const struct compare_opts *o)
{
	struct report_opts opts;
	int *applies;

	memset(c, 0, sizeof(*c));
	c->alpha = o->alpha;
	c->opts = *o;
	report_opts_init(&opts);
	opts.reference_time = 1.0;	/* compare shows no Ratio: a fixed divisor keeps it quiet */
	report_build(&c->report, krs, n, NULL, &opts);
	/* which metrics each table has (a counter's asks every row), and
	 * from them the rows' room, counted first: doubling to a lab's
	 * 480000 rows would hold half as many again, and both while it copied */
	applies = xcalloc(c->report.ntables * COMPARE_METRICS + 1, sizeof(*applies));
	for (size_t i = 0; i < c->report.ntables; i++)
		for (int m = 0; m < COMPARE_METRICS; m++)
			if ((applies[i * COMPARE_METRICS + (size_t)m] =
			     metric_applies(&c->report, &c->report.tables[i], m))) {
				c->rows_alloc += n;
				c->nratios += m == METRIC_RATIO ? n : 0;
			}
	c->rows = xcalloc(c->rows_alloc + 1, sizeof(*c->rows));
	c->ratios = xcalloc(c->nratios + 1, sizeof(*c->ratios));
	c->nratios = 0;	/* counted again as the tables fill it */
	for (size_t i = 0; i < c->report.ntables; i++)
		build_load(c, &c->report.tables[i], &applies[i * COMPARE_METRICS]);
	free(applies);
	mark_rows(c);
	c->nsummary = n - 1;
	c->summary = xcalloc(n, sizeof(*c->summary));
	for (size_t k = 1; k < n; k++)
		summarize(c, k, &c->summary[k - 1]);
}

void compare_release(struct compare *c)
{
	for (size_t i = 0; i < c->nsymbols; i++)
		free(c->symbols[i].symbol);
	free(c->symbols);
	report_release(&c->report);
	free(c->rows);
	free(c->ratios);
	free(c->summary);
	memset(c, 0, sizeof(*c));
}

double compare_runs_for_mde(const struct compare_row *row, double pct, size_t *now)
{
	double mde = row->verdict.mde_pct, n;

	*now = 0;
	if (!compare_has_verdict(row) || row->verdict.kind != VERDICT_UNDECIDED ||
	    row->mde_floor || !isfinite(mde) || mde <= pct)
		return 0;
	/* separate sessions: the drift between them is in the MDE and no
	 * number of runs shrinks it, so 1 / sqrt(n) promises too little;
	 * but not in a Ratio's, which the drift cancels in */
	if (!row->interleaved && row->metric != METRIC_RATIO)
		return 0;
	n = row->paired ? row->paired : (double)row->s->n;
	*now = (size_t)n;
	return n < 2 ? 0 : ceil(n * pow(log1p(mde / 100.0) / log1p(pct / 100.0), 2.0));
}

const char *compare_metric_label(const struct compare *c, const struct compare_row *row)
{
	return metric_label(&c->report.own, row->metric);
}

const char *compare_p_test_name(const struct compare_row *row)
{
	static const char *const names[] = {
		[P_WITHIN] = "welch", [P_WELCH] = "welch-log", [P_PAIRED] = "paired",
		[P_DRIFT] = "welch-drift", [P_RATIO] = "welch-log",
	};

	return names[row->p_test];
}

int compare_row_judged(const struct compare_row *row)
{
	return row->main || row->metric == METRIC_RATIO;
}

int compare_has_verdict(const struct compare_row *row)
{
	return !row->is_base && row->test != TEST_MISSING && row->test != TEST_UNLIKE &&
	       !row->untested && !row->across;
}

const char *compare_sessions_name(const struct compare_row *row)
{
	return row->paired ? "paired" : row->interleaved ? "interleaved" : "separate";
}

const char *compare_mark_str(const struct compare_row *row)
{
	return row->mark == MARK_HOLM ? "**" : row->mark == MARK_ALPHA ? "*" : "";
}

size_t compare_failures(const struct compare *c, double pct, FILE *err)
{
	size_t failed = 0;

	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (row->mark == MARK_NONE ||
		    metric_better(&c->report.own, row->metric) == BETTER_NONE ||
		    !(row->diff_pct < -pct))
			continue;
		fprintf(err, "fail: %s %s of '%s' is %.1f%% worse than '%s' (p = %.2g), above %g%%\n",
			row->load, compare_metric_label(c, row), row->kernel,
			-row->diff_pct,
			c->report.kernels[0], row->p, pct);
		failed++;
	}
	return failed;
}

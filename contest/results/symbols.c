/* symbols.c - a test per profiled kernel symbol, see symbols.h */
#include "results/symbols.h"
#include "results/stats.h"
#include "lib/intern.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* a side's usable runs: those with kernel samples; the symbol in hand's
 * count in each (side_count) */
struct side {
	const struct monitor_run **runs;
	double *counts;
	size_t n;
};

static void side_of(struct side *s, const struct monitor_run *runs, size_t n)
{
	s->runs = xcalloc(n + 1, sizeof(*s->runs));
	s->counts = xcalloc(n + 1, sizeof(*s->counts));
	s->n = 0;
	for (size_t i = 0; i < n; i++)
		if (runs[i].profile.kernel > 0)
			s->runs[s->n++] = &runs[i];
}

/* the count of sym in p, or -1 when p did not keep it */
static double kept(const struct monitor_profile *p, const char *sym)
{
	for (size_t i = 0; i < p->nsyms; i++)
		if (!strcmp(p->syms[i].name, sym))
			return p->syms[i].n;
	return -1;
}

/* the most samples a symbol p did not keep can have: the least it kept
 * when its list was cut, else half a sample (it had none) */
static double bound(const struct monitor_profile *p)
{
	double least = INFINITY;

	if (p->nsyms < MONITOR_PROFILE_SYMS)
		return 0.5;
	for (size_t i = 0; i < p->nsyms; i++)
		least = fmin(least, p->syms[i].n);
	return fmax(least, 0.5);
}

/* sym's samples in each of s's runs, the tested values, into s->counts;
 * *bounded counts the runs taken at their bound */
static void side_count(struct side *s, const char *sym, unsigned short *bounded)
{
	for (size_t i = 0; i < s->n; i++) {
		double n = kept(&s->runs[i]->profile, sym);

		if (n < 0) {
			n = bound(&s->runs[i]->profile);
			(*bounded)++;
		}
		s->counts[i] = n;
	}
}

/* every name either side kept, once; a NULL-terminated malloc'd array of borrowed names */
static const char **names_of(const struct side *b, const struct side *n, size_t *count)
{
	const struct side *sides[2] = { b, n };
	const char **names = NULL;

	*count = 0;
	for (int s = 0; s < 2; s++)
		for (size_t i = 0; i < sides[s]->n; i++) {
			const struct monitor_profile *p = &sides[s]->runs[i]->profile;

			for (size_t j = 0; j < p->nsyms; j++) {
				size_t x = 0;

				while (x < *count && strcmp(names[x], p->syms[j].name))
					x++;
				if (x < *count)
					continue;
				names = xrealloc(names, (*count + 2) * sizeof(*names));
				names[(*count)++] = p->syms[j].name;
			}
		}
	return names;
}

static int name_cmp(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/*
 * The variance of the mean of ln(count) over side s from sampling alone:
 * a count n of samples is Poisson, its log's variance 1/n. A few samples
 * a run repeat the same small integers (1, 1, 1 against 2, 2, 2), whose
 * sample variance is 0 and whose p would be too: the estimate's SE is at
 * least this (the sum of both sides', or of the pairs').
 */
static double poisson_var(const struct side *s)
{
	double v = 0;

	for (size_t i = 0; i < s->n; i++)
		v += 1.0 / s->counts[i];
	return s->n ? v / ((double)s->n * (double)s->n) : 0;
}

static void floor_se(struct symbol_row *row, const struct side *b, const struct side *n)
{
	double floor = sqrt(poisson_var(b) + poisson_var(n));

	if (!row->diff.why && isfinite(row->diff.se) && row->diff.se < floor)
		row->diff.se = floor;
}

/* the estimate of a tested row: paired, Welch or the drift, as compare's rows */
static void estimate(const struct compare *c, struct symbol_row *row, const struct side *b,
		     const struct side *n, const struct running_stats *sb,
		     const struct running_stats *sn)
{
	struct running_stats ratios;

	if (!row->interleaved) {
		log_diff_drift(&row->diff, sb, sn, c->opts.tau2, c->opts.tau_df);
		if (isnan(c->opts.tau2)) {	/* no test; the within-session MDE to say */
			log_diff_welch(&row->diff, sb, sn);
			row->mde_floor = 1;
		}
		floor_se(row, b, n);
		return;
	}
	running_stats_init(&ratios);
	for (size_t i = 0; i < n->n; i++)
		for (size_t j = 0; j < b->n; j++)
			if (b->runs[j]->run == n->runs[i]->run) {
				running_stats_add(&ratios, log(n->counts[i] / b->counts[j]));
				break;
			}
	row->paired = ratios.n >= 2 ? (unsigned short)ratios.n : 0;
	if (row->paired)
		log_diff_paired(&row->diff, &ratios);
	else
		log_diff_welch(&row->diff, sb, sn);
	floor_se(row, b, n);
}

/* the mean and SD over side s of the counts' shares of each run's kernel
 * samples in percent (what the writers show), the SD NAN with one run */
static void shares_of(const struct side *s, double *mean, double *sd)
{
	struct running_stats st;

	running_stats_init(&st);
	for (size_t i = 0; i < s->n; i++)
		running_stats_add(&st, 100.0 * s->counts[i] / s->runs[i]->profile.kernel);
	*mean = running_stats_mean(&st);
	*sd = s->n > 1 ? running_stats_sd(&st) : NAN;
}

/* one symbol's row: its shares on both sides, whether and how its counts are tested */
static void add_symbol(struct compare *c, struct symbol_row *row, struct side *b,
		       struct side *n)
{
	struct running_stats sb, sn;

	side_count(b, row->symbol, &row->base_bounded);
	side_count(n, row->symbol, &row->new_bounded);
	running_stats_init(&sb);
	running_stats_init(&sn);
	for (size_t i = 0; i < b->n; i++)
		running_stats_add(&sb, b->counts[i]);
	for (size_t i = 0; i < n->n; i++)
		running_stats_add(&sn, n->counts[i]);
	row->base_runs = (unsigned short)b->n;
	row->new_runs = (unsigned short)n->n;
	row->base_samples = running_stats_mean(&sb);
	row->new_samples = running_stats_mean(&sn);
	shares_of(b, &row->base_pct, &row->base_sd);
	shares_of(n, &row->new_pct, &row->new_sd);
	row->p = row->p_holm = NAN;
	row->verdict.kind = VERDICT_UNDECIDED;
	row->verdict.diff_pct = row->verdict.p = row->verdict.p_same = NAN;
	row->verdict.mde_pct = NAN;
	row->verdict.reason = "kept by too few runs to test";
	row->tested = b->n >= 2 && n->n >= 2 && (!row->base_bounded || !row->new_bounded);
	if (!row->tested)
		return;
	estimate(c, row, b, n, &sb, &sn);
	if (!row->mde_floor)
		row->p = log_diff_p(&row->diff);
}

void symbols_add(struct compare *c, const char *load, size_t k, const struct monitor_run *base,
		 size_t nbase, const struct monitor_run *new, size_t nnew, int interleaved)
{
	struct side b, n;
	size_t count;
	const char **names;

	side_of(&b, base, nbase);
	side_of(&n, new, nnew);
	names = names_of(&b, &n, &count);
	if (count)
		qsort(names, count, sizeof(*names), name_cmp);
	c->symbols = xrealloc(c->symbols, (c->nsymbols + count + 1) * sizeof(*c->symbols));
	for (size_t i = 0; i < count; i++) {
		struct symbol_row *row = &c->symbols[c->nsymbols++];

		memset(row, 0, sizeof(*row));
		row->load = load;
		row->kernel = c->report.kernels[k];
		row->k = (unsigned)k;
		row->symbol = xstrdup(names[i]);
		row->interleaved = interleaved != 0;
		add_symbol(c, row, &b, &n);
	}
	free(names);
	free(b.runs);
	free(b.counts);
	free(n.runs);
	free(n.counts);
}

/* a verdict a bound cannot carry: a side counted at a bound may look larger */
static const char *bounded_why(const struct symbol_row *row)
{
	if (row->base_bounded && row->verdict.kind != VERDICT_WORSE)
		return "outside the kept symbols in some of the base's runs: only a rise can be told";
	if (row->new_bounded && row->verdict.kind != VERDICT_BETTER)
		return "outside the kept symbols in some of its runs: only a fall can be told";
	return NULL;
}

/* row's verdict at alpha, after Holm over tests */
static void decide(const struct compare *c, struct symbol_row *row, size_t tests)
{
	struct verdict_opts vo = { c->opts.alpha, VERDICT_POWER, c->opts.margin_pct,
				   LOWER_IS_BETTER };
	struct verdict *v = &row->verdict;
	double mde_alpha = c->opts.alpha / (double)(tests ? tests : 1);
	const char *why;
	char text[96];

	verdict_decide(v, &row->diff, &vo);
	v->mde_pct = log_diff_mde_pct(&row->diff, mde_alpha, vo.power);
	if (row->mde_floor) {
		v->kind = VERDICT_UNDECIDED;
		v->p = v->p_same = NAN;
		v->reason = "separate sessions and no calibration";
		return;
	}
	if ((v->kind == VERDICT_WORSE || v->kind == VERDICT_BETTER) && !(row->p_holm < c->opts.alpha)) {
		snprintf(text, sizeof(text), "p %.2g, not after Holm's correction over %zu symbols",
			 v->p, tests);
		v->kind = VERDICT_UNDECIDED;
		v->reason = intern(text);
	} else if (v->kind == VERDICT_UNDECIDED && !row->diff.why) {
		snprintf(text, sizeof(text), "noise: would see only %.1f%%", v->mde_pct);
		v->reason = intern(text);
	}
	if (v->kind != VERDICT_UNDECIDED && (why = bounded_why(row))) {
		v->kind = VERDICT_UNDECIDED;
		v->reason = why;
	}
}

void symbols_decide(struct compare *c)
{
	double *adj = xcalloc(c->nsymbols + 1, sizeof(*adj));

	c->nsym_tests = c->nsym_worse = c->nsym_better = 0;
	for (size_t i = 0; i < c->nsymbols; i++) {
		adj[i] = c->symbols[i].tested ? c->symbols[i].p : NAN;
		c->nsym_tests += !isnan(adj[i]);
	}
	holm_adjust(adj, adj, c->nsymbols);
	for (size_t i = 0; i < c->nsymbols; i++) {
		struct symbol_row *row = &c->symbols[i];

		if (!row->tested)
			continue;
		row->p_holm = adj[i];
		decide(c, row, c->nsym_tests);
		c->nsym_worse += row->verdict.kind == VERDICT_WORSE;
		c->nsym_better += row->verdict.kind == VERDICT_BETTER;
	}
	free(adj);
}

double symbols_change(const struct symbol_row *s)
{
	return s->new_pct - s->base_pct;
}

const char *symbols_sessions_name(const struct symbol_row *s)
{
	return s->paired ? "paired" : s->interleaved ? "interleaved" : "separate";
}

const char *symbols_mark(const struct symbol_row *s, double alpha)
{
	return s->p_holm < alpha ? "**" : s->p < alpha ? "*" : "";
}

/* worse, better, same, undecided, not tested */
static int rank(const struct symbol_row *s)
{
	static const int ranks[] = {
		[VERDICT_WORSE] = 0, [VERDICT_BETTER] = 1, [VERDICT_CHANGED] = 1,
		[VERDICT_SAME] = 2, [VERDICT_UNDECIDED] = 3,
	};

	return s->tested ? ranks[s->verdict.kind] : 4;
}

static int order_cmp(const void *a, const void *b)
{
	const struct symbol_row *x = *(const struct symbol_row *const *)a;
	const struct symbol_row *y = *(const struct symbol_row *const *)b;
	double cx = fabs(symbols_change(x)), cy = fabs(symbols_change(y));

	if (rank(x) != rank(y))
		return rank(x) - rank(y);
	if (cx != cy)
		return cx > cy ? -1 : 1;
	return strcmp(x->symbol, y->symbol);
}

size_t symbols_of(const struct compare *c, const char *load, size_t k,
		  const struct symbol_row ***out)
{
	size_t n = 0;

	*out = xcalloc(c->nsymbols + 1, sizeof(**out));
	for (size_t i = 0; i < c->nsymbols; i++)
		if (c->symbols[i].k == k && !strcmp(c->symbols[i].load, load))
			(*out)[n++] = &c->symbols[i];
	if (n)
		qsort(*out, n, sizeof(**out), order_cmp);
	return n;
}

/* "ksys_read self 0.41% -> 9.13%" */
static char *moved(const struct symbol_row *s)
{
	return xasprintf("%s self %.2f%% -> %.2f%%", s->symbol, s->base_pct, s->new_pct);
}

/* the worse after the first, named: "; also worse: a, b (and 3 more)" */
static char *also_worse(const struct symbol_row *const *rows, size_t n)
{
	char *text = xstrdup(""), *next;
	size_t i;

	for (i = 1; i < n && rows[i]->tested && rows[i]->verdict.kind == VERDICT_WORSE; i++) {
		if (i > 3)
			continue;
		next = xasprintf("%s%s%s", text, i == 1 ? "; also worse: " : ", ", rows[i]->symbol);
		free(text);
		text = next;
	}
	if (i > 4) {
		next = xasprintf("%s (and %zu more)", text, i - 4);
		free(text);
		text = next;
	}
	return text;
}

char *symbols_slower_text(const struct compare *c, const char *load, size_t k)
{
	const struct symbol_row **rows;
	size_t n = symbols_of(c, load, k, &rows), most = 0;
	char *text, *what, *also;

	if (!n) {
		free(rows);
		return NULL;
	}
	if (rows[0]->tested && rows[0]->verdict.kind == VERDICT_WORSE) {
		what = moved(rows[0]);
		also = also_worse(rows, n);
		text = xasprintf("most changed: %s, worse, p %.2g (Holm's, over %zu symbol%s)%s",
				 what, rows[0]->p_holm, c->nsym_tests, c->nsym_tests == 1 ? "" : "s",
				 also);
		free(also);
	} else {
		for (size_t i = 1; i < n; i++)
			if (rows[i]->tested && (!rows[most]->tested ||
						fabs(symbols_change(rows[i])) >
						fabs(symbols_change(rows[most]))))
				most = i;
		what = moved(rows[most]);
		text = xasprintf("the profile cannot tell which function: none of %zu symbol%s "
				 "tested is decided worse (most changed: %s, %s)", c->nsym_tests,
				 c->nsym_tests == 1 ? "" : "s", what,
				 rows[most]->verdict.reason ? rows[most]->verdict.reason :
				 verdict_name(rows[most]->verdict.kind));
	}
	free(what);
	free(rows);
	return text;
}

/* t-symbols.c - the test per profiled kernel symbol (results/symbols.c) on planted per-run profiles of known truth */
#include "results/symbols.h"
#include "lib/util.h"
#include "tap.h"
#include "rng.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define ALPHA 0.05
#define SYMS 60			/* more than a profile keeps: some fall off its list */
#define RUNS 6
#define SAMPLES 20000.0		/* a run's kernel samples, about */

static char *kernels[] = { "A", "B" };

static void compare_init(struct compare *c, double tau2)
{
	memset(c, 0, sizeof(*c));
	compare_opts_init(&c->opts);
	c->opts.tau2 = tau2;
	c->opts.tau_df = 10;
	c->alpha = c->opts.alpha;
	c->report.kernels = kernels;
	c->report.nkernels = 2;
}

static void compare_done(struct compare *c)
{
	for (size_t i = 0; i < c->nsymbols; i++)
		free(c->symbols[i].symbol);
	free(c->symbols);
}

static void runs_release(struct monitor_run *runs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		monitor_profile_release(&runs[i].profile);
}

static char *sym_name(int s)
{
	return xasprintf("sym_%02d", s);
}

struct pick {
	double n;
	int s;
};

static int pick_cmp(const void *a, const void *b)
{
	const struct pick *x = a, *y = b;

	return x->n != y->n ? (x->n < y->n ? 1 : -1) : x->s - y->s;
}

/*
 * Run number run with true shares w[SYMS] of its kernel samples: each
 * symbol's count is Poisson-like around SAMPLES * w times its round's
 * factor round_f[s] (shared by both kernels of a round) and the run's
 * own noise (relative sd noise[s]); the run keeps its 50 most sampled.
 */
static void plant_run(struct monitor_run *r, int run, const double *w, const double *round_f,
		      const double *noise)
{
	struct pick picks[SYMS];
	double kernel = 0.2 * SAMPLES;	/* the long tail outside the planted symbols */

	memset(r, 0, sizeof(*r));
	r->run = run;
	for (int s = 0; s < SYMS; s++) {
		double mu = SAMPLES * w[s] * round_f[s] * exp(noise[s] * rng_normal());
		double n = w[s] > 0 ? round(fmax(0, mu + sqrt(mu) * rng_normal())) : 0;

		picks[s] = (struct pick){ n, s };
		kernel += n;
	}
	qsort(picks, SYMS, sizeof(*picks), pick_cmp);
	snprintf(r->profile.event, sizeof(r->profile.event), "cpu-clock");
	r->profile.samples = r->profile.kernel = kernel;
	r->profile.syms = xcalloc(MONITOR_PROFILE_SYMS, sizeof(*r->profile.syms));
	for (int i = 0; i < MONITOR_PROFILE_SYMS && picks[i].n > 0; i++)
		r->profile.syms[r->profile.nsyms++] =
			(struct profile_count){ sym_name(picks[i].s), picks[i].n };
}

/* decreasing true shares summing to 0.8 */
static void base_shares(double *w)
{
	double sum = 0;

	for (int s = 0; s < SYMS; s++)
		sum += w[s] = 1.0 / (s + 4);
	for (int s = 0; s < SYMS; s++)
		w[s] *= 0.8 / sum;
}

/*
 * One comparison: RUNS interleaved rounds of base shares wb and new
 * shares wn, noise per symbol; its rows added and decided in c.
 */
static void simulate(struct compare *c, const double *wb, const double *wn, const double *noise,
		     int interleaved)
{
	struct monitor_run b[RUNS], n[RUNS];
	double round_f[SYMS];

	for (int i = 0; i < RUNS; i++) {
		for (int s = 0; s < SYMS; s++)
			round_f[s] = exp(0.05 * rng_normal());	/* the round's own weather */
		plant_run(&b[i], i + 1, wb, round_f, noise);
		plant_run(&n[i], i + 1, wn, round_f, noise);
	}
	symbols_add(c, "noload", 1, b, RUNS, n, RUNS, interleaved);
	symbols_decide(c);
	runs_release(b, RUNS);
	runs_release(n, RUNS);
}

static const struct symbol_row *row_of(const struct compare *c, const char *sym)
{
	for (size_t i = 0; i < c->nsymbols; i++)
		if (!strcmp(c->symbols[i].symbol, sym))
			return &c->symbols[i];
	return NULL;
}

static int decided(const struct symbol_row *r)
{
	return r->verdict.kind == VERDICT_WORSE || r->verdict.kind == VERDICT_BETTER;
}

/* base shares wb, and wn the same but symbol grown factor times; 3% noise each */
static void plant_growth(double *wb, double *wn, double *noise, int grown, double factor)
{
	base_shares(wb);
	memcpy(wn, wb, SYMS * sizeof(*wn));
	for (int s = 0; s < SYMS; s++)
		noise[s] = 0.03;
	wn[grown] *= factor;
}

/* a symbol whose share grows 3x is decided worse; one that wanders within noise is not */
static void test_known_truth(void)
{
	double wb[SYMS], wn[SYMS], noise[SYMS];
	const struct symbol_row *grow, *wander;
	struct compare c;

	plant_growth(wb, wn, noise, 20, 3);	/* sym_20: 1.1% -> 3.3% of the kernel's samples */
	noise[5] = 0.30;	/* sym_05 wanders, 30% run to run, the same truth */
	rng_seed(40);
	compare_init(&c, NAN);
	simulate(&c, wb, wn, noise, 1);
	grow = row_of(&c, "sym_20");
	wander = row_of(&c, "sym_05");
	ok(grow && grow->tested && grow->paired == RUNS, "the grown symbol is tested round by round");
	ok(grow && grow->verdict.kind == VERDICT_WORSE && grow->p_holm < ALPHA,
	   "a share grown 3x is decided worse after Holm (%.2f%% -> %.2f%%, p_holm %.2g)",
	   grow ? grow->base_pct : NAN, grow ? grow->new_pct : NAN, grow ? grow->p_holm : NAN);
	ok(grow && grow->new_pct / grow->base_pct > 2.5 && grow->new_pct / grow->base_pct < 3.5,
	   "its mean shares are about 3x apart (%.2f)", grow ? grow->new_pct / grow->base_pct : NAN);
	ok(wander && wander->tested && !decided(wander),
	   "a symbol wandering within its noise is not decided (%s: %s)",
	   wander ? verdict_name(wander->verdict.kind) : "-", wander ? wander->verdict.reason : "-");
	ok(wander && wander->verdict.mde_pct > grow->verdict.mde_pct,
	   "its MDE is larger than a quiet symbol's (%.1f%% against %.1f%%)",
	   wander ? wander->verdict.mde_pct : NAN, grow ? grow->verdict.mde_pct : NAN);
	ok(c.nsym_tests >= 40 && c.nsym_tests < SYMS, "%zu of %zu symbols tested: those near the list's end are not",
	   c.nsym_tests, c.nsymbols);
	ok(c.nsym_worse >= 1 && c.nsym_worse == (size_t)(grow && grow->verdict.kind == VERDICT_WORSE),
	   "the grown one is the only symbol decided worse (%zu)", c.nsym_worse);
	compare_done(&c);
}

/* 50-odd null symbols at alpha 0.05: no more false "worse" or "better" than Holm allows */
static void test_holm(void)
{
	enum { TRIALS = 200 };
	double w[SYMS], noise[SYMS];
	int any_false = 0, any_raw = 0;
	size_t tests = 0, raw = 0, holm_ok = 1;

	base_shares(w);
	for (int s = 0; s < SYMS; s++)
		noise[s] = 0.05;
	rng_seed(4040);
	for (int t = 0; t < TRIALS; t++) {
		struct compare c;
		int f = 0, r = 0;

		compare_init(&c, NAN);
		simulate(&c, w, w, noise, 1);
		for (size_t i = 0; i < c.nsymbols; i++) {
			const struct symbol_row *s = &c.symbols[i];

			f |= decided(s);
			r |= s->p < ALPHA;
			raw += s->p < ALPHA;
			holm_ok &= !s->tested || isnan(s->p) || s->p_holm >= s->p;
		}
		tests += c.nsym_tests;
		any_false += f;
		any_raw += r;
		compare_done(&c);
	}
	ok(tests / TRIALS >= 40, "%zu symbols tested a trial", tests / TRIALS);
	ok(any_false <= TRIALS * (ALPHA + 3 * sqrt(ALPHA * (1 - ALPHA) / TRIALS)),
	   "trials with a false worse or better after Holm: %d of %d (family-wise at most %.0f%%)",
	   any_false, TRIALS, 100 * ALPHA);
	ok(any_raw > TRIALS / 2,
	   "without Holm most trials would have one (%d of %d; %zu of %zu tests at p < %.2f)",
	   any_raw, TRIALS, raw, tests, ALPHA);
	ok(holm_ok, "every adjusted p is at least its p");
}

/* one planted run: the named symbols with their counts, of kernel samples */
static void plant(struct monitor_run *r, int run, double kernel, const char *const *names,
		  const double *counts, size_t n)
{
	memset(r, 0, sizeof(*r));
	r->run = run;
	r->profile.samples = r->profile.kernel = kernel;
	r->profile.syms = xcalloc(n + 1, sizeof(*r->profile.syms));
	for (size_t i = 0; i < n; i++)
		r->profile.syms[r->profile.nsyms++] =
			(struct profile_count){ xstrdup(names[i]), counts[i] };
}

/* base keeps a full list (50, the least 100 samples of 20000): a symbol
 * outside it counts at 0.5%; new keeps short lists */
static void plant_bounded(struct monitor_run *b, struct monitor_run *n, double new_count,
			  double jitter)
{
	const char *names[MONITOR_PROFILE_SYMS];
	double counts[MONITOR_PROFILE_SYMS];
	char buf[MONITOR_PROFILE_SYMS][16];

	for (int i = 0; i < MONITOR_PROFILE_SYMS; i++) {
		snprintf(buf[i], sizeof(buf[i]), "filler_%02d", i);
		names[i] = buf[i];
		counts[i] = 100 + 10 * (MONITOR_PROFILE_SYMS - 1 - i);
	}
	for (int r = 0; r < RUNS; r++) {
		const char *hot[] = { "filler_00", "hot" };
		double hc[] = { 590, new_count * (1 + jitter * (r % 3 - 1)) };

		counts[0] = 590 + r;
		plant(&b[r], r + 1, 20000, names, counts, MONITOR_PROFILE_SYMS);
		plant(&n[r], r + 1, 20000, hot, hc, 2);
	}
}

/* a symbol outside BASE's kept list: a rise is told, a fall is not */
static void test_bounds(void)
{
	struct monitor_run b[RUNS], n[RUNS];
	const struct symbol_row *hot;
	struct compare c;

	compare_init(&c, NAN);
	plant_bounded(b, n, 1000, 0.05);	/* 5% of the samples, against at most 0.5% */
	symbols_add(&c, "noload", 1, b, RUNS, n, RUNS, 1);
	symbols_decide(&c);
	hot = row_of(&c, "hot");
	ok(hot && hot->tested && hot->base_bounded == RUNS && hot->new_bounded == 0,
	   "a symbol kept by every run of one side is tested, the other side at its bound");
	ok(hot && fabs(hot->base_pct - 0.5) < 1e-9, "counted at the least its runs kept (%.2f%%)",
	   hot ? hot->base_pct : NAN);
	ok(hot && hot->verdict.kind == VERDICT_WORSE, "from below the list to 5%%: worse (%s)",
	   hot ? verdict_name(hot->verdict.kind) : "-");
	ok(row_of(&c, "filler_10") && row_of(&c, "filler_10")->verdict.kind == VERDICT_BETTER,
	   "a symbol gone from the new kernel's whole profile: better, a fall is told");
	runs_release(b, RUNS);
	runs_release(n, RUNS);
	compare_done(&c);

	compare_init(&c, NAN);
	plant_bounded(b, n, 40, 0.05);		/* 0.2%, below the base's bound */
	symbols_add(&c, "noload", 1, b, RUNS, n, RUNS, 1);
	symbols_decide(&c);
	hot = row_of(&c, "hot");
	ok(hot && hot->tested && hot->verdict.kind == VERDICT_UNDECIDED &&
	   strstr(hot->verdict.reason, "only a rise"),
	   "below the base's bound it is no fall: undecided (%s)", hot ? hot->verdict.reason : "-");
	runs_release(b, RUNS);
	runs_release(n, RUNS);
	compare_done(&c);
}

/* a few samples a run repeat small integers: 1, 1, 1 against 2, 2, 2 has no
 * sample variance, but Poisson's is there and it is no verdict */
static void test_few_samples(void)
{
	struct monitor_run b[3], n[3];
	const char *names[] = { "big", "tiny" };
	const struct symbol_row *tiny;
	struct compare c;

	compare_init(&c, NAN);
	for (int r = 0; r < 3; r++) {
		plant(&b[r], r + 1, 200, names, (double[]){ 150 + r, 1 }, 2);
		plant(&n[r], r + 1, 200, names, (double[]){ 151 + r, 2 }, 2);
	}
	symbols_add(&c, "noload", 1, b, 3, n, 3, 1);
	symbols_decide(&c);
	tiny = row_of(&c, "tiny");
	ok(tiny && tiny->tested && tiny->verdict.kind == VERDICT_UNDECIDED && tiny->p > 0.1,
	   "1 sample a run against 2 is not decided (p %.2g)", tiny ? tiny->p : NAN);
	runs_release(b, 3);
	runs_release(n, 3);
	compare_done(&c);
}

/* separate sessions: no test without a calibration; with one, the drift widens it */
static void test_sessions(void)
{
	double wb[SYMS], wn[SYMS], noise[SYMS];
	const struct symbol_row *grow;
	struct compare c;

	plant_growth(wb, wn, noise, 20, 3);
	rng_seed(41);
	compare_init(&c, NAN);
	simulate(&c, wb, wn, noise, 0);
	grow = row_of(&c, "sym_20");
	ok(grow && grow->mde_floor && grow->verdict.kind == VERDICT_UNDECIDED && isnan(grow->p) &&
	   c.nsym_tests == 0, "separate sessions without a calibration: undecided, no test (%s)",
	   grow ? grow->verdict.reason : "-");
	compare_done(&c);
	rng_seed(41);
	compare_init(&c, 0.0004);	/* 2% drift */
	simulate(&c, wb, wn, noise, 0);
	grow = row_of(&c, "sym_20");
	ok(grow && !grow->paired && grow->verdict.kind == VERDICT_WORSE,
	   "with a calibration the 3x rise is worse across sessions (p_holm %.2g)",
	   grow ? grow->p_holm : NAN);
	compare_done(&c);
}

/*
 * A share is part of a whole: when sym_00 (the largest, 16% of the
 * kernel's samples) grows 3x, every other symbol's share falls by a
 * quarter though its time did not change. None of them is better.
 */
static void test_others_unchanged(void)
{
	double wb[SYMS], wn[SYMS], noise[SYMS];
	const struct symbol_row *grow;
	struct compare c;

	plant_growth(wb, wn, noise, 0, 3);
	rng_seed(43);
	compare_init(&c, NAN);
	simulate(&c, wb, wn, noise, 1);
	grow = row_of(&c, "sym_00");
	ok(grow && grow->verdict.kind == VERDICT_WORSE, "the symbol grown 3x is worse (%s)",
	   grow ? verdict_name(grow->verdict.kind) : "-");
	ok(c.nsym_better == 0 && c.nsym_worse == 1,
	   "no unchanged symbol is better because another grew (%zu better, %zu worse of %zu tested)",
	   c.nsym_better, c.nsym_worse, c.nsym_tests);
	compare_done(&c);
}

/* the writers' order: worse, better, then the rest, most changed first */
static void test_order(void)
{
	double wb[SYMS], wn[SYMS], noise[SYMS];
	const struct symbol_row **rows;
	struct compare c;
	size_t n;

	base_shares(wb);
	memcpy(wn, wb, sizeof(wn));
	for (int s = 0; s < SYMS; s++)
		noise[s] = 0.02;
	wn[30] *= 4;
	wn[10] *= 2;
	wn[2] /= 3;
	rng_seed(42);
	compare_init(&c, NAN);
	simulate(&c, wb, wn, noise, 1);
	n = symbols_of(&c, "noload", 1, &rows);
	ok(n == c.nsymbols && n >= 3 && !strcmp(rows[0]->symbol, "sym_30") &&
	   !strcmp(rows[1]->symbol, "sym_10") && rows[2]->verdict.kind == VERDICT_BETTER &&
	   !strcmp(rows[2]->symbol, "sym_02"),
	   "worse by the size of the change, then better: %s %s %s", n > 0 ? rows[0]->symbol : "-",
	   n > 1 ? rows[1]->symbol : "-", n > 2 ? rows[2]->symbol : "-");
	free(rows);
	compare_done(&c);
}

int main(void)
{
	test_known_truth();
	test_holm();
	test_bounds();
	test_sessions();
	test_few_samples();
	test_others_unchanged();
	test_order();
	return tap_done();
}

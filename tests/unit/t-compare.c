/* t-compare.c - compare on hand-written runs: A/A, one slower load, n=1,
 * zero variance, Holm, missing loads, the geometric mean, --fail-above */
#include "output/compare-write.h"
#include "output/compare-mail.h"
#include "lib/util.h"
#include "tap.h"
#include "rng.h"

#include <math.h>
#include <time.h>
#include <stdlib.h>

/* a kernel's rows as a test writes them (and may change); compare_runs sums them up */
struct runs {
	const char *name;
	struct run_row *rows;
	size_t nrows;
};

/* compare_build on k[0..n), each summed up by the reader's kernel_results_add */
static void compare_runs_opts(struct compare *c, const struct runs *k, size_t n,
			      const struct compare_opts *o)
{
	struct kernel_results *krs = xcalloc(n, sizeof(*krs));

	for (size_t i = 0; i < n; i++) {
		krs[i].name = xstrdup(k[i].name);
		for (size_t j = 0; j < k[i].nrows; j++)
			kernel_results_add(&k[i].rows[j], &krs[i]);
	}
	compare_build(c, krs, n, o);
	c->report.results = krs;	/* as compare_read gives them: the rows point into them */
	c->report.nresults = n;
}

static void compare_runs(struct compare *c, const struct runs *k, size_t n, double alpha)
{
	struct compare_opts o;

	compare_opts_init(&o);
	o.alpha = alpha;
	compare_runs_opts(c, k, n, &o);
}

/* kr gets a run per value of times[0..n) of load, CPU% cpu, Loads loads */
static void add_runs(struct runs *kr, const char *load, const double *times, size_t n,
		     double loads)
{
	kr->rows = xrealloc(kr->rows, (kr->nrows + n) * sizeof(*kr->rows));
	for (size_t i = 0; i < n; i++) {
		struct run_row *r = &kr->rows[kr->nrows++];

		memset(r, 0, sizeof(*r));
		snprintf(r->load, sizeof(r->load), "%s", load);
		r->run = (int)i + 1;
		r->time_s = times[i];
		r->cpu_pct = 180 + (double)(i % 2);	/* a little spread, the same for all */
		r->loads = loads + (double)(i % 3);
		r->lcpu_pct = 10 + (double)(i % 2);
		for (size_t p = 0; p < ARRAY_SIZE(r->psi_us); p++)
			r->psi_us[p] = NAN;	/* as the reader leaves a row without PSI */
		for (size_t m = 0; m < LAT_NCOL; m++)
			r->interactive[m] = NAN;	/* a compile's row */
		for (size_t m = 0; m < EXTRAS; m++)
			r->extra[m] = NAN;	/* as the reader leaves a row without them */
		snprintf(r->status, sizeof(r->status), "ok");
	}
}

/* the same load for BASE (k[0]) and NEW (k[1]) */
static void add_pair(struct runs *k, const char *load, const double *a, size_t na,
		     const double *b, size_t nb, double loads)
{
	add_runs(&k[0], load, a, na, loads);
	add_runs(&k[1], load, b, nb, loads);
}

static void kernels_free(struct runs *krs, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(krs[i].rows);
}

static const struct compare_row *find(const struct compare *c, const char *load, int metric,
				      const char *kernel)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (!strcmp(c->rows[i].load, load) && c->rows[i].metric == metric &&
		    !strcmp(c->rows[i].kernel, kernel))
			return &c->rows[i];
	return NULL;
}

static const double noload[] = { 20.1, 20.4, 19.9, 20.2, 20.0 };
static const double noload_shuffled[] = { 20.0, 20.2, 20.1, 19.9, 20.4 };
static const double io[] = { 60.2, 61.0, 59.5, 60.8, 60.1 };
static const double io_shuffled[] = { 60.8, 59.5, 60.1, 61.0, 60.2 };
static const double dbench[] = { 45.0, 44.2, 45.9, 44.8, 45.3 };
static const double dbench_shuffled[] = { 44.8, 45.3, 45.0, 45.9, 44.2 };

/* noload, io_load and dbench_load; NEW's io_load Times are new_io */
static void add_three_loads(struct runs *k, const double *new_io)
{
	add_pair(k, "noload", noload, 5, noload_shuffled, 5, 0);
	add_pair(k, "io_load", io, 5, new_io, 5, 7);
	add_pair(k, "dbench_load", dbench, 5, dbench_shuffled, 5, 3);
}

static void test_aa(void)
{
	struct runs k[2] = { { .name = "A" }, { .name = "A2" } };
	struct compare c;

	add_three_loads(k, io_shuffled);
	compare_runs(&c, k, 2, 0.05);
	ok(c.ntests > 0 && c.nalpha == 0 && c.nholm == 0,
	   "A/A, the same samples in another order: tests made, no mark");
	ok(c.ntests > 0, "tests were made (%zu)", c.ntests);
	ok(c.nsummary == 1 && fabs(c.summary[0].gmean - 1.0) < 1e-12 &&
	   c.summary[0].ci_low < 1.0 && c.summary[0].ci_high > 1.0,
	   "A/A: geometric mean 1, its interval around 1 (%.4f to %.4f)",
	   c.summary[0].ci_low, c.summary[0].ci_high);
	compare_release(&c);
	kernels_free(k, 2);
}

static void test_one_slower_load(void)
{
	struct runs k[2] = { { .name = "base" }, { .name = "new" } };
	double slow[5];
	const struct compare_row *row;
	struct compare c;
	char *out = NULL;
	size_t len, marked = 0;
	FILE *f;

	for (int i = 0; i < 5; i++)
		slow[i] = io_shuffled[i] * 1.10;
	add_three_loads(k, slow);
	compare_runs(&c, k, 2, 0.05);
	row = find(&c, "io_load", 0, "new");
	ok(row && row->mark == MARK_HOLM, "io_load's Time 10%% slower is marked ** (p %g)",
	   row ? row->p : NAN);
	ok(row && fabs(row->diff_pct + 10.0) < 1e-9, "its Diff is -10%% (worse)");
	for (size_t i = 0; i < c.nrows; i++)
		marked += c.rows[i].mark != MARK_NONE;
	ok(marked == 2 && find(&c, "io_load", COMPARE_RATIO, "new")->mark != MARK_NONE,
	   "io_load's Time and its Ratio (its slowdown over noload) alone are marked (%zu marks)",
	   marked);
	ok(fabs(c.summary[0].gmean - pow(1.1, 1.0 / 3)) < 1e-9,
	   "geometric mean over 3 loads: 1.1^(1/3)");
	ok(compare_failures(&c, 5, stderr) == 2 && compare_failures(&c, 15, stderr) == 0,
	   "--fail-above 5 fails on it (Time and Ratio), 15 does not");
	f = open_memstream(&out, &len);
	compare_write_text(&c, f);
	fclose(f);
	ok(strstr(out, "       new                66.35    0.66   5  -10.0% <0.0001 **  >2.0% undecided\n") != NULL,
	   "the text row: mean, SD, runs, Diff, p, mark, MDE (a floor: no timestamps, "
	   "so separate sessions), verdict");
	{
		size_t longest = 0;

		for (char *p = out, *nl; *p; p = nl + 1) {
			nl = strchr(p, '\n');
			if (!nl)
				break;
			if ((size_t)(nl - p) > longest)
				longest = (size_t)(nl - p);
		}
		ok(longest <= 80, "text fits in 80 columns (longest %zu)", longest);
	}
	ok(strstr(out, "tests made: 2 significant at p < 0.05 (*), 2 of them after Holm") != NULL,
	   "says how many tests and what survived Holm");
	free(out);
	compare_release(&c);
	kernels_free(k, 2);
}

/* text of a comparison of k[0..2) */
static char *text_of(struct runs *k)
{
	struct compare c;
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	compare_runs(&c, k, 2, 0.05);
	compare_write_text(&c, f);
	fclose(f);
	compare_release(&c);
	return out;
}

/* pressure columns become Stall rows under their load, described not tested */
static void test_stalls(void)
{
	struct runs k[2] = { { .name = "base" }, { .name = "new" } };
	char *out;

	add_three_loads(k, io_shuffled);
	out = text_of(k);
	ok(out && strstr(out, "io_load") && strstr(out, "14 tests made: 0 significant") &&
	   !strstr(out, "Stall"), "no pressure recorded: the loads' rows, no Stall rows or sentence");
	free(out);
	/* io_load: base's runs 1 s of io some each, new's 3 s, new's memory 0.5 s;
	 * new's noload has only the cgroup's (v2) cpu some, 2 s */
	for (size_t i = 0; i < k[0].nrows; i++)
		if (!strcmp(k[0].rows[i].load, "io_load"))
			k[0].rows[i].psi_us[4] = 1e6;
	for (size_t i = 0; i < k[1].nrows; i++)
		if (!strcmp(k[1].rows[i].load, "io_load")) {
			k[1].rows[i].psi_us[4] = 3e6;
			k[1].rows[i].psi_us[2] = 0.5e6;
		} else if (!strcmp(k[1].rows[i].load, "noload")) {
			k[1].rows[i].psi_us[PSI_NCOL] = 2e6;
		}
	out = text_of(k);
	ok(strstr(out, "Stall  base            cpu - s, memory - s, io 1.00 s\n"
		       "       new             cpu - s, memory 0.50 s, io 3.00 s\n\n") != NULL,
	   "io_load: a Stall row per kernel, mean seconds, '-' where not recorded");
	ok(strstr(out, "Stall  new             cpu 2.00 s, memory - s, io - s\n\n") != NULL,
	   "noload: the cgroup's stall where only it was recorded, no row for base");
	ok(strstr(out, "Stall rows give the mean seconds") && strstr(out, "are not tested."),
	   "the intro says what Stall rows are");
	ok(strstr(out, "14 tests made: 0 significant") != NULL,
	   "the Stall rows add no test: 14 as without them (12 and two Ratios), none marked");
	free(out);
	kernels_free(k, 2);
}

static void test_edges(void)
{
	struct runs k[2] = { { .name = "base" }, { .name = "new" } };
	static const double one[] = { 30.0 }, three[] = { 30.0, 30.0, 30.0 },
			    other[] = { 31.0, 31.0, 31.0 };
	const struct compare_row *row;
	struct compare c;

	add_pair(k, "noload", one, 1, noload, 5, 0);
	add_pair(k, "io_load", three, 3, three, 3, 7);
	add_pair(k, "dbench_load", three, 3, other, 3, 3);
	add_runs(&k[0], "list_load", three, 3, 1);
	compare_runs(&c, k, 2, 0.05);
	row = find(&c, "noload", 0, "new");
	ok(row && row->test == TEST_ONE_RUN && isnan(row->p) && row->mark == MARK_NONE,
	   "n=1 on one side: no p, no mark");
	row = find(&c, "io_load", 0, "new");
	ok(row && row->test == TEST_CONSTANT && row->mark == MARK_NONE,
	   "zero variance, equal means: not significant, and no test counted");
	row = find(&c, "dbench_load", 0, "new");
	ok(row && row->test == TEST_MADE && row->p == 0.0 && row->mark != MARK_NONE,
	   "zero variance, different means: significant");
	row = find(&c, "list_load", 0, "new");
	ok(row && row->test == TEST_MISSING && row->s->n == 0,
	   "a load only BASE ran is listed, with runs 0");
	ok(isnan(c.summary[0].ci_low) && c.summary[0].nloads == 3,
	   "a load with one run: a geometric mean, but no interval");
	compare_release(&c);
	kernels_free(k, 2);
}

/* one p near 0.04 among many tests: '*' but not '**' */
static void test_holm(void)
{
	struct runs k[2] = { { .name = "base" }, { .name = "new" } };
	static const double a[] = { 10, 11, 12 }, b[] = { 12.5, 13.5, 14.5 };
	const struct compare_row *row;
	struct compare c;

	add_pair(k, "noload", noload, 5, noload_shuffled, 5, 0);
	add_pair(k, "io_load", a, 3, b, 3, 7);
	compare_runs(&c, k, 2, 0.05);
	row = find(&c, "io_load", 0, "new");
	ok(row && row->p > 0.03 && row->p < 0.05, "a difference with p %g < 0.05", row ? row->p : NAN);
	ok(row && row->mark == MARK_ALPHA && row->p_holm >= 0.05,
	   "marked * but not ** over %zu tests (Holm p %g)", c.ntests, row ? row->p_holm : NAN);
	compare_release(&c);
	kernels_free(k, 2);
}

/* the mail section prints the comparison and the confounds it is given: it reads nothing */
static void test_mail_section(void)
{
	struct runs k[2] = { { .name = "A" }, { .name = "B" } };
	char *confounds[] = { "'B' and 'A' were measured with different governor: 'x' against 'y'",
			      NULL };
	struct compare c;
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);
	int ret;

	add_three_loads(k, io);
	compare_runs(&c, k, 2, 0.05);
	ret = compare_write_mail_section(&c, confounds, NULL, f);
	fclose(f);
	ok(ret == 0 && strstr(out, "Kernels compared:\n"
			      "  A: 15 ok runs of 3 loads (the base)\n  B: 15 ok runs of 3 loads\n"),
	   "mail section: the kernels and their ok runs, from the compare given");
	ok(strstr(out, "* marks p < 0.05 (p: the verdict's test), ** also after Holm's "
		       "correction") && strstr(out, "'contest compare' says what each column") &&
	   !strstr(out, "Comparing 'B'") && !strstr(out, "tests made:"),
	   "mail section: a legend of a few lines, not compare's opening paragraph");
	ok(strstr(out, "Warning: 'B' and 'A' were measured with different governor: 'x'") != NULL,
	   "mail section: the confound sentences given, as warnings");
	ok(strstr(out, "noload") != NULL, "mail section: compare's tables follow");
	free(out);
	compare_release(&c);
	kernels_free(k, 2);
}

/* ---- verdicts on runs whose truth is known ---- */

/* n noload runs of kr at true time mean, relative noise sd, started at
 * start + step * i seconds (the reader keeps when the ok runs started) */
static void sim_runs(struct runs *kr, size_t n, double mean, double sd, long start, long step)
{
	double t[64];
	size_t from = kr->nrows;

	for (size_t i = 0; i < n; i++)
		t[i] = mean * (1.0 + sd * rng_normal());
	add_runs(kr, "noload", t, n, 0);
	for (size_t i = 0; i < n; i++) {
		time_t when = (time_t)(start + step * (long)i);

		strftime(kr->rows[from + i].timestamp, sizeof(kr->rows[from + i].timestamp),
			 "%Y-%m-%dT%H:%M:%SZ", gmtime(&when));
	}
}

/* the Time row of NEW (the second kernel) under noload */
static const struct compare_row *time_row(const struct compare *c)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].metric == 0 && !c->rows[i].is_base)
			return &c->rows[i];
	return NULL;
}

/* BASE at 100 s and NEW at 100 (1 + shift) s, n runs each, noise sd,
 * interleaved (alternating starts) or in two sessions an hour apart; the
 * Time verdict of NEW */
static struct verdict sim_verdict(double shift, double sd, size_t n, int interleaved,
				  const struct compare_opts *o, int *floor)
{
	struct runs k[2] = { { "base", NULL, 0 }, { "new", NULL, 0 } };
	struct compare c;
	struct verdict v;

	sim_runs(&k[0], n, 100.0, sd, 1000000, interleaved ? 20 : 10);
	sim_runs(&k[1], n, 100.0 * (1.0 + shift), sd, interleaved ? 1000010 : 1003600,
		 interleaved ? 20 : 10);
	compare_runs_opts(&c, k, 2, o);
	v = time_row(&c)->verdict;
	if (floor)
		*floor = time_row(&c)->mde_floor;
	compare_release(&c);
	free(k[0].rows);
	free(k[1].rows);
	return v;
}

static void test_verdicts(void)
{
	struct compare_opts o, cal;
	struct verdict v;
	size_t alarms = 0, decided_other = 0, trials = 2000;
	int floor = 0;

	compare_opts_init(&o);
	cal = o;
	cal.tau2 = 0.0004;	/* a 2% drift between sessions, from 6 sessions */
	cal.tau_df = 5;
	rng_seed(17);

	/* A/A, interleaved: better or worse no more often than alpha */
	for (size_t i = 0; i < trials; i++) {
		v = sim_verdict(0.0, 0.05, 5, 1, &o, NULL);
		alarms += v.kind == VERDICT_BETTER || v.kind == VERDICT_WORSE;
	}
	ok((double)alarms / (double)trials <= 0.05 + 3 * sqrt(0.05 * 0.95 / (double)trials),
	   "A/A at 5%% noise, 5 runs each: better or worse in %zu of %zu (alpha 0.05)",
	   alarms, trials);
	ok(alarms > 0, "and the test is not blind: some A/A pairs do cross alpha (%zu)", alarms);

	v = sim_verdict(0.10, 0.01, 5, 1, &o, NULL);
	ok(v.kind == VERDICT_WORSE, "a 10%% slower Time at 1%% noise, 5 runs: %s (%+.1f%%)",
	   verdict_name(v.kind), v.diff_pct);
	v = sim_verdict(-0.10, 0.01, 5, 1, &o, NULL);
	ok(v.kind == VERDICT_BETTER, "a 10%% faster Time at 1%% noise, 5 runs: %s",
	   verdict_name(v.kind));
	v = sim_verdict(0.01, 0.05, 5, 1, &o, NULL);
	ok(v.kind == VERDICT_UNDECIDED && v.mde_pct > 1.0,
	   "a 1%% shift at 5%% noise, 5 runs: %s, MDE %.1f%% above 1%% (%s)",
	   verdict_name(v.kind), v.mde_pct, v.reason);
	v = sim_verdict(0.0, 0.002, 5, 1, &o, NULL);
	ok(v.kind == VERDICT_SAME, "equal means at 0.2%% noise within a 2%% margin: %s",
	   verdict_name(v.kind));

	/* separate sessions: without a calibration nothing is decided */
	for (size_t i = 0; i < 200; i++) {
		v = sim_verdict(i % 2 ? 0.10 : 0.0, 0.01, 5, 0, &o, &floor);
		decided_other += v.kind != VERDICT_UNDECIDED || !floor ||
				 strcmp(v.reason, "separate sessions and no calibration");
	}
	ok(decided_other == 0, "separate sessions, no calibration: 200 of 200 undecided with "
	   "the reason, the MDE a floor (%zu otherwise)", decided_other);
	v = sim_verdict(0.10, 0.01, 5, 0, &o, &floor);
	ok(floor && v.mde_pct > 0.5 && v.mde_pct < 5.0,
	   "and its MDE is the within-session one: %.1f%%", v.mde_pct);
	/* with one, a large shift is decided and the drift widens the MDE */
	v = sim_verdict(0.20, 0.01, 5, 0, &cal, &floor);
	ok(v.kind == VERDICT_WORSE && !floor, "calibrated (2%% drift): a 20%% slower session "
	   "is %s", verdict_name(v.kind));
	{
		struct verdict in = sim_verdict(0.0, 0.01, 5, 1, &o, NULL);

		v = sim_verdict(0.0, 0.01, 5, 0, &cal, NULL);
		ok(v.mde_pct > in.mde_pct, "the drift widens the MDE: %.1f%% apart, %.1f%% "
		   "interleaved", v.mde_pct, in.mde_pct);
	}
}

/* rounds: each round's speed varies by 10%, NEW is 3% slower than BASE
 * within every round; run numbers shifted by offset for NEW (0: paired) */
static const struct compare_row *rounds_row(struct compare *c, int offset)
{
	struct runs k[2] = { { "base", NULL, 0 }, { "new", NULL, 0 } };
	struct compare_opts o;

	compare_opts_init(&o);
	for (int r = 0; r < 8; r++) {
		double f = 1.0 + 0.10 * rng_normal();

		sim_runs(&k[0], 1, 100.0 * f, 0.002, 2000000 + 40 * r, 1);
		sim_runs(&k[1], 1, 103.0 * f, 0.002, 2000000 + 40 * r + 20, 1);
		k[0].rows[k[0].nrows - 1].run = r + 1;
		k[1].rows[k[1].nrows - 1].run = r + 1 + offset;
	}
	compare_runs_opts(c, k, 2, &o);
	free(k[0].rows);
	free(k[1].rows);
	return time_row(c);
}

static void test_paired(void)
{
	struct compare c;
	const struct compare_row *row;

	rng_seed(23);
	row = rounds_row(&c, 0);
	ok(row->paired == 8 && !strcmp(compare_sessions_name(row), "paired"),
	   "interleaved rounds with the same run numbers: paired, %u pairs", row->paired);
	ok(row->verdict.kind == VERDICT_WORSE && row->verdict.mde_pct < 3.0,
	   "3%% slower in every round, rounds 10%% apart: %s, MDE %.2f%% (%+.1f%%)",
	   verdict_name(row->verdict.kind), row->verdict.mde_pct, row->verdict.diff_pct);
	compare_release(&c);
	rng_seed(23);
	row = rounds_row(&c, 100);
	ok(!row->paired && !strcmp(compare_sessions_name(row), "interleaved") &&
	   row->verdict.kind == VERDICT_UNDECIDED,
	   "the same runs with no round in common: Welch, %s (MDE %.1f%%)",
	   verdict_name(row->verdict.kind), row->verdict.mde_pct);
	compare_release(&c);
}

/* one run of load at time t, round r, started at when */
static void add_round_run(struct runs *kr, const char *load, double t, int r, long when)
{
	time_t w = (time_t)when;

	add_runs(kr, load, &t, 1, 0);
	kr->rows[kr->nrows - 1].run = r;
	strftime(kr->rows[kr->nrows - 1].timestamp, sizeof(kr->rows[kr->nrows - 1].timestamp),
		 "%Y-%m-%dT%H:%M:%SZ", gmtime(&w));
}

/*
 * The I/O scheduler question: dl's compile takes 100 s alone and 122 s
 * under io_load, ky's 88 s and 116 s. Under io_load ky is faster (Time
 * better), yet io_load slows ky's own compile more (1.32 against 1.22):
 * its Ratio row must say worse, the other way round from its Time. In
 * interleaved rounds (paired), and in two separate sessions, where Time
 * is undecided without a calibration but a kernel's own ratio cancels
 * its session's speed and is decided all the same.
 */
static void test_self_slowdown(void)
{
	for (int separate = 0; separate <= 1; separate++) {
		struct runs k[2] = { { "dl", NULL, 0 }, { "ky", NULL, 0 } };
		const struct compare_row *time, *ratio;
		struct compare c;

		rng_seed(31);
		for (int r = 1; r <= 6; r++) {
			double f = 1.0 + 0.05 * rng_normal(), g = separate ? 1.0 + 0.05 * rng_normal() : f;
			long t0 = 3000000 + 400 * r, t1 = separate ? t0 + 86400 : t0 + 200;

			add_round_run(&k[0], "noload", 100.0 * f * (1 + 0.01 * rng_normal()), r, t0);
			add_round_run(&k[0], "io_load", 122.0 * f * (1 + 0.01 * rng_normal()), r, t0 + 100);
			add_round_run(&k[1], "noload", 88.0 * g * (1 + 0.01 * rng_normal()), r, t1);
			add_round_run(&k[1], "io_load", 116.0 * g * (1 + 0.01 * rng_normal()), r, t1 + 100);
		}
		compare_runs(&c, k, 2, 0.05);
		time = find(&c, "io_load", 0, "ky");
		ratio = find(&c, "io_load", COMPARE_RATIO, "ky");
		ok(ratio && fabs(running_stats_mean(ratio->s) - 116.0 / 88.0) < 0.03 &&
		   fabs(running_stats_mean(find(&c, "io_load", COMPARE_RATIO, "dl")->s) - 1.22) < 0.03,
		   "%s: the Ratio rows are each kernel's own io_load / noload (%.3f, %.3f)",
		   separate ? "separate sessions" : "interleaved", ratio ? running_stats_mean(ratio->s) : NAN,
		   running_stats_mean(find(&c, "io_load", COMPARE_RATIO, "dl")->s));
		ok(time && (separate ? time->verdict.kind == VERDICT_UNDECIDED :
				       time->verdict.kind == VERDICT_BETTER),
		   "%s: ky's io_load Time is %s", separate ? "separate sessions" : "interleaved",
		   time ? verdict_name(time->verdict.kind) : "missing");
		ok(ratio && ratio->verdict.kind == VERDICT_WORSE &&
		   (separate ? !ratio->paired : ratio->paired == 6),
		   "%s: but its own slowdown is worse (%+.1f%%, %s, %u pairs)",
		   separate ? "separate sessions" : "interleaved",
		   ratio ? ratio->verdict.diff_pct : NAN, ratio ? compare_sessions_name(ratio) : "",
		   ratio ? ratio->paired : 0);
		ok(!find(&c, "noload", COMPARE_RATIO, "ky"), "noload has no Ratio row of its own");
		compare_release(&c);
		kernels_free(k, 2);
	}
}

/* runs that would bring an undecided row's MDE to 2%: the 1/sqrt(n)
 * scaling holds for the noise of runs, not for the drift between
 * separate sessions, which more runs never shrink */
static void test_runs_for_mde(void)
{
	struct running_stats st;
	struct compare_row row;
	size_t now;
	double need;

	running_stats_init(&st);
	for (int i = 0; i < 4; i++)
		running_stats_add(&st, 100.0 + i);
	memset(&row, 0, sizeof(row));
	row.s = &st;
	row.test = TEST_MADE;
	row.verdict.kind = VERDICT_UNDECIDED;
	row.verdict.mde_pct = 8.0;
	row.interleaved = 1;
	need = compare_runs_for_mde(&row, 2.0, &now);
	ok(now == 4 && need > 4 * 15 && need < 4 * 17,
	   "interleaved: about n * (ln 1.08 / ln 1.02)^2 runs (%.0f)", need);
	row.interleaved = 0;
	need = compare_runs_for_mde(&row, 2.0, &now);
	ok(need == 0, "separate sessions: no count of runs promised (%.0f)", need);
}

int main(void)
{
	test_aa();
	test_one_slower_load();
	test_edges();
	test_stalls();
	test_holm();
	test_mail_section();
	test_verdicts();
	test_paired();
	test_self_slowdown();
	test_runs_for_mde();
	return tap_done();
}

/* compare-json.c - compare as one JSON document (libjansson), see compare.h
 *
 * { "base", "alpha", "tests", "significant", "significant_holm",
 *   "decided", "undecided", "margin_pct", "drift_pct" (null: no calibration),
 *   "rows": [ the CSV's records, plus "p_holm", "test" (what p is: paired,
 *             welch-log, welch-drift, welch within separate sessions; or
 *             why none) and "mde_floor"; a row without a verdict has
 *             "verdict_reason" where its test is "unlike" ],
 *   "summary": [ { "kernel", "loads", "time_ratio_gmean", "ci95_low", "ci95_high",
 *                  "drift": none (one session), added, left out (no calibration) } ],
 *   "symbol_tests": the profiled symbols tested (Holm's count),
 *   "symbols": [ per load, NEW kernel and kernel symbol (results/symbols.h):
 *                { "load", "kernel", "symbol", "base_pct", "base_sd",
 *                  "base_samples", "base_runs", "base_bounded", "pct",
 *                  "sd", "samples", "runs", "bounded", "change_points",
 *                  "tested", "p_value", "p_holm", "significant", and
 *                  where tested "diff_pct" (NEW's samples a run against
 *                  BASE's, signed: what is tested), "mde_pct",
 *                  "mde_floor", "verdict", "sessions", "pairs";
 *                  "verdict_reason" } ] }
 */
#include "output/compare-write.h"
#include "results/calibration.h"
#include "results/symbols.h"
#include "lib/json.h"

#include <math.h>

static const char *const test_names[] = {
	[TEST_MADE] = "", [TEST_BASE] = "base", [TEST_ONE_RUN] = "n=1",
	[TEST_CONSTANT] = "constant", [TEST_MISSING] = "missing", [TEST_UNLIKE] = "unlike",
};

static json_t *json_row(const struct compare *c, const struct compare_row *row)
{
	json_t *o = json_object();

	json_put(o, "load", json_name(row->load, "load"));
	json_put(o, "metric", json_string(compare_metric_label(c, row)));
	json_put(o, "kernel", json_name(row->kernel, "kernel"));
	json_put(o, "mean", json_number(running_stats_mean(row->s)));
	json_put(o, "sd", json_number(running_stats_sd(row->s)));
	json_put(o, "runs", json_integer((json_int_t)row->s->n));
	json_put(o, "diff_pct", json_number(row->diff_pct));
	json_put(o, "p_value", json_number(row->p));
	json_put(o, "p_holm", json_number(row->p_holm));
	/* a test made is named by what its p is (compare_p_test_name) */
	json_put(o, "test", json_string(row->test == TEST_MADE ? compare_p_test_name(row) :
					test_names[row->test]));
	json_put(o, "significant", json_string(compare_mark_str(row)));
	if (compare_has_verdict(row)) {
		json_put(o, "mde_pct", json_number(row->verdict.mde_pct));
		json_put(o, "mde_floor", json_boolean(row->mde_floor));
		json_put(o, "verdict", json_string(verdict_name(row->verdict.kind)));
		json_put(o, "sessions", json_string(compare_sessions_name(row)));
		json_put(o, "pairs", json_integer((json_int_t)row->paired));
		json_put(o, "verdict_reason", json_string(row->verdict.reason));
	} else if (row->test == TEST_UNLIKE) {	/* names from runs.tsv: any bytes */
		json_put(o, "verdict_reason", json_name(row->verdict.reason, "metric name"));
	}
	return o;
}

/* a profiled kernel symbol (symbols.h); names from the profile: any bytes */
static json_t *json_symbol(const struct compare *c, const struct symbol_row *s)
{
	json_t *o = json_object();

	json_put(o, "load", json_name(s->load, "load"));
	json_put(o, "kernel", json_name(s->kernel, "kernel"));
	json_put(o, "symbol", json_name(s->symbol, "symbol"));
	json_put(o, "base_pct", json_number(s->base_pct));
	json_put(o, "base_sd", json_number(s->base_sd));
	json_put(o, "base_samples", json_number(s->base_samples));
	json_put(o, "base_runs", json_integer(s->base_runs));
	json_put(o, "base_bounded", json_integer(s->base_bounded));
	json_put(o, "pct", json_number(s->new_pct));
	json_put(o, "sd", json_number(s->new_sd));
	json_put(o, "samples", json_number(s->new_samples));
	json_put(o, "runs", json_integer(s->new_runs));
	json_put(o, "bounded", json_integer(s->new_bounded));
	json_put(o, "change_points", json_number(symbols_change(s)));
	json_put(o, "tested", json_boolean(s->tested));
	json_put(o, "p_value", json_number(s->p));
	json_put(o, "p_holm", json_number(s->p_holm));
	json_put(o, "significant", json_string(symbols_mark(s, c->alpha)));
	if (s->tested) {
		json_put(o, "diff_pct", json_number(s->verdict.diff_pct));
		json_put(o, "mde_pct", json_number(s->verdict.mde_pct));
		json_put(o, "mde_floor", json_boolean(s->mde_floor));
		json_put(o, "verdict", json_string(verdict_name(s->verdict.kind)));
		json_put(o, "sessions", json_string(symbols_sessions_name(s)));
		json_put(o, "pairs", json_integer(s->paired));
	}
	json_put(o, "verdict_reason", json_string(s->verdict.reason));
	return o;
}

static json_t *json_summary(const struct compare_summary *s)
{
	json_t *o = json_object();

	json_put(o, "kernel", json_name(s->kernel, "kernel"));
	json_put(o, "loads", json_integer((json_int_t)s->nloads));
	json_put(o, "time_ratio_gmean", json_number(s->gmean));
	json_put(o, "ci95_low", json_number(s->ci_low));
	json_put(o, "ci95_high", json_number(s->ci_high));
	json_put(o, "drift", json_string(s->drift == DRIFT_ADDED ? "added" :
					 s->drift == DRIFT_LEFT_OUT ? "left out" : "none"));
	return o;
}

int compare_write_json(const struct compare *c, FILE *out)
{
	json_t *doc = json_object(), *rows = json_array(), *sums = json_array();
	json_t *syms = json_array();

	json_put(doc, "base", json_name(c->report.kernels[0], "kernel"));
	json_put(doc, "alpha", json_real(c->alpha));
	json_put(doc, "tests", json_integer((json_int_t)c->ntests));
	json_put(doc, "significant", json_integer((json_int_t)c->nalpha));
	json_put(doc, "significant_holm", json_integer((json_int_t)c->nholm));
	json_put(doc, "margin_pct", json_real(c->opts.margin_pct));
	json_put(doc, "drift_pct", json_number(isnan(c->opts.tau2) ? NAN :
					       calibration_drift_pct(c->opts.tau2_est)));
	json_put(doc, "drift_low_pct", json_number(isnan(c->opts.tau2) ? NAN :
						   calibration_drift_pct(c->opts.tau2_low)));
	json_put(doc, "drift_high_pct", json_number(isnan(c->opts.tau2) ? NAN :
						    calibration_drift_pct(c->opts.tau2)));
	json_put(doc, "decided", json_integer((json_int_t)c->ndecided));
	json_put(doc, "undecided", json_integer((json_int_t)(c->nverdicts - c->ndecided)));
	for (size_t i = 0; i < c->nrows; i++)
		json_push(rows, json_row(c, &c->rows[i]));
	json_put(doc, "rows", rows);
	for (size_t i = 0; i < c->nsummary; i++)
		json_push(sums, json_summary(&c->summary[i]));
	json_put(doc, "summary", sums);
	for (size_t i = 0; i < c->nsymbols; i++)
		json_push(syms, json_symbol(c, &c->symbols[i]));
	json_put(doc, "symbol_tests", json_integer((json_int_t)c->nsym_tests));
	json_put(doc, "symbols", syms);
	return json_write_doc(doc, out);
}

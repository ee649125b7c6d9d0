/* rounds.c - `contest run`'s sessions: variants in rounds, --until-decided */
#include "session/rounds.h"
#include "record/config-keys.h"

#include "output/compare-write.h"
#include "results/metric.h"
#include "results/sequential.h"
#include "results/store.h"
#include "results/summary.h"
#include "session/one.h"
#include "session/session.h"
#include "sys/signals.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

int session_round_variant(int r, int k, int n)
{
	return r % 2 ? n - 1 - k : k;
}

size_t until_decided_open(const struct compare *c, size_t round, size_t rounds)
{
	size_t undecided = 0;

	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (!compare_row_judged(row) || row->is_base || row->untested)
			continue;
		if (!compare_has_verdict(row) || row->verdict.kind == VERDICT_UNDECIDED) {
			/* why, as the table after it says it (at this look's alpha) */
			char *why = round < rounds ? NULL : compare_has_verdict(row) ?
				    compare_undecided_text(c, row) : xstrdup("no runs");

			if (why)
				info("until-decided: %s %s of '%s' still undecided after %zu "
				     "rounds (%s)", row->load, compare_metric_label(c, row),
				     row->kernel, round, why);
			free(why);
			undecided++;
		}
	}
	return undecided;
}

/*
 * --until-decided's look after round: compare the variants (the first is
 * BASE) at this look's share of alpha (sequential.h); 1 when every NEW
 * variant's main verdict is decided (said, with each).
 */
static int variants_decided(const struct run_request *rq, const char *dir, const char **names,
			    size_t round, size_t rounds, struct run_result *res)
{
	size_t look = sequential_look(round), looks = sequential_looks(rounds), undecided;
	struct compare_opts o;
	struct compare c;

	if (!look)
		return 0;
	compare_opts_init(&o);
	o.alpha = sequential_alpha(look, looks, COMPARE_ALPHA);
	o.look = look;
	o.looks = looks;
	if (!isnan(rq->margin))
		o.margin_pct = rq->margin;
	if (compare_read(&c, dir, (char *const *)names, (size_t)rq->nvariants, &o) < 0)
		return 0;
	res->alpha = o.alpha;
	res->margin = o.margin_pct;
	res->look = look;
	res->looks = looks;
	undecided = until_decided_open(&c, round, rounds);
	if (!undecided) {
		for (size_t i = 0; i < c.nrows; i++) {
			const struct compare_row *row = &c.rows[i];

			if (compare_row_judged(row) && !row->is_base)
				info("until-decided: %s %s of '%s': %s (%+.1f%%) after %zu rounds, "
				     "look %zu of %zu at alpha %.3g", row->load,
				     compare_metric_label(&c, row), row->kernel,
				     verdict_name(row->verdict.kind), row->verdict.diff_pct, round,
				     look, looks, o.alpha);
		}
	}
	compare_release(&c);
	return undecided == 0;
}

/* drop the first n knob holds of hold_knobs */
static void unhold_knobs(const struct run_request *rq, int n)
{
	for (int i = 0; i < rq->nvariants; i++)
		for (int j = 0; j < rq->variants[i].nknobs && n > 0; j++, n--)
			knob_unhold(&rq->variants[i].knobs[j]);
}

/* hold every variant's knobs' locks (knob.h): how many holds, or -1
 * (said, none held) when one cannot be */
static int hold_knobs(const struct run_request *rq)
{
	int n = 0;

	for (int i = 0; i < rq->nvariants; i++)
		for (int j = 0; j < rq->variants[i].nknobs; j++, n++)
			if (knob_hold(&rq->variants[i].knobs[j]) < 0) {
				unhold_knobs(rq, n);
				return -1;
			}
	return n;
}

/* the sessions of rq: one per sweep point, or one */
static size_t points(const struct run_request *rq)
{
	return rq->sweep && rq->sweep->npoints ? rq->sweep->npoints : 1;
}

/* the number a round's runs share (results_round_run); 0 (each its own)
 * when a runs.tsv cannot be read: its session says so */
static int round_first_run(const struct run_request *rq)
{
	char **kdirs = xcalloc((size_t)rq->nvariants + 1, sizeof(*kdirs));
	int first;

	for (int v = 0; v < rq->nvariants; v++)
		kdirs[v] = results_path(contest_config(rq->cfgs[v])->main.results,
					rq->variants[v].name, NULL);
	first = results_round_run((const char *const *)kdirs, (size_t)rq->nvariants);
	argv_free(kdirs);
	return first > 0 ? first : 0;
}

/* the variants in rounds (rounds.h), each session one of pg's whole plan */
static int session_variants(const struct run_request *rq, struct progress *pg,
			    struct run_result *res)
{
	const char **names = xcalloc((size_t)rq->nvariants, sizeof(*names));
	const char *dir = contest_config(rq->cfgs[0])->main.results;
	long long rounds = rq->rounds;
	int status = 0, held, i, r;

	for (i = 0; i < rq->nvariants; i++)
		names[i] = rq->variants[i].name;
	/* every knob this command's, machine-wide, until its last round (knob.h) */
	held = hold_knobs(rq);
	if (held < 0)
		status = EXIT_USAGE;
	/* a value the kernel refuses is bad usage before any run, not in round 1;
	 * a signal meanwhile is taken by the handler, the knob put back */
	session_signals();
	for (i = 0; i < rq->nvariants && !status && !run_interrupted; i++)
		if (session_set_knobs(&rq->variants[i]) < 0 ||
		    session_restore_knobs(&rq->variants[i]) < 0)
			status = EXIT_USAGE;
	if (rq->until_decided)
		rounds = rq->max_rounds ? rq->max_rounds : UNTIL_DECIDED_ROUNDS;
	progress_sessions(pg, (size_t)rounds * (size_t)rq->nvariants * points(rq),
			  rq->until_decided);
	res->decided = 0;
	for (r = 0; r < rounds && !status && !run_interrupted; r++) {
		int first = round_first_run(rq);

		for (int k = 0; k < rq->nvariants && !run_interrupted; k++) {
			int v = session_round_variant(r, k, rq->nvariants), st;
			struct run_result one;

			snprintf(pg->round, sizeof(pg->round), "round %d/%lld, %s", r + 1, rounds,
				 names[v]);
			info("round %d/%lld: %s", r + 1, rounds, names[v]);
			st = session_points(rq, v, first, pg, &one);
			if (st == EXIT_USAGE || st >= 128) {
				status = st;
				break;
			}
			status = status ? status : st;
		}
		if (rq->until_decided && !status && !run_interrupted &&
		    variants_decided(rq, dir, names, (size_t)r + 1, (size_t)rounds, res)) {
			res->decided = 1;
			r++;
			break;
		}
	}
	res->rounds = r;
	if (held > 0)
		unhold_knobs(rq, held);
	if (run_interrupted && status < 128)
		status = exit_signal(run_interrupted);
	res->tables = res->where = status != EXIT_USAGE;
	free(names);
	return status;
}

int session_run(const struct run_request *rq, struct run_result *res)
{
	struct progress pg;

	res->rounds = 0;
	res->decided = 0;
	res->tables = res->where = 0;
	res->alpha = res->margin = 0;
	res->look = res->looks = 0;
	if (session_check_knobs(rq) < 0)
		return res->status = EXIT_USAGE;
	progress_init(&pg, now_mono());
	if (rq->in_rounds) {
		res->status = session_variants(rq, &pg, res);
	} else {
		progress_sessions(&pg, points(rq), 0);
		res->status = session_points(rq, 0, rq->first_run, &pg, res);
	}
	progress_release(&pg);
	return res->status;
}

/* bisect-progress.c - what a bisection says as it goes: its plan, its estimate, a line a step (see bisect-progress.h) */
#include "guest/bisect-progress.h"
#include "guest/bisect-driver.h"
#include "output/bisect-text.h"
#include "results/sequential.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

void bisect_print_plan(const struct bisect_driver *dr)
{
	const struct bisect_done *d = dr->d;
	size_t steps = bisect_steps(d->n), cap = dr->rq->opts.max_rounds;
	size_t least = 2 * SEQUENTIAL_FIRST_ROUND * 2 + steps * 3 * SEQUENTIAL_FIRST_ROUND;
	double a = dr->rq->opts.alpha;

	printf("bisect: %zu commits from %s to %s (first parent), %zu to place; ~%zu step%s, "
	       "%zu builds (the two endpoints and a midpoint a step), %zu to %zu runs of %s "
	       "with their boots\n", d->n, d->commits[0].name, d->commits[d->n - 1].name,
	       d->n - 2, steps, steps == 1 ? "" : "s", steps + 2, least,
	       2 * cap * 2 + steps * 3 * cap, d->load);
	printf("bisect: rule: a step measures the midpoint beside the nearest good and bad "
	       "commits in interleaved rounds, looks from round %d to %zu with alpha spent "
	       "over the looks (power 2), and places it by two one-sided paired t-tests of "
	       "ln(%s) on the pooled noise, each at %.4g = %.2g over %zu steps and the last "
	       "check; the confirmation of good against bad at %.2g\n",
	       SEQUENTIAL_FIRST_ROUND, cap, d->metric ? d->metric : "the main metric",
	       a / (double)(steps + 1), a, steps, a);
	fflush(stdout);
}

void bisect_estimate(struct bisect_driver *dr)
{
	struct bisect_done *d = dr->d;
	size_t steps = bisect_steps(d->n), rounds = SEQUENTIAL_FIRST_ROUND;
	double run = d->boots ? d->run_s / (double)d->boots : NAN;
	double build = d->builds ? d->build_s / (double)d->builds : 0;
	double least = (double)steps * (build + (double)(3 * rounds) * run) +
		       (double)(2 * rounds * 2) * run;
	double most = (double)steps * (build + (double)(3 * dr->rq->opts.max_rounds) * run) +
		      (double)(2 * dr->rq->opts.max_rounds * 2) * run;

	char builds[64] = "";

	if (d->builds)
		snprintf(builds, sizeof(builds), "the builds (%.0f s each) and ", build);
	info("bisect: estimate from %sa run with its boot (%.0f s): %.2f hours when every "
	     "step decides in %zu rounds, at most %.1f at the cap", builds, run,
	     least / 3600, rounds, most / 3600);
	dr->estimated = 1;
}

double bisect_elapsed(const struct bisect_driver *dr)
{
	return dr->before_s + now_mono() - dr->started;
}

/* the metric judged by, as --metric names it (NULL: not known yet) */
static const char *judged_by(const struct bisect_driver *dr)
{
	return dr->d->metric ? dr->d->metric : dr->metric_known ? metrics[dr->metric].label : NULL;
}

/*
 * What would let a step see a difference of diff_pct where its rounds
 * see mde_pct at the cap: the rounds that would (the MDE falls with the
 * square root of the rounds), a metric that moves less, a quieter machine
 */
static void print_helps(const struct bisect_driver *dr, double diff_pct, double mde_pct)
{
	size_t cap = dr->rq->opts.max_rounds;
	double ratio = log1p(fabs(mde_pct) / 100) / log1p(fabs(diff_pct) / 100);
	double need = ceil((double)cap * ratio * ratio);
	const char *metric = judged_by(dr);

	printf("bisect: what would help: ");
	if (!isfinite(need) || need > BISECT_MAX_CAP)
		printf("more rounds than --max-rounds allows (%d) would be needed, so ",
		       BISECT_MAX_CAP);
	else if (need > (double)cap)
		printf("more rounds (--max-rounds %.0f would see %.1f%%), ", need, fabs(diff_pct));
	if (!metric || strcmp(metric, metrics[GUEST_MAIN_METRIC].label))
		printf("another metric that moves less (--metric %s for a guest: the CPU "
		       "time the host charged it), ", metrics[GUEST_MAIN_METRIC].label);
	printf("a quieter machine (nothing else running; see contest calibrate)\n");
}

void bisect_confirmed(void *ctx)
{
	struct bisect_driver *dr = ctx;
	const struct bisect_result *r = &dr->d->res;
	const struct bisect_done *d = dr->d;

	printf("bisect: confirmed: %s is %+.1f%% against %s%s%s; a run varies by %.1f%% (SD, "
	       "pooled), so a step can place a difference of %.1f%% or more within its cap of "
	       "%zu rounds\n", d->commits[d->n - 1].name, r->change_pct, d->commits[0].name,
	       judged_by(dr) ? " by " : "", judged_by(dr) ? judged_by(dr) : "",
	       r->noise_pct, r->place_pct, dr->rq->opts.max_rounds);
	if (isfinite(r->place_pct) && fabs(r->change_pct) < r->place_pct) {
		printf("bisect: the regression (%+.1f%%) is below that: its steps may not be "
		       "placed\n", r->change_pct);
		print_helps(dr, r->change_pct, r->place_pct);
	}
	fflush(stdout);
}

/* a step not placed: what it measured, what it could see, what would help */
static void print_unplaced(const struct bisect_driver *dr, size_t i)
{
	const struct bisect_result *r = &dr->d->res;
	const struct bisect_done *d = dr->d;
	double diff = fabs(r->step_lo_pct) > fabs(r->step_hi_pct) ? r->step_lo_pct :
		      r->step_hi_pct;

	printf("bisect: %s measured %+.1f%% against %s, and %s %+.1f%% against it; a step "
	       "sees %.1f%% at its cap of %zu rounds\n", d->commits[i].name, r->step_lo_pct,
	       d->commits[dr->lo].name, d->commits[dr->hi].name, r->step_hi_pct,
	       r->step_mde_pct, dr->rq->opts.max_rounds);
	if (r->step_between)
		printf("bisect: it differs from both: two changes? bisect %s..%s and %s..%s "
		       "apart\n", d->commits[dr->lo].name, d->commits[i].name, d->commits[i].name,
		       d->commits[dr->hi].name);
	else
		print_helps(dr, diff, r->step_mde_pct);
}

void bisect_placed(void *ctx, size_t i, int bad, size_t rounds)
{
	struct bisect_driver *dr = ctx;
	struct bisect_done *d = dr->d;
	double run = d->boots ? d->run_s / (double)d->boots : 0;
	double build = d->builds ? d->build_s / (double)d->builds : 0;
	double per;
	size_t left;
	char el[32], eta[32];

	if (bad == 1)
		dr->hi = i;
	else if (bad == 0)
		dr->lo = i;
	dr->steps_done++;
	left = bisect_steps(dr->hi - dr->lo + 1);
	per = (double)rounds / (double)(dr->steps_done + 1);	/* the confirmation's too */
	printf("bisect: step %zu: %s %s after %zu round%s%s; the culprit is in %s..%s "
	       "(%zu commit%s)", dr->steps_done, d->commits[i].name,
	       bad == 1 ? "is bad" : bad == 0 ? "is good" : "cannot be placed", dr->step_rounds,
	       dr->step_rounds == 1 ? "" : "s", dr->live_in_step ? "" : " (from the state)",
	       d->commits[dr->lo].name, d->commits[dr->hi].name, dr->hi - dr->lo,
	       dr->hi - dr->lo == 1 ? "" : "s");
	/* a step not placed ends the bisection: nothing is left to estimate */
	if (bad == -1) {
		printf("; elapsed %s\n", bisect_text_hms(bisect_elapsed(dr), el, sizeof(el)));
		print_unplaced(dr, i);
	} else {
		printf(", ~%zu step%s left; elapsed %s, ETA %s\n", left, left == 1 ? "" : "s",
		       bisect_text_hms(bisect_elapsed(dr), el, sizeof(el)),
		       bisect_text_hms((double)left * (build + per * 3 * run) + per * 2 * run, eta,
			   sizeof(eta)));
	}
	fflush(stdout);
	dr->step_rounds = dr->step_measured = 0;
	dr->mid = 0;
	dr->live_in_step = 0;
	test_pause("bisect-placed");	/* a test's Ctrl-C between steps */
}

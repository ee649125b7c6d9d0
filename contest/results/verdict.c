/* verdict.c - see verdict.h */
#include "results/verdict.h"
#include "lib/intern.h"

#include <math.h>
#include <stdio.h>
#include <string.h>

#define MATHLIB_STANDALONE
#include <Rmath.h>

static void log_diff_none(struct log_diff *d, const char *why)
{
	d->est = d->se = d->df = NAN;
	d->why = why;
}

/* the delta method's variance of ln(mean): (s / mean)^2 / n */
static double log_mean_variance(const struct running_stats *s)
{
	return running_stats_variance(s) / (s->mean * s->mean) / (double)s->n;
}

/* the estimate of two sides from their variances v[] and degrees of freedom df[] */
static void log_diff_sum(struct log_diff *d, const struct running_stats *base,
			 const struct running_stats *cand, const double *v, const double *df,
			 size_t terms)
{
	size_t i;
	double var = 0.0;

	for (i = 0; i < terms; i++)
		var += v[i];
	d->est = log(cand->mean / base->mean);
	d->se = sqrt(var);
	d->df = satterthwaite_df(v, df, terms);
	d->why = NULL;
}

/* 0 when both sides can be compared, else the reason set in d */
static int log_diff_check(struct log_diff *d, const struct running_stats *base,
			  const struct running_stats *cand)
{
	if (base->n < 2 || cand->n < 2) {
		log_diff_none(d, "too few runs");
		return -1;
	}
	if (!(base->mean > 0.0) || !(cand->mean > 0.0)) {
		log_diff_none(d, "no positive mean");
		return -1;
	}
	return 0;
}

void log_diff_welch(struct log_diff *d, const struct running_stats *base,
		    const struct running_stats *cand)
{
	log_diff_drift(d, base, cand, 0.0, 1.0);
}

void log_diff_drift(struct log_diff *d, const struct running_stats *base,
		    const struct running_stats *cand, double tau2, double tau_df)
{
	double v[3], df[3];

	if (log_diff_check(d, base, cand))
		return;
	if (isnan(tau2)) {
		log_diff_none(d, "separate sessions and no calibration");
		return;
	}
	v[0] = log_mean_variance(base);
	v[1] = log_mean_variance(cand);
	v[2] = 2.0 * tau2;	/* each session mean carries its own drift */
	df[0] = (double)(base->n - 1);
	df[1] = (double)(cand->n - 1);
	df[2] = tau_df;
	log_diff_sum(d, base, cand, v, df, 3);
}

void log_diff_logs(struct log_diff *d, const struct running_stats *base_logs,
		   const struct running_stats *cand_logs)
{
	double v[2], df[2];

	if (base_logs->n < 2 || cand_logs->n < 2) {
		log_diff_none(d, "too few runs");
		return;
	}
	v[0] = running_stats_variance(base_logs) / (double)base_logs->n;
	v[1] = running_stats_variance(cand_logs) / (double)cand_logs->n;
	df[0] = (double)(base_logs->n - 1);
	df[1] = (double)(cand_logs->n - 1);
	d->est = cand_logs->mean - base_logs->mean;
	d->se = sqrt(v[0] + v[1]);
	d->df = v[0] + v[1] > 0.0 ? satterthwaite_df(v, df, 2) : df[0] + df[1];
	d->why = NULL;
}

void log_diff_paired(struct log_diff *d, const struct running_stats *log_ratios)
{
	if (log_ratios->n < 2) {
		log_diff_none(d, "too few runs");
		return;
	}
	d->est = log_ratios->mean;
	d->se = running_stats_sd(log_ratios) / sqrt((double)log_ratios->n);
	d->df = (double)(log_ratios->n - 1);
	d->why = NULL;
}

double log_diff_p(const struct log_diff *d)
{
	if (d->why)
		return NAN;
	if (d->se == 0.0)
		return d->est == 0.0 ? 1.0 : 0.0;
	return 2.0 * pt(-fabs(d->est / d->se), d->df, 1, 0);
}

double log_diff_p_same(const struct log_diff *d, double margin_pct)
{
	double low = log1p(-margin_pct / 100.0), high = log1p(margin_pct / 100.0);

	if (d->why)
		return NAN;
	if (d->se == 0.0)
		return d->est > low && d->est < high ? 0.0 : 1.0;
	/* each one-sided test rejects one side of the margin; both must */
	return fmax(pt((d->est - low) / d->se, d->df, 0, 0),
		    pt((d->est - high) / d->se, d->df, 1, 0));
}

double log_diff_mde_pct(const struct log_diff *d, double alpha, double power)
{
	if (d->why)
		return NAN;
	return 100.0 * expm1(mde_of_se(d->se, d->df, alpha, power));
}

/* a difference was seen: which kind, by the sign and the metric's direction */
static enum verdict_kind verdict_of_sign(double est, enum verdict_direction direction)
{
	if (direction == NO_DIRECTION)
		return VERDICT_CHANGED;
	return (est > 0.0) == (direction == HIGHER_IS_BETTER) ? VERDICT_BETTER : VERDICT_WORSE;
}

void verdict_decide(struct verdict *v, const struct log_diff *d, const struct verdict_opts *o)
{
	v->diff_pct = d->why ? NAN : 100.0 * expm1(d->est);
	v->p = log_diff_p(d);
	v->p_same = log_diff_p_same(d, o->margin_pct);
	v->mde_pct = log_diff_mde_pct(d, o->alpha, o->power);
	v->reason = "";
	if (d->why) {
		v->kind = VERDICT_UNDECIDED;
		v->reason = d->why;
	} else if (v->p < o->alpha) {
		v->kind = verdict_of_sign(d->est, o->direction);
		if (v->p_same < o->alpha)
			v->reason = "within the margin";
	} else if (v->p_same < o->alpha) {
		v->kind = VERDICT_SAME;
	} else {
		char noise[48];

		v->kind = VERDICT_UNDECIDED;
		snprintf(noise, sizeof(noise), "noise: would see only %.1f%%", v->mde_pct);
		v->reason = intern(noise);
	}
}

const char *verdict_name(enum verdict_kind kind)
{
	static const char *const names[] = {
		[VERDICT_UNDECIDED] = "undecided",
		[VERDICT_BETTER] = "better",
		[VERDICT_WORSE] = "worse",
		[VERDICT_SAME] = "same",
		[VERDICT_CHANGED] = "changed",
	};

	return names[kind];
}

/* bisect-sim.c - simulated bisections through contest's own decision code
 *
 *   bisect-sim [TRIALS]
 *
 * For commits 16 and 64, a step of 5%, 10% and 20% at a random commit,
 * run-to-run noise of 2%, 5% and 8% and a drift of 2% between sessions,
 * TRIALS (1000) bisections each way, with the same draws of culprit:
 *   contest  results/bisect.c's bisect_run(): interleaved rounds (a
 *            round's speed, from the drift, is shared by its runs), the
 *            confirmation, tests at each step, ranges;
 *   plain    git bisect with a fixed step: 5 runs of each commit in a
 *            session of its own (good and bad too), the midpoint bad when
 *            Welch's test on it against good says slower at p < 0.05.
 * One line a scenario, tab-separated: commits step noise, then for each
 * way the share of bisections that named the culprit, that named a wrong
 * commit, that ended in a range holding it (contest) and that refused
 * (contest: the regression not confirmed), and the runs per step (the
 * runs of a bisection over its measured steps): mean and 95th percentile;
 * last, the median of what contest bisect prints after the confirmation
 * as the smallest difference a step can place (place_pct, results/bisect.h)
 * over the bisections confirmed, to set beside the share named.
 */
#include "results/bisect.h"
#include "results/stats.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t state = 42;

static double uniform(void)
{
	uint64_t z = (state += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return ((double)((z ^ (z >> 31)) >> 11) + 0.5) * 0x1p-53;
}

static double normal(void)
{
	return sqrt(-2.0 * log(uniform())) * cos(2.0 * M_PI * uniform());
}

struct sim {
	size_t culprit;
	double step, noise, drift;
	size_t measured;	/* tests made: the confirmation, midpoints, the last check */
};

static double commit_time(const struct sim *s, size_t commit, double speed)
{
	return 100.0 * speed * (commit >= s->culprit ? 1.0 + s->step : 1.0) *
	       (1.0 + s->noise * normal());
}

static int sim_prepare(void *ctx, size_t commit)
{
	(void)ctx;
	(void)commit;
	return 0;
}

static int sim_round(void *ctx, const size_t *commits, size_t n, double *times)
{
	struct sim *s = ctx;
	double speed = exp(s->drift * normal());	/* the round shares one hour */

	for (size_t i = 0; i < n; i++)
		times[i] = commit_time(s, commits[i], speed);
	return 0;
}

static void sim_placed(void *ctx, size_t commit, int bad, size_t rounds)
{
	(void)commit;
	(void)bad;
	(void)rounds;
	((struct sim *)ctx)->measured++;
}

/* a commit's 5 runs in a session of its own */
static void session(const struct sim *s, size_t commit, struct running_stats *out)
{
	double speed = exp(s->drift * normal());

	running_stats_init(out);
	for (int i = 0; i < 5; i++)
		running_stats_add(out, commit_time(s, commit, speed));
}

/* git bisect with --fail-above's idea of a step: the culprit it names */
static size_t plain_bisect(const struct sim *s, size_t n, size_t *runs)
{
	struct running_stats good, c;
	size_t lo = 0, hi = n - 1;

	session(s, 0, &good);
	*runs = 10;	/* good and bad */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;

		session(s, mid, &c);
		*runs += 5;
		if (welch_t_test(&good, &c, NULL, NULL) < 0.05 && c.mean > good.mean)
			hi = mid;
		else
			lo = mid;
	}
	return hi;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double p95(double *v, size_t n)
{
	qsort(v, n, sizeof(*v), cmp_double);
	return v[(size_t)ceil(0.95 * (double)n) - 1];
}

static double median(double *v, size_t n)
{
	if (!n)
		return NAN;
	qsort(v, n, sizeof(*v), cmp_double);
	return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

int main(int argc, char **argv)
{
	const size_t commits[] = { 16, 64 };
	const double steps[] = { 0.05, 0.10, 0.20 }, noises[] = { 0.02, 0.05, 0.08 };
	int trials = argc > 1 ? atoi(argv[1]) : 1000;
	double *per_step = calloc((size_t)trials, sizeof(*per_step));
	double *place = calloc((size_t)trials, sizeof(*place));
	struct bisect_opts o;

	if (trials < 1 || !per_step || !place)
		return 2;
	bisect_opts_init(&o);
	printf("commits\tstep\tnoise\tright\twrong\trange\trefused\truns_step\truns_step_p95"
	       "\tplain_right\tplain_wrong\tplain_runs_step\tplace_median\n");
	for (size_t a = 0; a < 2; a++)
		for (size_t b = 0; b < 3; b++)
			for (size_t c = 0; c < 3; c++) {
				size_t n = commits[a];
				int right = 0, wrong = 0, range = 0, refused = 0;
				int p_right = 0, p_wrong = 0;
				double runs_sum = 0, p_runs = 0;
				size_t nplace = 0;

				for (int t = 0; t < trials; t++) {
					struct sim s = { 1 + (size_t)(uniform() * (double)(n - 1)),
							 steps[b], noises[c], 0.02, 1 };
					struct bisect_ops ops = { sim_prepare, sim_round, sim_placed,
								  &s, NULL };
					struct bisect_result r;
					size_t pr;

					bisect_run(n, &ops, &o, &r);
					right += r.outcome == BISECT_CULPRIT && r.hi == s.culprit;
					wrong += r.outcome == BISECT_CULPRIT && r.hi != s.culprit;
					range += r.outcome == BISECT_RANGE && r.lo < s.culprit &&
						 s.culprit <= r.hi;
					refused += r.outcome == BISECT_NOT_CONFIRMED;
					if (r.outcome != BISECT_NOT_CONFIRMED && isfinite(r.place_pct))
						place[nplace++] = r.place_pct;
					/* the confirmation, the midpoints, the last check */
					s.measured += r.outcome == BISECT_CULPRIT ||
						      (r.outcome == BISECT_RANGE && r.hi - r.lo == 1);
					per_step[t] = (double)r.runs / (double)s.measured;
					runs_sum += per_step[t];
					p_right += plain_bisect(&s, n, &pr) == s.culprit;
					p_runs += (double)pr / (double)(bisect_steps(n) + 2);
				}
				p_wrong = trials - p_right;
				printf("%zu\t%.0f%%\t%.0f%%\t%.3f\t%.3f\t%.3f\t%.3f\t%.1f\t%.0f\t%.3f\t%.3f"
				       "\t%.1f\t%.1f\n", n, 100 * steps[b], 100 * noises[c],
				       (double)right / trials, (double)wrong / trials,
				       (double)range / trials, (double)refused / trials,
				       runs_sum / trials, p95(per_step, (size_t)trials),
				       (double)p_right / trials, (double)p_wrong / trials,
				       p_runs / trials, median(place, nplace));
			}
	free(per_step);
	free(place);
	return 0;
}

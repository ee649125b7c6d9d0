/* power.c - the statistics bench.sh needs: resolving power and Welch's test
 *
 *   power detect CV N [ALPHA [POWER]]
 *	the smallest slowdown, in percent of the mean, that Welch's two-sided
 *	test on N runs per kernel finds at p < ALPHA (0.05) with probability
 *	POWER (0.8), when one run's Time has coefficient of variation CV
 *	(a fraction). Prints two figures: by simulation of Welch's test, and
 *	by Student's noncentral t with 2N-2 degrees of freedom (the textbook
 *	formula, slightly optimistic because Welch estimates its df).
 *   power welch "A1 A2 ..." "B1 B2 ..."
 *	Welch's two-sided p-value for the two samples.
 *
 * The t distribution comes from libRmath, as in contest compare.
 */
#define MATHLIB_STANDALONE
#include <Rmath.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define SIMS 20000
#define MAXN 64

struct welch {
	double diff, se, t, df;
};

static void mean_var(const double *x, int n, double *mean, double *var)
{
	double s = 0, ss = 0;

	for (int i = 0; i < n; i++)
		s += x[i];
	*mean = s / n;
	for (int i = 0; i < n; i++)
		ss += (x[i] - *mean) * (x[i] - *mean);
	*var = ss / (n - 1);	/* sample variance */
}

static struct welch welch_t(const double *a, int na, const double *b, int nb)
{
	double ma, va, mb, vb, qa, qb;
	struct welch w;

	mean_var(a, na, &ma, &va);
	mean_var(b, nb, &mb, &vb);
	qa = va / na;
	qb = vb / nb;
	w.diff = mb - ma;
	w.se = sqrt(qa + qb);
	w.t = w.diff / w.se;
	w.df = (qa + qb) * (qa + qb) / (qa * qa / (na - 1) + qb * qb / (nb - 1));
	return w;
}

/*
 * Welch's power at slowdown d by simulation. Common random numbers: the
 * same draws serve every d, so power(d) does not jitter from one d to the
 * next and bisection does not chase noise. Only the difference of means
 * moves with d, not its standard error or df, so each draw keeps (diff at
 * d = 0, se, critical t).
 */
struct sim {
	double diff0, se, crit;
};

static struct sim *simulate(double cv, int n, double alpha)
{
	struct sim *s = calloc(SIMS, sizeof(*s));
	double a[MAXN], b[MAXN];

	if (!s)
		return NULL;
	set_seed(12345, 67890);
	for (int k = 0; k < SIMS; k++) {
		struct welch w;

		for (int i = 0; i < n; i++) {
			a[i] = 1 + cv * norm_rand();
			b[i] = 1 + cv * norm_rand();
		}
		w = welch_t(a, n, b, n);
		s[k].diff0 = w.diff;
		s[k].se = w.se;
		s[k].crit = qt(1 - alpha / 2, w.df, 1, 0);
	}
	return s;
}

static double sim_power(const struct sim *s, double d)
{
	int hit = 0;

	for (int k = 0; k < SIMS; k++)
		if (fabs(s[k].diff0 + d) / s[k].se > s[k].crit)
			hit++;
	return (double)hit / SIMS;
}

static double student_power(double d, double cv, int n, double alpha)
{
	double df = 2 * n - 2, crit = qt(1 - alpha / 2, df, 1, 0);
	double ncp = d / (cv * sqrt(2.0 / n));

	return pnt(crit, df, ncp, 0, 0) + pnt(-crit, df, ncp, 1, 0);
}

/* the d in [0, hi] where power(d) crosses target, by bisection */
static double solve(double (*power)(double, const void *), const void *arg, double hi,
		    double target)
{
	double lo = 0;

	for (int i = 0; i < 60; i++) {
		double mid = (lo + hi) / 2;

		if (power(mid, arg) < target)
			lo = mid;
		else
			hi = mid;
	}
	return (lo + hi) / 2;
}

struct student_arg {
	double cv, alpha;
	int n;
};

static double sim_cb(double d, const void *arg)
{
	return sim_power(arg, d);
}

static double student_cb(double d, const void *arg)
{
	const struct student_arg *a = arg;

	return student_power(d, a->cv, a->n, a->alpha);
}

static int cmd_detect(int argc, char **argv)
{
	double cv = atof(argv[2]), alpha = argc > 4 ? atof(argv[4]) : 0.05;
	double target = argc > 5 ? atof(argv[5]) : 0.8;
	int n = atoi(argv[3]);
	struct student_arg sa = { cv, alpha, n };
	struct sim *s;

	if (!(cv > 0) || n < 2 || n > MAXN || !(alpha > 0 && alpha < 1) ||
	    !(target > 0 && target < 1)) {
		fprintf(stderr, "error: need CV > 0, 2 <= N <= %d, 0 < ALPHA, POWER < 1\n", MAXN);
		return 2;
	}
	s = simulate(cv, n, alpha);
	if (!s) {
		fprintf(stderr, "error: out of memory\n");
		return 1;
	}
	printf("%.2f %.2f\n", 100 * solve(sim_cb, s, 20 * cv, target),
	       100 * solve(student_cb, &sa, 20 * cv, target));
	free(s);
	return 0;
}

static int parse_sample(const char *text, double *x)
{
	char *end;
	int n = 0;

	for (;;) {
		double v = strtod(text, &end);

		if (end == text)
			break;
		if (n == MAXN)
			return -1;
		x[n++] = v;
		text = end;
	}
	while (*end == ' ' || *end == '\t' || *end == '\n')
		end++;
	return *end ? -1 : n;
}

static int cmd_welch(char **argv)
{
	double a[MAXN], b[MAXN];
	int na = parse_sample(argv[2], a), nb = parse_sample(argv[3], b);
	struct welch w;

	if (na < 2 || nb < 2) {
		fprintf(stderr, "error: each sample needs 2 to %d numbers\n", MAXN);
		return 2;
	}
	w = welch_t(a, na, b, nb);
	if (!isfinite(w.t)) {	/* identical constant samples: no evidence */
		printf("1\n");
		return 0;
	}
	printf("%.6g\n", 2 * pt(-fabs(w.t), w.df, 1, 0));
	return 0;
}

int main(int argc, char **argv)
{
	if (argc >= 4 && argc <= 6 && !strcmp(argv[1], "detect"))
		return cmd_detect(argc, argv);
	if (argc == 4 && !strcmp(argv[1], "welch"))
		return cmd_welch(argv);
	fprintf(stderr, "usage: power detect CV N [ALPHA [POWER]]\n"
		"       power welch \"A1 A2 ...\" \"B1 B2 ...\"\n");
	return 2;
}

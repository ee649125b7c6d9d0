/* progress.c - see progress.h */
#include "session/progress.h"
#include "results/summary.h"
#include "lib/util.h"

#include <dirent.h>
#include <stdlib.h>
#include <string.h>

void progress_init(struct progress *pg, double now)
{
	memset(pg, 0, sizeof(*pg));
	pg->started = now;
	pg->step_started = now;
}

void progress_release(struct progress *pg)
{
	free(pg->loads);
	free(pg->plan);
	memset(pg, 0, sizeof(*pg));
}

static struct progress_load *load_named(const struct progress *pg, const char *name)
{
	for (size_t i = 0; i < pg->nloads; i++)
		if (!strcmp(pg->loads[i].name, name))
			return &pg->loads[i];
	return NULL;
}

void progress_plan(struct progress *pg, const char *const *loads, size_t n)
{
	free(pg->plan);
	pg->plan = xcalloc(n + 1, sizeof(*pg->plan));
	pg->nsteps = n;
	for (size_t i = 0; i < n; i++) {
		pg->plan[i] = loads[i];
		if (load_named(pg, loads[i]))
			continue;
		pg->loads = xrealloc(pg->loads, (pg->nloads + 1) * sizeof(*pg->loads));
		pg->loads[pg->nloads++] = (struct progress_load){ .name = loads[i] };
	}
}

void progress_earlier(struct progress *pg, const char *load, double mean_s)
{
	struct progress_load *l = load_named(pg, load);

	if (l && mean_s > 0)
		l->earlier_s = mean_s;
}

/* the mean Time of each plan load over krs[0..n-1] that have it, into pg */
static void earlier_from(struct progress *pg, const struct kernel_results *krs, size_t n,
			 int only_unknown)
{
	for (size_t i = 0; i < pg->nloads; i++) {
		double sum = 0, runs = 0;

		if (only_unknown && pg->loads[i].earlier_s > 0)
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct load_summary *ls = kernel_results_load(&krs[k], pg->loads[i].name);

			if (ls && ls->time.n) {
				sum += running_stats_mean(&ls->time) * (double)ls->time.n;
				runs += (double)ls->time.n;
			}
		}
		if (runs)
			progress_earlier(pg, pg->loads[i].name, sum / runs);
	}
}

void progress_read_earlier(struct progress *pg, const char *dir, const char *kernel)
{
	struct kernel_results *krs = NULL, *mine = NULL;
	DIR *d = opendir(dir);
	size_t n = 0;

	if (!d)
		return;		/* the first session: no results yet */
	closedir(d);
	results_read_all(dir, &krs, &n);
	for (size_t k = 0; k < n; k++)
		if (!strcmp(krs[k].name, kernel))
			mine = &krs[k];
	if (mine)
		earlier_from(pg, mine, 1, 0);
	earlier_from(pg, krs, n, 1);
	results_release_all(krs, n);
}

void progress_begin(struct progress *pg, size_t i, const char *label, double now)
{
	pg->step = i;
	pg->label = label;
	pg->step_started = now;
}

void progress_end(struct progress *pg, double took_s, double time_s)
{
	struct progress_load *l = pg->step < pg->nsteps ? load_named(pg, pg->plan[pg->step]) : NULL;

	if (l) {
		l->took_s += took_s;
		l->took_n++;
	}
	if (time_s > 0) {
		pg->ok_took_s += took_s;
		pg->ok_time_s += time_s;
	}
	pg->step++;
	pg->label = NULL;
}

/* this session's mean step time over every load, 0 when no step finished */
static double mean_took(const struct progress *pg)
{
	double sum = 0;
	int n = 0;

	for (size_t i = 0; i < pg->nloads; i++) {
		sum += pg->loads[i].took_s;
		n += pg->loads[i].took_n;
	}
	return n ? sum / n : 0;
}

/* the mean of the earlier Times known, 0 when none is */
static double mean_earlier(const struct progress *pg)
{
	double sum = 0;
	int n = 0;

	for (size_t i = 0; i < pg->nloads; i++)
		if (pg->loads[i].earlier_s > 0) {
			sum += pg->loads[i].earlier_s;
			n++;
		}
	return n ? sum / n : 0;
}

/* one step of l, in seconds; 0 unknown */
static double step_estimate(const struct progress *pg, const struct progress_load *l)
{
	double ratio = pg->ok_time_s > 0 ? pg->ok_took_s / pg->ok_time_s : 1;

	if (l && l->took_n)
		return l->took_s / l->took_n;
	if (l && l->earlier_s > 0)
		return l->earlier_s * ratio;
	if (mean_took(pg) > 0)
		return mean_took(pg);
	return mean_earlier(pg) * ratio;
}

double progress_left(const struct progress *pg, double now)
{
	double left = 0;

	for (size_t i = pg->step; i < pg->nsteps; i++) {
		double est = step_estimate(pg, load_named(pg, pg->plan[i]));

		if (est <= 0)
			return -1;
		if (i == pg->step && pg->label) {
			est -= now - pg->step_started;
			if (est < 0)
				est = 0;
		}
		left += est;
	}
	return left;
}

void progress_mmss(char *buf, size_t len, double s)
{
	long t = s > 0 ? (long)(s + 0.5) : 0;

	if (t >= 3600)
		snprintf(buf, len, "%ld:%02ld:%02ld", t / 3600, t / 60 % 60, t % 60);
	else
		snprintf(buf, len, "%ld:%02ld", t / 60, t % 60);
}

const char *progress_times(const struct progress *pg, double now, char *buf, size_t len)
{
	char elapsed[32], left[32];
	double rest = progress_left(pg, now);

	progress_mmss(elapsed, sizeof(elapsed), now - pg->started);
	if (rest < 0)
		snprintf(left, sizeof(left), "?");
	else
		progress_mmss(left, sizeof(left), rest);
	snprintf(buf, len, "elapsed %s, left ~%s", elapsed, left);
	return buf;
}

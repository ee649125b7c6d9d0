/* progress.c - see progress.h */
#include "session/progress.h"
#include "results/calibration.h"
#include "results/store.h"
#include "results/summary.h"
#include "record/env.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

void progress_init(struct progress *pg, double now)
{
	memset(pg, 0, sizeof(*pg));
	pg->started = now;
	pg->step_started = now;
	pg->sessions = 1;
}

void progress_sessions(struct progress *pg, size_t n, int at_most)
{
	pg->sessions = n ? n : 1;
	pg->at_most = at_most;
}

void progress_session(struct progress *pg, double now)
{
	if (pg->begun++)
		pg->steps_before += pg->nsteps;
	pg->step = 0;
	pg->label = NULL;
	pg->step_started = now;
}

/* the sessions still to come after the one under way */
static size_t sessions_to_come(const struct progress *pg)
{
	size_t under_way = pg->begun ? pg->begun : 1;

	return pg->sessions > under_way ? pg->sessions - under_way : 0;
}

void progress_step_of(const struct progress *pg, size_t *i, size_t *n)
{
	*i = pg->steps_before + pg->step + 1;
	*n = pg->steps_before + pg->nsteps * (1 + sessions_to_come(pg));
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

/* the mean Time of each plan load over krs[0..n-1] that have it and are
 * of the workload same[] says (NULL: every one), into pg */
static void earlier_from(struct progress *pg, const struct kernel_results *krs, size_t n,
			 const char *same, int only_unknown)
{
	for (size_t i = 0; i < pg->nloads; i++) {
		double sum = 0, runs = 0;

		if (only_unknown && pg->loads[i].earlier_s > 0)
			continue;
		for (size_t k = 0; k < n; k++) {
			const struct load_summary *ls = kernel_results_load(&krs[k], pg->loads[i].name);

			if (ls && ls->time.n && (!same || same[k])) {
				sum += running_stats_mean(&ls->time) * (double)ls->time.n;
				runs += (double)ls->time.n;
			}
		}
		if (runs)
			progress_earlier(pg, pg->loads[i].name, sum / runs);
	}
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

/* dir/NAME/env parsed, NULL when it cannot be read */
static struct env *env_of(const char *dir, const char *name)
{
	char *path = results_path(dir, name, "env"), *text = read_regular_file(path, NULL);
	struct env *e = text ? env_parse(text, 1) : NULL;

	free(text);
	free(path);
	return e;
}

/* which of krs[0..n-1] in dir are of mine's workload (all when mine is NULL) */
static char *same_workload(const char *dir, const struct env *mine,
			   const struct kernel_results *krs, size_t n)
{
	char *same = xcalloc(n + 1, 1);

	for (size_t k = 0; k < n; k++) {
		struct env *theirs = mine ? env_of(dir, krs[k].name) : NULL;

		same[k] = !mine || (theirs && !calibration_workload_difference(mine, theirs));
		env_free(theirs);
	}
	return same;
}

/* earlier Times of the plan's loads not known yet from the kernels of dir
 * (of mine's workload) */
static void earlier_from_dir(struct progress *pg, const char *dir, const struct env *mine)
{
	struct kernel_results *krs = NULL;
	size_t n = 0;
	char *same;

	if (!is_dir(dir))
		return;
	results_read_all(dir, &krs, &n);
	same = same_workload(dir, mine, krs, n);
	earlier_from(pg, krs, n, same, 1);
	free(same);
	results_release_all(krs, n);
}

/* every load of the plan timed in this plan already: what earlier
 * sessions say would not be used (step_estimate) */
static int all_timed(const struct progress *pg)
{
	for (size_t i = 0; i < pg->nsteps; i++) {
		const struct progress_load *l = load_named(pg, pg->plan[i]);

		if (!l || !l->took_n)
			return 0;
	}
	return 1;
}

void progress_read_earlier(struct progress *pg, const char *dir, const char *kernel)
{
	struct kernel_results *krs = NULL;
	struct env *mine;
	size_t n = 0;
	char *cdir, *same;

	if (all_timed(pg) || !is_dir(dir))
		return;		/* later sessions of the plan; the first: no results yet */
	results_read_all(dir, &krs, &n);	/* once: this kernel's and the others' */
	for (size_t k = 0; k < n; k++)
		if (!strcmp(krs[k].name, kernel))
			earlier_from(pg, &krs[k], 1, NULL, 0);
	mine = env_of(dir, kernel);
	same = same_workload(dir, mine, krs, n);
	earlier_from(pg, krs, n, same, 1);
	free(same);
	results_release_all(krs, n);
	cdir = xasprintf("%s/%s", dir, CALIBRATION_DIR);
	earlier_from_dir(pg, cdir, mine);
	env_free(mine);
	free(cdir);
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
	double left = 0, session = 0;

	for (size_t i = 0; i < pg->nsteps; i++) {
		double est = step_estimate(pg, load_named(pg, pg->plan[i]));

		if (est <= 0)
			return -1;
		session += est;
	}
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
	return left + session * (double)sessions_to_come(pg);
}

void progress_mmss(char *buf, size_t len, double s)
{
	long t = whole_seconds(s);

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
	snprintf(buf, len, "elapsed %s, left ~%s%s", elapsed, left,
		 pg->at_most && rest >= 0 ? " at most" : "");
	return buf;
}

void progress_draw(const struct progress *pg, int tty)
{
	char times[80];
	size_t i, n;

	if (!tty || !pg || !pg->label)
		return;
	progress_step_of(pg, &i, &n);
	fprintf(stderr, "\r\033[K%s (step %zu of %zu), %s", pg->label, i, n,
		progress_times(pg, now_mono(), times, sizeof(times)));
	fflush(stderr);
}

void progress_clear(int tty)
{
	if (tty)
		fputs("\r\033[K", stderr);
}

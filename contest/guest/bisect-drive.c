/* bisect-drive.c - contest bisect's driver: its directories, commits and state, then bisect_run over its ops (see bisect.h) */
#include "guest/bisect.h"
#include "guest/bisect-build.h"
#include "guest/bisect-driver.h"
#include "guest/bisect-progress.h"
#include "guest/bisect-rounds.h"
#include "guest/bisect-state.h"
#include "kernel/commits.h"
#include "record/config-keys.h"
#include "sys/signals.h"
#include "results/metric.h"
#include "results/store.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/*
 * work_dir and the results, and what bisect makes in them and then uses by
 * path (git checks out --force into bisect-src, the build writes into
 * bisect-build, the state and images go to .bisect): directories of ours
 * that no one else may write, none a symlink, so that no other user can
 * point them at what is ours (a repository, a folder) or replace them
 */
static int make_dirs(struct bisect_driver *dr, const char *work)
{
	const char *work_hint = "set work_dir (-s work_dir=DIR) to a directory of your own";
	const char *results_hint = "give -r a directory of your own";
	const char *mine = "remove it to start again";

	return make_own_dir(work, 0, work_hint) < 0 ||
	       make_own_dir(dr->results, 0, results_hint) < 0 ||
	       make_own_dir(dr->dir, 1, mine) < 0 || make_own_dir(dr->images, 1, mine) < 0 ||
	       make_own_dir(dr->src, 1, mine) < 0 || make_own_dir(dr->build, 1, mine) < 0 ? -1 : 0;
}

/* --metric: one with a better direction; none, the judged load's main one (known later) */
static int pick_metric(struct bisect_driver *dr)
{
	const char *want = dr->rq->metric;

	dr->d->metric = NULL;
	if (!want)
		return 0;
	for (int m = 0; m < METRICS; m++)
		if (m != METRIC_RATIO && !strcmp(metrics[m].label, want) &&
		    (metrics[m].better == BETTER_LOWER || metrics[m].better == BETTER_HIGHER)) {
			dr->metric = (enum metric_id)m;
			dr->metric_known = 1;
			dr->higher_better = metrics[m].better == BETTER_HIGHER;
			dr->d->metric = metrics[m].label;
			return 0;
		}
	return error("--metric '%s': not a metric with a better direction (Time, "
		     "Latency, Work, CPU%%...)", want);
}

/* the paths bisect works in, and the build on them */
static void set_paths(struct bisect_driver *dr, const char *work)
{
	const struct bisect_request *rq = dr->rq;

	dr->dir = results_path(dr->results, BISECT_DIR, NULL);
	dr->state = xasprintf("%s/state", dr->dir);
	dr->images = xasprintf("%s/%s", dr->dir, BISECT_IMAGES);
	dr->log = xasprintf("%s/build.log", dr->dir);
	dr->out = xasprintf("%s/build.out", dr->dir);
	dr->src = xasprintf("%s/bisect-src", work);
	dr->build = xasprintf("%s/bisect-build", work);
	dr->kb = (struct kbuild){ rq->tree, dr->src, dr->build, dr->log, dr->out, rq->build,
				  rq->fragment };
}

/* the state: this bisection's, recorded anew or read back on --resume (bisect-state.h) */
static int open_state(struct bisect_driver *dr)
{
	const struct bisect_done *d = dr->d;
	const char **shas = xcalloc(d->n, sizeof(*shas));
	struct bisect_state st = { dr->built, dr->stamps, NULL, 0, 0, 0 };
	struct bisect_state_opts o = { dr->rq->tree, d->load, d->metric, dr->rq->opts.alpha,
				       dr->rq->opts.max_rounds, shas, d->n };
	int ret;

	for (size_t i = 0; i < d->n; i++)
		shas[i] = d->commits[i].sha;
	ret = bisect_state_open(&st, dr->state, dr->rq->resume, &o);
	free(shas);
	dr->recs = st.recs;
	dr->nrecs = st.nrecs;
	dr->before_s = st.before_s;
	dr->sessions = st.sessions + 1;
	dr->state_open = ret == 0;
	if (ret == 0 && dr->rq->resume)
		info("bisect: resuming from '%s': %zu rounds measured before", dr->state,
		     dr->nrecs);
	return ret;
}

static int setup(struct bisect_driver *dr)
{
	const struct bisect_request *rq = dr->rq;
	const char *work = contest_config(rq->cfg)->main.work_dir;
	struct bisect_done *d = dr->d;

	if (pick_metric(dr) < 0)
		return -1;
	if (rq->load || rq->nloads) {
		dr->load = xstrdup(rq->load ? rq->load : rq->loads[0]);
	} else {
		char **list = split_list(contest_config(rq->cfg)->main.loads);

		dr->load = xstrdup(list && list[0] ? list[0] : "noload");
		argv_free(list);
	}
	d->load = dr->load;	/* d owns it */
	d->results = xstrdup(contest_config(rq->cfg)->main.results);
	dr->results = d->results;
	set_paths(dr, work);
	if (make_dirs(dr, work) < 0)
		return -1;
	if (kernel_commits(rq->tree, rq->good, rq->bad, &d->commits, &d->n) < 0)
		return -1;
	dr->built = xcalloc(d->n, sizeof(*dr->built));
	dr->stamps = xcalloc(d->n, sizeof(*dr->stamps));
	return open_state(dr);
}

/* the exit status of a bisection that ran (bisect.h) */
static int outcome_status(const struct bisect_driver *dr)
{
	const struct bisect_done *d = dr->d;

	if (run_interrupted) {
		/* no verdict on the step in flight: its rounds so far are kept */
		if (dr->mid)
			printf("bisect: step %zu: %s interrupted after %zu round%s, not placed: "
			       "contest bisect --resume measures it on\n", dr->steps_done + 1,
			       d->commits[dr->mid].name, dr->step_measured,
			       dr->step_measured == 1 ? "" : "s");
		warning("interrupted by signal %d: the decided steps are kept in '%s'; "
			"contest bisect --resume goes on from them", (int)run_interrupted, dr->state);
		return exit_signal(run_interrupted);
	}
	if (dr->failed || dr->built[0] == BUILT_SKIP || dr->built[d->n - 1] == BUILT_SKIP) {
		if (!dr->failed)
			error("good or bad could not be built or booted: nothing to bisect");
		return EXIT_RUN_FAILED;
	}
	return d->res.outcome == BISECT_CULPRIT ? 0 :
	       d->res.outcome == BISECT_RANGE ? EXIT_BISECT_RANGE :
	       d->res.outcome == BISECT_NOT_CONFIRMED ? EXIT_BISECT_REFUSED :
	       EXIT_RUN_FAILED;
}

int bisect_drive(const struct bisect_request *rq, struct bisect_done *d)
{
	struct bisect_driver dr = { .rq = rq, .d = d };
	struct bisect_ops ops = { bisect_prepare, bisect_round, bisect_placed, &dr,
				  bisect_confirmed };
	int status;

	memset(d, 0, sizeof(*d));
	d->max_rounds = rq->opts.max_rounds;
	dr.started = now_mono();
	signals_install();
	if (setup(&dr) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	bisect_print_plan(&dr);
	do {	/* again from the start when a commit did not boot: it is skipped now */
		dr.cursor = 0;
		dr.restart = 0;
		dr.lo = 0;
		dr.hi = d->n - 1;
		dr.steps_done = dr.step_rounds = dr.step_measured = dr.mid = 0;
		d->skipped = 0;
		bisect_run(d->n, &ops, &rq->opts, &d->res);
	} while (dr.restart && !dr.failed && !run_interrupted);
	status = outcome_status(&dr);
	if (!d->metric && dr.metric_known)
		d->metric = metrics[dr.metric].label;
out:
	d->wall_s = now_mono() - dr.started;
	d->elapsed_s = dr.before_s + d->wall_s;
	d->sessions = dr.sessions;
	/* this session's time, for the next --resume's elapsed */
	if (dr.state_open && bisect_state_append(dr.state, "session %.3f\n", d->wall_s) < 0 &&
	    !status)
		status = EXIT_RUN_FAILED;
	free(dr.dir);
	free(dr.state);
	free(dr.images);
	free(dr.log);
	free(dr.out);
	free(dr.src);
	free(dr.build);
	free(dr.built);
	free(dr.stamps);
	free(dr.recs);
	return status;
}

void bisect_done_release(struct bisect_done *d)
{
	kernel_commits_release(d->commits, d->n);
	free(d->results);
	free(d->load);
	memset(d, 0, sizeof(*d));
}

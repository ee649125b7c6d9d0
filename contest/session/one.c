/* one.c - one kernel's session of `contest run`: locks, plan, loads, steps */
#include "record/config-keys.h"
#include "session/one.h"

#include "output/ktap.h"
#include "results/store.h"
#include "results/summary.h"
#include "lib/membuf.h"
#include "loads/loads.h"
#include "session/plan.h"
#include "session/resume.h"
#include "session/run.h"
#include "session/session.h"
#include "session/until-sd.h"
#include "sys/cleanup.h"
#include "record/env.h"
#include "sys/handover.h"
#include "sys/lock.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* ---- loads: supported, prepare, cleanup ---- */

static void load_state_init(struct session *s, struct load_state *ls)
{
	ls->scratch = xasprintf("%s/%s", s->scratch_root, ls->row);
	contest_load_env(&ls->env, s->cfg, ls->load->name);
	ls->env.scratch = ls->scratch;
	ls->env.tree = s->wl.tree;
	ls->env.ram = s->ram;
	ls->env.swap = s->swap;
	ls->env.ncpus = ncpus_usable();
	if (ls->load->supported && ls->load->supported(&ls->env, ls->why, sizeof(ls->why)) < 0) {
		ls->unusable = 1;
		warning("%s cannot run here: %s", ls->load->name, ls->why);
	}
}

/* every load is prepared from a clean tree: xtar_load's tarball must not hold
 * the objects of whatever ran before it */
static int prepare_clean(struct session *s, struct load_state *ls)
{
	char *log = xasprintf("%s/%s.prepare.clean", s->logdir, ls->row);
	int ret = run_clean_tree(s, log, ls->why, sizeof(ls->why));

	free(log);
	return ret;
}

static void load_prepare(struct session *s, struct load_state *ls)
{
	if (ls->prepared || ls->unusable || (ls->load->flags & LOAD_NONE))
		return;
	if (session_scratch_make(ls->scratch) < 0) {
		snprintf(ls->why, sizeof(ls->why), "cannot create '%s': %s", ls->scratch,
			 strerror(errno));
		ls->unusable = 1;
		return;
	}
	ls->prepared = 1;
	progress_clear(s->tty);
	info("preparing %s", ls->row);
	if (ls->load->prepare && prepare_clean(s, ls) < 0) {
		ls->unusable = 1;
		return;
	}
	if (ls->load->prepare && ls->load->prepare(&ls->env) < 0) {
		snprintf(ls->why, sizeof(ls->why), "prepare failed%s",
			 run_interrupted ? " (interrupted)" : "; see the messages above");
		ls->unusable = 1;
	}
}

static void load_cleanup(struct load_state *ls)
{
	if (!ls->prepared)
		return;
	if (ls->load->cleanup)
		ls->load->cleanup(&ls->env);
	session_scratch_remove(ls->scratch);
	ls->prepared = 0;
}

/* ---- the steps ---- */

/* a finished run (its step's label, its run number in runs.tsv), and the
 * whole plan's elapsed and left time after it */
static void announce(struct session *s, const char *label, const struct run_record *rec,
		     double took)
{
	char times[80];

	progress_clear(s->tty);
	progress_times(s->progress, now_mono(), times, sizeof(times));
	if (!strcmp(rec->status, "ok"))
		info("%s, run %d: %.1f s, CPU %.0f%%, loads %.1f, LCPU %.0f%% (%.0f s in all); %s",
		     label, rec->run, rec->time_s, rec->cpu_pct, rec->loads, rec->lcpu_pct, took,
		     times);
	else
		info("%s, run %d: %s: %s; %s", label, rec->run, rec->status, rec->status_detail,
		     times);
}

/*
 * Step i's label, the same on its progress line and its finished line: in
 * rounds "round R/N, VARIANT ROW" (its I/N when the session runs ROW more
 * than once), else "ROW I/N"; " at POINT" at a sweep's point
 */
static void step_label(const struct session *s, const struct plan *p, size_t i, char *buf,
		       size_t len)
{
	const struct load_state *ls = p->steps[i];
	const char *round = s->progress->round;
	int k = plan_steps_of(p, ls, i + 1), n = plan_steps_of(p, ls, p->nsteps);
	char of[32] = "";

	if (!*round || n > 1)
		snprintf(of, sizeof(of), " %d/%d", k, n);
	snprintf(buf, len, "%s%s%s%s%s%s", round, *round ? " " : "", ls->row, of,
		 s->sweep ? " at " : "", s->sweep ? s->sweep : "");
}

/* the plan's steps as the progress line counts them, again when it grows */
static void progress_of_plan(struct session *s, const struct plan *p)
{
	const char **names = xcalloc(p->nsteps + 1, sizeof(*names));

	for (size_t i = 0; i < p->nsteps; i++)
		names[i] = p->steps[i]->load->name;
	progress_plan(s->progress, names, p->nsteps);
	free(names);
}

/* a row cannot be numbered or written: the runs after it would be lost too */
static int stop_unrecorded(struct session *s, const char *load, const char *what)
{
	progress_clear(s->tty);
	return error("stopping: %s %s; the plan is kept for 'contest run --resume' "
		     "(with the same options) to finish", load, what);
}

/* time a run of ls and append its row: 0 ok, 1 not ok; -1 when it could
 * not be numbered or recorded (said): the session stops there */
static int run_recorded(struct session *s, struct load_state *ls, struct run_record *rec)
{
	int run = results_run_number(s->kdir, ls->row, s->first_run), failed;
	char what[64];

	if (run < 0)
		return stop_unrecorded(s, ls->row, "cannot be given a run number");
	failed = run_one(s, ls, run, rec) < 0;
	if (results_append(s->kdir, rec) < 0) {
		snprintf(what, sizeof(what), "run %d is not recorded", run);
		return stop_unrecorded(s, ls->row, what);
	}
	return failed;
}

/* 0 every run ok, 1 one was not, -1 the session stopped at a run not recorded;
 * with --format ktap each run is a test case on stdout, the plan first
 * unless --until-sd may grow it (then last) */
static int run_steps(struct session *s, int ktap, struct plan *p, struct until_sd *u)
{
	int failed = 0, ret = 0;
	size_t cases = 0;

	progress_session(s->progress, now_mono());
	progress_of_plan(s, p);
	progress_read_earlier(s->progress, s->cc->main.results, s->kernel);
	if (ktap)
		ktap_header(stdout, u->pct ? 0 : p->nsteps);
	for (size_t i = 0; i < p->nsteps && !run_interrupted; i++) {
		struct load_state *ls = p->steps[i];
		struct run_record rec;
		char label[256], times[80];
		size_t at, of;
		double took;

		step_label(s, p, i, label, sizeof(label));
		progress_begin(s->progress, i, label, now_mono());
		progress_step_of(s->progress, &at, &of);
		if (!s->tty)
			info("%s (step %zu of %zu), %s", label, at, of,
			     progress_times(s->progress, now_mono(), times, sizeof(times)));
		load_prepare(s, ls);
		progress_draw(s->progress, s->tty);
		ret = run_recorded(s, ls, &rec);
		if (ret < 0)
			break;
		failed |= ret;
		if (!strcmp(rec.status, "ok"))
			running_stats_add(&u->time[ls - p->loads], rec.time_s);
		took = now_mono() - s->progress->step_started;
		progress_end(s->progress, took, strcmp(rec.status, "ok") ? -1 : rec.time_s);
		announce(s, label, &rec, took);
		if (ktap)
			ktap_run(stdout, ++cases, s->kernel, &rec);
		if (plan_last_step(p, i) && until_sd_step(s, p, i, u))
			progress_of_plan(s, p);
		if (plan_last_step(p, i))
			load_cleanup(ls);
	}
	progress_clear(s->tty);
	s->progress->label = NULL;
	if (ktap && u->pct)
		ktap_plan(stdout, cases);
	return ret < 0 ? -1 : failed;
}

/* the synthetic tree, or `make KCONFIG` with its output in logs/ */
static int prepare_workload(struct session *s)
{
	char *log = xasprintf("%s/kconfig.log", s->logdir);
	int ret = workload_prepare(&s->wl, s->cfg, log, s->scratch_root, s->ram, s->swap);

	if (ret < 0 && access(log, R_OK) == 0)
		run_show_log_tail(s, log, 20);
	free(log);
	return ret;
}

/* the scratch root: mkdtemp'd and marked, so only contest's own is ever removed */
static int make_scratch_root(struct session *s)
{
	const char *where = s->cc->main.scratch_dir;
	char *dir = scratch_make(*where ? where : s->cc->main.work_dir, "scratch");

	if (!dir)
		return -1;
	free(s->scratch_root);
	s->scratch_root = dir;	/* in the registry, and on record: scratch_make did it */
	return 0;
}

/* the run count came from the command line (-n, -s runs=): a resume
 * takes the plan's otherwise, as it takes its loads */
static int runs_given(const struct config *cfg)
{
	const char *origin = config_origin(cfg, &contest_config(cfg)->main.runs);

	return !strcmp(origin, "-n") || !strncmp(origin, "-s ", 3);
}

/*
 * A new plan, saved for --resume; or, with --resume, the saved one's runs
 * that are not recorded yet, with its --until-sd going on from the runs
 * recorded. 0, or -1 (said)
 */
static int make_plan(struct session *s, const struct run_request *rq, struct plan *p,
		     struct until_sd *u)
{
	struct resume_plan r;
	int ret = -1;

	if (!rq->resume) {
		plan_build(p, s->cfg, rq->loads, rq->nloads);
		until_sd_alloc(u, p);
		/* without it a run that cannot be recorded would lose the rest */
		return resume_save(s->kdir, s->cfg, p, u->pct, u->max_runs, rq->argc, rq->argv);
	}
	if (resume_read(s->kdir, &r) == 0 &&
	    (runs_given(s->cfg) || resume_take_runs(&r, s->cfg) == 0)) {
		plan_build(p, s->cfg, rq->nloads ? rq->loads : r.loads,
			   rq->nloads ? rq->nloads : r.nloads);
		until_sd_alloc(u, p);
		u->pct = r.until_sd;
		u->max_runs = r.until_sd > 0 ? r.max_runs : u->max_runs;
		if (resume_check(&r, s->cfg, p) == 0)
			ret = resume_skip_done(&r, s->cc->main.results, s->kernel, p,
					       u->done, u->time);
	}
	resume_release(&r);
	return ret;
}

/* the session proper, between its locks: setup, every step, teardown */
static int run_plan(struct session *s, const struct run_request *rq, struct plan *p,
		    struct until_sd *u)
{
	int status = 0, steps;

	if (session_start(s) < 0 || make_scratch_root(s) < 0 || prepare_workload(s) < 0) {
		status = EXIT_RUN_FAILED;
		goto out;
	}
	for (size_t i = 0; i < p->nloads; i++)
		load_state_init(s, &p->loads[i]);
	if (rq->resume && u->pct > 0)
		until_sd_resume(s, p, u);	/* knowing which loads cannot run here */
	steps = run_steps(s, rq->ktap, p, u);
	status = steps ? EXIT_RUN_FAILED : 0;
	if (!run_interrupted && steps >= 0)
		resume_finish(s->kdir);	/* the plan ran to its end */
out:
	for (size_t i = 0; i < p->nloads; i++) {
		load_cleanup(&p->loads[i]);
		free(p->loads[i].scratch);
	}
	workload_cleanup(&s->wl);
	if (scratch_remove(s->scratch_root) < 0)
		status = EXIT_RUN_FAILED;
	if (session_finish(s) < 0)
		status = EXIT_RUN_FAILED;
	return status;
}

/*
 * What env records of how the session ran, for `contest rerun`, beyond
 * its config and knobs: run_loads, the plan's loads; run_rounds, a
 * variant's rounds (its config's runs are 1, one a round); run_until_sd,
 * --until-sd's PCT and --max-runs; run_sweep, the sweep's point (its keys
 * are in the config already); run_sets, the keys a variant's --set gave
 * (their values are in the config).
 */
static char *how_lines(const struct run_request *rq, const struct plan *p, const struct until_sd *u,
		       const char *point, const struct variant *var)
{
	struct membuf m;
	FILE *f = membuf_open(&m);
	const char *last = NULL;

	fprintf(f, "%s:", ENV_KEY(run_loads));
	for (size_t i = 0; i < p->nloads; i++)
		if (!last || strcmp(last, p->loads[i].load->name))
			fprintf(f, " %s", last = p->loads[i].load->name);
	fputc('\n', f);
	if (rq->in_rounds)
		fprintf(f, "%s: %lld\n", ENV_KEY(run_rounds), rq->rounds);
	if (u->pct > 0)
		fprintf(f, "%s: %g %d\n", ENV_KEY(run_until_sd), u->pct, u->max_runs);
	if (point)
		fprintf(f, "%s: %s\n", ENV_KEY(run_sweep), point);
	if (var->nsets)	/* the keys it varies: compare warns of none of them */
		fprintf(f, "%s:", ENV_KEY(run_sets));
	for (int i = 0; i < var->nsets; i++)
		fprintf(f, " %.*s", (int)strcspn(var->sets[i], "="), var->sets[i]);
	if (var->nsets)
		fputc('\n', f);
	return membuf_close(&m, 1);
}

/* what env records of a variant's knobs: "PATH=VALUE ...", NULL without */
static char *knobs_line(const struct variant *v)
{
	char *line = NULL, *next;

	for (int i = 0; v && i < v->nknobs; i++) {
		next = xasprintf("%s%s%s=%s", line ? line : "", line ? " " : "",
				 v->knobs[i].given, v->knobs[i].value);
		free(line);
		line = next;
	}
	return line;
}

/* one "PATH=VALUE" of env's knobs line: its path resolved when it can be */
struct knob_item {
	char path[PATH_MAX];
	char *value;
};

/* env's knobs line ("none": none) as items into *out (their paths and
 * values in words, which the caller frees); how many */
static size_t knob_items(char **words, struct knob_item **out)
{
	struct knob_item *items = NULL;
	size_t n = 0;

	for (size_t i = 0; words[i]; i++) {
		char *eq = strchr(words[i], '=');

		if (!eq)
			continue;
		*eq = '\0';
		items = xrealloc(items, (n + 1) * sizeof(*items));
		if (!realpath(words[i], items[n].path))
			snprintf(items[n].path, sizeof(items[n].path), "%s", words[i]);
		items[n++].value = eq + 1;
	}
	*out = items;
	return n;
}

/* the first knob in which v and the recorded line differ, said into why; 0 none */
static int knobs_differ(const char *recorded, const struct variant *v, char *why, size_t len)
{
	char **words = knob_line_words(recorded);
	struct knob_item *items;
	size_t n = knob_items(words, &items);
	int differ = 0;

	for (size_t i = 0; i < n && !differ; i++) {
		int j = 0;

		while (j < v->nknobs && strcmp(v->knobs[j].path, items[i].path))
			j++;
		if (j == v->nknobs)
			snprintf(why, len, "%s=%s, which this run leaves as it is", items[i].path,
				 items[i].value);
		else if (strcmp(v->knobs[j].value, items[i].value))
			snprintf(why, len, "%s=%s, which this run sets to %s", items[i].path,
				 items[i].value, v->knobs[j].value);
		differ = j == v->nknobs || strcmp(v->knobs[j].value, items[i].value);
	}
	for (int j = 0; j < v->nknobs && !differ; j++) {
		size_t i = 0;

		while (i < n && strcmp(v->knobs[j].path, items[i].path))
			i++;
		if (i == n) {
			snprintf(why, len, "%s as it was, which this run sets to %s",
				 v->knobs[j].path, v->knobs[j].value);
			differ = 1;
		}
	}
	free(items);
	argv_free(words);
	return differ;
}

/* variant v's knobs against its folder's recorded runs' (session_check_knobs) */
static int check_knobs(const char *dir, const struct variant *v)
{
	char *kdir = results_path(dir, v->name, NULL), *runs = results_path(kdir, NULL, RUNS_FILE);
	char *path = results_path(kdir, NULL, "env"), *text = NULL, why[PATH_MAX + 600];
	struct env *e = NULL;
	const char *recorded;
	int ret = 0;

	if (access(runs, F_OK) == 0 && (text = read_regular_file(path, NULL)) &&
	    (e = env_parse(text, 0)) && (recorded = env_record(e)->knobs) &&
	    knobs_differ(recorded, v, why, sizeof(why)))
		ret = error("the runs in '%s' were made with %s: a mean over both would mix two "
			    "settings; give this one another -k NAME, or --append to add to "
			    "them anyway", kdir, why);
	env_free(e);
	free(text);
	free(path);
	free(runs);
	free(kdir);
	return ret;
}

int session_check_knobs(const struct run_request *rq)
{
	int ret = 0;

	for (int v = 0; v < rq->nvariants && !rq->append; v++)
		if (check_knobs(contest_config(rq->cfgs[v])->main.results, &rq->variants[v]) < 0)
			ret = -1;
	return ret;
}

int session_set_knobs(const struct variant *v)
{
	for (int i = 0; v && i < v->nknobs; i++) {
		if (knob_set(&v->knobs[i]) < 0) {
			while (i-- > 0)
				knob_restore(&v->knobs[i]);
			return -1;
		}
	}
	return 0;
}

int session_restore_knobs(const struct variant *v)
{
	int ret = 0;

	for (int i = v ? v->nknobs : 0; i-- > 0;)
		if (knob_restore(&v->knobs[i]) < 0)
			ret = -1;
	return ret;
}

/* its runs.tsv can be read: it has rows to print */
static int has_rows(const struct session *s)
{
	char *runs = results_path(s->kdir, NULL, RUNS_FILE);
	int ret = access(runs, R_OK) == 0;

	free(runs);
	return ret;
}

/* variant v's session (at point, NULL none) on cfg, its own config; res
 * as session_points says */
static int session_one(const struct run_request *rq, int v, struct config *cfg, const char *point,
		       int first_run, struct until_sd *u, struct progress *pg,
		       struct run_result *res)
{
	const struct variant *var = &rq->variants[v];
	const struct contest_config *cc = contest_config(cfg);
	struct session_lock rlock = { .fd = -1 }, wlock = { .fd = -1 };
	struct handover h;
	struct session s;
	struct plan p;
	int status, planned = 0;

	memset(&p, 0, sizeof(p));
	/* before the locks: lock_take makes the results directory */
	handover_begin(&h, cc->main.results, var->name);
	if (session_init(&s, cfg, var->name) < 0 || (s.knobs = knobs_line(var), 0) ||
	    (s.sweep = point, s.progress = pg, s.first_run = first_run, 0) ||
	    lock_take(&wlock, cc->main.work_dir, "work directory", 1) < 0 ||
	    lock_take(&rlock, cc->main.results, "results directory", 0) < 0 ||
	    results_check_appendable(s.kdir) < 0 || handover_note(&h) < 0 ||
	    make_plan(&s, rq, &p, u) < 0) {
		status = EXIT_USAGE;
	} else {
		planned = 1;
		s.how = how_lines(rq, &p, u, point, var);
		cleanup_set_record(wlock.fd);	/* what we make is on record for the next session */
		session_signals();
		if (session_set_knobs(var) < 0)
			status = EXIT_USAGE;
		else
			status = run_plan(&s, rq, &p, u);
		if (session_restore_knobs(var) < 0)
			status = exit_failed(status);
		/* a cgroup still busy stays on record for the next session to remove */
		cleanup_set_record(-1);
	}
	if (handover_give(&h) < 0)	/* under sudo: what the session made is the user's */
		status = exit_failed(status);
	lock_release(&wlock, s.cg.mem_dir[0] || s.cg.cpu_dir[0] || s.cg.acct_dir[0]);
	lock_release(&rlock, 0);
	res->tables = 0;
	if (planned && run_interrupted) {
		warning("interrupted by signal %d: finished runs are kept in '%s'",
			(int)run_interrupted, s.kdir);
		status = exit_signal(run_interrupted);
	} else if (planned && !rq->ktap) {
		res->tables = has_rows(&s);
	}
	res->where = planned;
	handover_release(&h);
	until_sd_free(u);
	plan_release(&p);
	session_release(&s);
	return status;
}

int session_points(const struct run_request *rq, int v, int first_run, struct progress *pg,
		   struct run_result *res)
{
	const struct sweep *sw = rq->sweep;
	const char *kernel = rq->variants[v].name;
	const struct config *cfg = rq->cfgs[v];
	struct run_result one;
	struct until_sd u;
	struct config *own;
	int status = 0;

	res->tables = res->where = 0;
	if (until_sd_parse(&u, rq->until_sd, rq->max_runs, cfg) < 0)
		return EXIT_USAGE;
	if (!sw || !sw->npoints) {
		own = config_copy(cfg);
		status = session_one(rq, v, own, NULL, first_run, &u, pg, res);
		config_free(own);
		return status;
	}
	for (size_t i = 0; i < sw->npoints && !run_interrupted; i++) {
		int st;

		info("%s at %s (point %zu of %zu)", kernel, sw->points[i], i + 1, sw->npoints);
		/* the point's keys in a copy: the request stays as cmd/ made it */
		own = config_copy(cfg);
		st = sweep_apply(sw, i, own) < 0 ? EXIT_USAGE :
		     session_one(rq, v, own, sw->points[i], first_run, &u, pg, &one);
		config_free(own);
		if (st == EXIT_USAGE || st >= 128) {
			status = st;
			break;
		}
		status = status ? status : st;
	}
	res->tables = res->where = status != EXIT_USAGE && status < 128;
	return status;
}

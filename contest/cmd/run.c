/* cmd-run.c - contest run: every planned run of every load, stored, then the tables
 *
 * Check the arguments and the config (exit 2 before anything runs), plan
 * the runs (plan.c; saved for --resume, or what is left of a saved plan:
 * resume.c), start the session (session.c: cgroups, swap, env
 * file), prepare the workload; then for each step prepare its load (once,
 * before its first run), time the run (run.c), append the row, and clean
 * the load up after its last run. Ctrl-C: the run in flight is recorded as
 * aborted, every finished row stays, and no process, cgroup, swap file or
 * scratch file is left.
 */
#include "guest/boot.h"
#include "output/ktap.h"
#include "results/store.h"
#include "results/summary.h"
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "loads/loads.h"
#include "session/plan.h"
#include "sys/cleanup.h"
#include "sys/handover.h"
#include "sys/knob.h"
#include "session/sweep.h"
#include "results/compare.h"
#include "results/sequential.h"
#include "sys/lock.h"
#include "sys/scratch.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "results/report.h"
#include "session/resume.h"
#include "session/run.h"
#include "session/session.h"
#include "show/show.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest run [-c CONF] [-s KEY=VALUE]... [-k NAME] [-n RUNS] [-r DIR]\n"
	"                   [--until-sd PCT [--max-runs N] | --resume] [--format text|ktap]\n"
	"                   [LOAD...]\n"
	"       contest run [RUN OPTIONS] -k NAME [--knob PATH=VALUE]... [--set KEY=VALUE]...\n"
	"                   [-k NAME [--knob PATH=VALUE]... [--set KEY=VALUE]...]...\n"
	"                   [--until-decided [--max-rounds N] [--margin PCT]] [LOAD...]\n"
	"       contest run --boot IMAGE [--boot-arg ARG]... [--vm-mem SIZE] [-k NAME[=IMAGE]]...\n"
	"                   [--interleave] [RUN OPTIONS] [LOAD...]\n";

static const char intro_text[] =
	"\n"
	"Time the workload's compile under each LOAD (default: the config's loads),\n"
	"RUNS times each, append every run to DIR/NAME/runs.tsv, write DIR/NAME/env,\n"
	"then print this kernel's tables.\n";

static const char tail_text[] =
	"Exit status: 0 every run ok, 1 a run or guest was not ok (or the results\n"
	"could not be written), 2 bad usage or config, 4 out of memory, 130/143/129\n"
	"interrupted by SIGINT/SIGTERM/SIGHUP (finished runs are kept).\n";

/* --until-decided's cap on rounds when --max-rounds is not given */
#define UNTIL_DECIDED_ROUNDS 20

/* a variant: a name with knobs and config overrides, run on this boot */
struct variant {
	const char *name;
	struct knob *knobs;
	int nknobs;
	const char **sets;	/* "KEY=VALUE", after the command line's -s */
	int nsets;
};

struct run_args {
	const char *conf, *kernel, *runs, *results;
	double until_sd;	/* NAN: not given */
	int max_runs;		/* 0: not given */
	int resume;
	int argc;		/* the command line, for the plan --resume reads */
	char **argv;
	struct arg_strings sets;
	char **loads;
	int nloads;
	struct boot_opts boot;
	struct variant *variants;	/* one per -k, in order */
	int nvariants;
	int with_knobs;			/* some --knob or --set was given */
	int until_decided;		/* variants: rounds until every Time verdict is decided */
	int max_rounds;			/* its cap */
	double margin;			/* its "same" */
	const struct variant *current;	/* run_session's: whose knobs, NULL none */
	int quiet;			/* run_session prints no tables (variant rounds) */
	struct arg_strings sweeps;	/* --sweep KEY=V1,V2,... */
	struct sweep sweep;		/* their points */
	const char *point;		/* run_session's: the point it runs at, NULL none */
	int format;			/* enum run_format */
};

/* --format's words, in this order */
enum run_format { RUN_TEXT, RUN_KTAP };

/* ---- arguments and config ---- */

/* -k and boot's options: argv[first..end) held the option (boot.h) */
static int boot_or_k(const struct option_spec *o, const char *arg, int first, int end)
{
	struct run_args *a = o->value;

	if (o->id == 'k') {
		a->kernel = arg;
		a->variants[a->nvariants++].name = arg;
	}
	boot_option(&a->boot, o->id, arg, first, end);
	return 0;
}

/* --knob and --set belong to the -k before them */
static int knob_or_set(const struct option_spec *o, const char *arg, int first, int end)
{
	struct run_args *a = o->value;
	struct variant *v = a->nvariants ? &a->variants[a->nvariants - 1] : NULL;

	(void)first;
	(void)end;
	if (!v)
		return error("%s '%s' belongs to a variant: give -k NAME before it",
			     o->id == 'K' ? "--knob" : "--set", arg);
	a->with_knobs = 1;
	if (o->id == 'S') {
		v->sets = xrealloc(v->sets, (size_t)(v->nsets + 1) * sizeof(*v->sets));
		v->sets[v->nsets++] = arg;
		return 0;
	}
	v->knobs = xrealloc(v->knobs, (size_t)(v->nknobs + 1) * sizeof(*v->knobs));
	if (knob_parse(&v->knobs[v->nknobs], arg) < 0)
		return -1;
	for (int i = 0; i < v->nknobs; i++)	/* its second original would be the first's value */
		if (!strcmp(v->knobs[i].path, v->knobs[v->nknobs].path))
			return error("--knob '%s': '%s' is given twice for -k '%s'", arg,
				     v->knobs[i].path, v->name);
	v->nknobs++;
	return 0;
}

static int parse_args(int argc, char **argv, struct run_args *a, int *status)
{
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&a->conf),
		CLI_OPT_SET(&a->sets),
		{ .short_name = 'k', .type = ARG_CALL, .value = a, .id = 'k', .call = boot_or_k,
		  .argname = "NAME",
		  .help = "the kernel's name in the results (default: uname -r);\n"
			  "-k NAME=IMAGE with --boot: a kernel and its image, several\n"
			  "run one after another" },
		{ .short_name = 'n', .type = ARG_STRING, .value = &a->runs, .argname = "RUNS",
		  .help = "runs of each load (default: the config's runs)" },
		CLI_OPT_RESULTS(&a->results),
		{ .long_name = "until-sd", .type = ARG_NUMBER, .value = &a->until_sd,
		  .argname = "PCT", .min = 0, .max = UNTIL_SD_PCT_BELOW,
		  .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "run each load until the SD of its Time is at most PCT% of\n"
			  "its mean (at least RUNS runs, at least 2)" },
		{ .long_name = "max-runs", .type = ARG_INT, .value = &a->max_runs, .argname = "N",
		  .min = MAX_RUNS_MIN, .max = MAX_RUNS_MAX,
		  .help = "with --until-sd: at most N runs of a load (default 10)" },
		{ .long_name = "resume", .type = ARG_FLAG, .value = &a->resume,
		  .help = "finish NAME's interrupted plan: the runs it did not record,\n"
			  "with the same config and loads (loads and -n default to its),\n"
			  "and its --until-sd going on from the runs recorded" },
		{ .long_name = "knob", .type = ARG_CALL, .value = a, .id = 'K',
		  .call = knob_or_set, .argname = "PATH=VALUE",
		  .help = "the -k before it is a variant: write VALUE to PATH (a file\n"
			  "under /proc/sys or /sys) before its runs, the original after" },
		{ .long_name = "set", .type = ARG_CALL, .value = a, .id = 'S',
		  .call = knob_or_set, .argname = "KEY=VALUE",
		  .help = "the -k before it is a variant: this config key for its\n"
			  "runs (after -s); variants run in interleaved rounds" },
		{ .long_name = "sweep", .type = ARG_STRINGS, .value = &a->sweeps,
		  .argname = "KEY=V1,V2,...",
		  .help = "run every load at each value of KEY (LOAD.KEY for a load's\n"
			  "own); several keys go in step, pairwise; report prints a\n"
			  "row per value" },
		{ .long_name = "until-decided", .type = ARG_FLAG, .value = &a->until_decided,
		  .help = "variants: add rounds until every load's Time verdict\n"
			  "against the first is better, worse or same (alpha spent\n"
			  "over the looks), at most --max-rounds" },
		{ .long_name = "max-rounds", .type = ARG_INT, .value = &a->max_rounds,
		  .argname = "N", .min = SEQUENTIAL_FIRST_ROUND, .max = 1000,
		  .help = "with --until-decided: at most N rounds (default 20)" },
		{ .long_name = "margin", .type = ARG_NUMBER, .value = &a->margin,
		  .argname = "PCT", .min = 0, .max = 100, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "with --until-decided: same means within +-PCT% (default 2)" },
		CLI_OPT_FORMAT(&a->format, "text|ktap",
			       "text (default): the tables at the end; ktap: each run as a\n"
			       "KTAP test case as it finishes, nothing else on stdout"),
		BOOT_OPTION_SPECS(a, boot_or_k),
		OPTION_END,
	};
	int first;

	if (cli_wants_help(argc, argv)) {	/* after a LOAD too */
		cli_help(stdout, usage_text, intro_text, opts, tail_text);
		*status = cli_close_stdout(0);
		return -1;
	}
	*status = cli_parse(argc, argv, opts, OPTIONS_IN_ORDER, usage_text, intro_text, tail_text,
			    &first);
	if (*status >= 0)
		return -1;
	a->loads = argv + first;
	a->nloads = argc - first;
	a->argc = argc;
	a->argv = argv;
	if ((a->max_rounds || !isnan(a->margin)) && !a->until_decided) {
		error("--max-rounds and --margin go with --until-decided");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	if (a->until_decided && a->nvariants < 2) {
		error("--until-decided compares variants: give two -k NAME or more");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	if ((a->with_knobs || a->until_decided) &&
	    (boot_wanted(&a->boot) || a->resume || !isnan(a->until_sd))) {
		error("variants (--knob, --set, --until-decided) go with neither --boot, --resume "
		      "nor --until-sd");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	if (a->format == RUN_KTAP && (boot_wanted(&a->boot) || a->nvariants > 1 || a->with_knobs)) {
		error("--format ktap goes with one kernel's session, not --boot or variants");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	if (a->sweeps.n && (a->resume || boot_wanted(&a->boot) || a->format == RUN_KTAP)) {
		error("--sweep goes with neither --resume, --boot nor --format ktap");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	if (a->resume && (!isnan(a->until_sd) || a->max_runs || boot_wanted(&a->boot))) {
		error("--resume goes with neither --until-sd nor --boot "
		      "(it goes on with the plan's --until-sd)");
		fputs(usage_text, stderr);
		*status = EXIT_USAGE;
		return -1;
	}
	return 0;
}

/*
 * The paths of the top-level keys, made absolute against the directory run
 * started in: the compile, the loads and outside programs run elsewhere
 * (cwd = the tree, the scratch directory), and the env file should say
 * where things really were.
 */
static int absolute_paths(struct config *cfg)
{
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)))
		return error("cannot get the current directory: %s", strerror(errno));
	for (const struct config_option *o = config_options; o->name; o++) {
		const char *v = config_str(cfg, NULL, o->name);
		char *abs, *origin;
		int ret;

		if (o->type != OPT_PATH || !*v || *v == '/')
			continue;
		abs = xasprintf("%s/%s", cwd, v);
		origin = xstrdup(config_origin(cfg, NULL, o->name));
		ret = config_set(cfg, NULL, o->name, abs, origin);
		free(origin);
		free(abs);
		if (ret < 0)
			return -1;
	}
	return 0;
}

static int apply_args(struct config *cfg, const struct run_args *a)
{
	const struct variant *v = a->current;
	const char **sets = xcalloc((size_t)(a->sets.n + (v ? v->nsets : 0) + 1), sizeof(*sets));
	int n = 0, ret;

	for (int i = 0; i < a->sets.n; i++)
		sets[n++] = a->sets.v[i];
	for (int i = 0; v && i < v->nsets; i++)
		sets[n++] = v->sets[i];
	ret = cli_load_config(cfg, a->conf, sets, n);
	free(sets);
	if (ret < 0)
		return -1;
	if (a->runs && config_set(cfg, NULL, "runs", a->runs, "-n") < 0)
		return -1;
	if (a->results && config_set(cfg, NULL, "results", a->results, "-r") < 0)
		return -1;
	if (absolute_paths(cfg) < 0)
		return -1;
	for (int i = 0; i < a->nloads; i++)
		if (!load_find(a->loads[i]))
			return error("unknown load '%s' (see contest list)", a->loads[i]);
	return 0;
}

/* --sweep's points, checked against cfg (each variant's: its --set may
 * differ); made once, the same for every variant */
static int check_sweep(struct config *cfg, struct run_args *a)
{
	struct sweep s;

	if (!a->sweeps.n)
		return 0;
	if (sweep_parse(&s, a->sweeps.v, a->sweeps.n, cfg) < 0)
		return -1;
	if (a->sweep.npoints)
		sweep_release(&s);
	else
		a->sweep = s;
	return 0;
}

/* ---- loads: supported, prepare, cleanup ---- */

static void load_state_init(struct session *s, struct load_state *ls)
{
	ls->scratch = xasprintf("%s/%s", s->scratch_root, ls->row);
	ls->env.name = ls->load->name;
	ls->env.cfg = s->cfg;
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
	progress_clear(s);
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

/* a finished run, and the session's elapsed and left time after it */
static void announce(struct session *s, const struct run_record *rec, double took)
{
	char times[80];

	progress_clear(s);
	progress_times(&s->progress, now_mono(), times, sizeof(times));
	if (!strcmp(rec->status, "ok"))
		info("%s run %d: %.1f s, CPU %.0f%%, loads %.1f, LCPU %.0f%% (%.0f s in all); %s",
		     rec->load, rec->run, rec->time_s, rec->cpu_pct, rec->loads, rec->lcpu_pct, took,
		     times);
	else
		info("%s run %d: %s: %s; %s", rec->load, rec->run, rec->status, rec->status_detail,
		     times);
}

/* the plan's steps as the progress line counts them, again when it grows */
static void progress_of_plan(struct session *s, const struct plan *p)
{
	const char **names = xcalloc(p->nsteps + 1, sizeof(*names));

	for (size_t i = 0; i < p->nsteps; i++)
		names[i] = p->steps[i]->load->name;
	progress_plan(&s->progress, names, p->nsteps);
	free(names);
}

/* ---- --until-sd: more runs of a load until its Time settles ---- */

struct until_sd {
	double pct;			/* 0: off */
	int max_runs;
	struct running_stats *time;	/* per p->loads entry: the plan's ok runs */
	int *done;			/* per p->loads entry: its runs recorded before
					 * this session (--resume), 0 otherwise */
};

static int parse_until_sd(const struct run_args *a, const struct config *cfg, struct until_sd *u)
{
	long long runs = config_int(cfg, NULL, "runs");

	u->pct = 0;
	u->max_runs = 10;
	u->time = NULL;
	u->done = NULL;
	if (isnan(a->until_sd))
		return a->max_runs ? error("--max-runs goes with --until-sd") : 0;
	u->pct = a->until_sd;
	if (a->max_runs)
		u->max_runs = a->max_runs;
	if (u->max_runs < runs)
		return error("--max-runs %d is below runs (%lld)", u->max_runs, runs);
	return 0;
}

static double relative_sd_pct(const struct running_stats *t)
{
	return running_stats_sd(t) / running_stats_mean(t) * 100.0;
}

/* ls's Time (and with cacherun, its noload's) is within u->pct */
static int until_sd_settled(struct plan *p, const struct load_state *ls, const struct until_sd *u)
{
	struct load_state *noload = plan_load(p, &load_noload);
	const struct running_stats *t = &u->time[ls - p->loads];

	return t->n >= 2 && relative_sd_pct(t) <= u->pct &&
	       (ls != plan_load(p, &load_cacherun) ||
		relative_sd_pct(&u->time[noload - p->loads]) <= u->pct);
}

/* how ls ended after n runs */
static void until_sd_say(struct session *s, struct plan *p, const struct load_state *ls,
			 int n, const struct until_sd *u)
{
	int pair = ls == plan_load(p, &load_cacherun) && plan_load(p, &load_noload);

	progress_clear(s);
	info("%s%s: %d runs, SD of Time %.1f%% of its mean: %s %g%%", pair ? "noload and " : "",
	     ls->row, n, relative_sd_pct(&u->time[ls - p->loads]),
	     until_sd_settled(p, ls, u) ? "converged, at most" : "did not converge to", u->pct);
}

/* ls may run once more: not settled, below --max-runs after n runs, usable */
static int until_sd_more(struct plan *p, const struct load_state *ls, int n,
			 const struct until_sd *u)
{
	return !until_sd_settled(p, ls, u) && n < u->max_runs && !ls->unusable;
}

/*
 * After the last planned step i of ls: another run when its Time has not
 * settled and it may run more, else say how it ended. cacherun and the
 * noload it follows go together: the pair is judged at cacherun's step.
 */
static void until_sd_step(struct session *s, struct plan *p, size_t i, struct until_sd *u)
{
	struct load_state *ls = p->steps[i], *noload = plan_load(p, &load_noload);
	struct load_state *cacherun = plan_load(p, &load_cacherun);
	int n = u->done[ls - p->loads] + plan_steps_of(p, ls, i + 1);

	if (!u->pct || run_interrupted || (ls == noload && cacherun))
		return;
	if (until_sd_more(p, ls, n, u)) {
		plan_insert(p, i, ls);
		if (ls == cacherun)
			plan_insert(p, i, noload);
		progress_of_plan(s, p);
		return;
	}
	until_sd_say(s, p, ls, n, u);
}

/*
 * A resumed --until-sd plan: a load whose planned runs are all recorded
 * gets the run until_sd_step would have given it after the last of them
 * (cacherun with its noload), in its place in the plan; one with nothing
 * more to run says how it ended.
 */
static void until_sd_resume(struct session *s, struct plan *p, struct until_sd *u)
{
	struct load_state *noload = plan_load(p, &load_noload);
	struct load_state *cacherun = plan_load(p, &load_cacherun);

	for (size_t k = 0; k < p->nloads; k++) {
		struct load_state *ls = &p->loads[k];
		int n = u->done[k];
		size_t at = 0;

		if ((ls == noload && cacherun) || plan_steps_of(p, ls, p->nsteps) > 0)
			continue;
		if (!until_sd_more(p, ls, n, u)) {
			until_sd_say(s, p, ls, n, u);
			continue;
		}
		/* after the steps of the loads before it (the plan runs them in order) */
		for (size_t j = 0; j < p->nsteps; j++)
			if ((size_t)(p->steps[j] - p->loads) < k)
				at = j + 1;
		if (ls == cacherun)
			plan_insert_at(p, at++, noload);
		plan_insert_at(p, at, ls);
		info("%s%s: %d runs recorded, %d of them ok: going on until the SD of Time is at "
		     "most %g%% of its mean, at most %d runs (the plan's --until-sd)",
		     ls == cacherun ? "noload and " : "", ls->row, n, (int)u->time[k].n,
		     u->pct, u->max_runs);
	}
}

/* a row cannot be numbered or written: the runs after it would be lost too */
static int stop_unrecorded(struct session *s, const char *load, const char *what)
{
	progress_clear(s);
	return error("stopping: %s %s; the plan is kept for 'contest run --resume' "
		     "(with the same options) to finish", load, what);
}

/* time a run of ls and append its row: 0 ok, 1 not ok; -1 when it could
 * not be numbered or recorded (said): the session stops there */
static int run_recorded(struct session *s, struct load_state *ls, struct run_record *rec)
{
	int run = results_next_run(s->kdir, ls->row), failed;
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
static int run_steps(struct session *s, const struct run_args *a, struct plan *p,
		     struct until_sd *u)
{
	int failed = 0, ret = 0, ktap = a->format == RUN_KTAP;
	size_t cases = 0;

	progress_release(&s->progress);
	progress_init(&s->progress, now_mono());
	progress_of_plan(s, p);
	progress_read_earlier(&s->progress, config_str(s->cfg, NULL, "results"), s->kernel);
	if (ktap)
		ktap_header(stdout, u->pct ? 0 : p->nsteps);
	for (size_t i = 0; i < p->nsteps && !run_interrupted; i++) {
		struct load_state *ls = p->steps[i];
		struct run_record rec;
		char label[96], times[80];
		double took;

		snprintf(label, sizeof(label), "%s %d/%d", ls->row,
			 plan_steps_of(p, ls, i + 1), plan_steps_of(p, ls, p->nsteps));
		progress_begin(&s->progress, i, label, now_mono());
		if (!s->tty)
			info("%s (run %zu of %zu), %s", label, i + 1, p->nsteps,
			     progress_times(&s->progress, now_mono(), times, sizeof(times)));
		load_prepare(s, ls);
		progress_draw(s);
		ret = run_recorded(s, ls, &rec);
		if (ret < 0)
			break;
		failed |= ret;
		if (!strcmp(rec.status, "ok"))
			running_stats_add(&u->time[ls - p->loads], rec.time_s);
		took = now_mono() - s->progress.step_started;
		progress_end(&s->progress, took, strcmp(rec.status, "ok") ? -1 : rec.time_s);
		announce(s, &rec, took);
		if (ktap)
			ktap_run(stdout, ++cases, s->kernel, &rec);
		if (plan_last_step(p, i))
			until_sd_step(s, p, i, u);
		if (plan_last_step(p, i))
			load_cleanup(ls);
	}
	progress_clear(s);
	s->progress.label = NULL;
	if (ktap && u->pct)
		ktap_plan(stdout, cases);
	return ret < 0 ? -1 : failed;
}

static int print_tables(struct session *s)
{
	struct report_opts opts;
	const char *k = s->kernel;
	char *runs = results_path(s->kdir, NULL, RUNS_FILE);
	int ret = 0;

	report_opts_init(&opts);
	if (access(runs, R_OK) == 0)
		ret = report_print_kernels(config_str(s->cfg, NULL, "results"), &k, 1, &opts, stdout);
	free(runs);
	return ret;
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
	const char *where = config_str(s->cfg, NULL, "scratch_dir");
	char *dir = scratch_make(*where ? where : config_str(s->cfg, NULL, "work_dir"), "scratch");

	if (!dir)
		return -1;
	free(s->scratch_root);
	s->scratch_root = dir;	/* in the registry, and on record: scratch_make did it */
	return 0;
}

/* the plan's loads' counts for --until-sd */
static void until_sd_alloc(struct until_sd *u, const struct plan *p)
{
	u->time = xcalloc(p->nloads + 1, sizeof(*u->time));
	u->done = xcalloc(p->nloads + 1, sizeof(*u->done));
}

static void until_sd_free(struct until_sd *u)
{
	free(u->time);
	free(u->done);
	u->time = NULL;
	u->done = NULL;
}

/* the run count came from the command line (-n, -s runs=): a resume
 * takes the plan's otherwise, as it takes its loads */
static int runs_given(const struct config *cfg)
{
	const char *origin = config_origin(cfg, NULL, "runs");

	return !strcmp(origin, "-n") || !strncmp(origin, "-s ", 3);
}

/*
 * A new plan, saved for --resume; or, with --resume, the saved one's runs
 * that are not recorded yet, with its --until-sd going on from the runs
 * recorded. 0, or -1 (said)
 */
static int make_plan(struct session *s, const struct run_args *a, struct plan *p,
		     struct until_sd *u)
{
	struct resume_plan r;
	int ret = -1;

	if (!a->resume) {
		plan_build(p, s->cfg, a->loads, a->nloads);
		until_sd_alloc(u, p);
		/* without it a run that cannot be recorded would lose the rest */
		return resume_save(s->kdir, s->cfg, p, u->pct, u->max_runs, a->argc, a->argv);
	}
	if (resume_read(s->kdir, &r) == 0 &&
	    (runs_given(s->cfg) || resume_take_runs(&r, s->cfg) == 0)) {
		plan_build(p, s->cfg, a->nloads ? a->loads : r.loads, a->nloads ? a->nloads : r.nloads);
		until_sd_alloc(u, p);
		u->pct = r.until_sd;
		u->max_runs = r.until_sd > 0 ? r.max_runs : u->max_runs;
		if (resume_check(&r, s->cfg, p) == 0)
			ret = resume_skip_done(&r, config_str(s->cfg, NULL, "results"), s->kernel, p,
					       u->done, u->time);
	}
	resume_release(&r);
	return ret;
}

/* the session proper, between its locks: setup, every step, teardown */
static int run_plan(struct session *s, const struct run_args *a, struct plan *p,
		    struct until_sd *u)
{
	int status = 0, steps;

	if (session_start(s) < 0 || make_scratch_root(s) < 0 || prepare_workload(s) < 0) {
		status = EXIT_RUN_FAILED;
		goto out;
	}
	for (size_t i = 0; i < p->nloads; i++)
		load_state_init(s, &p->loads[i]);
	if (a->resume && u->pct > 0)
		until_sd_resume(s, p, u);	/* knowing which loads cannot run here */
	steps = run_steps(s, a, p, u);
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

/* a session's last line: the runs.tsv files its rows went to, after the
 * tables on stdout (one for `run`, one per guest kernel for --boot) */
static void say_where(const char *dir, const char *const *kernels, size_t n)
{
	char *line = xstrdup(""), *next;

	for (size_t i = 0; i < n; i++) {
		char *runs = results_path(dir, kernels[i], RUNS_FILE);

		if (access(runs, F_OK) == 0) {
			next = xasprintf("%s%s%s", line, *line ? ", " : "", runs);
			free(line);
			line = next;
		}
		free(runs);
	}
	if (*line) {
		fflush(stdout);
		info("results in %s", line);
	}
	free(line);
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

/* the variant's knobs, written (and on record) before its session's runs */
static int set_knobs(const struct variant *v)
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

/* and the originals written back after them, newest first */
static int restore_knobs(const struct variant *v)
{
	int ret = 0;

	for (int i = v ? v->nknobs : 0; i-- > 0;)
		if (knob_restore(&v->knobs[i]) < 0)
			ret = -1;
	return ret;
}

static int run_session(struct config *cfg, const char *kernel, struct run_args *a,
		       struct until_sd *u)
{
	struct session_lock rlock = { .fd = -1 }, wlock = { .fd = -1 };
	struct handover h;
	struct session s;
	struct plan p;
	int status, planned = 0;

	memset(&p, 0, sizeof(p));
	/* before the locks: lock_take makes the results directory */
	handover_begin(&h, config_str(cfg, NULL, "results"), kernel);
	if (session_init(&s, cfg, kernel) < 0 || (s.knobs = knobs_line(a->current), 0) ||
	    (s.sweep = a->point, 0) ||
	    lock_take(&wlock, config_str(cfg, NULL, "work_dir"), "work directory", 1) < 0 ||
	    lock_take(&rlock, config_str(cfg, NULL, "results"), "results directory", 0) < 0 ||
	    results_check_appendable(s.kdir) < 0 || handover_note(&h) < 0 ||
	    make_plan(&s, a, &p, u) < 0) {
		status = EXIT_USAGE;
	} else {
		planned = 1;
		cleanup_set_record(wlock.fd);	/* what we make is on record for the next session */
		session_signals();
		if (set_knobs(a->current) < 0)
			status = EXIT_USAGE;
		else
			status = run_plan(&s, a, &p, u);
		if (restore_knobs(a->current) < 0)
			status = status ? status : EXIT_RUN_FAILED;
		/* a cgroup still busy stays on record for the next session to remove */
		cleanup_set_record(-1);
	}
	if (handover_give(&h) < 0)	/* under sudo: what the session made is the user's */
		status = status ? status : EXIT_RUN_FAILED;
	lock_release(&wlock, s.cg.mem_dir[0] || s.cg.cpu_dir[0] || s.cg.acct_dir[0]);
	lock_release(&rlock, 0);
	if (planned && run_interrupted) {
		warning("interrupted by signal %d: finished runs are kept in '%s'",
			(int)run_interrupted, s.kdir);
		status = 128 + run_interrupted;
	} else if (planned && !a->quiet && a->format != RUN_KTAP && print_tables(&s) < 0) {
		status = EXIT_RUN_FAILED;
	}
	if (planned && !a->quiet)
		say_where(config_str(cfg, NULL, "results"), &kernel, 1);
	handover_release(&h);
	until_sd_free(u);
	plan_release(&p);
	session_release(&s);
	return status;
}

/*
 * A session at each point of the sweep, its keys set in cfg before it
 * (one session when there is no sweep). The tables are printed once,
 * after the last point, unless the caller prints them (a->quiet).
 */
static int run_points(struct config *cfg, const char *kernel, struct run_args *a,
		      struct until_sd *u)
{
	int quiet = a->quiet, status = 0;

	if (!a->sweep.npoints)
		return run_session(cfg, kernel, a, u);
	a->quiet = 1;
	for (size_t i = 0; i < a->sweep.npoints && !run_interrupted; i++) {
		int st;

		info("%s at %s (point %zu of %zu)", kernel, a->sweep.points[i], i + 1,
		     a->sweep.npoints);
		a->point = a->sweep.points[i];
		st = sweep_apply(&a->sweep, i, cfg) < 0 ? EXIT_USAGE : run_session(cfg, kernel, a, u);
		if (st == EXIT_USAGE || st >= 128) {
			status = st;
			break;
		}
		status = status ? status : st;
	}
	a->point = NULL;
	a->quiet = quiet;
	if (!quiet && status != EXIT_USAGE && status < 128) {
		struct report_opts opts;

		report_opts_init(&opts);
		if (report_print_kernels(config_str(cfg, NULL, "results"), &kernel, 1, &opts,
					 stdout) < 0)
			status = status ? status : EXIT_RUN_FAILED;
		say_where(config_str(cfg, NULL, "results"), &kernel, 1);
	}
	return status;
}

/*
 * --until-decided's look after round: compare the variants (the first is
 * BASE) at this look's share of alpha (sequential.h); 1 when every NEW
 * variant's verdict of every table's main metric (Time; an interactive
 * task's Latency; a measured load's Work) is better, worse or same.
 */
static int variants_decided(const struct run_args *a, const char *dir, const char **names,
			    size_t round, size_t rounds)
{
	size_t look = sequential_look(round), looks = sequential_looks(rounds), undecided = 0;
	struct compare_opts o;
	struct compare c;

	if (!look)
		return 0;
	compare_opts_init(&o);
	o.alpha = sequential_alpha(look, looks, COMPARE_ALPHA);
	if (!isnan(a->margin))
		o.margin_pct = a->margin;
	if (compare_read(&c, dir, (char *const *)names, (size_t)a->nvariants, &o) < 0)
		return 0;
	for (size_t i = 0; i < c.nrows; i++) {
		const struct compare_row *row = &c.rows[i];

		if (!compare_row_judged(row) || row->is_base)
			continue;
		if (!compare_has_verdict(row) || row->verdict.kind == VERDICT_UNDECIDED) {
			if (round == rounds)
				info("until-decided: %s %s of '%s' still undecided after %zu "
				     "rounds (%s)", row->load, metrics[row->metric].label,
				     row->kernel, round,
				     compare_has_verdict(row) ? row->verdict.reason : "no runs");
			undecided++;
		}
	}
	if (!undecided) {
		for (size_t i = 0; i < c.nrows; i++) {
			const struct compare_row *row = &c.rows[i];

			if (compare_row_judged(row) && !row->is_base)
				info("until-decided: %s %s of '%s': %s (%+.1f%%) after %zu rounds, "
				     "look %zu of %zu at alpha %.3g", row->load,
				     metrics[row->metric].label, row->kernel,
				     verdict_name(row->verdict.kind), row->verdict.diff_pct, round,
				     look, looks, o.alpha);
		}
	}
	compare_release(&c);
	return undecided == 0;
}

/* drop the first n knob holds of hold_knobs */
static void unhold_knobs(const struct run_args *a, int n)
{
	for (int i = 0; i < a->nvariants; i++)
		for (int j = 0; j < a->variants[i].nknobs && n > 0; j++, n--)
			knob_unhold(&a->variants[i].knobs[j]);
}

/* hold every variant's knobs' locks (knob.h), unless status says not to
 * go on: how many holds, or -1 (said, none held) when one cannot be */
static int hold_knobs(const struct run_args *a, int status)
{
	int n = 0;

	for (int i = 0; i < a->nvariants && !status; i++)
		for (int j = 0; j < a->variants[i].nknobs; j++, n++)
			if (knob_hold(&a->variants[i].knobs[j]) < 0) {
				unhold_knobs(a, n);
				return -1;
			}
	return n;
}

/*
 * Variants on one boot: round r runs one session of one run per load for
 * each variant, its knobs set around it, the variants in order on odd
 * rounds and in reverse on even ones (A B, B A: balanced against a drift
 * within the round). Rounds share the hour, so compare sees the
 * variants' runs as interleaved. Then every variant's tables and compare.
 */
static int run_variants(struct run_args *a)
{
	struct config **cfgs = xcalloc((size_t)a->nvariants, sizeof(*cfgs));
	const char **names = xcalloc((size_t)a->nvariants, sizeof(*names));
	struct report_opts opts;
	long long rounds = 0;
	int status = 0, held = 0, i, r;

	for (i = 0; i < a->nvariants && !status; i++) {
		a->current = &a->variants[i];
		names[i] = a->variants[i].name;
		cfgs[i] = config_new(load_sections());
		if (apply_args(cfgs[i], a) < 0 || check_kernel_name(names[i]) < 0 ||
		    config_set(cfgs[i], NULL, "runs", "1", "a variant's round") < 0 ||
		    check_sweep(cfgs[i], a) < 0)
			status = EXIT_USAGE;
		for (int j = 0; j < i && !status; j++) {
			if (!strcmp(names[j], names[i])) {
				error("-k '%s' was given twice: each variant needs a name of its own",
				      names[i]);
				status = EXIT_USAGE;
			}
		}
	}
	/* every knob this command's, machine-wide, until its last round (knob.h) */
	held = hold_knobs(a, status);
	if (held < 0)
		status = EXIT_USAGE;
	/* a value the kernel refuses is bad usage before any run, not in round 1;
	 * a signal meanwhile is taken by the handler, the knob put back */
	session_signals();
	for (i = 0; i < a->nvariants && !status && !run_interrupted; i++)
		if (set_knobs(&a->variants[i]) < 0 || restore_knobs(&a->variants[i]) < 0)
			status = EXIT_USAGE;
	if (!status) {
		struct config *plain = config_new(load_sections());

		a->current = NULL;
		if (apply_args(plain, a) < 0)
			status = EXIT_USAGE;
		else
			rounds = config_int(plain, NULL, "runs");
		config_free(plain);
	}
	if (a->until_decided)
		rounds = a->max_rounds ? a->max_rounds : UNTIL_DECIDED_ROUNDS;
	a->quiet = 1;
	for (r = 0; r < rounds && !status && !run_interrupted; r++) {
		for (int k = 0; k < a->nvariants && !run_interrupted; k++) {
			struct until_sd until;
			int v = r % 2 ? a->nvariants - 1 - k : k, st;

			info("round %d of %lld: %s", r + 1, rounds, names[v]);
			a->current = &a->variants[v];
			if (parse_until_sd(a, cfgs[v], &until) < 0) {
				status = EXIT_USAGE;
				break;
			}
			st = run_points(cfgs[v], names[v], a, &until);
			if (st == EXIT_USAGE || st >= 128) {
				status = st;
				break;
			}
			status = status ? status : st;
		}
		if (a->until_decided && !status && !run_interrupted &&
		    variants_decided(a, config_str(cfgs[0], NULL, "results"), names, r + 1,
				     (size_t)rounds))
			break;
	}
	unhold_knobs(a, held);
	if (run_interrupted && status < 128)
		status = 128 + run_interrupted;
	report_opts_init(&opts);
	if (status != EXIT_USAGE && report_print_kernels(config_str(cfgs[0], NULL, "results"),
							 names, (size_t)a->nvariants, &opts, stdout) < 0)
		status = status ? status : EXIT_RUN_FAILED;
	else if (status != EXIT_USAGE && a->nvariants > 1 &&
		 compare_show(config_str(cfgs[0], NULL, "results"), (char **)names,
			      a->nvariants) < 0)
		status = status ? status : EXIT_RUN_FAILED;
	if (status != EXIT_USAGE)
		say_where(config_str(cfgs[0], NULL, "results"), names, (size_t)a->nvariants);
	for (i = 0; i < a->nvariants; i++)
		config_free(cfgs[i]);
	free(cfgs);
	free(names);
	return status;
}

/* the guests' sessions (boot.c), then their tables and, for several, compare */
static int run_boot(struct config *cfg, struct run_args *a)
{
	struct boot_passthrough pt = { a->argc, a->argv, a->loads, a->nloads };
	const char *dir = config_str(cfg, NULL, "results");
	struct report_opts opts;
	struct boot_ran ran;
	int status = boot_run(cfg, &a->boot, &pt, &ran);

	report_opts_init(&opts);
	if (ran.n && report_print_kernels(dir, (const char *const *)ran.names, ran.n, &opts,
					  stdout) < 0)
		status = status ? status : EXIT_RUN_FAILED;
	else if (ran.n > 1 && compare_show(dir, ran.names, (int)ran.n) < 0)
		status = status ? status : EXIT_RUN_FAILED;
	say_where(dir, (const char *const *)ran.names, ran.n);
	boot_ran_release(&ran);
	return status;
}

int cmd_run(int argc, char **argv)
{
	struct run_args a = { .until_sd = NAN, .margin = NAN };
	struct until_sd until;
	struct config *cfg;
	struct utsname u;
	int status;

	arg_strings_init(&a.sets, argc);
	arg_strings_init(&a.sweeps, argc);
	boot_opts_init(&a.boot, argc);
	a.variants = xcalloc((size_t)argc + 1, sizeof(*a.variants));
	cfg = config_new(load_sections());
	if (parse_args(argc, argv, &a, &status) < 0)
		goto out;
	if (boot_wanted(&a.boot)) {
		status = apply_args(cfg, &a) < 0 ? EXIT_USAGE : cli_close_stdout(run_boot(cfg, &a));
		goto out;
	}
	if (a.nvariants > 1 || a.with_knobs) {
		status = cli_close_stdout(run_variants(&a));
		goto out;
	}
	if (!a.kernel && uname(&u) == 0)
		a.kernel = u.release;
	if (apply_args(cfg, &a) < 0 || check_kernel_name(a.kernel) < 0 ||
	    parse_until_sd(&a, cfg, &until) < 0 || check_sweep(cfg, &a) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	status = cli_close_stdout(run_points(cfg, a.kernel, &a, &until));
out:
	config_free(cfg);
	boot_opts_release(&a.boot);
	arg_strings_release(&a.sets);
	arg_strings_release(&a.sweeps);
	sweep_release(&a.sweep);
	for (int i = 0; i < a.nvariants; i++) {
		free(a.variants[i].knobs);
		free(a.variants[i].sets);
	}
	free(a.variants);
	return status;
}

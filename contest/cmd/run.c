/* cmd/run.c - contest run: its options, the request, what ran printed
 *
 * Parse and check the arguments, make each kernel's config (exit 2 before
 * anything runs), fill a struct run_request and hand it to session_run()
 * (session/rounds.h: one session, a sweep's points, variants in rounds;
 * run --boot's guests go to guest/boot.h), then print what ran: the
 * tables (show/), compare for several kernels, where the rows went.
 */
#include "guest/boot.h"
#include "record/config-keys.h"
#include "results/store.h"
#include "results/sequential.h"
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "loads/loads.h"
#include "lib/owner.h"
#include "session/request.h"
#include "session/session.h"
#include "session/resume.h"
#include "session/rounds.h"
#include "session/until-sd.h"
#include "show/show.h"
#include "lib/util.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/utsname.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest run [-c CONF] [-s KEY=VALUE]... [-k NAME] [-n RUNS] [-r DIR]\n"
	"                   [--until-sd PCT [--max-runs N] | --resume]\n"
	"                   [--format text|ktap] [LOAD...]\n"
	"       contest run [RUN OPTIONS]\n"
	"                   -k NAME [--knob PATH=VALUE]... [--set KEY=VALUE]...\n"
	"                   [-k NAME [--knob PATH=VALUE]... [--set KEY=VALUE]...]...\n"
	"                   [--until-decided [--max-rounds N] [--margin PCT]] [LOAD...]\n"
	"       contest run --boot IMAGE [--boot-arg ARG]... [--vm-mem SIZE]\n"
	"                   [-k NAME[=IMAGE]]... [--interleave] [RUN OPTIONS] [LOAD...]\n";

static const char intro_text[] =
	"\n"
	"Time the workload's compile under each LOAD (default: the config's loads),\n"
	"RUNS times each, append every run to DIR/NAME/runs.tsv, write DIR/NAME/env,\n"
	"then print this kernel's tables.\n";

static const char tail_text[] =
	"Exit status: 0 every run ok, 1 a run or guest was not ok (or the results\n"
	"could not be written), 2 bad usage or config, 4 out of memory, 130/143/129\n"
	"interrupted by SIGINT/SIGTERM/SIGHUP (finished runs are kept).\n";

struct run_args {
	const char *conf, *kernel, *runs, *results;
	struct arg_strings sets;
	struct boot_opts boot;
	struct variant *variants;	/* one per -k, in order */
	int nvariants;
	int with_knobs;			/* some --knob or --set was given */
	struct arg_strings sweeps;	/* --sweep KEY=V1,V2,... */
	struct sweep sweep;		/* their points */
	int format;			/* enum run_format */
	struct run_request rq;		/* the rest, as the sessions take it */
};

enum run_format { RUN_TEXT, RUN_KTAP };	/* --format's words, in this order */

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

/* bad usage: said, with the usage */
static int bad_usage(const char *msg, int *status)
{
	*status = usage_error(usage_text, "%s", msg);
	return -1;
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
		{ .long_name = "until-sd", .type = ARG_NUMBER, .value = &a->rq.until_sd,
		  .argname = "PCT", .min = 0, .max = UNTIL_SD_PCT_BELOW,
		  .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "run each load until the SD of its Time is at most PCT% of\n"
			  "its mean (at least RUNS runs, at least 2)" },
		{ .long_name = "max-runs", .type = ARG_INT, .value = &a->rq.max_runs, .argname = "N",
		  .min = MAX_RUNS_MIN, .max = MAX_RUNS_MAX,
		  .help = "with --until-sd: at most N runs of a load (default 10)" },
		{ .long_name = "resume", .type = ARG_FLAG, .value = &a->rq.resume,
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
		{ .long_name = "append", .type = ARG_FLAG, .value = &a->rq.append,
		  .help = "add to NAME's runs though they were made with other knobs\n"
			  "(refused without it: one mean would mix two settings)" },
		{ .long_name = "sweep", .type = ARG_STRINGS, .value = &a->sweeps,
		  .argname = "KEY=V1,V2,...",
		  .help = "run every load at each value of KEY (LOAD.KEY for a load's\n"
			  "own); several keys go in step, pairwise; report prints a\n"
			  "row per value" },
		{ .long_name = "until-decided", .type = ARG_FLAG, .value = &a->rq.until_decided,
		  .help = "variants: add rounds until every load's Time verdict\n"
			  "against the first is better, worse or same (alpha spent\n"
			  "over the looks), at most --max-rounds" },
		{ .long_name = "max-rounds", .type = ARG_INT, .value = &a->rq.max_rounds,
		  .argname = "N", .min = SEQUENTIAL_FIRST_ROUND, .max = 1000,
		  .help = "with --until-decided: at most N rounds (default 20)" },
		{ .long_name = "margin", .type = ARG_NUMBER, .value = &a->rq.margin,
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
	a->rq.loads = argv + first;
	a->rq.nloads = argc - first;
	a->rq.argc = argc;
	a->rq.argv = argv;
	if ((a->rq.max_rounds || !isnan(a->rq.margin)) && !a->rq.until_decided)
		return bad_usage("--max-rounds and --margin go with --until-decided", status);
	if (a->rq.until_decided && a->nvariants < 2)
		return bad_usage("--until-decided compares variants: give two -k NAME or more",
				   status);
	if ((a->with_knobs || a->rq.until_decided) &&
	    (boot_wanted(&a->boot) || a->rq.resume || !isnan(a->rq.until_sd)))
		return bad_usage("variants (--knob, --set, --until-decided) go with neither "
				   "--boot, --resume nor --until-sd", status);
	if (a->format == RUN_KTAP && (boot_wanted(&a->boot) || a->nvariants > 1 || a->with_knobs))
		return bad_usage("--format ktap goes with one kernel's session, not --boot or "
				   "variants", status);
	if (a->sweeps.n && (a->rq.resume || boot_wanted(&a->boot) || a->format == RUN_KTAP))
		return bad_usage("--sweep goes with neither --resume, --boot nor --format ktap",
				   status);
	if (a->rq.resume && (!isnan(a->rq.until_sd) || a->rq.max_runs || boot_wanted(&a->boot)))
		return bad_usage("--resume goes with neither --until-sd nor --boot (it goes on "
				   "with the plan's --until-sd)", status);
	return 0;
}

/* cfg from -c, -s and variant v's --set (NULL none), -n, -r; the loads checked */
static int apply_args(struct config *cfg, const struct run_args *a, const struct variant *v)
{
	const char **sets = xcalloc((size_t)(a->sets.n + (v ? v->nsets : 0) + 1), sizeof(*sets));
	const struct config_main *m = &contest_config(cfg)->main;
	int n = 0, ret;

	for (int i = 0; i < a->sets.n; i++)
		sets[n++] = a->sets.v[i];
	for (int i = 0; v && i < v->nsets; i++)
		sets[n++] = v->sets[i];
	ret = cli_load_config(cfg, a->conf, sets, n);
	free(sets);
	if (ret < 0)
		return -1;
	if ((a->runs && config_set_field(cfg, &m->runs, a->runs, "-n") < 0) ||
	    (a->results && config_set_field(cfg, &m->results, a->results, "-r") < 0) ||
	    session_absolute_paths(cfg) < 0)
		return -1;
	for (int i = 0; i < a->rq.nloads; i++)
		if (!load_find(a->rq.loads[i]))
			return error("unknown load '%s' (see contest list)", a->rq.loads[i]);
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

/* the guests' sessions (boot.c), then their tables and, for several, compare */
static int run_boot(struct config *cfg, struct run_args *a)
{
	struct boot_passthrough pt = { a->rq.argc, a->rq.argv, a->rq.loads, a->rq.nloads };
	struct boot_ran ran;
	int status = boot_run(cfg, &a->boot, &pt, &ran);
	struct show_ran how = { .tables = ran.n > 0, .where = 1 };

	status = show_ran(contest_config(cfg)->main.results, (const char *const *)ran.names,
			  ran.n, &how, status);
	boot_ran_release(&ran);
	return status;
}

/* each variant's config (its --set after -s, one run a round) and the
 * sweep's points; the rounds are the plain config's runs */
static int variant_configs(struct run_args *a, struct config **cfgs)
{
	struct config *plain;
	int ret;

	for (int i = 0; i < a->nvariants; i++) {
		const char *name = a->variants[i].name;

		cfgs[i] = contest_config_new();
		if (apply_args(cfgs[i], a, &a->variants[i]) < 0 || check_kernel_name(name) < 0 ||
		    config_set_field(cfgs[i], &contest_config(cfgs[i])->main.runs, "1",
				     "a variant's round") < 0 ||
		    check_sweep(cfgs[i], a) < 0)
			return -1;
		for (int j = 0; j < i; j++)
			if (!strcmp(a->variants[j].name, name))
				return error("-k '%s' was given twice: each variant needs a "
					     "name of its own", name);
	}
	plain = contest_config_new();
	ret = apply_args(plain, a, NULL);
	a->rq.rounds = ret < 0 ? 0 : contest_config(plain)->main.runs;
	config_free(plain);
	return ret;
}

/* the one session's config: its kernel (default: uname -r), --until-sd, the sweep */
static int session_config(struct run_args *a, struct config *cfg, struct variant *one)
{
	static struct utsname u;
	struct until_sd until;

	if (!a->kernel && uname(&u) == 0)
		a->kernel = u.release;
	one->name = a->kernel;
	return apply_args(cfg, a, NULL) < 0 || check_kernel_name(a->kernel) < 0 ||
	       until_sd_parse(&until, a->rq.until_sd, a->rq.max_runs, cfg) < 0 ||
	       check_sweep(cfg, a) < 0 ? -1 : 0;
}

/* a guest's session: the number its round's runs share, from the host */
static int first_run_of(struct run_request *rq)
{
	const char *v = getenv(FIRST_RUN_ENV);
	long long n;

	if (!v)
		return 0;
	if (parse_integer(v, &n) < 0 || n < 1 || n > INT_MAX)
		return error("%s=%s: not a run number", FIRST_RUN_ENV, v);
	rq->first_run = (int)n;
	/* the session's, not its workload's: a contest run that one starts numbers its own */
	unsetenv(FIRST_RUN_ENV);
	return 0;
}

int cmd_run(int argc, char **argv)
{
	struct run_args a = { .rq = { .until_sd = NAN, .margin = NAN } };
	struct run_result res = { 0 };
	struct show_ran how;
	struct variant one = { 0 };
	struct config **cfgs = xcalloc((size_t)argc + 1, sizeof(*cfgs));
	const char **names;
	int status, rounds;

	arg_strings_init(&a.sets, argc);
	arg_strings_init(&a.sweeps, argc);
	boot_opts_init(&a.boot, argc);
	a.variants = xcalloc((size_t)argc + 1, sizeof(*a.variants));
	if (parse_args(argc, argv, &a, &status) < 0)
		goto out;
	rounds = a.nvariants > 1 || a.with_knobs;
	if (boot_wanted(&a.boot)) {
		cfgs[0] = contest_config_new();
		status = apply_args(cfgs[0], &a, NULL) < 0 ? EXIT_USAGE :
			 cli_close_stdout(run_boot(cfgs[0], &a));
		goto out;
	}
	cfgs[0] = rounds ? NULL : contest_config_new();
	if ((rounds ? variant_configs(&a, cfgs) : session_config(&a, cfgs[0], &one)) < 0 ||
	    first_run_of(&a.rq) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	a.rq.cfgs = (const struct config *const *)cfgs;
	a.rq.variants = rounds ? a.variants : &one;
	a.rq.nvariants = rounds ? a.nvariants : 1;
	a.rq.in_rounds = rounds;
	a.rq.sweep = &a.sweep;
	a.rq.ktap = a.format == RUN_KTAP;
	session_run(&a.rq, &res);
	names = xcalloc((size_t)a.rq.nvariants, sizeof(*names));
	for (int i = 0; i < a.rq.nvariants; i++)	/* what ran, printed */
		names[i] = a.rq.variants[i].name;
	how = (struct show_ran){ res.tables, res.where, res.alpha, res.margin, res.look,
				  res.looks };
	status = cli_close_stdout(show_ran(contest_config(cfgs[0])->main.results, names,
					   (size_t)a.rq.nvariants, &how, res.status));
	free(names);
out:
	for (int i = 0; i < argc + 1; i++)
		config_free(cfgs[i]);
	free(cfgs);
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

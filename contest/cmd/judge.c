/* judge.c - contest judge: one step of git bisect run, decided by the runs' noise */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "output/bisect-text.h"
#include "results/bisect.h"
#include "results/compare.h"
#include "results/store.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * git bisect run takes 0 as good, 1 to 127 but 125 as bad, 125 as "cannot
 * test, skip", and anything above 127 as the end of the bisection: an
 * error here (bad usage, results that cannot be read, good and bad that
 * cannot be told apart) must stop it, never mark a commit bad, so it is
 * not contest's usual 2
 */
enum { JUDGE_GOOD = 0, JUDGE_BAD = 1, JUDGE_SKIP = 125, JUDGE_ERROR = 128 };

#define JUDGE_ALPHA 0.01

static const char usage_text[] =
	"usage: contest judge [-c CONF] [-s KEY=VALUE]... [-r DIR]\n"
	"                     --good KERNEL --bad KERNEL\n"
	"                     [--load LOAD] [--metric METRIC] [--alpha P] CANDIDATE\n";

static const char intro_text[] =
	"\n"
	"One step of 'git bisect run': is CANDIDATE like the good kernel or like the\n"
	"bad one? It compares the three kernels' runs as compare does (verdicts with\n"
	"the runs' noise, the calibrated drift for separate sessions): CANDIDATE is\n"
	"bad when it is worse than --good and --bad is not worse than it, good the\n"
	"other way round. Exit 0 good, 1 bad, 125 when the runs cannot tell (git\n"
	"bisect skips it; more runs of CANDIDATE may tell), 128 on an error, which\n"
	"stops the bisection rather than mark a commit bad.\n";

static const char tail_text[] =
	"\n"
	"LOAD: by default the first load (in contest's order) on which --bad is\n"
	"decided worse than --good. METRIC: the load's main one (Time; HostCPU\n"
	"for a guest's; a task's Latency; a measured load's Work), or any compare\n"
	"metric (Ratio, CPU%...).\n"
	"Each step tests at --alpha (default 0.01): about 0.05 over five steps.\n"
	"A LOAD or METRIC the runs do not have is an error (128), naming those\n"
	"they have: a mistyped name would otherwise skip every commit.\n";

struct judge_args {
	const char *good, *bad, *load, *metric;
	double alpha;
};

/* the row of kernel in the table named load, for metric (NULL: the main one) */
static const struct compare_row *find_row(const struct compare *c, const char *load,
					  const char *metric, const char *kernel)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (strcmp(row->load, load) || strcmp(row->kernel, kernel))
			continue;
		if (metric ? !strcmp(compare_metric_label(c, row), metric) : row->main)
			return row;
	}
	return NULL;
}

/* has a row of load (any when NULL) by metric (any when NULL)? */
static int has_row(const struct compare *c, const char *load, const char *metric)
{
	for (size_t i = 0; i < c->nrows; i++)
		if ((!load || !strcmp(c->rows[i].load, load)) &&
		    (!metric || !strcmp(compare_metric_label(c, &c->rows[i]), metric)))
			return 1;
	return 0;
}

/* c's loads (of_metrics 0), or the metrics of load (of every load when
 * NULL), each once in the rows' order, ", " between: what is there */
static char *names_in(const struct compare *c, int of_metrics, const char *load)
{
	const char **seen = xcalloc(c->nrows + 1, sizeof(*seen));
	char *text = xstrdup(""), *more;
	size_t n = 0, j;

	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];
		const char *name = of_metrics ? compare_metric_label(c, row) : row->load;

		if (of_metrics && load && strcmp(row->load, load))
			continue;
		for (j = 0; j < n && strcmp(seen[j], name); j++)
			;
		if (j == n) {
			more = xasprintf("%s%s%s", text, n ? ", " : "", name);
			free(text);
			text = more;
			seen[n++] = name;
		}
	}
	free(seen);
	return text;
}

/*
 * A --load or --metric the runs do not have is the script's mistake, the
 * same at every commit: an error (128, the bisection stops), not a
 * candidate the runs cannot tell (125, git bisect would skip every
 * commit). 0, or -1 said, naming what is there.
 */
static int check_asked(const struct compare *c, const struct judge_args *a, const char *cand)
{
	char *there;

	if (a->load && !has_row(c, a->load, NULL)) {
		there = names_in(c, 0, NULL);
		error("no load '%s' in the runs of %s, %s and %s; they have: %s", a->load, a->good,
		      cand, a->bad, there);
	} else if (a->metric && !has_row(c, a->load, a->metric)) {
		there = names_in(c, 1, a->load);
		error("no metric '%s'%s%s in the runs; there are: %s", a->metric,
		      a->load ? " on " : "", a->load ? a->load : "", there);
	} else {
		return 0;
	}
	free(there);
	return -1;
}

/* "worse (+12.3%)" or "undecided (noise: would see only 9.0%)" */
static void say_row(const char *what, const struct compare_row *row)
{
	if (!row || !compare_has_verdict(row)) {
		info("%s: %s", what, row && row->test == TEST_UNLIKE ? row->verdict.reason :
				     "no runs to compare");
		return;
	}
	info("%s: %s (%+.1f%%%s%s)", what, verdict_name(row->verdict.kind),
	     row->verdict.diff_pct, *row->verdict.reason ? "; " : "", row->verdict.reason);
}

/* kernels[0] the base; the comparison at alpha, calibrated by its env for dir */
static int read_pair(struct compare *c, const char *dir, char **kernels, size_t n, double alpha)
{
	struct compare_opts o;
	char **confounds = NULL;
	int ret;

	compare_opts_init(&o);
	o.alpha = alpha;
	ret = compare_read_inputs(c, dir, kernels, n, &o, 0, &confounds);
	compare_confounds_free(confounds);
	return ret;
}

static int judge(const char *dir, const struct judge_args *a, const char *cand)
{
	char *three[] = { (char *)a->good, (char *)cand, (char *)a->bad };
	char *two[] = { (char *)cand, (char *)a->bad };
	const struct compare_row *vs_good, *bad_vs;
	struct compare all, upper;
	const char *load;
	enum bisect_side side;
	char *what;
	int status;

	for (size_t i = 0; i < 3; i++)
		if (results_check_kernel(dir, three[i]) < 0)
			return JUDGE_ERROR;
	if (read_pair(&all, dir, three, 3, a->alpha) < 0)
		return JUDGE_ERROR;
	if (check_asked(&all, a, cand) < 0) {
		compare_release(&all);
		return JUDGE_ERROR;
	}
	if (!(load = a->load ? a->load : bisect_regressed_load(&all, a->bad, a->metric))) {
		error("'%s' is not decided worse than '%s' on any load%s%s: nothing to bisect",
		      a->bad, a->good, a->metric ? " by " : "", a->metric ? a->metric : "");
		compare_release(&all);
		return JUDGE_ERROR;
	}
	if (read_pair(&upper, dir, two, 2, a->alpha) < 0) {
		compare_release(&all);
		return JUDGE_ERROR;
	}
	vs_good = find_row(&all, load, a->metric, cand);
	bad_vs = find_row(&upper, load, a->metric, a->bad);
	what = xasprintf("%s against %s", cand, a->good);
	say_row(what, vs_good);
	free(what);
	what = xasprintf("%s against %s", a->bad, cand);
	say_row(what, bad_vs);
	free(what);
	side = bisect_judge(vs_good, bad_vs);
	status = side == BISECT_BAD ? JUDGE_BAD : side == BISECT_GOOD ? JUDGE_GOOD : JUDGE_SKIP;
	bisect_text_judged(stdout, cand, side, load);
	compare_release(&upper);
	compare_release(&all);
	return status;
}

int cmd_judge(int argc, char **argv)
{
	struct judge_args a = { NULL, NULL, NULL, NULL, JUDGE_ALPHA };
	struct cli_args ca;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		{ .long_name = "good", .type = ARG_STRING, .value = &a.good, .argname = "KERNEL",
		  .help = "a kernel without the regression" },
		{ .long_name = "bad", .type = ARG_STRING, .value = &a.bad, .argname = "KERNEL",
		  .help = "a kernel with it" },
		{ .long_name = "load", .type = ARG_STRING, .value = &a.load, .argname = "LOAD",
		  .help = "the load to judge by (default: the first on which\n"
			  "--bad is worse than --good)" },
		{ .long_name = "metric", .type = ARG_STRING, .value = &a.metric, .argname = "METRIC",
		  .help = "a compare metric: Time, Ratio, CPU%... (default:\n"
			  "the load's main one)" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &a.alpha, .argname = "P",
		  .help = "each step's false-alarm rate (default 0.01)", .min = 0, .max = 0.5,
		  .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX },
		OPTION_END,
	};
	struct config *cfg = NULL;
	int ret, first;

	cli_args_init(&ca, argc);
	ret = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (ret == EXIT_USAGE) {
		ret = JUDGE_ERROR;
	} else if (ret < 0 && (!a.good || !a.bad || argc - first != 1)) {
		usage_error(usage_text, "judge needs --good KERNEL, --bad KERNEL and one CANDIDATE");
		ret = JUDGE_ERROR;
	} else if (ret < 0 && !(cfg = cli_config(&ca))) {
		ret = JUDGE_ERROR;
	} else if (ret < 0) {
		ret = judge(contest_config(cfg)->main.results, &a, argv[first]);
		/* stdout that cannot be written is an error, never a bad commit */
		if (cli_close_stdout(0))
			ret = JUDGE_ERROR;
	}
	config_free(cfg);
	cli_args_release(&ca);
	return ret;
}

/* cmd/compare.c - contest compare: is the difference between kernels real? */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "output/mail.h"
#include "show/show.h"
#include "results/commit-order.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest compare [-c CONF] [-s KEY=VALUE]... [-r DIR]\n"
	"                       [--format " COMPARE_FORMAT_WORDS "]\n"
	"                       [--fail-above PCT] [--alpha A] [--margin PCT]\n"
	"                       [--from ADDRESS] [--to ADDRESS]\n"
	"                       [--load LOAD] [--metric METRIC]\n"
	"                       [--order " COMMIT_ORDER_WORDS "] [BASE NEW...]\n";

static const char intro_text[] =
	"\n"
	"For every load BASE and a NEW kernel both ran, and for Time, CPU%, Loads and\n"
	"LCPU%: the means, sample standard deviations and run counts, the difference\n"
	"from BASE (positive = better), Welch's two-sided p, * for p < A and ** when\n"
	"it also survives Holm's correction; a geometric mean of Time per NEW kernel\n"
	"with its 95% interval. Environment differences are warned about on stderr.\n"
	"Each NEW row also gets the smallest difference its runs would detect (MDE,\n"
	"80% power) and a verdict: better, worse, same (within --margin), changed\n"
	"(LCPU%), or undecided. Runs of separate sessions differ by this machine's\n"
	"drift as well: with a calibration (contest calibrate) it enters the test,\n"
	"without one such rows stay undecided. --order commit takes a bisection's\n"
	"candidates (those named, or every kernel in DIR) in the order of its commits:\n"
	"BASE is the one nearest good.\n";

static const char tail_text[] =
	"Exit status: 0 no difference beyond --fail-above, 1 results unreadable,\n"
	"2 bad usage, 3 a significant difference worse than --fail-above's PCT%.\n";

/* the kernels named, then the comparison; with the results directory a->dir */
static int compare_kernels(struct compare_args *a, char **kernels, int n)
{
	if (n < 2)
		return usage_error(usage_text, "compare needs a BASE kernel and at least one NEW kernel");
	if (a->format == COMPARE_LKP && n != 2)
		return usage_error(usage_text, "--format lkp compares two kernels: BASE and NEW");
	if ((a->load || a->metric) && a->format != COMPARE_LKP)
		return usage_error(usage_text, "--load and --metric go with --format lkp");
	if ((a->format == COMPARE_MAIL || a->format == COMPARE_LKP) &&
	    mail_check_addresses(a->from, a->to) < 0)
		return EXIT_USAGE;
	for (int i = 0; i < n; i++)
		if (results_check_kernel(a->dir, kernels[i]) < 0)
			return EXIT_USAGE;
	return cli_close_stdout(compare_print(a, kernels, n));
}

/* with order ORDER_COMMIT, kernels (none: every one in a->dir) by commit first */
static int compare_named(struct compare_args *a, char **kernels, int n, int order)
{
	char **sorted = NULL;
	size_t count = (size_t)n;
	int status;

	if (order != ORDER_COMMIT)
		return compare_kernels(a, kernels, n);
	for (int i = 0; i < n; i++)
		if (results_check_kernel(a->dir, kernels[i]) < 0)
			return EXIT_USAGE;
	if (results_commit_order(a->dir, kernels, &count, &sorted) < 0)
		return EXIT_USAGE;
	status = compare_kernels(a, sorted, (int)count);
	results_names_release(sorted, count);
	return status;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_args a;
	struct cli_args ca;
	int order = ORDER_GIVEN;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		CLI_OPT_FORMAT(&a.format, COMPARE_FORMAT_WORDS,
			       "text (default); mail: a whole message for a list (80\n"
			       "columns, ASCII, the environment's differences in it);\n"
			       "csv; json; lkp: two kernels as the kernel test robot\n"
			       "mails a regression (a table of every metric, MDE and\n"
			       "verdict, the rerun commands)"),
		{ .long_name = "fail-above", .type = ARG_NUMBER, .value = &a.fail_above,
		  .argname = "PCT", .min = 0, .max = INFINITY,
		  .help = "exit 3 when a significant difference is worse than PCT%" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &a.o.alpha, .argname = "A",
		  .min = 0, .max = 1, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "the significance level (default 0.05)" },
		{ .long_name = "margin", .type = ARG_NUMBER, .value = &a.o.margin_pct,
		  .argname = "PCT", .min = 0, .max = 100, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "a verdict of same means within +-PCT% (default 2)" },
		{ .long_name = "from", .type = ARG_STRING, .value = &a.from, .argname = "ADDRESS",
		  .help = "mail: From: (default $EMAIL; else git config's\n"
			  "user.name <user.email>; else user@host, with the\n"
			  "passwd entry's name if it has one)" },
		{ .long_name = "to", .type = ARG_STRING, .value = &a.to, .argname = "ADDRESS",
		  .help = "mail: To: (default none)" },
		{ .long_name = "load", .type = ARG_STRING, .value = &a.load, .argname = "LOAD",
		  .help = "lkp: the load of the row the mail is about (default: the\n"
			  "largest change judged worse)" },
		{ .long_name = "metric", .type = ARG_STRING, .value = &a.metric, .argname = "METRIC",
		  .help = "lkp: that row's metric (Time, time_s, psi_io_some_us...)" },
		{ .long_name = "order", .type = ARG_CHOICE, .value = &order,
		  .choices = COMMIT_ORDER_WORDS, .argname = COMMIT_ORDER_WORDS,
		  .help = "a bisection's candidates in the order of its\n"
			  "commits, good first (commit), or as given" },
		OPTION_END,
	};
	struct config *cfg = NULL;
	int status, first;

	compare_args_init(&a, NULL);
	cli_args_init(&ca, argc);
	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status < 0) {
		cfg = cli_config(&ca);
		status = EXIT_USAGE;
	}
	if (cfg) {
		a.dir = contest_config(cfg)->main.results;
		status = compare_named(&a, argv + first, argc - first, order);
	}
	config_free(cfg);
	cli_args_release(&ca);
	return status;
}

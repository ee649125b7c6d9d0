/* changes.c - contest changes: where each load's number changed over a
 * lab's history of kernels */
#include "record/config-keys.h"
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "output/changes-mail.h"
#include "output/changes-html.h"
#include "output/html-page.h"
#include "output/mail.h"
#include "results/history.h"
#include "lib/page-dir.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>

static const char usage_text[] =
	"usage: contest changes [-c CONF] [-s KEY=VALUE]... [-r DIR]\n"
	"                       [--order " HISTORY_ORDER_WORDS "] [--alpha P]\n"
	"                       [--min-change PCT] [--metric M]\n"
	"                       [--format " CHANGES_FORMAT_WORDS "] [-o DIR]\n"
	"                       [--from ADDRESS] [--to ADDRESS] [KERNEL...]\n";

static const char intro_text[] =
	"\n"
	"The change points of each load's series over the kernels in order: E-divisive\n"
	"means over every run, each tested (Student's t, corrected for the search), the\n"
	"drift between sessions allowed for where contest calibrate measured it. KERNELs\n"
	"in the order given; none given, every kernel in DIR by version (sort -V).\n";

struct changes_args {
	int order, format;
	double alpha, min_change;
	const char *metric, *out_dir;
	struct changes_write_opts w;
};

static int check_args(const struct changes_args *a, int *metric)
{
	*metric = -1;
	if (a->metric && (*metric = history_metric_named(a->metric)) < 0)
		return error("--metric '%s': not a measure of a run", a->metric);
	if ((a->format == CHANGES_HTML) != !!a->out_dir)
		return error("--format html and -o DIR go together");
	if (a->format == CHANGES_HTML && page_dir_check(a->out_dir, HTML_PAGE_GENERATOR) < 0)
		return -1;
	if (a->format == CHANGES_MAIL && mail_check_addresses(a->w.from, a->w.to) < 0)
		return -1;
	return 0;
}

static int changes_named(const char *dir, char **kernels, int n, struct changes_args *a)
{
	struct changes_opts o;
	struct history h;
	int metric, ret, failed;

	if (check_args(a, &metric) < 0)
		return cli_usage(usage_text);
	for (int i = 0; i < n; i++)
		if (results_check_kernel(dir, kernels[i]) < 0)
			return EXIT_USAGE;
	changes_opts_init(&o);
	o.alpha = a->alpha;
	o.min_change_pct = a->min_change;
	if (a->order < 0)	/* a folder's names are versions; a rerun is not a newer kernel */
		a->order = n ? HISTORY_GIVEN : HISTORY_VERSION;
	ret = history_read(dir, (const char *const *)kernels, (size_t)n,
			   (enum history_order)a->order, metric, &o, &h);
	if (ret < 0)
		return EXIT_RUN_FAILED;
	if (a->order != HISTORY_GIVEN && h.time_version < HISTORY_ORDERS_DISAGREE)
		warning("the kernels' first runs are far from their version order (rank "
			"correlation %.2f): --order %s would give another history",
			h.time_version, a->order == HISTORY_TIME ? "version" : "time");
	a->w.format = (enum changes_format)a->format;
	a->w.min_change_pct = a->min_change;
	a->w.dir = dir;
	if (a->format == CHANGES_HTML)
		failed = changes_write_html(&h, a->out_dir) < 0;
	else if (a->format == CHANGES_MAIL)
		failed = changes_write_mail(&h, &a->w, stdout) < 0;
	else
		failed = changes_write(&h, &a->w, stdout) < 0;
	history_release(&h);
	return cli_close_stdout(failed || ret ? EXIT_RUN_FAILED : 0);
}

int cmd_changes(int argc, char **argv)
{
	struct changes_args a = { .alpha = CHANGES_ALPHA, .order = -1 };
	struct cli_args ca;
	struct config *cfg = NULL;
	int status, first;
	const struct option_spec table[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		{ .long_name = "order", .type = ARG_CHOICE, .value = &a.order,
		  .choices = HISTORY_ORDER_WORDS, .argname = HISTORY_ORDER_WORDS,
		  .help = "the kernels as given (the default with KERNELs), by\n"
			  "version as sort -V (the default without), or by the\n"
			  "time of their first run" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &a.alpha, .argname = "P",
		  .min = 0, .max = 1, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "each change point's test, corrected for the search (default 0.05)" },
		{ .long_name = "min-change", .type = ARG_NUMBER, .value = &a.min_change,
		  .argname = "PCT", .min = 0, .max = 1000,
		  .help = "a change smaller than PCT percent is none (default 0)" },
		{ .long_name = "metric", .type = ARG_STRING, .value = &a.metric, .argname = "M",
		  .help = "the measure (a runs.tsv column or a label: time_s, Work);\n"
			  "default each table's main one" },
		CLI_OPT_FORMAT(&a.format, CHANGES_FORMAT_WORDS,
			       "text (default), csv, json; mail: one digest; html:\n"
			       "history charts in -o DIR"),
		{ .short_name = 'o', .long_name = "output", .type = ARG_STRING, .value = &a.out_dir,
		  .argname = "DIR", .help = "html: where index.html goes" },
		{ .long_name = "from", .type = ARG_STRING, .value = &a.w.from, .argname = "ADDRESS",
		  .help = "mail: From: (default $EMAIL, else user@host)" },
		{ .long_name = "to", .type = ARG_STRING, .value = &a.w.to, .argname = "ADDRESS",
		  .help = "mail: To: (default none)" },
		OPTION_END,
	};

	cli_args_init(&ca, argc);
	status = cli_parse(argc, argv, table, 0, usage_text, intro_text, NULL, &first);
	if (status < 0) {
		cfg = cli_config(&ca);
		status = EXIT_USAGE;
	}
	if (cfg)
		status = changes_named(contest_config(cfg)->main.results, argv + first, argc - first,
				       &a);
	config_free(cfg);
	cli_args_release(&ca);
	return status;
}

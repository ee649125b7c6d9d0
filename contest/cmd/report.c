/* cmd/report.c - contest report: the tables of the kernels in a results directory */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "output/mail.h"
#include "output/report-html.h"
#include "output/report-write.h"
#include "show/show.h"
#include "results/commit-order.h"
#include "lib/page-dir.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest report [-c CONF] [-s KEY=VALUE]... [-r DIR]\n"
	"                      [--reference KERNEL | --reference-time SECONDS]\n"
	"                      [--ratio reference|self] [--stats]\n"
	"                      [--order " COMMIT_ORDER_WORDS "]\n"
	"                      [--format " REPORT_FORMAT_WORDS "] [-o DIR]\n"
	"                      [--from ADDRESS] [--to ADDRESS] [--origin NAME]\n"
	"                      [KERNEL...]\n";

static const char intro_text[] =
	"\n"
	"Print one table per load, one row per kernel: the means over its ok runs.\n"
	"KERNELs appear in the order given; none given, every kernel in DIR, oldest\n"
	"first. --order commit puts a bisection's candidates in the order of its\n"
	"commits, good first (their env files name them).\n";

/* --ratio's words, in the order of its enum (report.h) */
static const char ratio_words[] = "reference|self";

static int check_combination(const struct report_opts *opts)
{
	if (opts->reference && opts->reference_time > 0)
		return error("--reference and --reference-time cannot be combined");
	if (opts->ratio == RATIO_SELF && (opts->reference || opts->reference_time > 0))
		return error("--ratio self takes no reference");
	if (opts->format == REPORT_HTML && !opts->out_dir)
		return error("--format html writes a page into a directory: give -o DIR");
	if (opts->format != REPORT_HTML && opts->out_dir)
		return error("-o DIR goes with --format html");
	if (opts->format == REPORT_HTML && page_dir_check(opts->out_dir, REPORT_HTML_GENERATOR) < 0)
		return -1;
	if (opts->format == REPORT_MAIL && mail_check_addresses(opts->from, opts->to) < 0)
		return -1;
	if ((opts->format == REPORT_KCIDB) != !!opts->origin)
		return error("--format kcidb and --origin NAME go together");
	/* KCIDB's origin pattern, v5.3 */
	if (opts->origin && (!*opts->origin || opts->origin[strspn(opts->origin,
			     "abcdefghijklmnopqrstuvwxyz0123456789_")]))
		return error("--origin '%s': KCIDB wants lower-case letters, digits and '_'",
			     opts->origin);
	return 0;
}

static int check_kernels(const char *dir, char **kernels, int n, const struct report_opts *opts)
{
	int i;

	for (i = 0; i < n; i++)
		if (results_check_kernel(dir, kernels[i]) < 0)
			return -1;
	if (opts->reference && results_check_kernel(dir, opts->reference) < 0)
		return -1;
	return 0;
}

/* --format html: the report and its inputs read, the charts made, then the page */
static int print_page(const char *dir, const char *const *kernels, size_t n,
		      const struct report_opts *opts)
{
	unsigned needs = report_write_needs(opts);
	struct plot_set set;
	struct report r;
	int ret = report_collect(dir, kernels, n, opts, needs, &r), charts_ok;

	if (ret < 0)
		return -1;
	if (report_read_inputs(&r, dir, needs) < 0) {
		ret = -1;
	} else {
		charts_ok = report_html_charts(&r, opts, &set) == 0;
		if (report_write_html(&r, opts, &set, charts_ok, stdout) < 0)
			ret = -1;
		plot_set_release(&set);
	}
	report_inputs_release(&r);
	report_release(&r);
	return ret ? -1 : 0;
}

/*
 * The tables (or the page) of kernels[0..n) (none: every kernel) of dir;
 * with order ORDER_COMMIT, in the order of the bisection's commits.
 */
static int report_named(const char *dir, char **kernels, int n, int order,
			struct report_opts *opts)
{
	char **sorted = NULL;
	size_t count = (size_t)n;
	int failed;

	if (check_combination(opts) < 0)
		return cli_usage(usage_text);
	if (check_kernels(dir, kernels, n, opts) < 0)
		return EXIT_USAGE;
	if (order == ORDER_COMMIT) {
		if (results_commit_order(dir, kernels, &count, &sorted) < 0)
			return EXIT_USAGE;
		kernels = sorted;
		n = (int)count;
	}
	if (opts->format == REPORT_HTML)
		failed = print_page(dir, (const char *const *)kernels, (size_t)n, opts) < 0;
	else
		failed = report_print_kernels(dir, (const char *const *)kernels, (size_t)n, opts,
					      stdout) < 0;
	results_names_release(sorted, sorted ? count : 0);
	return cli_close_stdout(failed ? EXIT_RUN_FAILED : 0);
}

int cmd_report(int argc, char **argv)
{
	struct report_opts opts;
	struct cli_args ca;
	struct config *cfg = NULL;
	int format = REPORT_TEXT, ratio = RATIO_REFERENCE, order = ORDER_GIVEN, status, first;
	const struct option_spec table[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		{ .long_name = "reference", .type = ARG_STRING, .value = &opts.reference,
		  .argname = "KERNEL",
		  .help = "Ratio divides by KERNEL's noload mean (default: the first kernel)" },
		{ .long_name = "reference-time", .type = ARG_NUMBER, .value = &opts.reference_time,
		  .argname = "SECONDS", .min = 0, .max = INFINITY, .bounds = ARG_OPEN_MIN,
		  .help = "Ratio divides by SECONDS" },
		{ .long_name = "ratio", .type = ARG_CHOICE, .value = &ratio, .choices = ratio_words,
		  .argname = "reference|self",
		  .help = "self: each kernel by its own noload mean (contest 0.6x)" },
		{ .long_name = "order", .type = ARG_CHOICE, .value = &order,
		  .choices = COMMIT_ORDER_WORDS, .argname = COMMIT_ORDER_WORDS,
		  .help = "a bisection's candidates in the order of its\n"
			  "commits, good first (commit), or as given" },
		CLI_OPT_FORMAT(&format, REPORT_FORMAT_WORDS,
			       "text (default): the tables; classic: as posted to\n"
			       "linux-kernel in 2002; mail: a whole message; html:\n"
			       "a page with charts in -o DIR; csv, json; kcidb: KernelCI's\n"
			       "database submission (with --origin)"),
		{ .long_name = "stats", .type = ARG_FLAG, .value = &opts.stats,
		  .help = "add SD (sample standard deviation) and CI95 (half the\n"
			  "95% interval) of Time, and LoadsSD" },
		{ .short_name = 'o', .long_name = "output", .type = ARG_STRING,
		  .value = &opts.out_dir, .argname = "DIR", .help = "html: where index.html goes" },
		{ .long_name = "from", .type = ARG_STRING, .value = &opts.from, .argname = "ADDRESS",
		  .help = "mail: From: (default $EMAIL; else git config's\n"
			  "user.name <user.email>; else user@host, with the\n"
			  "passwd entry's name if it has one)" },
		{ .long_name = "to", .type = ARG_STRING, .value = &opts.to, .argname = "ADDRESS",
		  .help = "mail: To: (default none)" },
		{ .long_name = "origin", .type = ARG_STRING, .value = &opts.origin, .argname = "NAME",
		  .help = "kcidb: the CI system submitting, in every id" },
		OPTION_END,
	};

	report_opts_init(&opts);
	cli_args_init(&ca, argc);
	status = cli_parse(argc, argv, table, 0, usage_text, intro_text, NULL, &first);
	if (status < 0) {
		cfg = cli_config(&ca);
		status = EXIT_USAGE;
	}
	if (cfg) {
		opts.format = (enum report_format)format;
		opts.ratio = (enum ratio_mode)ratio;
		status = report_named(contest_config(cfg)->main.results, argv + first, argc - first,
				      order, &opts);
	}
	config_free(cfg);
	cli_args_release(&ca);
	return status;
}

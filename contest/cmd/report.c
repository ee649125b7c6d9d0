/* cmd-report.c - contest report: the tables of the kernels in a results directory */
#include "cmd/cli.h"
#include "output/mail.h"
#include "output/report-html.h"
#include "results/report.h"
#include "lib/page-dir.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest report [-r DIR] [--reference KERNEL | --reference-time SECONDS]\n"
	"                      [--ratio reference|self] [--stats]\n"
	"                      [--format text|classic|mail|html|csv|json] [-o DIR]\n"
	"                      [--from ADDRESS] [--to ADDRESS] [KERNEL...]\n";

static const char help_text[] =
	"\n"
	"Print one table per load, one row per kernel: the means over its ok runs.\n"
	"KERNELs appear in the order given; none given, every kernel in DIR, oldest first.\n"
	"\n"
	"  -r, --results DIR          the results directory (default reports)\n"
	"      --reference KERNEL     Ratio divides by KERNEL's noload mean (default: the first kernel)\n"
	"      --reference-time SECONDS  Ratio divides by SECONDS\n"
	"      --ratio reference|self self: each kernel by its own noload mean (contest 0.6x)\n"
	"      --format FORMAT        text (default): the tables; classic: as posted to\n"
	"                             linux-kernel in 2002; mail: a whole message; html:\n"
	"                             a page with charts in -o DIR; csv, json\n"
	"      --stats                add SD (sample standard deviation) and CI95 (half the\n"
	"                             95% interval) of Time, and LoadsSD\n"
	"  -o, --output DIR           html: where index.html goes\n"
	"      --from ADDRESS         mail: From: (default $EMAIL, else user@host)\n"
	"      --to ADDRESS           mail: To: (default none)\n"
	"  -h, --help                 this text\n";

enum { OPT_REFERENCE = 256, OPT_REFERENCE_TIME, OPT_RATIO, OPT_FORMAT, OPT_STATS, OPT_FROM, OPT_TO };

static const struct option long_options[] = {
	{ "results", required_argument, NULL, 'r' },
	{ "reference", required_argument, NULL, OPT_REFERENCE },
	{ "reference-time", required_argument, NULL, OPT_REFERENCE_TIME },
	{ "ratio", required_argument, NULL, OPT_RATIO },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "stats", no_argument, NULL, OPT_STATS },
	{ "output", required_argument, NULL, 'o' },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_format(const char *s, enum report_format *out)
{
	static const struct { const char *name; enum report_format format; } formats[] = {
		{ "text", REPORT_TEXT }, { "classic", REPORT_CLASSIC }, { "mail", REPORT_MAIL },
		{ "html", REPORT_HTML }, { "csv", REPORT_CSV }, { "json", REPORT_JSON },
	};
	size_t i;

	for (i = 0; i < ARRAY_SIZE(formats); i++) {
		if (!strcmp(s, formats[i].name)) {
			*out = formats[i].format;
			return 0;
		}
	}
	return error("unknown format '%s' (text, classic, mail, html, csv or json)", s);
}

static int parse_seconds(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	if (end == s || *end || errno || !isfinite(*out) || *out <= 0)
		return error("--reference-time wants a number of seconds above 0, not '%s'", s);
	return 0;
}

static int parse_ratio(const char *s, enum ratio_mode *out)
{
	if (!strcmp(s, "reference"))
		*out = RATIO_REFERENCE;
	else if (!strcmp(s, "self"))
		*out = RATIO_SELF;
	else
		return error("unknown ratio '%s' (reference or self)", s);
	return 0;
}

/* One option; 0, 1 for --help, -1 for bad usage (message printed) */
static int parse_option(int c, const char *arg, char **argv, struct report_opts *opts,
			const char **dir)
{
	switch (c) {
	case 'r':
		*dir = arg;
		return 0;
	case OPT_REFERENCE:
		opts->reference = arg;
		return 0;
	case OPT_REFERENCE_TIME:
		return parse_seconds(arg, &opts->reference_time);
	case OPT_RATIO:
		return parse_ratio(arg, &opts->ratio);
	case OPT_FORMAT:
		return parse_format(arg, &opts->format);
	case OPT_STATS:
		opts->stats = 1;
		return 0;
	case 'o':
		opts->out_dir = arg;
		return 0;
	case OPT_FROM:
		opts->from = arg;
		return 0;
	case OPT_TO:
		opts->to = arg;
		return 0;
	case 'h':
		return 1;
	default:
		return cli_option_error(c, argv);
	}
}

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

/* the images' bytes, for the page to embed; one that cannot be read is left out */
static void read_images(struct plot_set *set)
{
	for (size_t i = 0; i < set->n; i++) {
		struct plot_image *img = &set->images[i];

		if (!(img->data = read_text_file(img->path, &img->len)))
			error("cannot read '%s': %s", img->path, strerror(errno));
	}
}

/* --format html: the report and its inputs read, the charts made, then the page */
static int print_page(const char *dir, const char *const *kernels, size_t n,
		      const struct report_opts *opts)
{
	struct plot_set set;
	struct report r;
	int ret = report_collect(dir, kernels, n, opts, &r), charts_ok;

	if (ret < 0)
		return -1;
	if (report_read_inputs(&r, dir, opts) < 0) {
		ret = -1;
	} else {
		charts_ok = report_html_charts(&r, opts, &set) == 0;
		read_images(&set);
		if (report_write_html(&r, opts, &set, charts_ok, stdout) < 0)
			ret = -1;
		plot_set_release(&set);
	}
	report_inputs_release(&r);
	report_release(&r);
	return ret ? -1 : 0;
}

int cmd_report(int argc, char **argv)
{
	struct report_opts opts;
	const char *dir = "reports";
	int c, status;

	report_opts_init(&opts);
	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:o:h", long_options, NULL)) != -1) {
		status = cli_parse_done(parse_option(c, optarg, argv, &opts, &dir), usage_text,
					help_text);
		if (status >= 0)
			return status;
	}
	if (check_combination(&opts) < 0)
		return cli_parse_done(-1, usage_text, help_text);
	if (check_kernels(dir, argv + optind, argc - optind, &opts) < 0)
		return EXIT_USAGE;
	if (opts.format == REPORT_HTML)
		status = print_page(dir, (const char *const *)(argv + optind),
				    (size_t)(argc - optind), &opts) < 0;
	else
		status = report_print_kernels(dir, (const char *const *)(argv + optind),
					      (size_t)(argc - optind), &opts, stdout) < 0;
	return cli_close_stdout(status ? EXIT_RUN_FAILED : 0);
}

/* cmd-compare.c - contest compare: is the difference between kernels real? */
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "results/compare.h"
#include "output/compare-mail.h"
#include "lib/util.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest compare [-r DIR] [--format text|mail|csv|json] [--fail-above PCT]\n"
	"                       [--alpha A] [--from ADDRESS] [--to ADDRESS] BASE NEW...\n";

static const char help_text[] =
	"\n"
	"For every load BASE and a NEW kernel both ran, and for Time, CPU%, Loads and\n"
	"LCPU%: the means, sample standard deviations and run counts, the difference\n"
	"from BASE (positive = better), Welch's two-sided p, * for p < A and ** when\n"
	"it also survives Holm's correction; a geometric mean of Time per NEW kernel\n"
	"with its 95% interval. Environment differences are warned about on stderr.\n"
	"\n"
	"  -r, --results DIR      the results directory (default reports)\n"
	"      --format FORMAT    text (default); mail: a whole message for a list (80\n"
	"                         columns, ASCII, the environment's differences in it);\n"
	"                         csv; json\n"
	"      --fail-above PCT   exit 1 when a significant difference is worse than PCT%\n"
	"      --alpha A          the significance level (default 0.05)\n"
	"      --from ADDRESS     mail: From: (default $EMAIL, else user@host)\n"
	"      --to ADDRESS       mail: To: (default none)\n"
	"  -h, --help             this text\n"
	"\n"
	"Exit status: 0, 1 a difference beyond --fail-above (or results unreadable),\n"
	"2 bad usage.\n";

enum { OPT_FORMAT = 256, OPT_FAIL_ABOVE, OPT_ALPHA, OPT_FROM, OPT_TO };

static const struct option long_options[] = {
	{ "results", required_argument, NULL, 'r' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	{ "from", required_argument, NULL, OPT_FROM },
	{ "to", required_argument, NULL, OPT_TO },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

enum compare_format { FORMAT_TEXT, FORMAT_MAIL, FORMAT_CSV, FORMAT_JSON };

struct compare_args {
	const char *dir;
	enum compare_format format;
	double fail_above;	/* NAN: no gate */
	double alpha;
	const char *from, *to;	/* mail's headers; NULL: the default */
};

static int parse_number(const char *s, double *out)
{
	char *end;

	errno = 0;
	*out = strtod(s, &end);
	return end == s || *end || errno || !isfinite(*out) ? -1 : 0;
}

static int parse_format(const char *s, enum compare_format *out)
{
	if (!strcmp(s, "text"))
		*out = FORMAT_TEXT;
	else if (!strcmp(s, "mail"))
		*out = FORMAT_MAIL;
	else if (!strcmp(s, "csv"))
		*out = FORMAT_CSV;
	else if (!strcmp(s, "json"))
		*out = FORMAT_JSON;
	else
		return error("unknown format '%s' (text, mail, csv or json)", s);
	return 0;
}

/* One option; 0, 1 for --help, -1 for bad usage (message printed) */
static int parse_option(int c, const char *arg, char **argv, struct compare_args *a)
{
	switch (c) {
	case 'r':
		a->dir = arg;
		return 0;
	case OPT_FORMAT:
		return parse_format(arg, &a->format);
	case OPT_FAIL_ABOVE:
		if (parse_number(arg, &a->fail_above) < 0 || a->fail_above < 0)
			return error("--fail-above wants a percentage, 0 or more, not '%s'", arg);
		return 0;
	case OPT_ALPHA:
		if (parse_number(arg, &a->alpha) < 0 || a->alpha <= 0 || a->alpha >= 1)
			return error("--alpha wants a number between 0 and 1, not '%s'", arg);
		return 0;
	case OPT_FROM:
		a->from = arg;
		return 0;
	case OPT_TO:
		a->to = arg;
		return 0;
	case 'h':
		return 1;
	default:
		return cli_option_error(c, argv);
	}
}

/* on stderr, whatever the format: a mail carries them in its body too */
static void warn_confounds(char **confounds)
{
	for (char **s = confounds; *s; s++)
		warning("%s", *s);
}

static int write_mail(const struct compare *c, const struct compare_args *a, char **kernels,
		      int n, char **confounds)
{
	char **envs = results_read_envs(a->dir, kernels, (size_t)n);
	int ret = compare_write_mail(c, envs, confounds, a->from, a->to, stdout);

	results_envs_free(envs, (size_t)n);
	return ret;
}

static int write_compare(const struct compare *c, const struct compare_args *a, char **kernels,
			 int n, char **confounds)
{
	switch (a->format) {
	case FORMAT_MAIL:
		return write_mail(c, a, kernels, n, confounds);
	case FORMAT_CSV:
		return compare_write_csv(c, stdout);
	case FORMAT_JSON:
		return compare_write_json(c, stdout);
	case FORMAT_TEXT:
		break;
	}
	return compare_write_text(c, stdout);
}

static int run_compare(const struct compare_args *a, char **kernels, int n)
{
	struct compare c;
	char **confounds;
	int status = 0;

	if (compare_read(&c, a->dir, kernels, (size_t)n, a->alpha) < 0)
		return EXIT_RUN_FAILED;
	confounds = compare_confounds(a->dir, kernels, (size_t)n);
	warn_confounds(confounds);
	if (write_compare(&c, a, kernels, n, confounds) < 0)
		status = EXIT_RUN_FAILED;
	else if (!isnan(a->fail_above) && compare_failures(&c, a->fail_above, stderr) > 0)
		status = EXIT_RUN_FAILED;
	compare_confounds_free(confounds);
	compare_release(&c);
	return status;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_args a = { "reports", FORMAT_TEXT, NAN, 0.05, NULL, NULL };
	int c, status;

	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:h", long_options, NULL)) != -1) {
		status = cli_parse_done(parse_option(c, optarg, argv, &a), usage_text, help_text);
		if (status >= 0)
			return status;
	}
	if (argc - optind < 2) {
		error("compare needs a BASE kernel and at least one NEW kernel");
		fputs(usage_text, stderr);
		return EXIT_USAGE;
	}
	if (a.format == FORMAT_MAIL && mail_check_addresses(a.from, a.to) < 0)
		return EXIT_USAGE;
	for (int i = optind; i < argc; i++)
		if (results_check_kernel(a.dir, argv[i]) < 0)
			return EXIT_USAGE;
	return cli_close_stdout(run_compare(&a, argv + optind, argc - optind));
}

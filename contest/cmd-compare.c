/* cmd-compare.c - contest compare: is the difference between kernels real? */
#include "cli.h"
#include "cmds.h"
#include "compare.h"
#include "fingerprint.h"
#include "util.h"

#include <errno.h>
#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static const char usage_text[] =
	"usage: contest compare [-r DIR] [--format text|csv|json] [--fail-above PCT]\n"
	"                       [--alpha A] BASE NEW...\n";

static const char help_text[] =
	"\n"
	"For every load BASE and a NEW kernel both ran, and for Time, CPU%, Loads and\n"
	"LCPU%: the means, sample standard deviations and run counts, the difference\n"
	"from BASE (positive = better), Welch's two-sided p, * for p < A and ** when\n"
	"it also survives Holm's correction; a geometric mean of Time per NEW kernel\n"
	"with its 95% interval. Environment differences are warned about on stderr.\n"
	"\n"
	"  -r, --results DIR      the results directory (default reports)\n"
	"      --format text|csv|json\n"
	"      --fail-above PCT   exit 1 when a significant difference is worse than PCT%\n"
	"      --alpha A          the significance level (default 0.05)\n"
	"  -h, --help             this text\n"
	"\n"
	"Exit status: 0, 1 a difference beyond --fail-above (or results unreadable),\n"
	"2 bad usage.\n";

enum { OPT_FORMAT = 256, OPT_FAIL_ABOVE, OPT_ALPHA };

static const struct option long_options[] = {
	{ "results", required_argument, NULL, 'r' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "fail-above", required_argument, NULL, OPT_FAIL_ABOVE },
	{ "alpha", required_argument, NULL, OPT_ALPHA },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

enum compare_format { FORMAT_TEXT, FORMAT_CSV, FORMAT_JSON };

struct compare_args {
	const char *dir;
	enum compare_format format;
	double fail_above;	/* NAN: no gate */
	double alpha;
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
	else if (!strcmp(s, "csv"))
		*out = FORMAT_CSV;
	else if (!strcmp(s, "json"))
		*out = FORMAT_JSON;
	else
		return error("unknown format '%s' (text, csv or json)", s);
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
	case 'h':
		return 1;
	case ':':
		return error("option '%s' needs a value", argv[optind - 1]);
	default:
		if (optopt > 0 && optopt < 256)
			return error("unknown option '-%c'", optopt);
		return error("unknown option '%s'", argv[optind - 1]);
	}
}

/* A kernel named on the command line must have results: a typo is bad usage */
static int check_kernel(const char *dir, const char *kernel)
{
	char *path = xasprintf("%s/%s/runs.tsv", dir, kernel);
	struct stat st;
	int ret = 0;

	if (stat(path, &st) < 0)
		ret = error("no results for kernel '%s' in '%s'", kernel, dir);
	free(path);
	return ret;
}

static char *read_env(const char *dir, const char *kernel)
{
	char *path = xasprintf("%s/%s/env", dir, kernel), *text = read_text_file(path, NULL);

	if (!text)
		warning("no env file for '%s' ('%s'): its environment cannot be checked",
			kernel, path);
	free(path);
	return text;
}

/* One line per difference; a different memory size shouts */
static void warn_difference(const char *base, const char *new, const char *key,
			    const char *env_base, const char *env_new)
{
	char *vb = fingerprint_value(env_base, key), *vn = fingerprint_value(env_new, key);

	if (!strcmp(key, "memtotal"))
		warning("MEMORY DIFFERS: '%s' had memtotal %s, '%s' had %s: this compares "
			"memory sizes as well as kernels", new, vn, base, vb);
	else
		warning("'%s' and '%s' were measured with different %s: '%s' against '%s'",
			new, base, key, vn, vb);
	free(vb);
	free(vn);
}

static void warn_confounds(const char *dir, char **kernels, int n)
{
	char *env_base = read_env(dir, kernels[0]);

	for (int k = 1; k < n && env_base; k++) {
		char *env_new = read_env(dir, kernels[k]), **keys = NULL;

		if (env_new && fingerprint_differences(env_base, env_new, &keys) > 0)
			for (char **key = keys; *key; key++)
				warn_difference(kernels[0], kernels[k], *key, env_base, env_new);
		fingerprint_keys_free(keys);
		free(env_new);
	}
	free(env_base);
}

static int write_compare(const struct compare *c, enum compare_format format)
{
	switch (format) {
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
	struct kernel_results *krs = xcalloc((size_t)n, sizeof(*krs));
	struct compare c;
	int status = 0, k;

	for (k = 0; k < n; k++)
		if (results_read_kernel(a->dir, kernels[k], &krs[k]) < 0)
			break;
	if (k < n) {
		results_release_all(krs, (size_t)k);
		return EXIT_RUN_FAILED;
	}
	warn_confounds(a->dir, kernels, n);
	compare_build(&c, krs, (size_t)n, a->alpha);
	if (write_compare(&c, a->format) < 0)
		status = EXIT_RUN_FAILED;
	else if (!isnan(a->fail_above) && compare_failures(&c, a->fail_above, stderr) > 0)
		status = EXIT_RUN_FAILED;
	compare_release(&c);
	results_release_all(krs, (size_t)n);
	return status;
}

int cmd_compare(int argc, char **argv)
{
	struct compare_args a = { "reports", FORMAT_TEXT, NAN, 0.05 };
	int c;

	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:h", long_options, NULL)) != -1) {
		int ret = parse_option(c, optarg, argv, &a);

		if (ret < 0) {
			fputs(usage_text, stderr);
			return EXIT_USAGE;
		}
		if (ret > 0) {
			printf("%s%s", usage_text, help_text);
			return cli_close_stdout(0);
		}
	}
	if (argc - optind < 2) {
		error("compare needs a BASE kernel and at least one NEW kernel");
		fputs(usage_text, stderr);
		return EXIT_USAGE;
	}
	for (int i = optind; i < argc; i++)
		if (check_kernel(a.dir, argv[i]) < 0)
			return EXIT_USAGE;
	return cli_close_stdout(run_compare(&a, argv + optind, argc - optind));
}

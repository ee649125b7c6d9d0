/* cmd-plot.c - contest plot: gnuplot charts of a results directory */
#include "cmd/cli.h"
#include "output/plot.h"
#include "results/monitor-logs.h"
#include "lib/util.h"

#include <getopt.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest plot [-r DIR] [-o DIR] [--format png|svg] [KERNEL...]\n";

static const char help_text[] =
	"\n"
	"Chart the results with gnuplot: per load, Time per kernel as bars with the\n"
	"sample SD as error bars and the Ratio above each bar (time-LOAD); per kernel\n"
	"and load with vmstat logs, free memory, swap in/out and I/O wait over each\n"
	"run (vmstat-KERNEL-LOAD). Each image has its .dat and .gp beside it.\n"
	"KERNELs appear in the order given; none given, every kernel in DIR.\n"
	"\n"
	"  -r, --results DIR   the results directory (default reports)\n"
	"  -o, --output DIR    where the charts go (default plots)\n"
	"      --format png|svg  the images' format (default png)\n"
	"  -h, --help          this text\n";

enum { OPT_FORMAT = 256 };

static const struct option long_options[] = {
	{ "results", required_argument, NULL, 'r' },
	{ "output", required_argument, NULL, 'o' },
	{ "format", required_argument, NULL, OPT_FORMAT },
	{ "help", no_argument, NULL, 'h' },
	{ NULL, 0, NULL, 0 },
};

static int parse_plot_format(const char *s, enum plot_format *out)
{
	if (!strcmp(s, "png"))
		*out = PLOT_PNG;
	else if (!strcmp(s, "svg"))
		*out = PLOT_SVG;
	else
		return error("unknown format '%s' (png or svg)", s);
	return 0;
}

/* 0, 1 for --help, -1 bad usage (message printed) */
static int parse_args(int argc, char **argv, const char **dir, const char **out_dir,
		      enum plot_format *format)
{
	int c;

	optind = 0;
	opterr = 0;
	while ((c = getopt_long(argc, argv, ":r:o:h", long_options, NULL)) != -1) {
		switch (c) {
		case 'r':
			*dir = optarg;
			break;
		case 'o':
			*out_dir = optarg;
			break;
		case OPT_FORMAT:
			if (parse_plot_format(optarg, format) < 0)
				return -1;
			break;
		case 'h':
			return 1;
		default:
			return cli_option_error(c, argv);
		}
	}
	return 0;
}

int cmd_plot(int argc, char **argv)
{
	const char *dir = "reports", *out_dir = "plots";
	enum plot_format format = PLOT_PNG;
	struct report_opts opts;
	struct monitor_logs logs;
	struct plot_set set;
	struct report r;
	int ret = cli_parse_done(parse_args(argc, argv, &dir, &out_dir, &format), usage_text,
				 help_text), collected;

	if (ret >= 0)
		return ret;
	for (int i = optind; i < argc; i++)
		if (results_check_kernel(dir, argv[i]) < 0)
			return EXIT_USAGE;
	report_opts_init(&opts);
	collected = report_collect(dir, (const char *const *)(argv + optind),
				   (size_t)(argc - optind), &opts, &r);
	if (collected < 0)
		return EXIT_RUN_FAILED;
	monitor_logs_read(&logs, dir, &r);
	ret = plot_report(&r, &logs, out_dir, format, &set);
	for (size_t i = 0; i < set.n; i++)
		printf("%s\n", set.images[i].path);
	plot_set_release(&set);
	monitor_logs_release(&logs);
	report_release(&r);
	return cli_close_stdout(ret < 0 || collected ? EXIT_RUN_FAILED : 0);
}

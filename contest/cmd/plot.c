/* cmd/plot.c - contest plot: gnuplot charts of a results directory */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "output/plot.h"
#include "results/monitor-logs.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest plot [-c CONF] [-s KEY=VALUE]... [-r DIR] [-o DIR]\n"
	"                    [--format png|svg] [KERNEL...]\n";

static const char intro_text[] =
	"\n"
	"Chart the results with gnuplot: per load, Time per kernel as bars with the\n"
	"sample SD as error bars and the Ratio above each bar (time-LOAD); per load,\n"
	"each kernel's disk read and write MB/s and await over the timed window\n"
	"(disk-LOAD); per kernel and load with vmstat logs, free memory, swap in/out\n"
	"and I/O wait over each run (vmstat-KERNEL-LOAD). Each image has its .dat\n"
	"and .gp beside it.\n"
	"KERNELs appear in the order given; none given, every kernel in DIR.\n";

/* the charts of kernels[0..n) (none: every kernel) of dir */
static int plot_named(const char *dir, const char *out_dir, enum plot_format format,
		      char **kernels, int n)
{
	struct report_opts ropts;
	struct monitor_logs logs;
	struct plot_set set;
	struct report r;
	int ret, collected;

	for (int i = 0; i < n; i++)
		if (results_check_kernel(dir, kernels[i]) < 0)
			return EXIT_USAGE;
	report_opts_init(&ropts);
	collected = report_collect(dir, (const char *const *)kernels, (size_t)n, &ropts, 0, &r);
	if (collected < 0)
		return EXIT_RUN_FAILED;
	monitor_logs_read(&logs, dir, &r);
	ret = plot_report(&r, &logs, out_dir, format, 0, &set);
	plot_set_write_paths(stdout, &set);
	plot_set_release(&set);
	monitor_logs_release(&logs);
	report_release(&r);
	return cli_close_stdout(ret < 0 || collected ? EXIT_RUN_FAILED : 0);
}

int cmd_plot(int argc, char **argv)
{
	const char *out_dir = "plots";
	int format = PLOT_PNG, ret, first;
	struct cli_args ca;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		{ .short_name = 'o', .long_name = "output", .type = ARG_STRING, .value = &out_dir,
		  .argname = "DIR", .help = "where the charts go (default plots): a directory\n"
			  "only you (or root) may write" },
		/* in the order of enum plot_format */
		CLI_OPT_FORMAT(&format, "png|svg", "png (default) or svg: the images' format"),
		OPTION_END,
	};
	struct config *cfg = NULL;

	cli_args_init(&ca, argc);
	ret = cli_parse(argc, argv, opts, 0, usage_text, intro_text, NULL, &first);
	if (ret < 0) {
		cfg = cli_config(&ca);
		ret = EXIT_USAGE;
	}
	if (cfg && check_own_dir(out_dir) < 0) {
		ret = EXIT_USAGE;
	} else if (cfg) {
		ret = plot_named(contest_config(cfg)->main.results, out_dir, (enum plot_format)format,
				 argv + first, argc - first);
	}
	config_free(cfg);
	cli_args_release(&ca);
	return ret;
}

/* cmd-env.c - contest env: the fingerprint of this machine and kernel, as the env file holds it */
#include "cli.h"
#include "config.h"
#include "fingerprint.h"
#include "util.h"
#include "workload.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest env [-c CONF] [-s KEY=VALUE]...\n";

static const char help_text[] =
	"\n"
	"Print the fingerprint that each kernel's env file records: uname, /proc/cmdline,\n"
	"CPU, memory, swap, limits, the tree's filesystem and I/O scheduler, governor,\n"
	"transparent hugepages, contest version, then the config as used.\n"
	"\n"
	"  -c CONF          read CONF after contest.conf\n"
	"  -s KEY=VALUE     override one key (LOAD.KEY for a load's own)\n"
	"  -h, --help       this text\n";

static int usage_error(void)
{
	fputs(usage_text, stderr);
	return EXIT_USAGE;
}

static int parse_args(int argc, char **argv, const char **conf, char **sets, int *nsets)
{
	int c;

	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	while ((c = getopt(argc, argv, "+:c:s:h")) != -1) {
		switch (c) {
		case 'c':
			*conf = optarg;
			break;
		case 's':
			sets[(*nsets)++] = optarg;
			break;
		case 'h':
			return 1;
		case ':':
			return error("option '-%c' needs a value", optopt);
		default:
			return error("unknown option '-%c'", optopt);
		}
	}
	if (optind < argc)
		return error("contest env takes no arguments, not '%s'", argv[optind]);
	return 0;
}

int cmd_env(int argc, char **argv)
{
	char **sets = xcalloc((size_t)argc + 1, sizeof(*sets));
	const char *conf = NULL;
	struct config *cfg;
	char *tree;
	int nsets = 0, ret;

	ret = cli_wants_help(argc, argv) ? 1 : parse_args(argc, argv, &conf, sets, &nsets);
	if (ret) {
		free(sets);
		if (ret < 0)
			return usage_error();
		printf("%s%s", usage_text, help_text);
		return cli_close_stdout(0);
	}
	cfg = config_new();
	if (cli_load_config(cfg, conf, sets, nsets) < 0) {
		config_free(cfg);
		free(sets);
		return EXIT_USAGE;
	}
	tree = workload_tree_path(cfg);
	fingerprint_write(stdout, cfg, tree);
	free(tree);
	config_free(cfg);
	free(sets);
	return cli_close_stdout(0);
}

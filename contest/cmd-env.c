/* cmd-env.c - contest env: the fingerprint of this machine and kernel, as the env file holds it */
#include "config.h"
#include "fingerprint.h"
#include "util.h"

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

static int close_stdout(int status)
{
	if (fclose(stdout) != 0) {
		error("cannot write to stdout: %s", strerror(errno));
		return status ? status : EXIT_RUN_FAILED;
	}
	return status;
}

/* "--help" anywhere before "--": plain getopt knows no long options */
static int wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help"))
			return 1;
	return 0;
}

/* the command line beats -c CONF, which beats contest.conf: so -s are
 * applied last whatever their place among the options */
static int load_config(struct config *cfg, const char *conf, char **sets, int nsets)
{
	if (config_load_default(cfg) < 0)
		return -1;
	if (conf && config_load_file(cfg, conf, 0) < 0)
		return -1;
	for (int i = 0; i < nsets; i++)
		if (config_set_arg(cfg, sets[i]) < 0)
			return -1;
	return 0;
}

/* the tree the workload builds in; the synthetic and command ones work in "." */
static const char *workload_tree(const struct config *cfg)
{
	const char *tree = config_str(cfg, NULL, "kernel_tree");

	if (strcmp(config_str(cfg, NULL, "workload"), "kernel"))
		return ".";
	return *tree ? tree : ".";
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
	int nsets = 0, ret;

	ret = wants_help(argc, argv) ? 1 : parse_args(argc, argv, &conf, sets, &nsets);
	if (ret) {
		free(sets);
		if (ret < 0)
			return usage_error();
		printf("%s%s", usage_text, help_text);
		return close_stdout(0);
	}
	cfg = config_new();
	if (load_config(cfg, conf, sets, nsets) < 0) {
		config_free(cfg);
		free(sets);
		return EXIT_USAGE;
	}
	fingerprint_write(stdout, cfg, workload_tree(cfg));
	config_free(cfg);
	free(sets);
	return close_stdout(0);
}

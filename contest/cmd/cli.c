/* cli.c - see cli.h */
#include "cmd/cli.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int cli_load_config(struct config *cfg, const char *conf, char **sets, int nsets)
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

int cli_close_stdout(int status)
{
	if (fclose(stdout) != 0) {
		error("cannot write to stdout: %s", strerror(errno));
		return status ? status : EXIT_RUN_FAILED;
	}
	return status;
}

int cli_parse_done(int parsed, const char *usage, const char *help)
{
	if (parsed < 0) {
		fputs(usage, stderr);
		return EXIT_USAGE;
	}
	if (parsed > 0) {
		printf("%s%s", usage, help);
		return cli_close_stdout(0);
	}
	return -1;
}

int cli_option_error(int c, char **argv)
{
	if (c == ':')
		return error("option '%s' needs a value", argv[optind - 1]);
	if (optopt > 0 && optopt < 256)	/* optopt names a short option; a long one is in argv */
		return error("unknown option '-%c'", optopt);
	return error("unknown option '%s'", argv[optind - 1]);
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

static int parse_conf_args(int argc, char **argv, const char **conf, char **sets, int *nsets)
{
	int c;

	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	while ((c = getopt(argc, argv, "+:c:s:")) != -1) {
		if (c == 'c')
			*conf = optarg;
		else if (c == 's')
			sets[(*nsets)++] = optarg;
		else if (c == ':')
			return error("option '-%c' needs a value", optopt);
		else
			return error("unknown option '-%c'", optopt);
	}
	if (optind < argc)
		return error("contest %s takes no arguments, not '%s'", argv[0], argv[optind]);
	return 0;
}

struct config *cli_config_only(int argc, char **argv, const char *usage,
			       const char *help, int *status)
{
	char **sets = xcalloc((size_t)argc + 1, sizeof(*sets));
	const char *conf = NULL;
	struct config *cfg = NULL;
	int nsets = 0;

	if (cli_wants_help(argc, argv)) {
		printf("%s%s", usage, help);
		*status = cli_close_stdout(0);
	} else if (parse_conf_args(argc, argv, &conf, sets, &nsets) < 0) {
		fputs(usage, stderr);
		*status = EXIT_USAGE;
	} else {
		cfg = config_new(load_sections());
		if (cli_load_config(cfg, conf, sets, nsets) < 0) {
			config_free(cfg);
			cfg = NULL;
			*status = EXIT_USAGE;
		}
	}
	free(sets);
	return cfg;
}

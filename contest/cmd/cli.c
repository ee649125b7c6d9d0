/* cli.c - see cli.h */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

void cli_args_init(struct cli_args *a, int argc)
{
	memset(a, 0, sizeof(*a));
	arg_strings_init(&a->sets, argc);
}

void cli_args_release(struct cli_args *a)
{
	arg_strings_release(&a->sets);
}

void cli_help(FILE *out, const char *usage, const char *intro, const struct option_spec *opts,
	      const char *tail)
{
	fprintf(out, "%s%s\n", usage, intro);
	options_help(out, opts);
	if (tail)
		fprintf(out, "\n%s", tail);
}

int cli_usage(const char *usage)
{
	fputs(usage, stderr);
	return EXIT_USAGE;
}

int cli_parse(int argc, char **argv, const struct option_spec *opts, int flags,
	      const char *usage, const char *intro, const char *tail, int *operands)
{
	int parsed = options_parse(argc, argv, opts, flags, operands);

	if (parsed < 0)
		return cli_usage(usage);
	if (parsed > 0) {
		cli_help(stdout, usage, intro, opts, tail);
		return cli_close_stdout(0);
	}
	return -1;
}

int cli_load_config(struct config *cfg, const char *conf, const char **sets, int nsets)
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

struct config *cli_config(const struct cli_args *a)
{
	struct config *cfg = contest_config_new();

	if (cli_load_config(cfg, a->conf, a->sets.v, a->sets.n) < 0 ||
	    (a->results &&
	     config_set_field(cfg, &contest_config(cfg)->main.results, a->results, "-r") < 0)) {
		config_free(cfg);
		return NULL;
	}
	return cfg;
}

int cli_close_stdout(int status)
{
	if (fclose(stdout) != 0) {
		error("cannot write to stdout: %s", strerror(errno));
		return exit_failed(status);
	}
	return status;
}

int cli_wants_help(int argc, char **argv)
{
	for (int i = 1; i < argc && strcmp(argv[i], "--"); i++)
		if (!strcmp(argv[i], "--help") || !strcmp(argv[i], "-h"))
			return 1;
	return 0;
}

struct config *cli_config_only(int argc, char **argv, const char *usage, const char *intro,
			       int *status)
{
	struct cli_args a;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&a.conf),
		CLI_OPT_SET(&a.sets),
		OPTION_END,
	};
	struct config *cfg = NULL;
	int operands;

	cli_args_init(&a, argc);
	*status = cli_parse(argc, argv, opts, OPTIONS_IN_ORDER, usage, intro, NULL, &operands);
	if (*status < 0 && operands < argc) {
		*status = usage_error(usage, "contest %s takes no arguments, not '%s'",
				      argv[0], argv[operands]);
	} else if (*status < 0) {
		cfg = cli_config(&a);
		*status = cfg ? 0 : EXIT_USAGE;
	}
	cli_args_release(&a);
	return cfg;
}

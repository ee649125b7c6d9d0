/* cmd-help.c - contest help [COMMAND] */
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "lib/util.h"

#include <stdio.h>
#include <string.h>

static void overview(FILE *out)
{
	fprintf(out, "usage: contest COMMAND [OPTIONS] [ARGS]\n\n"
		"Time a kernel compile while a background load runs, store every run,\n"
		"and print one table per load with one row per kernel.\n\ncommands:\n");
	for (const struct cmd *c = commands; c->name; c++)
		if (c->summary)	/* NULL: internal, not for users */
			fprintf(out, "  %-8s %s\n", c->name, c->summary);
	fprintf(out, "\n'contest help COMMAND' or 'contest COMMAND --help' for one command;\n"
		"man contest for the columns, the results format and every config key.\n");
}

int cmd_help(int argc, char **argv)
{
	const struct cmd *c;

	if (argc < 2 || !strcmp(argv[1], "--help") || !strcmp(argv[1], "-h") ||
	    !strcmp(argv[1], "help")) {
		overview(stdout);
		return cli_close_stdout(0);
	}
	c = cmd_find(argv[1]);
	if (!c) {
		error("unknown command '%s'", argv[1]);
		overview(stderr);
		return EXIT_USAGE;
	}
	return c->fn(2, (char *[]){ (char *)c->name, "--help", NULL });
}

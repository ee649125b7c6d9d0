/* main.c - contest: time a kernel compile under background loads */
#include "cmds.h"
#include "util.h"

#include <stdio.h>
#include <string.h>

const struct cmd commands[] = {
	{ "run", cmd_run, "time the compile under each load, store every run, print the tables" },
	{ "report", cmd_report, "print the classic per-load tables of a results directory" },
	{ "list", cmd_list, "the loads, what a unit of work is, and whether each can run here" },
	{ "env", cmd_env, "the fingerprint of this machine and kernel, as env files hold it" },
	{ "help", cmd_help, "this overview, or the help of one command" },
	{ NULL, NULL, NULL },
};

const struct cmd *cmd_find(const char *name)
{
	for (const struct cmd *c = commands; c->name; c++)
		if (!strcmp(c->name, name))
			return c;
	return NULL;
}

int main(int argc, char **argv)
{
	const struct cmd *c;

	if (argc < 2) {
		cmd_help(1, (char *[]){ "help", NULL });
		return EXIT_USAGE;
	}
	if (!strcmp(argv[1], "--version") || !strcmp(argv[1], "version")) {
		printf("contest %s\n", CONTEST_VERSION);
		return 0;
	}
	if (!strcmp(argv[1], "--help") || !strcmp(argv[1], "-h"))
		return cmd_help(1, (char *[]){ "help", NULL });
	c = cmd_find(argv[1]);
	if (!c) {
		error("unknown command '%s' (see contest help)", argv[1]);
		return EXIT_USAGE;
	}
	return c->fn(argc - 1, argv + 1);
}

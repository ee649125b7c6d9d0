/* main.c - contest: time a kernel compile under background loads */
#include "cmd/cmds.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <stdio.h>
#include <string.h>

int main(int argc, char **argv)
{
	const struct cmd *c;

	proc_self_exe();	/* now, before anyone can rebuild it */
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

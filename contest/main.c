/* main.c - contest: time a kernel compile under background loads */
#include "cmd/cmds.h"
#include "lib/proc.h"
#include "lib/util.h"
#include "sys/cleanup.h"

#include <stdio.h>
#include <string.h>

/*
 * Whatever a command registered for cleanup it also undoes before it
 * returns; an item still registered here is a leak (a process group
 * reaped but never forgotten once filled the registry after 60 guests):
 * say so, and undo it rather than leave it on the machine.
 */
static int finish(int status)
{
	int left = cleanup_count();

	if (left) {
		warning("internal: %d thing%s still registered for cleanup at exit; undoing",
			left, left == 1 ? "" : "s");
		cleanup_run_all();
	}
	return status;
}

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
	return finish(c->fn(argc - 1, argv + 1));
}

/* cmds.c - the table of subcommands (perf style): name, function, summary */
#include "cmd/cmds.h"
#include "guest/boot.h"

#include <string.h>

const struct cmd commands[] = {
	{ "run", cmd_run, "time the compile under each load, store every run, print the tables" },
	{ "report", cmd_report, "print the classic per-load tables of a results directory" },
	{ "compare", cmd_compare, "is a difference between kernels real? Welch's t-test, Holm" },
	{ "plot", cmd_plot, "gnuplot charts: Time per kernel and load, and the monitor logs over time" },
	{ "list", cmd_list, "the loads, what a unit of work is, and whether each can run here" },
	{ "env", cmd_env, "the fingerprint of this machine and kernel, as env files hold it" },
	/* the first process of a run --boot guest: internal, no summary */
	{ "guest-init", cmd_guest_init, NULL },
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

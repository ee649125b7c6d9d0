/* cmds.c - the table of subcommands (perf style): name, function,
 * summary; and `contest help [COMMAND]`, which lists them */
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "lib/proc.h"
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

const struct cmd commands[] = {
	{ "run", cmd_run, "time the compile under each load, store every run, print the tables" },
	{ "report", cmd_report, "print the classic per-load tables of a results directory" },
	{ "compare", cmd_compare, "is a difference between kernels real? verdicts, their tests" },
	{ "calibrate", cmd_calibrate, "this machine's drift between sessions, which compare allows for" },
	{ "rerun", cmd_rerun, "run a kernel's session again exactly as its env file recorded it" },
	{ "judge", cmd_judge, "one step of git bisect run: is a kernel like the good or the bad?" },
	{ "changes", cmd_changes, "where each load's number changed over a history of kernels" },
	{ "bisect", cmd_bisect, "which commit made it slower: build, boot and measure each step" },
	{ "plot", cmd_plot, "gnuplot charts: Time per kernel and load, monitor logs over time" },
	{ "list", cmd_list, "the loads, what a unit of work is, and whether each can run here" },
	{ "env", cmd_env, "the fingerprint of this machine and kernel, as env files hold it" },
	{ "interact", cmd_interact, "one simulated interactive task alone: its wake-up latency, deadlines" },
	{ "measure", cmd_measure, "one load alone for a duration: its units of work and their rate" },
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

/*
 * Where this contest's manual is: installed beside the binary
 * (BINDIR/../share/man/man1, as make install puts it), else contest.1 in
 * the source tree the binary was built in (bin/../contest.1). The
 * command to read it (its path quoted for the shell), to free; NULL when
 * neither is there.
 */
static char *manual_command(void)
{
	char *dir = proc_self_dir(), *path, *cmd = NULL;
	char real[PATH_MAX];

	if (!dir)
		return NULL;
	path = proc_share_path("man/man1/contest.1");
	if (access(path, R_OK) == 0) {
		cmd = xstrdup("man contest");
	} else {
		free(path);
		path = xasprintf("%s/../contest.1", dir);
		if (access(path, R_OK) == 0 && realpath(path, real))
			cmd = sh_command((const char *const[]){ "man", "-l", real, NULL });
	}
	free(path);
	free(dir);
	return cmd;
}

static void overview(FILE *out)
{
	char *man;

	fprintf(out, "usage: contest COMMAND [OPTIONS] [ARGS]\n\n"
		"Time a kernel compile while a background load runs, store every run,\n"
		"and print one table per load with one row per kernel.\n\ncommands:\n");
	int width = 0;

	for (const struct cmd *c = commands; c->name; c++)	/* the widest name aligns them */
		if (c->summary && (int)strlen(c->name) > width)
			width = (int)strlen(c->name);
	for (const struct cmd *c = commands; c->name; c++)
		if (c->summary)	/* NULL: internal, not for users */
			fprintf(out, "  %-*s %s\n", width, c->name, c->summary);
	man = manual_command();
	fprintf(out, "\n'contest help COMMAND' or 'contest COMMAND --help' for one command;\n");
	if (man)
		fprintf(out, "the manual has the columns, the results format and every config key:\n"
			"  %s\n", man);
	else
		fprintf(out, "the manual, contest.1, has the columns, the results format and every\n"
			"config key; it is in the source tree, and make install installs it.\n");
	free(man);
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

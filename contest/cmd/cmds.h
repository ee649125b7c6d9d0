/* cmds.h - the subcommands, one cmd-NAME.c each (perf's builtin table) */
#ifndef CONTEST_CMDS_H
#define CONTEST_CMDS_H

#include <stddef.h>
#include <stdio.h>

/* Each takes argv[0] == its name and returns the exit status (0, 1, 2). */
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_env(int argc, char **argv);
int cmd_interact(int argc, char **argv);
int cmd_measure(int argc, char **argv);
int cmd_help(int argc, char **argv);
/* `contest guest-init DIR` (guest-init.c): PID 1 of a run --boot guest */
int cmd_guest_init(int argc, char **argv);

/*
 * compare's text of kernels[0..n) in dir on stdout, its warnings on
 * stderr, as `contest compare -r DIR` prints them; 0, or -1 (said) when
 * the results cannot be read or written. For run --boot's kernels.
 */
int compare_show(const char *dir, char **kernels, int n);

/*
 * Read dir and print the tables of kernels[0..n) in that order (n == 0:
 * every kernel, oldest first) in opts->format (not html), with the inputs
 * that format needs (report_read_inputs). The run command calls this for
 * the kernels it just ran. 0, or -1 (error printed).
 */
struct report_opts;
int report_print_kernels(const char *dir, const char *const *kernels, size_t n,
			 const struct report_opts *opts, FILE *out);

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;	/* NULL: internal, left out of help */
};

/* NULL-terminated */
extern const struct cmd commands[];
const struct cmd *cmd_find(const char *name);

#endif

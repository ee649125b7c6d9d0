/* cmds.h - the subcommands, one cmd-NAME.c each (perf's builtin table) */
#ifndef CONTEST_CMDS_H
#define CONTEST_CMDS_H

/* Each takes argv[0] == its name and returns the exit status (0, 1, 2). */
int cmd_run(int argc, char **argv);
int cmd_report(int argc, char **argv);
int cmd_compare(int argc, char **argv);
int cmd_judge(int argc, char **argv);
int cmd_rerun(int argc, char **argv);
int cmd_bisect(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_changes(int argc, char **argv);
int cmd_calibrate(int argc, char **argv);
int cmd_list(int argc, char **argv);
int cmd_env(int argc, char **argv);
int cmd_interact(int argc, char **argv);
int cmd_measure(int argc, char **argv);
int cmd_help(int argc, char **argv);
/* `contest guest-init DIR` (guest-init.c): PID 1 of a run --boot guest */
int cmd_guest_init(int argc, char **argv);

struct cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;	/* NULL: internal, left out of help */
};

/* NULL-terminated */
extern const struct cmd commands[];
const struct cmd *cmd_find(const char *name);

#endif

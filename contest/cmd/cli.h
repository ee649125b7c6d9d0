/* cli.h - what the subcommands share: config loading, RAM, stdout */
#ifndef CONTEST_CLI_H
#define CONTEST_CLI_H

#include <stdint.h>
#include "lib/config.h"

/*
 * contest.conf, then conf (when not NULL), then each -s in sets[0..nsets):
 * the command line beats -c CONF beats contest.conf, whatever the order
 * the options came in. 0, or -1 with FILE:LINE (or the -s) named.
 */
int cli_load_config(struct config *cfg, const char *conf, char **sets, int nsets);

/* fclose(stdout), turning a write error (full disk, closed pipe) into status 1 */
int cli_close_stdout(int status);

/*
 * After a subcommand's option parser said parsed (0 go on, 1 --help, -1
 * bad usage, message printed): -1 to go on, else the status to exit with,
 * usage and help printed on stdout (0) or the usage on stderr (EXIT_USAGE).
 */
int cli_parse_done(int parsed, const char *usage, const char *help);

/* getopt_long's ':' (a value missing) or another unknown option, as an
 * error naming the option; returns -1 */
int cli_option_error(int c, char **argv);

/* "--help" anywhere before "--" */
int cli_wants_help(int argc, char **argv);

/*
 * For subcommands that take only -c CONF and -s KEY=VALUE (list, env):
 * parse them, load the config and return it. NULL when the command is
 * done: *status is 0 after --help (usage and help printed on stdout), or
 * EXIT_USAGE after an error (printed, usage on stderr).
 */
struct config *cli_config_only(int argc, char **argv, const char *usage,
			       const char *help, int *status);

#endif

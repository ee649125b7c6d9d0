/* cli.h - what the subcommands share: their options, config loading, stdout */
#ifndef CONTEST_CLI_H
#define CONTEST_CLI_H

#include <stdint.h>
#include "lib/config.h"
#include "lib/options.h"

/* the entries every command that takes them spells the same way */
#define CLI_OPT_CONF(p) \
	{ .short_name = 'c', .type = ARG_STRING, .value = (p), .argname = "CONF", \
	  .help = "read CONF after contest.conf" }
#define CLI_OPT_SET(p) \
	{ .short_name = 's', .type = ARG_STRINGS, .value = (p), .argname = "KEY=VALUE", \
	  .help = "override one key; LOAD.KEY for a load's own (-s io_load.size=64M)" }
#define CLI_OPT_RESULTS(p) \
	{ .short_name = 'r', .long_name = "results", .type = ARG_STRING, .value = (p), \
	  .argname = "DIR", .help = "the results directory (default: the config's results)" }
#define CLI_OPT_FORMAT(p, formats, text) \
	{ .long_name = "format", .type = ARG_CHOICE, .value = (p), .argname = "FORMAT", \
	  .choices = (formats), .help = (text) }

/* what -c, -s and -r gave; cli_args_init before parsing */
struct cli_args {
	const char *conf;
	struct arg_strings sets;
	const char *results;	/* NULL: the config's */
};

void cli_args_init(struct cli_args *a, int argc);
void cli_args_release(struct cli_args *a);

/*
 * A command's help: usage, intro (what it does), the option lines made
 * from opts, then tail (NULL: none), on out.
 */
void cli_help(FILE *out, const char *usage, const char *intro, const struct option_spec *opts,
	      const char *tail);

/* the usage lines on stderr, after an error already said: EXIT_USAGE */
int cli_usage(const char *usage);

/*
 * options_parse for a command: -1 to go on (*operands set), else the
 * status to exit with: 0 after --help (printed on stdout by cli_help), or
 * EXIT_USAGE after bad usage (said, the usage on stderr).
 */
int cli_parse(int argc, char **argv, const struct option_spec *opts, int flags,
	      const char *usage, const char *intro, const char *tail, int *operands);

/*
 * contest.conf, then conf (when not NULL), then each -s in sets[0..nsets):
 * the command line beats -c CONF beats contest.conf, whatever the order
 * the options came in. 0, or -1 with FILE:LINE (or the -s) named.
 */
int cli_load_config(struct config *cfg, const char *conf, const char **sets, int nsets);

/*
 * The config a command's -c and -s make, with -r as its results key;
 * NULL when it is bad (said).
 */
struct config *cli_config(const struct cli_args *a);

/*
 * For subcommands that take only -c CONF and -s KEY=VALUE (list, env):
 * parse them, load the config and return it. NULL when the command is
 * done: *status is 0 after --help, or EXIT_USAGE after an error (said).
 */
struct config *cli_config_only(int argc, char **argv, const char *usage, const char *intro,
			       int *status);

/* fclose(stdout), turning a write error (full disk, closed pipe) into status 1 */
int cli_close_stdout(int status);

/* "--help" anywhere before "--" */
int cli_wants_help(int argc, char **argv);

#endif

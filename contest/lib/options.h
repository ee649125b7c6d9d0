/* options.h - one command-line parser: a table of options per command
 *
 * Each command describes its options once (struct option_spec: names,
 * type, range, help) and hands the table to options_parse, which parses
 * with getopt_long, stores each value where the entry points, checks
 * numbers against their range and names a bad option in its message;
 * options_help prints the option lines of --help from the same table, so
 * parsing, help and errors cannot drift apart (git's parse-options).
 */
#ifndef CONTEST_OPTIONS_H
#define CONTEST_OPTIONS_H

#include <stdio.h>

enum arg_type {
	ARG_FLAG,	/* no value: *(int *)value = 1 */
	ARG_STRING,	/* *(const char **)value = the value; the last one given wins */
	ARG_STRINGS,	/* repeatable: appended to *(struct arg_strings *)value */
	ARG_NUMBER,	/* a finite decimal number in range: *(double *)value */
	ARG_INT,	/* a whole number in range: *(int *)value */
	ARG_CHOICE,	/* one word of choices ("a|b|c"): *(int *)value = its index */
	ARG_CALL,	/* call(spec, value, first, end): argv[first..end) held it */
};

/* ARG_NUMBER, ARG_INT: the bounds exclude their value (above min, below max) */
enum { ARG_OPEN_MIN = 1, ARG_OPEN_MAX = 2 };

/* ARG_STRINGS' values, in the order given; v has room for argc of them */
struct arg_strings {
	const char **v;
	int n;
};

struct option_spec {
	int short_name;		/* 'r'; 0: long only */
	const char *long_name;	/* "results"; NULL: short only */
	enum arg_type type;
	void *value;		/* where the value goes (ARG_CALL: handed to call) */
	const char *argname;	/* the value in help: "DIR" */
	const char *help;	/* lines separated by '\n' */
	const char *choices;	/* ARG_CHOICE: "text|mail|csv" */
	double min, max;	/* ARG_NUMBER, ARG_INT: the range; none when min == max */
	int bounds;		/* ARG_OPEN_MIN | ARG_OPEN_MAX */
	int id;			/* ARG_CALL: which option, for call */
	int no_value;		/* ARG_CALL: the option takes no value (arg NULL) */
	/* ARG_CALL: 0 taken, -1 refused (said) */
	int (*call)(const struct option_spec *o, const char *arg, int first, int end);
};

/* the end of a table */
#define OPTION_END { .short_name = 0, .long_name = NULL }

enum {
	/* options are taken in the order given (run's --set belongs to the -k
	 * before it), wherever they stand before "--", as git takes them: argv
	 * is reordered, the options first, then the operands (run's LOADs) */
	OPTIONS_IN_ORDER = 1,
};

/*
 * Parse argv[1..argc) (argv[0] is the command) against opts; -h and
 * --help are always there. 1 when help was asked for, 0 with *operands
 * the index of the first operand, -1 with the error printed, naming the
 * option ("unknown option '--bogus'", "option '--alpha' wants ...").
 */
int options_parse(int argc, char **argv, const struct option_spec *opts, int flags,
		  int *operands);

/* the option lines of --help, -h, --help last */
void options_help(FILE *out, const struct option_spec *opts);

/* an ARG_STRINGS for up to argc values; release with arg_strings_release */
void arg_strings_init(struct arg_strings *s, int argc);
void arg_strings_release(struct arg_strings *s);

#endif

/* options.c - see options.h */
#include "lib/options.h"
#include "lib/util.h"

#include <getopt.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

/* getopt_long's value for opts[i]: above any short option's character */
#define LONG_VAL(i) (0x1000 + (i))
#define HELP_VAL 0x0fff

static size_t count(const struct option_spec *opts)
{
	size_t n = 0;

	while (opts[n].short_name || opts[n].long_name)
		n++;
	return n;
}

static int takes_value(const struct option_spec *o)
{
	return o->type != ARG_FLAG && !o->no_value;
}

/* "-r" or "--results", as typed (the word that held the option; NULL: the long one) */
static char *spelled(const struct option_spec *o, const char *typed)
{
	int as_long = o->long_name && (!o->short_name || !typed || !strncmp(typed, "--", 2));

	return as_long ? xasprintf("--%s", o->long_name) : xasprintf("-%c", o->short_name);
}

static char *short_string(const struct option_spec *opts, size_t n, int flags)
{
	char *s = xcalloc(2 * n + 5, 1), *p = s;

	if (flags & OPTIONS_IN_ORDER)
		*p++ = '+';
	*p++ = ':';	/* a missing value is ':', apart from an unknown option */
	*p++ = 'h';
	for (size_t i = 0; i < n; i++) {
		if (!opts[i].short_name)
			continue;
		*p++ = (char)opts[i].short_name;
		if (takes_value(&opts[i]))
			*p++ = ':';
	}
	return s;
}

static struct option *long_table(const struct option_spec *opts, size_t n)
{
	struct option *l = xcalloc(n + 2, sizeof(*l));
	size_t k = 0;

	for (size_t i = 0; i < n; i++) {
		if (!opts[i].long_name)
			continue;
		l[k].name = opts[i].long_name;
		l[k].has_arg = !takes_value(&opts[i]) ? no_argument : required_argument;
		l[k++].val = LONG_VAL((int)i);
	}
	l[k].name = "help";
	l[k].val = HELP_VAL;
	return l;
}

/* the entry getopt_long's c stands for; NULL: none */
static const struct option_spec *spec_of(const struct option_spec *opts, size_t n, int c)
{
	if (c >= LONG_VAL(0) && c < LONG_VAL((int)n))
		return &opts[c - LONG_VAL(0)];
	for (size_t i = 0; i < n && c > 0; i++)
		if (opts[i].short_name == c)
			return &opts[i];
	return NULL;
}

/* "above 0 and below 1", "from 2 to 100", "of 0 or more" (max INFINITY: none) */
static char *range_text(const struct option_spec *o)
{
	const char *lo = o->bounds & ARG_OPEN_MIN ? "above" : "from";
	const char *hi = o->bounds & ARG_OPEN_MAX ? "below" : "to";

	if (isinf(o->max))
		return o->bounds & ARG_OPEN_MIN ? xasprintf("above %g", o->min) :
						  xasprintf("of %g or more", o->min);
	if (o->bounds & ARG_OPEN_MIN || o->bounds & ARG_OPEN_MAX)
		return xasprintf("%s %g and %s %g", lo, o->min, hi, o->max);
	return xasprintf("from %g to %g", o->min, o->max);
}

static int in_range(const struct option_spec *o, double d)
{
	if (o->min == o->max)
		return 1;
	if (o->bounds & ARG_OPEN_MIN ? d <= o->min : d < o->min)
		return 0;
	return o->bounds & ARG_OPEN_MAX ? d < o->max : d <= o->max;
}

static int take_number(const struct option_spec *o, const char *arg, const char *typed)
{
	long long i = 0;
	double d;
	int bad;

	if (o->type == ARG_INT) {
		bad = parse_integer(arg, &i) < 0 || i < -0x7fffffffLL || i > 0x7fffffffLL;
		d = (double)i;
	} else {
		bad = parse_real(arg, &d) < 0;
	}
	if (bad || !in_range(o, d)) {
		char *name = spelled(o, typed);
		char *range = o->min == o->max ? xstrdup("") : range_text(o);

		error("option '%s' wants %s%s%s, not '%s'", name,
		      o->type == ARG_INT ? "a whole number" : "a number", *range ? " " : "", range,
		      arg);
		free(range);
		free(name);
		return -1;
	}
	if (o->type == ARG_INT)
		*(int *)o->value = (int)i;
	else
		*(double *)o->value = d;
	return 0;
}

/* the index of word in "a|b|c", -1 when it is not one */
static int choice_index(const char *choices, const char *word)
{
	size_t len = strlen(word);

	for (int i = 0;; i++) {
		size_t wlen = strcspn(choices, "|");

		if (wlen == len && !strncmp(choices, word, len))
			return i;
		if (!choices[wlen])
			return -1;
		choices += wlen + 1;
	}
}

static int take_choice(const struct option_spec *o, const char *arg, const char *typed)
{
	int i = choice_index(o->choices, arg);
	char *name, *list;

	if (i >= 0) {
		*(int *)o->value = i;
		return 0;
	}
	name = spelled(o, typed);
	list = xstrdup(o->choices);
	for (char *p = list; *p; p++)
		if (*p == '|')
			*p = ' ';
	error("option '%s': unknown value '%s' (one of: %s)", name, arg, list);
	free(list);
	free(name);
	return -1;
}

/* argv[first..end) held o and its value arg */
static int take(const struct option_spec *o, const char *arg, char **argv, int first, int end)
{
	struct arg_strings *s;

	switch (o->type) {
	case ARG_FLAG:
		*(int *)o->value = 1;
		return 0;
	case ARG_STRING:
		*(const char **)o->value = arg;
		return 0;
	case ARG_STRINGS:
		s = o->value;
		s->v[s->n++] = arg;
		return 0;
	case ARG_NUMBER:
	case ARG_INT:
		return take_number(o, arg, argv[first]);
	case ARG_CHOICE:
		return take_choice(o, arg, argv[first]);
	case ARG_CALL:
		return o->call(o, arg, first, end);
	}
	return -1;
}

/* getopt_long's ':' or '?': the option named as it was typed */
static int bad_option(int c, char **argv, const struct option_spec *opts, size_t n)
{
	const struct option_spec *o = spec_of(opts, n, optopt);
	const char *typed = argv[optind - 1];
	char *name;

	if (c == '?' && !o && optopt > 0 && optopt < 0x100)
		return error("unknown option '-%c'", optopt);
	if (c == '?' && !o) {	/* an unknown long one: as typed, without its value */
		int len = (int)strcspn(typed, "=");

		return error("unknown option '%.*s'", len, typed);
	}
	name = o ? spelled(o, typed) : xstrdup(typed);
	if (c == ':')
		error("option '%s' needs a value", name);
	else
		error("option '%s' takes no value", name);
	free(name);
	return -1;
}

/* the entry of a long option as typed ("--res" for --results, as getopt
 * takes a unique prefix), NULL when none or ambiguous */
static const struct option_spec *long_spec(const struct option_spec *opts, size_t n,
					   const char *name, size_t len)
{
	const struct option_spec *found = NULL;

	for (size_t i = 0; i < n; i++) {
		if (!opts[i].long_name || strncmp(opts[i].long_name, name, len))
			continue;
		if (!opts[i].long_name[len])
			return &opts[i];
		if (found)
			return NULL;
		found = &opts[i];
	}
	return found;
}

/* how many words argv[i] begins: 0 an operand, 2 an option whose value is
 * the next word, else 1 */
static int option_words(char **argv, int i, const struct option_spec *opts, size_t n)
{
	const char *w = argv[i];

	if (w[0] != '-' || !w[1])
		return 0;
	if (w[1] == '-') {
		size_t len = strcspn(w + 2, "=");
		const struct option_spec *o = long_spec(opts, n, w + 2, len);

		return o && takes_value(o) && !w[2 + len] ? 2 : 1;
	}
	for (const char *c = w + 1; *c; c++) {
		const struct option_spec *o = spec_of(opts, n, *c);

		if (o && takes_value(o))
			return c[1] ? 1 : 2;
	}
	return 1;
}

/*
 * Options anywhere before "--", as git takes them: argv[1..argc)
 * reordered in place, the options and their values first in the order
 * given, then "--", then the operands in theirs, so that an in-order
 * parse ('+') sees every option and an option's argv indices are those
 * of the argv its caller keeps. A value that begins with '-' (-k -x)
 * stays its option's.
 */
static void options_first(int argc, char **argv, const struct option_spec *opts, size_t n)
{
	char **ops = xcalloc((size_t)argc + 1, sizeof(*ops));
	int i, k = 1, nops = 0;

	for (i = 1; i < argc && strcmp(argv[i], "--"); i++) {
		int words = option_words(argv, i, opts, n);

		if (!words) {
			ops[nops++] = argv[i];
			continue;
		}
		argv[k++] = argv[i];
		if (words == 2 && i + 1 < argc)
			argv[k++] = argv[++i];
	}
	if (i < argc)	/* "--" first, the operands before it after it */
		argv[k++] = argv[i];
	memcpy(argv + k, ops, (size_t)nops * sizeof(*argv));
	free(ops);
}

int options_parse(int argc, char **argv, const struct option_spec *opts, int flags,
		  int *operands)
{
	size_t n = count(opts);
	char *shorts = short_string(opts, n, flags);
	struct option *longs = long_table(opts, n);
	int c, first, ret = 0;

	if (flags & OPTIONS_IN_ORDER)
		options_first(argc, argv, opts, n);
	optind = 0;	/* GNU: start afresh, main may have parsed its own options */
	opterr = 0;
	for (first = 1; (c = getopt_long(argc, argv, shorts, longs, NULL)) != -1; first = optind) {
		const struct option_spec *o = spec_of(opts, n, c);

		if (c == 'h' || c == HELP_VAL) {
			ret = 1;
			break;
		}
		if (c == ':' || c == '?' || !o) {
			ret = bad_option(c, argv, opts, n);
			break;
		}
		/* argv[first..optind) is this option with its value */
		if (take(o, optarg, argv, first, optind) < 0) {
			ret = -1;
			break;
		}
	}
	*operands = optind;
	free(longs);
	free(shorts);
	return ret;
}

/* "  -r, --results DIR" */
static char *left_column(const struct option_spec *o)
{
	const char *arg = !takes_value(o) ? "" : o->argname ? o->argname : "VALUE";

	if (o->short_name && o->long_name)
		return xasprintf("  -%c, --%s%s%s", o->short_name, o->long_name, *arg ? " " : "", arg);
	if (o->short_name)
		return xasprintf("  -%c%s%s", o->short_name, *arg ? " " : "", arg);
	return xasprintf("      --%s%s%s", o->long_name, *arg ? " " : "", arg);
}

/* help is read in 80 columns */
#define HELP_COLUMNS 80

/*
 * the help's lines, the first beside left (on a line of its own when too
 * wide); a line that would pass HELP_COLUMNS breaks at a blank, and what
 * it broke off runs on into the next line, as a paragraph would
 */
static void help_lines(FILE *out, const char *left, const char *help, int width)
{
	size_t room = HELP_COLUMNS - (size_t)width;
	char *carry = NULL;

	if ((int)strlen(left) + 1 > width)
		fprintf(out, "%s\n%*s", left, width, "");
	else
		fprintf(out, "%-*s", width, left);
	for (const char *p = help ? help : "";;) {
		size_t len = strcspn(p, "\n"), cut;
		char *line = xasprintf("%s%s%.*s", carry ? carry : "", carry ? " " : "", (int)len, p);
		const char *q = line;
		int broke = 0;

		free(carry);
		carry = NULL;
		for (size_t n = strlen(q); n > room; n = strlen(q)) {
			for (cut = room; cut > 0 && q[cut] != ' '; cut--)
				;
			if (!cut)
				break;	/* one word wider than the room: as it is */
			fprintf(out, "%.*s\n%*s", (int)cut, q, width, "");
			q += cut + 1;
			broke = 1;
		}
		p += len;
		if (broke && *p && p[1]) {
			carry = xstrdup(q);	/* runs on into the next line */
		} else {
			fprintf(out, "%s\n", q);
			if (*p && p[1])
				fprintf(out, "%*s", width, "");
		}
		free(line);
		if (!*p || !p[1])
			break;
		p++;
	}
}

void options_help(FILE *out, const struct option_spec *opts)
{
	static const struct option_spec help = { .short_name = 'h', .long_name = "help",
						 .type = ARG_FLAG, .help = "this text" };
	size_t n = count(opts);
	int width = 0;

	for (size_t i = 0; i < n; i++) {
		char *left = left_column(&opts[i]);
		int len = (int)strlen(left) + 2;

		if (len > width && len <= 26)
			width = len;
		free(left);
	}
	if (width < 18)
		width = 18;
	for (size_t i = 0; i <= n; i++) {
		const struct option_spec *o = i < n ? &opts[i] : &help;
		char *left = left_column(o);

		help_lines(out, left, o->help, width);
		free(left);
	}
}

void arg_strings_init(struct arg_strings *s, int argc)
{
	s->v = xcalloc((size_t)argc + 1, sizeof(*s->v));
	s->n = 0;
}

void arg_strings_release(struct arg_strings *s)
{
	free(s->v);
	s->v = NULL;
	s->n = 0;
}

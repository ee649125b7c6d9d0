/* t-options.c - the one option parser: values, ranges, errors that name the option, help */
#include "lib/options.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <unistd.h>

static char errbuf[4096];

struct vals {
	const char *results;
	struct arg_strings sets;
	double alpha, level;
	int runs, stats, format, called;
};

static int note_call(const struct option_spec *o, const char *arg, int first, int end)
{
	struct vals *v = o->value;

	v->called = (end - first) * 100 + (arg ? (int)strlen(arg) : 0);
	return 0;
}

/* options_parse of the words in args with stderr into errbuf; *first the first operand */
static int parse(struct vals *v, const char *const *args, int *first)
{
	const struct option_spec opts[] = {
		{ .short_name = 'r', .long_name = "results", .type = ARG_STRING,
		  .value = &v->results, .argname = "DIR", .help = "the results directory" },
		{ .short_name = 's', .type = ARG_STRINGS, .value = &v->sets, .argname = "KEY=VALUE",
		  .help = "one key" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &v->alpha, .argname = "A",
		  .min = 0, .max = 1, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "a level\nits second line" },
		{ .long_name = "level", .type = ARG_NUMBER, .value = &v->level, .argname = "PCT",
		  .min = 0, .max = INFINITY, .help = "a percentage" },
		{ .short_name = 'n', .type = ARG_INT, .value = &v->runs, .min = 2, .max = 10,
		  .argname = "N", .help = "runs" },
		{ .long_name = "stats", .type = ARG_FLAG, .value = &v->stats, .help = "more" },
		{ .long_name = "format", .type = ARG_CHOICE, .value = &v->format,
		  .choices = "text|mail|csv", .argname = "FORMAT", .help = "how" },
		{ .long_name = "call", .type = ARG_CALL, .value = v, .call = note_call,
		  .argname = "X", .help = "a callback" },
		OPTION_END,
	};
	char *argv[32];
	int argc = 0, ret, saved;
	FILE *err = tmpfile();
	size_t n;

	argv[argc++] = "cmd";
	while (*args && argc < 31)
		argv[argc++] = (char *)*args++;
	argv[argc] = NULL;
	memset(v, 0, sizeof(*v));
	v->alpha = NAN;
	arg_strings_init(&v->sets, argc);
	fflush(stderr);
	saved = dup(2);
	dup2(fileno(err), 2);
	ret = options_parse(argc, argv, opts, 0, first);
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(err);
	n = fread(errbuf, 1, sizeof(errbuf) - 1, err);
	errbuf[n] = '\0';
	fclose(err);
	return ret;
}

#define ARGS(...) ((const char *const[]){ __VA_ARGS__, NULL })

static void bad(const char *const *args, const char *want, const char *what)
{
	struct vals v;
	int first;

	ok(parse(&v, args, &first) < 0 && strstr(errbuf, want), "%s: refused, says \"%.*s\"%s",
	   what, (int)strcspn(want, "\n"), want, strchr(want, '\n') ? " and no more" : "");
	if (!strstr(errbuf, want))
		printf("#   got: %s", errbuf);
	arg_strings_release(&v.sets);
}

static void values(void)
{
	struct vals v;
	int first = 0;
	int ret = parse(&v, ARGS("-r", "R", "--alpha=0.01", "-s", "a=1", "k1", "-n", "4",
				 "--stats", "-s", "b=2", "--format", "csv", "--call", "xyz", "k2"),
			&first);

	ok(ret == 0 && !*errbuf, "a good command line parses, nothing said (%s)", errbuf);
	is_str(v.results, "R", "-r DIR stored");
	ok(v.alpha == 0.01, "--alpha=A stored as a number (%g)", v.alpha);
	ok(v.runs == 4, "-n N stored as a whole number (%d)", v.runs);
	ok(v.stats == 1, "a flag stored");
	ok(v.format == 2, "a choice stored as its index (%d)", v.format);
	ok(v.sets.n == 2 && !strcmp(v.sets.v[0], "a=1") && !strcmp(v.sets.v[1], "b=2"),
	   "a repeatable option keeps every value in order");
	ok(v.called == 203, "a callback gets its value and the two words that held it (%d)",
	   v.called);
	ok(first == 15, "the two operands permuted to the end: the first at %d of 17", first);
	arg_strings_release(&v.sets);
	ret = parse(&v, ARGS("--help", "--bogus"), &first);
	ok(ret == 1, "--help asks for help before anything else is judged");
	arg_strings_release(&v.sets);
}

static void errors(void)
{
	bad(ARGS("--bogus"), "error: unknown option '--bogus'\n", "an unknown long option");
	bad(ARGS("--bogus=1"), "error: unknown option '--bogus'\n", "an unknown one with a value");
	bad(ARGS("-x"), "error: unknown option '-x'\n", "an unknown short option");
	bad(ARGS("-r"), "option '-r' needs a value", "a short option without its value");
	bad(ARGS("--res"), "option '--results' needs a value", "an abbreviation, named in full");
	bad(ARGS("--alpha"), "option '--alpha' needs a value", "a long option without its value");
	bad(ARGS("--stats=1"), "option '--stats' takes no value", "a flag given a value");
	bad(ARGS("--alpha", "1"), "'--alpha' wants a number above 0 and below 1, not '1'",
	    "a number at an open bound");
	bad(ARGS("--alpha", "0.5x"), "not '0.5x'", "a number with junk after it");
	bad(ARGS("--alpha", " 0.5"), "not ' 0.5'", "a number with a blank before it");
	bad(ARGS("--alpha", "nan"), "not 'nan'", "not a finite number");
	bad(ARGS("-n", "11"), "'-n' wants a whole number from 2 to 10, not '11'", "an int above");
	bad(ARGS("-n", "2.5"), "not '2.5'", "an int with a fraction");
	bad(ARGS("--level", "-1"), "option '--level' wants a number of 0 or more, not '-1'",
	    "a number below a bound with none above");
	bad(ARGS("--format", "xml"), "unknown value 'xml' (one of: text mail csv)",
	    "a word not among the choices");
	bad(ARGS("--format", "tex"), "unknown value 'tex'", "a prefix of a choice is not it");
}

static void help(void)
{
	struct vals v;
	const struct option_spec opts[] = {
		{ .short_name = 'r', .long_name = "results", .type = ARG_STRING,
		  .value = &v.results, .argname = "DIR", .help = "the results directory" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &v.alpha, .argname = "A",
		  .help = "a level\nits second line" },
		{ .short_name = 's', .type = ARG_STRINGS, .value = &v.sets, .argname = "KEY=VALUE",
		  .help = "one key" },
		OPTION_END,
	};
	char *buf = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&buf, &len);

	options_help(out, opts);
	fclose(out);
	is_str(buf,
	       "  -r, --results DIR  the results directory\n"
	       "      --alpha A      a level\n"
	       "                     its second line\n"
	       "  -s KEY=VALUE       one key\n"
	       "  -h, --help         this text\n",
	       "--help's lines come from the table, -h last");
	free(buf);
}

int main(void)
{
	values();
	errors();
	help();
	return tap_done();
}

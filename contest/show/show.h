/* show.h - what two commands print: a results directory read through
 * results/ and handed to a writer of output/
 *
 * report prints a report's tables, and run prints them for the kernels it
 * has just run; compare prints a comparison, and run prints one of its
 * variants or of run --boot's kernels. Reading is results/'s and writing
 * output/'s; this layer only joins the two, so that no command calls
 * another's code.
 */
#ifndef CONTEST_SHOW_H
#define CONTEST_SHOW_H

#include <stddef.h>
#include <stdio.h>

#include "results/compare.h"

/*
 * Read dir and print the tables of kernels[0..n) in that order (n == 0:
 * every kernel, oldest first) in opts->format (not html), with the inputs
 * that format needs (report_read_inputs). 0, or -1 (error printed).
 */
struct report_opts;
int report_print_kernels(const char *dir, const char *const *kernels, size_t n,
			 const struct report_opts *opts, FILE *out);

/* compare's formats: the enum and --format's words from one list (report.h) */
#define COMPARE_FORMATS(FIRST, NEXT) \
	FIRST(TEXT, "text") NEXT(MAIL, "mail") NEXT(CSV, "csv") NEXT(JSON, "json") \
	NEXT(LKP, "lkp")
#define COMPARE_FORMAT_ID(id, word) FORMAT_ID(COMPARE_, id)
enum compare_format { COMPARE_FORMATS(COMPARE_FORMAT_ID, COMPARE_FORMAT_ID) };
/* "text|mail|csv|json|lkp" */
#define COMPARE_FORMAT_WORDS COMPARE_FORMATS(FORMAT_WORD_FIRST, FORMAT_WORD_NEXT)

/* how `contest compare` prints a comparison */
struct compare_args {
	const char *dir;
	int format;		/* enum compare_format */
	double fail_above;	/* NAN: no gate */
	struct compare_opts o;	/* alpha, margin; the calibration is read */
	const char *from, *to;	/* mail's headers; NULL: the default */
	const char *load, *metric;	/* lkp: the row in focus; NULL: the worst */
};

/* text, no gate, compare_opts_init()'s alpha and margin; results in dir */
void compare_args_init(struct compare_args *a, const char *dir);

/*
 * Compare kernels[0..n) (the first is BASE) of a->dir in a->format on
 * stdout, the environments' differences as warnings on stderr, and with
 * a->fail_above the gate's failures on stderr: 0, EXIT_RUN_FAILED (said)
 * when the results cannot be read or written, EXIT_REGRESSION when the
 * gate fails.
 */
int compare_print(const struct compare_args *a, char **kernels, int n);

/*
 * compare's text of kernels[0..n) in dir on stdout, its warnings on
 * stderr, as `contest compare -r DIR` prints them; 0, or -1 (said) when
 * the results cannot be read or written. For run's variants and run
 * --boot's kernels; alpha and margin above 0 replace compare's defaults
 * (--until-decided's last look's, so that the table says its MDE), look
 * of looks above 0 says which look's share of alpha it is.
 */
int compare_show(const char *dir, char **kernels, int n, double alpha, double margin,
		 size_t look, size_t looks);

/*
 * The kernel test robot's mail (output/lkp-mail.h) of kernels base and
 * head in a->dir on out, for `compare --format lkp` and `bisect --format
 * mail`: commit and subject are the head's (NULL: its env's "commit" and
 * "subject" lines, else its name), load and metric the row in focus
 * (NULL: the largest change judged worse), o the comparison's alpha and
 * margin (NULL: compare_opts_init's; the calibration is read), from and
 * to the headers (NULL: the defaults). Compare's warnings on stderr too.
 * 0, or EXIT_RUN_FAILED (said).
 */
struct lkp_args {
	const char *dir, *base, *head;
	const char *commit, *subject;
	const char *load, *metric;
	const struct compare_opts *o;
	const char *from, *to;
	const char *found;	/* lkp-mail.h's: how the head was found, NULL none */
};
int show_lkp(const struct lkp_args *a, FILE *out);

/*
 * Two kernels of dir read once (each runs.tsv and env file), for what is
 * said of bisect's culprit and its parent: which functions head made
 * slower, then the mail. o as lkp_args's. 0, or -1 (said); release it
 * after a 0.
 */
struct show_pair {
	struct compare c;
	char **confounds;
};
int show_pair_read(struct show_pair *p, const char *dir, const char *base, const char *head,
		   const struct compare_opts *o);
/* which functions head made slower than base under load, by their
 * profiles' test (results/symbols.h's sentence), malloc'd; NULL where
 * the runs have no profile */
char *show_pair_slower(const struct show_pair *p, const char *load);
/* show_lkp's mail of the pair, compare's warnings on stderr: a's base,
 * head and o are not read */
int show_pair_lkp(const struct show_pair *p, const struct lkp_args *a, FILE *out);
void show_pair_release(struct show_pair *p);

/* a session's last line: the runs.tsv files its rows went to, after the
 * tables on stdout (one for `run`, one per guest kernel for --boot) */
void show_where(const char *dir, const char *const *kernels, size_t n);

/* what of a session's kernels is printed (a struct run_result's, session/request.h) */
struct show_ran {
	int tables;		/* their tables, and compare's for several */
	int where;		/* then where their rows went */
	double alpha, margin;	/* compare's, as compare_show's */
	size_t look, looks;	/* whose look alpha is, as compare_show's */
};

/*
 * What a session ran, as run, run --boot and rerun print it: the kernels'
 * tables on stdout and, for several, compare's; then show_where's line.
 * status, or exit_failed(status) when a table could not be printed.
 */
int show_ran(const char *dir, const char *const *names, size_t n, const struct show_ran *how,
	     int status);

#endif

/* report-mail.c - report --format mail: a whole message, ready for sendmail -t
 *
 * Headers (From, To when given, Subject, Date, MIME), a paragraph on the
 * machine (report-env.c), a line on the rows and Ratio (the columns are
 * contest's since 2002), the tables exactly as --format text prints them,
 * a note on excluded runs and, with two or more kernels, compare's
 * significant differences (compare-mail.h). The message's form is mail.h's;
 * the tables show the kernels' names as mail-names.h writes them, and when
 * a name makes a table row wider than 80 columns they name the kernels
 * K1, K2... under a legend.
 */
#include "output/report-write.h"
#include "output/report-env.h"
#include "output/compare-mail.h"
#include "output/mail.h"
#include "output/mail-names.h"
#include "lib/membuf.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/*
 * text with each note line under a table, "(K: 2 of 3 runs disturbed: ...)",
 * wrapped to the mail's width: a note runs as long as the runs it names,
 * and it must neither pass the width nor make the tables' names shorten
 */
static char *wrap_notes(char *text)
{
	struct membuf m;
	FILE *out = membuf_open(&m);

	for (char *line = text, *end; *line; line = end + (*end == '\n')) {
		end = line + strcspn(line, "\n");
		if (*line == '(' && (size_t)(end - line) > MAIL_WIDTH) {
			char *note = xasprintf("%.*s", (int)(end - line), line);

			mail_wrap(out, note, MAIL_WIDTH, "");
			free(note);
		} else {
			fprintf(out, "%.*s\n", (int)(end - line), line);
		}
	}
	free(text);
	return membuf_close(&m, 1);
}

/* the tables as --format text prints them, malloc'd, notes wrapped */
static char *tables_text(const struct report *r, const struct report_opts *opts)
{
	struct report_opts text = *opts;
	struct membuf m;
	char *text_out;
	int ret;

	text.format = REPORT_TEXT;
	text.no_legend = 1;	/* the intro's paragraph says what Ratio is */

	text.swap = 1;	/* swap and paging per kernel, as the rmap seed posted them */
	ret = report_write_text(r, &text, membuf_open(&m));
	text_out = membuf_close(&m, ret == 0);
	return text_out ? wrap_notes(text_out) : NULL;
}

/* K1, K2...: names short enough for any table */
static char **short_names(size_t n)
{
	char **names = xcalloc(n + 1, sizeof(*names));

	for (size_t k = 0; k < n; k++)
		names[k] = xasprintf("K%zu", k + 1);
	return names;
}

/* the tables, under a legend of short names when the real ones are too wide */
static int write_tables(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *text = tables_text(r, opts), **names;
	struct report a;

	if (!text)
		return -1;
	if (mail_widest_line(text) > MAIL_WIDTH) {
		free(text);
		names = short_names(r->nkernels);
		report_alias(r, &a, names);
		text = tables_text(&a, opts);
		report_alias_release(&a);
		mail_names_free(names);
		if (!text)
			return -1;
		fputs("The kernels' names are too long for the tables; they stand as:\n\n", out);
		for (size_t k = 0; k < r->nkernels; k++) {
			char *line = xasprintf("K%zu = %s", k + 1, r->kernels[k]);

			mail_wrap(out, line, MAIL_PARA_WIDTH, "  ");
			free(line);
		}
		fputc('\n', out);
	}
	fputs(text, out);
	free(text);
	return 0;
}

static int any_not_ok(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (r->tables[i].n_not_ok)
			return 1;
	return 0;
}

static void write_intro(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *env = report_env_summary(r->envs, r->kernels, r->nkernels, r);
	/* the columns are contest's since 2002; only what varies is said */
	char *how = opts->ratio == RATIO_SELF ?
		xstrdup("the kernel's own noload Time") :
		r->reference_kernel ?
		xasprintf("the noload Time of %s (%.1f s)", r->reference_kernel, r->reference_s) :
		xasprintf("a reference of %.1f s", r->reference_s);
	/* Ratio only where some compile was timed: a task's Time is the duration asked for */
	char *para = isnan(r->reference_s) && opts->ratio != RATIO_SELF ?
		xstrdup("Each row is the mean of [runs] ok runs.") :
		xasprintf("Each row is the mean of [runs] ok runs; Ratio is Time over %s.", how);

	mail_wrap(out, env, MAIL_PARA_WIDTH, "");
	fputc('\n', out);
	mail_wrap(out, para, MAIL_PARA_WIDTH, "");
	fputc('\n', out);
	free(env);
	free(how);
	free(para);
}

/* "noload" when the tables show it: compare's section then leaves it out */
static const char *noload_shown(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (!strcmp(r->tables[i].load, "noload"))
			return "noload";
	return NULL;
}

/* r holds the env texts and the comparison; shown, r with the names the body shows, lays out the tables */
static int write_body(FILE *out, const struct report *r, const struct report *shown,
		      const struct report_opts *opts)
{
	write_intro(out, r, opts);
	if (write_tables(out, shown, opts) < 0)
		return -1;
	if (any_not_ok(r)) {
		mail_wrap(out, "Runs not ok are left out of the means, counted below each table.",
			  MAIL_PARA_WIDTH, "");
		fputc('\n', out);
	}
	if (r->nkernels >= 2 && (!r->compare ||
				 compare_write_mail_section(r->compare, r->confounds,
							    noload_shown(r), out) < 0))
		return -1;
	return 0;
}

int report_write_mail(const struct report *r, const struct report_opts *opts, FILE *out)
{
	char *body, *subject = mail_subject("[BENCHMARK] contest:", r->kernels, r->nkernels);
	struct mail_headers h = { .from = opts->from, .to = opts->to, .subject = subject };
	char **names = mail_names(r->kernels, r->nkernels, 1);
	struct report shown;
	struct membuf m;
	int ret;

	report_alias(r, &shown, names);
	ret = write_body(membuf_open(&m), r, &shown, opts);
	body = membuf_close(&m, ret == 0);
	if (body)
		ret = mail_write(out, &h, body);
	report_alias_release(&shown);
	mail_names_free(names);
	free(body);
	free(subject);
	return ret;
}

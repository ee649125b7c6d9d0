/* report-csv.c - one CSV record per kernel and load, see report.h */
#include "output/report-write.h"
#include "results/metric.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

void report_csv_string(FILE *out, const char *s)
{
	/* a formula's first character, or the quote that marks one */
	const char *prefix = *s && strchr("=+-@\t\r'", *s) ? "'" : "";

	if (!strpbrk(s, ",\"\r\n")) {
		fputs(prefix, out);
		fputs(s, out);
		return;
	}
	fputc('"', out);
	fputs(prefix, out);
	for (; *s; s++) {
		if (*s == '"')
			fputc('"', out);
		fputc(*s, out);
	}
	fputc('"', out);
}

/* a number, or an empty field when it does not exist */
static void csv_number(FILE *out, double v, int decimals)
{
	fputc(',', out);
	if (!isnan(v))
		fprintf(out, "%.*f", decimals, v);
}

/* "1 load-failed; 2 oom" */
static void csv_not_ok(FILE *out, const struct report_row *row)
{
	char *s = xstrdup(""), *next;
	size_t i;

	for (i = 0; i < row->s->n_not_ok_kinds; i++) {
		next = xasprintf("%s%s%zu %s", s, i ? "; " : "", row->s->not_ok[i].n,
				 row->s->not_ok[i].status);
		free(s);
		s = next;
	}
	fputc(',', out);
	report_csv_string(out, s);
	free(s);
}

/*
 * The metrics' fields: before not_ok_detail, then after the sweep; a
 * metric's mean, or with SD its sample SD (in its decimals: the SD's are
 * its mean's)
 */
enum { SD = 1 << 8 };
static const unsigned first_fields[] = {
	METRIC_TIME, METRIC_TIME | SD, METRIC_CPU, METRIC_LOADS, METRIC_LCPU, METRIC_RATIO,
};
static const unsigned last_fields[] = {
	METRIC_WORK_UNITS, METRIC_WORK_UNITS | SD, METRIC_WORK_RATE, METRIC_INSTRUCTIONS,
	METRIC_CYCLES,
};

static void csv_field(FILE *out, const struct report_row *row, unsigned field)
{
	enum metric_id m = (enum metric_id)(field & ~(unsigned)SD);
	const struct running_stats *s = metric_stats(row->s, m);

	csv_number(out, !s ? row->ratio : field & SD ? running_stats_sd(s) : running_stats_mean(s),
		   metrics[m].csv);
}

static void csv_header(FILE *out, const unsigned *fields, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		enum metric_id m = (enum metric_id)(fields[i] & ~(unsigned)SD);

		fprintf(out, ",%s", fields[i] & SD ? metrics[m].sd_json : metrics[m].json);
	}
}

static void csv_row(FILE *out, const struct report_table *t, const struct report_row *row)
{
	report_csv_string(out, t->load);
	fputc(',', out);
	report_csv_string(out, row->kernel);
	fprintf(out, ",%zu,%zu", row->s->time.n, row->s->n_not_ok);
	for (size_t i = 0; i < ARRAY_SIZE(first_fields); i++)
		csv_field(out, row, first_fields[i]);
	csv_not_ok(out, row);
	for (size_t i = 0; i < 2 * PSI_NCOL; i++)
		csv_number(out, running_stats_mean(&row->s->psi[i]), 0);
	/* a sweep's point, a measured load's work (empty for the others) */
	fputc(',', out);
	report_csv_string(out, t->sweep);
	for (size_t i = 0; i < ARRAY_SIZE(last_fields); i++)
		csv_field(out, row, last_fields[i]);
	fputc('\n', out);
}

int report_write_csv(const struct report *r, const struct report_opts *opts, FILE *out)
{
	size_t i, j;

	(void)opts;
	fputs("load,kernel,runs,not_ok", out);
	csv_header(out, first_fields, ARRAY_SIZE(first_fields));
	fputs(",not_ok_detail", out);
	for (i = 0; i < 2 * PSI_NCOL; i++)	/* means of runs.tsv's columns of the same names */
		fprintf(out, ",%spsi_%s_us", i < PSI_NCOL ? "" : "cg_", psi_names[i % PSI_NCOL]);
	fputs(",sweep", out);
	csv_header(out, last_fields, ARRAY_SIZE(last_fields));
	fputc('\n', out);
	for (i = 0; i < r->ntables; i++)
		for (j = 0; j < r->tables[i].nrows; j++)
			csv_row(out, &r->tables[i], &r->tables[i].rows[j]);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}

/* report-csv.c - one CSV record per kernel and load, see report.h */
#include "output/report-write.h"
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

static void csv_row(FILE *out, const struct report_table *t, const struct report_row *row)
{
	report_csv_string(out, t->load);
	fputc(',', out);
	report_csv_string(out, row->kernel);
	fprintf(out, ",%zu,%zu", row->s->time.n, row->s->n_not_ok);
	csv_number(out, running_stats_mean(&row->s->time), 3);
	csv_number(out, running_stats_sd(&row->s->time), 3);
	csv_number(out, running_stats_mean(&row->s->cpu), 2);
	csv_number(out, running_stats_mean(&row->s->loads), 4);
	csv_number(out, running_stats_mean(&row->s->lcpu), 2);
	csv_number(out, row->ratio, 4);
	csv_not_ok(out, row);
	for (size_t i = 0; i < 2 * PSI_NCOL; i++)
		csv_number(out, running_stats_mean(&row->s->psi[i]), 0);
	/* a sweep's point, a measured load's work (empty for the others) */
	fputc(',', out);
	report_csv_string(out, t->sweep);
	csv_number(out, running_stats_mean(&row->s->lat[WORK_UNITS]), 1);
	csv_number(out, running_stats_sd(&row->s->lat[WORK_UNITS]), 1);
	csv_number(out, running_stats_mean(&row->s->lat[WORK_RATE]), 3);
	for (size_t i = 0; i < COUNTS; i++)
		csv_number(out, running_stats_mean(&row->s->counts[i]), 0);
	fputc('\n', out);
}

int report_write_csv(const struct report *r, const struct report_opts *opts, FILE *out)
{
	size_t i, j;

	(void)opts;
	fputs("load,kernel,runs,not_ok,time_s,time_sd,cpu_pct,loads,lcpu_pct,ratio,not_ok_detail", out);
	for (i = 0; i < 2 * PSI_NCOL; i++)	/* means of runs.tsv's columns of the same names */
		fprintf(out, ",%spsi_%s_us", i < PSI_NCOL ? "" : "cg_", psi_names[i % PSI_NCOL]);
	fputs(",sweep,work_units,work_sd,work_rate,instructions,cycles\n", out);
	for (i = 0; i < r->ntables; i++)
		for (j = 0; j < r->tables[i].nrows; j++)
			csv_row(out, &r->tables[i], &r->tables[i].rows[j]);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}

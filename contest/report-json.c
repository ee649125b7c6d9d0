/* report-json.c - the report as one JSON document, see report.h */
#include "report.h"
#include "util.h"

#include <errno.h>
#include <math.h>
#include <string.h>

static void json_string(FILE *out, const char *s)
{
	fputc('"', out);
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;

		if (c == '"' || c == '\\')
			fprintf(out, "\\%c", c);
		else if (c < 0x20)
			fprintf(out, "\\u%04x", c);
		else
			fputc(c, out);
	}
	fputc('"', out);
}

/* JSON has no NaN: a value that does not exist is null */
static void json_number(FILE *out, const char *key, double v, int decimals)
{
	fprintf(out, ", \"%s\": ", key);
	if (isnan(v))
		fputs("null", out);
	else
		fprintf(out, "%.*f", decimals, v);
}

static void json_row(FILE *out, const struct report_row *row)
{
	size_t i;

	fputs("        { \"kernel\": ", out);
	json_string(out, row->kernel);
	fprintf(out, ", \"runs\": %zu", row->time.n);
	json_number(out, "time_s", running_stats_mean(&row->time), 3);
	json_number(out, "time_sd", running_stats_sd(&row->time), 3);
	json_number(out, "cpu_pct", running_stats_mean(&row->cpu), 2);
	json_number(out, "loads", running_stats_mean(&row->loads), 4);
	json_number(out, "lcpu_pct", running_stats_mean(&row->lcpu), 2);
	json_number(out, "ratio", row->ratio, 4);
	fprintf(out, ", \"not_ok\": %zu, \"not_ok_by_status\": {", row->n_not_ok);
	for (i = 0; i < row->n_not_ok_kinds; i++) {
		fputs(i ? ", " : " ", out);
		json_string(out, row->not_ok[i].status);
		fprintf(out, ": %zu", row->not_ok[i].n);
	}
	fputs(row->n_not_ok_kinds ? " } }" : "} }", out);
}

static void json_table(FILE *out, const struct report_table *t)
{
	size_t i;

	fputs("    { \"load\": ", out);
	json_string(out, t->load);
	fputs(", \"kernels\": [\n", out);
	for (i = 0; i < t->nrows; i++) {
		json_row(out, &t->rows[i]);
		fputs(i + 1 < t->nrows ? ",\n" : "\n", out);
	}
	fputs("    ] }", out);
}

static void json_reference(FILE *out, const struct report *r, const struct report_opts *opts)
{
	fprintf(out, "  \"ratio\": \"%s\",\n  \"reference\": { \"kernel\": ",
		opts->ratio == RATIO_SELF ? "self" : "reference");
	if (r->reference_kernel)
		json_string(out, r->reference_kernel);
	else
		fputs("null", out);
	json_number(out, "noload_time_s", r->reference_s, 3);
	fputs(" },\n", out);
}

int report_write_json(const struct report *r, const struct report_opts *opts, FILE *out)
{
	size_t i;

	fputs("{\n", out);
	json_reference(out, r, opts);
	fputs("  \"loads\": [\n", out);
	for (i = 0; i < r->ntables; i++) {
		json_table(out, &r->tables[i]);
		fputs(i + 1 < r->ntables ? ",\n" : "\n", out);
	}
	fputs("  ]\n}\n", out);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the report: %s", strerror(errno));
	return 0;
}

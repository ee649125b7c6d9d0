/* compare-csv.c - compare's rows as CSV, see compare.h
 *
 * load,metric,kernel,mean,sd,runs,diff_pct,p_value,significant: one
 * record per load, metric and kernel. Empty fields: no mean (runs 0), no
 * SD (fewer than 2 runs), no diff or p (the BASE row, n=1, a missing side,
 * nothing to test, unlike figures); significant is "*", "**" or empty; a
 * row without a verdict has only a reason, where its sides measured unlike
 * `metric =` figures. A profiled kernel symbol (results/symbols.h) has two
 * records after them, BASE's and the NEW kernel's, its metric
 * perf-profile.self.SYMBOL, its mean the share of the kernel's samples in
 * percent; its significant says "**" where Holm's adjusted p over the
 * symbols is below alpha; one kept by too few runs to test has only a reason.
 */
#include "output/compare-write.h"
#include "output/report-write.h"
#include "results/symbols.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static void csv_number(FILE *out, double v, const char *fmt)
{
	fputc(',', out);
	if (isfinite(v))
		fprintf(out, fmt, v);
}

/* a profiled symbol's two records (symbols.h): BASE's, then the NEW kernel's */
static void csv_symbol(const struct compare *c, const struct symbol_row *s, FILE *out)
{
	char *metric = xasprintf("perf-profile.self.%s", s->symbol);
	double diff = -100.0 * symbols_change(s) / s->base_pct;

	for (int side = 0; side < 2; side++) {
		report_csv_string(out, s->load);
		fputc(',', out);
		report_csv_string(out, metric);
		fputc(',', out);
		report_csv_string(out, side ? s->kernel : c->report.kernels[0]);
		csv_number(out, side ? s->new_pct : s->base_pct, "%.4f");
		csv_number(out, side ? s->new_sd : s->base_sd, "%.4f");
		fprintf(out, ",%u", side ? s->new_runs : s->base_runs);
		if (!side) {
			fputs(",,,,,,,\n", out);
			continue;
		}
		csv_number(out, print_zero(diff, 3), "%.3f");
		csv_number(out, s->p, "%.6g");
		fprintf(out, ",%s", symbols_mark(s, c->alpha));
		if (!s->tested) {
			fputs(",,,,", out);
		} else {
			csv_number(out, s->verdict.mde_pct, "%.3f");
			fprintf(out, ",%s,%s,", verdict_name(s->verdict.kind),
				symbols_sessions_name(s));
		}
		report_csv_string(out, s->verdict.reason);
		fputc('\n', out);
	}
	free(metric);
}

int compare_write_csv(const struct compare *c, FILE *out)
{
	fputs("load,metric,kernel,mean,sd,runs,diff_pct,p_value,significant,mde_pct,verdict,"
	      "sessions,verdict_reason\n", out);
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		report_csv_string(out, row->load);
		fprintf(out, ",%s,", compare_metric_label(c, row));
		report_csv_string(out, row->kernel);
		csv_number(out, running_stats_mean(row->s), "%.4f");
		csv_number(out, running_stats_sd(row->s), "%.4f");
		fprintf(out, ",%zu", row->s->n);
		csv_number(out, print_zero(row->diff_pct, 3), "%.3f");
		csv_number(out, row->p, "%.6g");
		fprintf(out, ",%s", compare_mark_str(row));
		if (!compare_has_verdict(row)) {
			fputs(",,,,", out);
			report_csv_string(out, row->verdict.reason);	/* TEST_UNLIKE's */
			fputc('\n', out);
			continue;
		}
		csv_number(out, row->verdict.mde_pct, "%.3f");
		fprintf(out, ",%s,%s,", verdict_name(row->verdict.kind),
			compare_sessions_name(row));
		report_csv_string(out, row->verdict.reason);
		fputc('\n', out);
	}
	for (size_t i = 0; i < c->nsymbols; i++)
		csv_symbol(c, &c->symbols[i], out);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the comparison: %s", strerror(errno));
	return 0;
}

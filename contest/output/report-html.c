/* report-html.c - report --format html: one self-contained results page
 *
 * DIR/index.html holds everything: a print-friendly style sheet, the
 * machine paragraph, what compare's tables say (compare.h), per load the
 * table, its chart and compare's rows with coloured verdicts, the monitor
 * charts and the pressure stall times.
 * The charts are gnuplot SVG (plot.c, made in DIR/charts with their .dat
 * and .gp; plot_report() reads their bytes) embedded as data: URIs in
 * <img>, base64: each SVG keeps its own ids (gnuplot's repeat from chart
 * to chart, which inline <svg> elements would make collide), the page
 * needs no network and no script, and a browser can tell whether every
 * image decoded. Every name is escaped.
 * A generator meta tag marks the page as contest's: DIR must be new,
 * empty, or hold such a page (page_dir_check(), which the command calls),
 * never '/', never one another user may write. The writer reads nothing:
 * the command makes the charts (report_html_charts()) and hands it their
 * images' bytes; the page goes to DIR/index.html.tmp, made anew, never
 * through a symlink, then renamed over index.html.
 */
#include "output/report-html.h"
#include "output/report-write.h"
#include "output/html-page.h"
#include "output/changes-html.h"
#include "results/history.h"
#include "output/report-env.h"
#include "output/compare-write.h"
#include "results/symbols.h"
#include "results/metric.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char style[] =
	"body{font-family:sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}\n"
	"h1{font-size:1.5em}h2{font-size:1.2em;margin-top:1.5em;border-bottom:1px solid #ccc}\n"
	"table{border-collapse:collapse;margin:.5em 0}\n"
	"th,td{padding:.2em .8em;border-bottom:1px solid #ddd;text-align:right}\n"
	"th:first-child,td:first-child{text-align:left}\n"
	"td.name{font-family:monospace;text-align:left}p.note{font-size:.9em;color:#555}\n"
	"img{max-width:100%;height:auto;display:block;margin:.5em 0}\n"
	/* the verdicts coloured as mmtests colours its cells, kept when printed */
	".verdict-better{background:#b7e1b0}.verdict-worse{background:#f4b4b4}"
	".verdict-same{background:#e2e2e2}.verdict-changed{background:#cfe0f3}"
	".verdict-undecided{background:#f6e7b8}"
	"td.verdict,span[class^=verdict]{-webkit-print-color-adjust:exact;print-color-adjust:exact}\n"
	"@media print{body{max-width:none;margin:0;font-size:10pt}"
	"section{break-inside:avoid}h2{break-after:avoid}img{max-width:16cm}"
	"a{color:inherit;text-decoration:none}}\n"
	CHANGES_HTML_CHART_STYLE;

static void base64(FILE *out, const unsigned char *p, size_t len)
{
	static const char abc[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

	for (size_t i = 0; i < len; i += 3) {
		unsigned v = (unsigned)p[i] << 16 | (i + 1 < len ? (unsigned)p[i + 1] << 8 : 0) |
			     (i + 2 < len ? p[i + 2] : 0);

		fputc(abc[v >> 18 & 63], out);
		fputc(abc[v >> 12 & 63], out);
		fputc(i + 1 < len ? abc[v >> 6 & 63] : '=', out);
		fputc(i + 2 < len ? abc[v & 63] : '=', out);
	}
}

static int embed_image(FILE *out, const struct plot_image *img)
{
	if (!img->data)
		return -1;	/* it could not be read: said when it was */
	fputs("<img alt=\"", out);
	html_escape(out, img->kernel ? "monitor chart of " :
		    row_kind(img->load) == ROW_INTERACTIVE ? "latency chart of " :
		    row_kind(img->load) == ROW_MEASURE ? "work chart of " : "Time chart of ");
	if (img->kernel) {
		html_escape(out, img->kernel);
		fputs(" under ", out);
	}
	html_escape(out, img->load);
	fputs("\" src=\"data:image/svg+xml;base64,", out);
	base64(out, (const unsigned char *)img->data, img->len);
	fputs("\">\n", out);
	return 0;
}

static void cell(FILE *out, const char *tag, double v, int decimals)
{
	if (isnan(v))
		fprintf(out, "<%s>-</%s>", tag, tag);
	else
		fprintf(out, "<%s>%.*f</%s>", tag, decimals, v, tag);
}

/* a table's start and its header's first cell */
static const char table_head[] = "<table>\n<tr><th>Kernel [runs]</th>";

/* a header cell, "<th>LABELSUFFIX</th>" */
static void th(FILE *out, const char *label, const char *suffix)
{
	fprintf(out, "<th>%s%s</th>", label, suffix);
}

/* the header cells of ms[0..n), the first with suffix */
static void th_metrics(FILE *out, const enum metric_id *ms, size_t n, const char *suffix)
{
	for (size_t i = 0; i < n; i++)
		th(out, metrics[ms[i]].label, i ? "" : suffix);
}

/* a row's start: "<tr>" and its "KERNEL [runs]" cell */
static void name_cell(FILE *out, const struct report_row *row)
{
	fputs("<tr><td class=\"name\">", out);
	html_escape(out, row->kernel);
	fprintf(out, " [%zu]</td>", row->s->time.n);
}

/* an interactive task's table: latencies in ms, as the text table has them */
static void write_interactive_table(FILE *out, const struct report_table *t)
{
	int gaming = 0;

	for (size_t i = 0; i < t->nrows; i++)
		gaming |= t->rows[i].s->lat[LAT_FPS].n > 0;
	const enum metric_id heads[] = {
		METRIC_LAT_MEAN, METRIC_LAT_SD, METRIC_LAT_P99, METRIC_LAT_MAX, METRIC_LAT_CPU,
		gaming ? METRIC_LAT_FPS : METRIC_LAT_DEADLINES, METRIC_LOADS, METRIC_LCPU,
	};

	fputs(table_head, out);
	th_metrics(out, heads, ARRAY_SIZE(heads), " (ms)");
	fputs("</tr>\n", out);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->time.n)
			continue;
		name_cell(out, row);
		for (int m = LAT_MEAN; m <= LAT_MAX; m++)
			cell(out, "td", running_stats_mean(&row->s->lat[m]) / 1000, 3);
		cell(out, "td", running_stats_mean(&row->s->lat[LAT_CPU]), 1);
		cell(out, "td", running_stats_mean(&row->s->lat[gaming ? LAT_FPS : LAT_DEADLINES]), 1);
		cell(out, "td", running_stats_mean(&row->s->loads), 0);
		cell(out, "td", running_stats_mean(&row->s->lcpu), 0);
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* a measured load's table: the units of work in its duration and their rate */
static void write_measure_table(FILE *out, const struct report_table *t, int stats)
{
	static const enum metric_id heads[] = {
		METRIC_WORK_UNITS, METRIC_WORK_RATE, METRIC_LOADS, METRIC_LCPU,
	};

	fputs(table_head, out);
	th_metrics(out, heads, ARRAY_SIZE(heads), "");
	if (stats)
		th(out, metrics[METRIC_WORK_UNITS].sd_label, "");
	fputs("</tr>\n", out);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->time.n)
			continue;
		name_cell(out, row);
		cell(out, "td", running_stats_mean(&row->s->lat[WORK_UNITS]), 0);
		cell(out, "td", running_stats_mean(&row->s->lat[WORK_RATE]), 1);
		cell(out, "td", running_stats_mean(&row->s->loads), 0);
		cell(out, "td", running_stats_mean(&row->s->lcpu), 0);
		if (stats)
			cell(out, "td", running_stats_sd(&row->s->lat[WORK_UNITS]), 1);
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

/* some kernel's runs of the load counted instructions or cycles */
static int has_counts(const struct report_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		for (size_t c = 0; c < COUNTS; c++)
			if (t->rows[i].s->counts[c].n)
				return 1;
	return 0;
}

static void write_table(FILE *out, const struct report_table *t, int stats)
{
	int counts = has_counts(t), time_dec = report_time_decimals(t);

	if (t->kind == ROW_INTERACTIVE) {
		write_interactive_table(out, t);
		return;
	}
	if (t->kind == ROW_MEASURE) {
		write_measure_table(out, t, stats);
		return;
	}
	static const enum metric_id heads[] = {
		METRIC_TIME, METRIC_CPU, METRIC_LOADS, METRIC_LCPU, METRIC_RATIO,
	};

	fputs(table_head, out);
	th_metrics(out, heads, ARRAY_SIZE(heads), "");
	if (stats)
		th(out, metrics[METRIC_TIME].sd_label, "");
	if (counts) {
		th(out, metrics[METRIC_INSTRUCTIONS].label, " (M)");
		th(out, metrics[METRIC_CYCLES].label, " (M)");
	}
	fputs("</tr>\n", out);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->time.n)
			continue;
		name_cell(out, row);
		cell(out, "td", running_stats_mean(&row->s->time), time_dec);
		cell(out, "td", running_stats_mean(&row->s->cpu), 0);
		cell(out, "td", running_stats_mean(&row->s->loads), 0);
		cell(out, "td", running_stats_mean(&row->s->lcpu), 0);
		cell(out, "td", row->ratio, 2);
		if (stats)
			cell(out, "td", running_stats_sd(&row->s->time), time_dec);
		for (size_t c = 0; counts && c < COUNTS; c++)
			cell(out, "td", running_stats_mean(&row->s->counts[c]) / 1e6, 1);
		fputs("</tr>\n", out);
	}
	fputs("</table>\n", out);
}

static void write_not_ok(FILE *out, const struct report_table *t)
{
	if (!t->n_not_ok)
		return;
	fputs("<p class=\"note\">Left out of the means:", out);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->n_not_ok)
			continue;
		fputc(' ', out);
		html_escape(out, row->kernel);
		fputs(":", out);
		for (size_t j = 0; j < row->s->n_not_ok_kinds; j++) {
			fprintf(out, "%s %zu ", j ? "," : "", row->s->not_ok[j].n);
			html_escape(out, row->s->not_ok[j].status);
		}
		fputc(';', out);
	}
	fputs("</p>\n", out);
}

static const char *const note_intro[RUN_NOTES] = {
	[NOTE_DISTURBED] = "Disturbed (kept in the means; steal or others' CPU at 10% of the "
			   "machine or more):",
	[NOTE_UNLOADED] = "The load did not load (kept in the means; it never reached what it "
			  "exists to stress):",
};

static void write_notes(FILE *out, const struct report_table *t, enum run_note_kind kind)
{
	if (!t->n_notes[kind])
		return;
	fprintf(out, "<p class=\"note\">%s", note_intro[kind]);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->notes[kind].n)
			continue;
		fputc(' ', out);
		html_escape(out, row->kernel);
		fprintf(out, ": %zu of %zu, ", row->s->notes[kind].n, row->s->time.n);
		html_escape(out, row->s->notes[kind].text);
		fputc(';', out);
	}
	fputs("</p>\n", out);
}

static int has_psi(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		for (size_t j = 0; j < r->tables[i].nrows; j++)
			if (r->tables[i].rows[j].s->psi[0].n)
				return 1;
	return 0;
}

/* mean stall milliseconds of the machine's some/full lines, per load and kernel */
static void write_pressure(FILE *out, const struct report *r)
{
	if (!has_psi(r))
		return;
	fputs("<section>\n<h2>Pressure stalls during the compile</h2>\n"
	      "<p class=\"note\">Mean seconds over the ok runs in which some (full: all "
	      "non-idle) tasks stalled on the resource, from /proc/pressure; runs.tsv keeps "
	      "the microseconds of each run, and the session cgroup's own under cgroup v2.</p>\n"
	      "<table>\n<tr><th>Load</th><th>Kernel</th>", out);
	for (int p = 0; p < PSI_NCOL; p++)
		fprintf(out, "<th>%s</th>", psi_names[p]);
	fputs("</tr>\n", out);
	for (size_t i = 0; i < r->ntables; i++) {
		for (size_t j = 0; j < r->tables[i].nrows; j++) {
			const struct report_row *row = &r->tables[i].rows[j];

			if (!row->s->psi[0].n)
				continue;
			fputs("<tr><td class=\"name\">", out);
			html_escape(out, r->tables[i].load);
			fputs("</td><td class=\"name\">", out);
			html_escape(out, row->kernel);
			fputs("</td>", out);
			for (int p = 0; p < PSI_NCOL; p++)
				cell(out, "td", report_psi_s(row, (size_t)p), 2);
			fputs("</tr>\n", out);
		}
	}
	fputs("</table>\n</section>\n", out);
}

static void write_head(FILE *out, const struct report *r)
{
	fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
	      REPORT_HTML_GENERATOR CONTEST_VERSION "\">\n"
	      "<meta name=\"viewport\" content=\"width=device-width\">\n<title>contest: ", out);
	for (size_t k = 0; k < r->nkernels; k++) {
		fputs(k ? " vs " : "", out);
		html_escape(out, r->kernels[k]);
	}
	fprintf(out, "</title>\n<style>\n%s</style>\n</head>\n<body>\n<h1>contest: ", style);
	for (size_t k = 0; k < r->nkernels; k++) {
		fputs(k ? " vs " : "", out);
		html_escape(out, r->kernels[k]);
	}
	fputs("</h1>\n", out);
}

static void write_intro(FILE *out, const struct report *r, const struct report_opts *opts)
{
	char *env = report_env_summary(r->envs, r->kernels, r->nkernels, r);

	fputs("<p>", out);
	html_escape(out, env);
	fputs("</p>\n<p class=\"note\">Time: wall seconds of the compile; CPU%: its CPU use; "
	      "Loads: work the background load completed meanwhile; LCPU%: the load's CPU use; "
	      "Ratio: Time over ", out);
	if (opts->ratio == RATIO_SELF) {
		fputs("the kernel's own noload Time", out);
	} else if (r->reference_kernel) {
		fputs("the noload Time of ", out);
		html_escape(out, r->reference_kernel);
	} else {
		fprintf(out, "%.1f s", r->reference_s);
	}
	fputs(". Each row is the mean of [runs] ok runs.</p>\n", out);
	free(env);
}

static const struct plot_image *find_image(const struct plot_set *set, const char *load,
					   const char *kernel)
{
	for (size_t i = 0; i < set->n; i++)
		if (!strcmp(set->images[i].load, load) && !kernel == !set->images[i].kernel &&
		    (!kernel || !strcmp(kernel, set->images[i].kernel)))
			return &set->images[i];
	return NULL;
}

static int write_monitors(FILE *out, const struct report *r, const struct plot_set *set)
{
	int any = 0, ret = 0;

	for (size_t i = 0; i < set->n; i++)
		any |= set->images[i].kernel != NULL;
	if (!any)
		return 0;
	fputs("<h2>What the machine was doing</h2>\n<p class=\"note\">vmstat 1 during each run: "
	      "free memory, swap in and out (left out where no run swapped), I/O wait.</p>\n", out);
	for (size_t i = 0; i < r->ntables; i++)
		for (size_t j = 0; j < r->tables[i].nrows; j++) {
			const struct plot_image *img = find_image(set, r->tables[i].load,
								  r->tables[i].rows[j].kernel);

			if (img && embed_image(out, img) < 0)
				ret = -1;
		}
	return ret;
}

static int any_interactive(const struct report *r)
{
	for (size_t i = 0; i < r->ntables; i++)
		if (r->tables[i].kind == ROW_INTERACTIVE)
			return 1;
	return 0;
}

/* what compare's tables under each load say, and its overall figures */
static void write_compare_intro(FILE *out, const struct compare *c)
{
	fputs("<section>\n<h2>Is a difference real?</h2>\n<p class=\"note\">Under each load's "
	      "table, compare's rows against ", out);
	html_escape(out, c->report.kernels[0]);
	fprintf(out, " (the base): the mean, SD and n of the ok runs; Diff, the change in "
		"percent, positive when better; p of the test that made the verdict (* p &lt; "
		"%g, ** also after Holm's correction over the %zu tests made); MDE, the "
		"smallest difference the "
		"runs would detect; the verdict: <span class=\"verdict-better\">better</span>, "
		"<span class=\"verdict-worse\">worse</span>, <span class=\"verdict-same\">same"
		"</span> (within %g%%), <span class=\"verdict-changed\">changed</span> (no "
		"better direction) or <span class=\"verdict-undecided\">undecided</span> (its "
		"reason under the table)%s. <code>contest compare</code> says more.</p>\n",
		c->alpha, c->ntests, c->opts.margin_pct, any_interactive(&c->report) ?
		"; an interactive task's Latency, SD, p99 and Max in microseconds" : "");
	for (size_t k = 0; k < c->nsummary; k++) {
		const struct compare_summary *s = &c->summary[k];

		if (!s->nloads)
			continue;
		fputs("<p>Overall, the Time of ", out);
		html_escape(out, s->kernel);
		fprintf(out, " is %.3f times that of ", s->gmean);
		html_escape(out, c->report.kernels[0]);
		if (isfinite(s->ci_low))
			fprintf(out, " (95%% CI %.3f to %.3f)", s->ci_low, s->ci_high);
		fprintf(out, ", the geometric mean over %zu load%s.</p>\n", s->nloads,
			s->nloads == 1 ? "" : "s");
	}
	fputs("</section>\n", out);
}

static void text_cell(FILE *out, const char *text)
{
	fputs("<td>", out);
	html_escape(out, text);
	fputs("</td>", out);
}

/* the verdict's cell, coloured by its class; BASE's row has none */
static void verdict_cell(FILE *out, const struct compare_row *row)
{
	if (row->test == TEST_UNLIKE) {	/* no verdict: what each side measured */
		fputs("<td title=\"", out);
		html_escape(out, row->verdict.reason);
		fprintf(out, "\">%s</td>", compare_verdict_cell(row));
		return;
	}
	if (!compare_has_verdict(row)) {
		text_cell(out, compare_verdict_cell(row));
		return;
	}
	fprintf(out, "<td class=\"verdict verdict-%s\"", verdict_name(row->verdict.kind));
	if (row->verdict.reason[0]) {
		fputs(" title=\"", out);
		html_escape(out, row->verdict.reason);
		fputc('"', out);
	}
	fprintf(out, ">%s</td>", verdict_name(row->verdict.kind));
}

static void compare_row_html(FILE *out, const struct compare *c, const struct compare_row *row,
			     int first)
{
	char buf[32];

	fputs("<tr><td>", out);
	if (first)
		html_escape(out, compare_metric_label(c, row));
	fputs("</td><td class=\"name\">", out);
	html_escape(out, row->kernel);
	fputs("</td>", out);
	cell(out, "td", running_stats_mean(row->s), metrics[row->metric].cmp);
	cell(out, "td", running_stats_sd(row->s), metrics[row->metric].cmp);
	fprintf(out, "<td>%zu</td>", row->s->n);
	text_cell(out, compare_diff_cell(buf, sizeof(buf), row));
	fputs("<td>", out);
	html_escape(out, compare_p_cell(buf, sizeof(buf), row));
	fprintf(out, "%s%s</td>", *compare_mark_str(row) ? " " : "", compare_mark_str(row));
	text_cell(out, compare_mde_cell(buf, sizeof(buf), row));
	verdict_cell(out, row);
	fputs("</tr>\n", out);
}

/* compare's rows of one load, every metric the load's table has */
static void write_compare_table(FILE *out, const struct compare *c, const char *load)
{
	int any = 0;

	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];

		if (strcmp(row->load, load))
			continue;
		if (!any)
			fputs("<table class=\"compare\">\n<tr><th>Metric</th><th>Kernel</th>"
			      "<th>Mean</th><th>" METRIC_SD_LABEL "</th><th>n</th><th>Diff</th>"
			      "<th>p</th><th>MDE</th><th>Verdict</th></tr>\n", out);
		compare_row_html(out, c, row, !any || row->metric != c->rows[i - 1].metric);
		any = 1;
	}
	if (!any)
		return;
	fputs("</table>\n", out);
	for (size_t i = 0; i < c->nrows; i++) {	/* why each undecided row is, visibly */
		const struct compare_row *row = &c->rows[i];
		char *why;

		if (strcmp(row->load, load) || !compare_has_verdict(row) ||
		    row->verdict.kind != VERDICT_UNDECIDED)
			continue;
		why = compare_undecided_text(c, row);
		fputs("<p class=\"note undecided\">Undecided: ", out);
		html_escape(out, row->kernel);
		fprintf(out, " %s, ", compare_metric_label(c, row));
		html_escape(out, why);
		fputs(".</p>\n", out);
		free(why);
	}
}

/* one symbol's row: its shares, change, Holm's p, MDE and coloured verdict */
static void symbol_row_html(FILE *out, const struct symbol_row *s)
{
	char buf[32];

	fputs("<tr><td class=\"name\">", out);
	html_escape(out, s->symbol);
	fputs("</td>", out);
	cell(out, "td", s->base_pct, 2);
	cell(out, "td", s->new_pct, 2);
	snprintf(buf, sizeof(buf), "%+.2f", symbols_change(s));
	text_cell(out, buf);
	cell(out, "td", s->p_holm, 3);
	cell(out, "td", s->verdict.mde_pct, 1);
	fprintf(out, "<td class=\"verdict verdict-%s\" title=\"",
		verdict_name(s->verdict.kind));
	html_escape(out, s->verdict.reason);
	fprintf(out, "\">%s</td></tr>\n", verdict_name(s->verdict.kind));
}

/* per NEW kernel the load's profiled symbols decided worse or better
 * (symbols.h), most changed first, and how many more were not */
static void write_symbols_html(FILE *out, const struct compare *c, const char *load)
{
	for (size_t k = 1; k < c->report.nkernels; k++) {
		const struct symbol_row **syms;
		size_t n = symbols_of(c, load, k, &syms), i;

		if (n) {
			fputs("<p>Kernel symbols of ", out);
			html_escape(out, c->report.kernels[k]);
			fputs(" against ", out);
			html_escape(out, c->report.kernels[0]);
			fprintf(out, " (self: %% of the kernel's samples; p after Holm's correction "
				"over %zu):</p>\n<table class=\"compare\">\n<tr><th>Symbol</th>"
				"<th>Base %%</th><th>New %%</th><th>Change</th><th>p</th>"
				"<th>MDE %%</th><th>Verdict</th></tr>\n", c->nsym_tests);
		}
		for (i = 0; i < n && syms[i]->tested && (syms[i]->verdict.kind == VERDICT_WORSE ||
							  syms[i]->verdict.kind == VERDICT_BETTER);
		     i++)
			symbol_row_html(out, syms[i]);
		if (n)
			fprintf(out, "</table>\n<p class=\"note\">%zu %ssymbol%s neither worse nor "
				"better (same, undecided or kept by too few runs to test).</p>\n",
				n - i, i ? "more " : "", n - i == 1 ? "" : "s");
		free(syms);
	}
}

/* the kernels in the page's order as a history (changes-html.h), from HISTORY_KERNELS on */
#define HISTORY_KERNELS 3

static void history_of_page(const struct report *r, struct history *h)
{
	struct changes_opts o;

	changes_opts_init(&o);
	memset(h, 0, sizeof(*h));
	if (r->nkernels >= HISTORY_KERNELS)
		history_build(h, r, NULL, HISTORY_GIVEN, -1, &o);
}

static void write_history(FILE *out, const struct history *h, const struct report_table *t)
{
	for (size_t s = 0; s < h->nseries; s++)
		if (h->series[s].t == t) {
			fputs("<h3>History</h3>\n", out);
			changes_html_chart(out, h, &h->series[s]);
		}
}

static int write_page(FILE *out, const struct report *r, const struct report_opts *opts,
		      const struct plot_set *set, int charts_ok)
{
	struct history h;
	int ret = 0;

	write_head(out, r);
	write_intro(out, r, opts);
	if (!charts_ok)
		fputs("<p class=\"note\">Some charts could not be made (is gnuplot installed?); "
		      "contest said why on stderr.</p>\n", out);
	if (r->nkernels >= 2 && !r->compare)
		return -1;
	if (r->nkernels >= 2)
		write_compare_intro(out, r->compare);
	history_of_page(r, &h);
	for (size_t i = 0; i < r->ntables; i++) {
		/* a sweep's chart once, with its first point */
		int later_point = i && r->tables[i].sweep[0] &&
				  !strcmp(r->tables[i - 1].load, r->tables[i].load);
		const struct plot_image *img = later_point ? NULL :
					       find_image(set, r->tables[i].load, NULL);

		fputs("<section>\n<h2>", out);
		html_escape(out, r->tables[i].name);
		fputs("</h2>\n", out);
		write_table(out, &r->tables[i], opts->stats);
		write_not_ok(out, &r->tables[i]);
		for (int n = 0; n < RUN_NOTES; n++)
			write_notes(out, &r->tables[i], (enum run_note_kind)n);
		if (img && embed_image(out, img) < 0)
			ret = -1;
		if (r->nkernels >= 2)
			write_compare_table(out, r->compare, r->tables[i].load);
		if (r->nkernels >= 2)
			write_symbols_html(out, r->compare, r->tables[i].name);
		write_history(out, &h, &r->tables[i]);
		fputs("</section>\n", out);
	}
	history_release(&h);
	write_pressure(out, r);
	if (write_monitors(out, r, set) < 0)
		ret = -1;
	fprintf(out, "<p class=\"note\">Made by contest %s.</p>\n</body>\n</html>\n",
		CONTEST_VERSION);
	return ret;
}

int report_html_charts(const struct report *r, const struct report_opts *opts,
		       struct plot_set *set)
{
	char *charts = xasprintf("%s/charts", opts->out_dir);
	int ret = plot_report(r, r->monitors, charts, PLOT_SVG, 1, set);

	free(charts);
	return ret;
}

struct page_args {
	const struct report *r;
	const struct report_opts *opts;
	const struct plot_set *set;
	int charts_ok;
};

static int write_report_page(FILE *page, const void *data)
{
	const struct page_args *a = data;

	return write_page(page, a->r, a->opts, a->set, a->charts_ok);
}

int report_write_html(const struct report *r, const struct report_opts *opts,
		      const struct plot_set *set, int charts_ok, FILE *out)
{
	struct page_args a = { r, opts, set, charts_ok };

	return html_page_publish(opts->out_dir, write_report_page, &a, out);
}

/* report-text.c - the classic contest tables (text and classic), see report.h */
#include "output/report-write.h"
#include "output/escaped.h"
#include "output/mail.h"
#include "results/machine.h"
#include "results/metric.h"
#include "results/monitor-logs.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

enum { TAB = 8, FIRST_MIN = 24 };

static const char first_cell[] = "Kernel [runs]";

/* a compile's table: the means of these metrics, then --stats' Time's SD,
 * its CI95 and Loads' SD */
static const enum metric_id compile_cells[] = {
	METRIC_TIME, METRIC_CPU, METRIC_LOADS, METRIC_LCPU, METRIC_RATIO,
};

enum { PLAIN_CELLS = 6, STATS_CELLS = 9 };
/* every SD and CI95 the text tables show has one decimal at least (a
 * sub-second Time's have its decimals) */
enum { STATS_DECIMALS = 1 };

/* cells[0..STATS_CELLS): a compile's header */
static void compile_header(const char **cells)
{
	cells[0] = first_cell;
	for (size_t i = 0; i < ARRAY_SIZE(compile_cells); i++)
		cells[1 + i] = metrics[compile_cells[i]].label;
	cells[PLAIN_CELLS] = metrics[METRIC_TIME].sd_label;
	cells[PLAIN_CELLS + 1] = METRIC_CI95_LABEL;
	cells[PLAIN_CELLS + 2] = metrics[METRIC_LOADS].sd_label;
}

static size_t round_up(size_t n, size_t to)
{
	return (n + to - 1) / to * to;
}

size_t report_first_width(size_t longest_label)
{
	size_t w = round_up(longest_label + 2, TAB);

	return w < FIRST_MIN ? FIRST_MIN : w;
}

/* where the next cell starts: the stop given, or the next tab stop past the text */
static size_t cell_end(size_t start, size_t len, size_t stop)
{
	size_t tab = round_up(start + len + 1, TAB);

	return start + len < stop ? stop : tab;
}

char *report_tab_line(const char *const *cells, size_t ncells, size_t first_width)
{
	size_t i, pos = 0, cap = 1;
	char *line;

	for (i = 0; i < ncells; i++)
		cap += strlen(cells[i]) + 2 * TAB + first_width;
	line = xmalloc(cap);
	for (i = 0; i < ncells; i++) {
		size_t len = strlen(cells[i]);
		size_t end = cell_end(pos, len, i == 0 ? first_width : round_up(pos + 1, TAB));

		memcpy(line + pos, cells[i], len);
		if (i + 1 == ncells) {
			pos += len;
			break;
		}
		memset(line + pos + len, ' ', end - pos - len);
		pos = end;
	}
	while (pos > 0 && line[pos - 1] == ' ')	/* an empty last cell leaves no blanks */
		pos--;
	line[pos] = '\0';
	return line;
}

/* v with decimals, "-" when it does not exist; never "-0". A value of 16
 * digits or more would not fit a cell's buffer, cut short it would read as
 * another number: it is printed with an exponent */
static const char *format_value(char *buf, size_t size, double v, int decimals)
{
	if (isnan(v))
		return "-";
	if (fabs(v) >= 1e15) {
		snprintf(buf, size, "%.*e", decimals + 2, v);
		return buf;
	}
	fmt_fixed(buf, size, v, decimals);
	if (buf[0] == '-' && strspn(buf + 1, "0.") == strlen(buf + 1))
		memmove(buf, buf + 1, strlen(buf));
	return buf;
}

static char *row_label(const struct report_row *row)
{
	return xasprintf("%s [%zu]", row->kernel, row->s->time.n);
}

/* strlen(row_label(row)), without making it: a lab's tables have 12000 rows */
static size_t row_label_len(const struct report_row *row)
{
	size_t len = strlen(row->kernel) + 4;	/* " [1]" */

	for (size_t n = row->s->time.n; n >= 10; n /= 10)
		len++;
	return len;
}

static size_t table_first_width(const struct report_table *t)
{
	size_t i, longest = strlen(first_cell);

	for (i = 0; i < t->nrows; i++)
		if (t->rows[i].s->time.n && row_label_len(&t->rows[i]) > longest)
			longest = row_label_len(&t->rows[i]);
	return report_first_width(longest);
}

static void write_line(FILE *out, const char *const *cells, size_t ncells, size_t width)
{
	char *line = report_tab_line(cells, ncells, width);

	fprintf(out, "%s\n", line);
	free(line);
}

int report_time_decimals(const struct report_table *t)
{
	double least = INFINITY;

	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].s->time.n && t->rows[i].s->time.mean > 0.0)
			least = fmin(least, t->rows[i].s->time.mean);
	return fmt_decimals_for(least, metrics[METRIC_TIME].text);
}

static void write_row(FILE *out, const struct report_row *row, size_t width, int stats,
		      int time_dec)
{
	char v[STATS_CELLS][32], *label = row_label(row);
	const char *cells[STATS_CELLS] = { label };

	for (size_t i = 0; i < ARRAY_SIZE(compile_cells); i++) {
		enum metric_id m = compile_cells[i];

		cells[1 + i] = format_value(v[i], sizeof(v[i]), m == METRIC_RATIO ? row->ratio :
					    running_stats_mean(metric_stats(row->s, m)),
					    m == METRIC_TIME ? time_dec : metrics[m].text);
	}
	time_dec = time_dec > STATS_DECIMALS ? time_dec : STATS_DECIMALS;
	cells[PLAIN_CELLS] = format_value(v[5], sizeof(v[5]), running_stats_sd(&row->s->time),
					  time_dec);
	cells[PLAIN_CELLS + 1] = format_value(v[6], sizeof(v[6]),
					      running_stats_ci_half(&row->s->time, 0.95), time_dec);
	cells[PLAIN_CELLS + 2] = format_value(v[7], sizeof(v[7]), running_stats_sd(&row->s->loads),
					      STATS_DECIMALS);
	write_line(out, cells, stats ? STATS_CELLS : PLAIN_CELLS, width);
	free(label);
}

/* "(2.5.47: 1 run not ok: 1 load-failed; 2.5.48: 2 runs not ok: 1 aborted, 1 oom)" */
static void write_not_ok(FILE *out, const struct report_table *t)
{
	const char *sep = "(";
	size_t i, j;

	for (i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];

		if (!row->s->n_not_ok)
			continue;
		fprintf(out, "%s%s: %zu run%s not ok: ", sep, row->kernel, row->s->n_not_ok,
			row->s->n_not_ok == 1 ? "" : "s");
		for (j = 0; j < row->s->n_not_ok_kinds; j++)
			fprintf(out, "%s%zu %s", j ? ", " : "", row->s->not_ok[j].n, row->s->not_ok[j].status);
		sep = "; ";
	}
	fputs(")\n", out);
}

/* "(2.5.47: 1 of 5 runs disturbed: run 3 others 48%)": ok runs, kept in
 * the numbers, with a note of this kind (summary.h) */
static void write_notes(FILE *out, const struct report_table *t, enum run_note_kind kind)
{
	const char *sep = "(";

	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		const struct run_notes *note = &row->s->notes[kind];

		if (!note->n)
			continue;
		fprintf(out, "%s%s: %zu of %zu run%s %s: %s", sep, row->kernel, note->n,
			row->s->time.n, row->s->time.n == 1 ? "" : "s", run_note_names[kind], note->text);
		sep = "; ";
	}
	fputs(")\n", out);
}

/* --stats: the mean CPU seconds stolen and used by others over the
 * compile's windows, one row per kernel whose runs recorded them */
static const char *const disturb_header[] = { "Disturbance [s]", "steal", "others" };

static void write_disturbance(FILE *out, const struct report_table *t, size_t width)
{
	int header = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		const char *cells[3];
		char v[2][32], *label;

		if (!row->s->time.n || (!row->s->steal.n && !row->s->others.n))
			continue;
		if (!header++)
			write_line(out, disturb_header, 3, width);
		label = row_label(row);
		cells[0] = label;
		cells[1] = format_value(v[0], sizeof(v[0]), running_stats_mean(&row->s->steal), 2);
		cells[2] = format_value(v[1], sizeof(v[1]), running_stats_mean(&row->s->others), 2);
		write_line(out, cells, 3, width);
		free(label);
	}
}

/* --stats: the compile's mean instructions and cycles in millions (perf
 * events), one row per kernel whose runs counted them; none without a PMU */
static const char *const counts_header[] = { "Counters [M]", "instr", "cycles" };

static void write_counts(FILE *out, const struct report_table *t, size_t width)
{
	int header = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		const char *cells[1 + COUNTS];
		char v[COUNTS][32], *label;

		if (!row->s->time.n || (!row->s->counts[COUNT_INSTRUCTIONS].n && !row->s->counts[COUNT_CYCLES].n))
			continue;
		if (!header++)
			write_line(out, counts_header, 1 + COUNTS, width);
		label = row_label(row);
		cells[0] = label;
		for (size_t c = 0; c < COUNTS; c++)
			cells[1 + c] = format_value(v[c], sizeof(v[c]),
						    running_stats_mean(&row->s->counts[c]) / 1e6, 1);
		write_line(out, cells, 1 + COUNTS, width);
		free(label);
	}
}

/*
 * A block of metrics' means, a row per kernel that has any of them, with
 * title in its first header cell and each metric's label (with its unit,
 * when units) over its column: the figures `metric =` took from the
 * command's output (always), and under --stats what was timed measured
 * beside its Time (real), its User and Sys seconds and the window's swap
 * and disk rates. Only the metrics some kernel's runs have get a column;
 * no such metric, no block.
 */
static void write_metric_block(FILE *out, const struct own_metrics *own,
			       const struct report_table *t, size_t width,
			       const char *title, const enum metric_id *want, size_t nwant,
			       int units)
{
	enum metric_id ms[METRICS];
	char titles[METRICS][48], v[METRICS][32];
	const char *cells[1 + METRICS];
	size_t n = 0;
	int extra = 0;

	for (size_t j = 0; j < nwant; j++) {
		int any = 0;

		for (size_t i = 0; i < t->nrows && !any && *metric_label(own, want[j]); i++)
			any = t->rows[i].s->time.n && metric_stats(t->rows[i].s, want[j])->n;
		if (any || want[j] < METRIC_USER)
			ms[n++] = want[j];
		extra |= any && want[j] >= METRIC_USER;
	}
	if (!extra)
		return;
	cells[0] = title;
	for (size_t j = 0; j < n; j++)
		cells[1 + j] = units ? metric_title(own, ms[j], titles[j], sizeof(titles[j])) :
			       metric_label(own, ms[j]);
	write_line(out, cells, 1 + n, width);
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		char *label;
		int any = 0;

		for (size_t j = 0; j < n; j++)
			any |= ms[j] >= METRIC_USER && metric_stats(row->s, ms[j])->n;
		if (!row->s->time.n || !any)
			continue;
		label = row_label(row);
		cells[0] = label;
		for (size_t j = 0; j < n; j++) {
			const struct running_stats *st = metric_stats(row->s, ms[j]);

			cells[1 + j] = format_value(v[j], sizeof(v[j]), st->n ?
						    running_stats_mean(st) : NAN,
						    metrics[ms[j]].text);
		}
		write_line(out, cells, 1 + n, width);
		free(label);
	}
}

static const enum metric_id own_block[] = { METRIC_OWN1, METRIC_OWN2, METRIC_OWN3, METRIC_OWN4 };
static const enum metric_id window_block[] = {
	METRIC_TIME, METRIC_USER, METRIC_SYS, METRIC_SWAP_IN, METRIC_SWAP_OUT,
	METRIC_DISK_READ, METRIC_DISK_WRITE, METRIC_DISK_AWAIT,
};

/* --stats: mean stall seconds over the compile windows of the ok runs, the
 * machine's (/proc/pressure) and, under v2, the session cgroup's; one row
 * per kernel that has them, so kernels without PSI print nothing */
static const char *const psi_header[] = {
	"Pressure [s]", "cpu.s", "cpu.f", "mem.s", "mem.f", "io.s", "io.f",
};

static int psi_present(const struct report_row *row, size_t first)
{
	for (size_t p = first; p < first + PSI_NCOL; p++)
		if (row->s->psi[p].n)
			return 1;
	return 0;
}

static int psi_own_present(const struct report_row *row, size_t first)
{
	for (size_t p = first; p < first + PSI_NCOL; p++)
		if (row->own && row->own->psi[p].n)
			return 1;
	return 0;
}

static void write_psi_line(FILE *out, const char *label, const struct report_row *row,
			   size_t first, size_t width,
			   double (*value)(const struct report_row *, size_t))
{
	char v[PSI_NCOL][32];
	const char *cells[1 + PSI_NCOL] = { label };

	for (size_t p = 0; p < PSI_NCOL; p++)
		cells[1 + p] = format_value(v[p], sizeof(v[p]), value(row, first + p), 2);
	write_line(out, cells, 1 + PSI_NCOL, width);
}

/* a kernel's stall, then in a loaded table its split: the compile's own
 * (its noload mean) and the rest, from the load */
static void write_psi_row(FILE *out, const char *label, const struct report_row *row,
			  size_t first, size_t width)
{
	write_psi_line(out, label, row, first, width, report_psi_s);
	if (!psi_own_present(row, first))
		return;
	write_psi_line(out, first ? "  cgroup own" : "  own (noload)", row, first, width,
		       report_psi_own_s);
	write_psi_line(out, first ? "  cgroup load" : "  from the load", row, first, width,
		       report_psi_load_s);
}

static void write_pressure(FILE *out, const struct report_table *t, size_t width)
{
	int header = 0;

	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		char *label;

		if (!row->s->time.n || (!psi_present(row, 0) && !psi_present(row, PSI_NCOL)))
			continue;
		if (!header++)
			write_line(out, psi_header, 1 + PSI_NCOL, width);
		label = row_label(row);
		if (psi_present(row, 0))
			write_psi_row(out, label, row, 0, width);
		if (psi_present(row, PSI_NCOL))
			write_psi_row(out, psi_present(row, 0) ? "  cgroup" : label, row, PSI_NCOL, width);
		free(label);
	}
}

/*
 * An interactive task's table: the latency's mean, SD, p99 and maximum in
 * milliseconds (means over the runs), the % of the CPU it wanted that it
 * got, the % of deadlines met (gaming: the frames a second), then the
 * load's Loads and LCPU% as in the compile's tables.
 */
static const enum metric_id interactive_cells[] = {
	METRIC_LAT_MEAN, METRIC_LAT_SD, METRIC_LAT_P99, METRIC_LAT_MAX, METRIC_LAT_CPU,
	METRIC_LAT_DEADLINES, METRIC_LOADS, METRIC_LCPU,
};

/* the metric of interactive_cells[i], gaming's FPS for its deadlines */
static enum metric_id interactive_cell(size_t i, int gaming)
{
	return gaming && interactive_cells[i] == METRIC_LAT_DEADLINES ? METRIC_LAT_FPS :
	       interactive_cells[i];
}

/* gaming has frames a second where the others have deadlines */
static int is_gaming(const struct report_table *t)
{
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].s->lat[LAT_FPS].n)
			return 1;
	return 0;
}

/* a latency in ms from us: 3 significant places below 10 ms, fewer above */
static const char *format_ms(char *buf, size_t size, double us)
{
	double ms = us / 1000;

	return format_value(buf, size, ms, ms < 10 ? 3 : ms < 1000 ? 1 : 0);
}

static void write_interactive_row(FILE *out, const struct report_row *row, size_t width,
				  int gaming)
{
	char v[ARRAY_SIZE(interactive_cells)][32], *label = row_label(row);
	const char *cells[1 + ARRAY_SIZE(interactive_cells)] = { label };

	for (size_t i = 0; i < ARRAY_SIZE(interactive_cells); i++) {
		enum metric_id m = interactive_cell(i, gaming);
		double mean = running_stats_mean(metric_stats(row->s, m));

		/* the latencies in ms */
		cells[1 + i] = metrics[m].unit && !strcmp(metrics[m].unit, "us") ?
			       format_ms(v[i], sizeof(v[i]), mean) :
			       format_value(v[i], sizeof(v[i]), mean, metrics[m].text);
	}
	write_line(out, cells, ARRAY_SIZE(cells), width);
	free(label);
}

/* "(ms, each latency less the timer's idle oversleep: A 21.8 us, B 20.3 us)" */
static void write_floors(FILE *out, const struct report_table *t)
{
	const char *sep = "(ms, each latency less the timer's idle oversleep: ";

	for (size_t i = 0; i < t->nrows; i++) {
		/* gaming never sleeps: no floor to take off */
		if (!t->rows[i].s->lat[LAT_FLOOR].n || !(running_stats_mean(&t->rows[i].s->lat[LAT_FLOOR]) > 0))
			continue;
		fprintf(out, "%s%s %.1f us", sep, t->rows[i].kernel,
			running_stats_mean(&t->rows[i].s->lat[LAT_FLOOR]));
		sep = ", ";
	}
	if (strcmp(sep, ", ") == 0)
		fputs(")\n", out);
}

static void write_interactive(FILE *out, const struct report_table *t, size_t width)
{
	const char *header[1 + ARRAY_SIZE(interactive_cells)] = { first_cell };
	int gaming = is_gaming(t);

	for (size_t i = 0; i < ARRAY_SIZE(interactive_cells); i++)
		header[1 + i] = metrics[interactive_cell(i, gaming)].label;
	write_line(out, header, ARRAY_SIZE(header), width);
	for (size_t i = 0; i < t->nrows; i++)
		if (t->rows[i].s->time.n)
			write_interactive_row(out, &t->rows[i], width, gaming);
	write_floors(out, t);
}

/*
 * A measured load's table (MEASURE+LOAD): the units of work it finished
 * in its duration and their rate a second (means over the runs), then the
 * background load's Loads and LCPU%; --stats adds Work's sample SD.
 * Under it, what a unit is.
 */
static const enum metric_id measure_cells[] = {
	METRIC_WORK_UNITS, METRIC_WORK_RATE, METRIC_LOADS, METRIC_LCPU,
};

static void write_measure_row(FILE *out, const struct report_row *row, size_t width, int stats)
{
	char v[ARRAY_SIZE(measure_cells) + 1][32], *label = row_label(row);
	const char *cells[ARRAY_SIZE(measure_cells) + 2] = { label };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(measure_cells); i++)
		cells[1 + i] = format_value(v[i], sizeof(v[i]),
					    running_stats_mean(metric_stats(row->s, measure_cells[i])),
					    metrics[measure_cells[i]].text);
	cells[1 + i] = format_value(v[i], sizeof(v[i]),
				    running_stats_sd(metric_stats(row->s, METRIC_WORK_UNITS)),
				    STATS_DECIMALS);
	write_line(out, cells, stats ? ARRAY_SIZE(cells) : ARRAY_SIZE(cells) - 1, width);
	free(label);
}

/* "(Work: units finished in the duration, a unit a block pair read; Rate: a second)" */
static void write_measure_unit(FILE *out, const struct report_table *t)
{
	char name[64];
	const struct load *l;

	snprintf(name, sizeof(name), "%.*s", (int)(row_load_base(t->load) - 1 - t->load), t->load);
	l = load_find(name);
	if (l)
		fprintf(out, "(Work: units finished in the duration, a unit a %s; Rate: units a second)\n",
			l->unit);
}

static void write_measure(FILE *out, const struct report_table *t, size_t width, int stats)
{
	const char *header[ARRAY_SIZE(measure_cells) + 2] = { first_cell };
	size_t i;

	for (i = 0; i < ARRAY_SIZE(measure_cells); i++)
		header[1 + i] = metrics[measure_cells[i]].label;
	header[1 + i] = metrics[METRIC_WORK_UNITS].sd_label;
	write_line(out, header, stats ? ARRAY_SIZE(header) : ARRAY_SIZE(header) - 1, width);
	for (i = 0; i < t->nrows; i++)
		if (t->rows[i].s->time.n)
			write_measure_row(out, &t->rows[i], width, stats);
	write_measure_unit(out, t);
}

/*
 * A sweep, as the clockpro review posted it: a row per point starting with
 * the value as it was given, a column per kernel with the mean of the
 * table's measure (report_main_stats); --stats adds each kernel's sample
 * SD beside it. Then each point's runs that were not ok.
 */
static void write_sweep(FILE *out, const struct report *r, size_t first, size_t n,
			const struct report_opts *opts)
{
	const struct report_table *t = &r->tables[first];
	size_t ncells = 1 + r->nkernels * (opts->stats ? 2 : 1), width;
	const char **cells = xcalloc(ncells, sizeof(*cells));
	char (*v)[32] = xcalloc(ncells, sizeof(*v)), keys[128], title[64];
	int decimals = metrics[row_kind_main[t->kind]].text;

	fprintf(out, "%s, %s by %s:\n", t->load, metric_title(&r->own, row_kind_main[t->kind], title, sizeof(title)),
		report_sweep_part(t->sweep, 0, keys, sizeof(keys)));
	if (opts->format != REPORT_CLASSIC)
		fputc('\n', out);
	width = strlen(keys);
	for (size_t i = 0; i < n; i++) {
		report_sweep_part(r->tables[first + i].sweep, 1, v[0], sizeof(v[0]));
		width = strlen(v[0]) > width ? strlen(v[0]) : width;
	}
	width = (width + 2 + TAB - 1) / TAB * TAB;
	cells[0] = keys;
	for (size_t k = 0; k < r->nkernels; k++) {
		cells[1 + k * (opts->stats ? 2 : 1)] = r->kernels[k];
		if (opts->stats)
			cells[2 + 2 * k] = METRIC_SD_LABEL;
	}
	write_line(out, cells, ncells, width);
	for (size_t i = 0; i < n; i++) {
		const struct report_table *p = &r->tables[first + i];

		cells[0] = report_sweep_part(p->sweep, 1, v[0], sizeof(v[0]));
		for (size_t k = 0, c = 1; k < r->nkernels; k++) {
			const struct report_row *row = report_kernel_row(p, k);
			const struct running_stats *s = row && row->s->time.n ?
							report_main_stats(p, row) : NULL;

			cells[c] = format_value(v[c], sizeof(v[c]), s ? running_stats_mean(s) : NAN,
						decimals);
			c++;
			if (opts->stats) {
				cells[c] = format_value(v[c], sizeof(v[c]), s ? running_stats_sd(s) : NAN,
							decimals);
				c++;
			}
		}
		write_line(out, cells, ncells, width);
	}
	if (t->kind == ROW_MEASURE)
		write_measure_unit(out, t);
	for (size_t i = 0; i < n; i++)
		if (r->tables[first + i].n_not_ok) {
			fprintf(out, "at %s: ", r->tables[first + i].sweep);
			write_not_ok(out, &r->tables[first + i]);
		}
	fputc('\n', out);
	free(cells);
	free(v);
}

/* --stats: swap-in and swap-out from the runs' vmstat seconds (min - max,
 * and the mean), the machine's major faults per run and the I/O wait, one
 * row per kernel with a vmstat log, as the seed's rmap review gave them */
static const char *const swap_header[] = {
	"Swap [kB/s]", "si", "si mean", "so", "so mean", "majflt", "wa%",
};

/* some row's runs swapped in or out in some second */
static int any_swapped(const struct report *r, const struct report_table *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		const struct monitor_log *log = monitor_logs_find(r->monitors, t->rows[i].kernel,
								  t->load);

		if (t->rows[i].s->time.n && log && log->swap.n &&
		    (log->swap.si_max > 0 || log->swap.so_max > 0))
			return 1;
	}
	return 0;
}

/* the rows; with only_swapped (the mail's), none when no run swapped */
static void write_swap(FILE *out, const struct report *r, const struct report_table *t,
		       size_t width, int only_swapped)
{
	int header = 0;

	if (only_swapped && !any_swapped(r, t))
		return;
	for (size_t i = 0; i < t->nrows; i++) {
		const struct report_row *row = &t->rows[i];
		const struct monitor_log *log = monitor_logs_find(r->monitors, row->kernel, t->load);
		const struct monitor_swap *sw = log ? &log->swap : NULL;
		char si[48], so[48], v[4][32], *label;

		if (!row->s->time.n || !sw || !sw->n)
			continue;
		if (!header++)
			write_line(out, swap_header, ARRAY_SIZE(swap_header), width);
		label = row_label(row);
		snprintf(si, sizeof(si), "%.0f - %.0f", sw->si_min, sw->si_max);
		snprintf(so, sizeof(so), "%.0f - %.0f", sw->so_min, sw->so_max);
		write_line(out, (const char *const[]){
				   label, si, format_value(v[0], sizeof(v[0]), sw->si_mean, 1),
				   so, format_value(v[1], sizeof(v[1]), sw->so_mean, 1),
				   format_value(v[2], sizeof(v[2]), running_stats_mean(&row->s->majflt), 0),
				   format_value(v[3], sizeof(v[3]), sw->wa_mean, 1) },
			   ARRAY_SIZE(swap_header), width);
		free(label);
	}
}

enum { PROFILE_TOP = 10 };	/* programs and symbols shown, as the seed's top 10 */

static size_t longest_name(const struct profile_count *c, size_t n, size_t at_least)
{
	for (size_t i = 0; i < n && i < PROFILE_TOP; i++)
		if (strlen(c[i].name) > at_least)
			at_least = strlen(c[i].name);
	return at_least;
}

static void write_count(FILE *out, const char *name, double n, double of, size_t width)
{
	char v[2][32];

	write_line(out, (const char *const[]){ name, format_value(v[0], sizeof(v[0]), n, 0),
			   format_value(v[1], sizeof(v[1]), of > 0 ? 100.0 * n / of : NAN, 1) },
		   3, width);
}

/*
 * --stats: a kernel's profile of a load, the seed's two blocks: the share
 * of samples per program, the kernel as "vmlinux" (its samples in any
 * program), then the top kernel symbols with their share of the kernel's
 */
static void write_profile(FILE *out, const struct report_row *row, const char *load,
			  const struct monitor_log *log)
{
	const struct monitor_profile *p = &log->profile;
	size_t width = report_first_width(longest_name(p->syms, p->nsyms,
						       longest_name(p->comms, p->ncomms, 8)));

	fprintf(out, "Profile of %s under %s (%s, %zu run%s, %.0f samples):\n", row->kernel, load,
		p->event, log->nprofiled, log->nprofiled == 1 ? "" : "s", p->samples);
	write_line(out, (const char *const[]){ "Program", "samples", "%" }, 3, width);
	write_count(out, "vmlinux", p->kernel, p->samples, width);
	for (size_t i = 0; i < p->ncomms && i + 1 < PROFILE_TOP; i++)
		write_count(out, p->comms[i].name, p->comms[i].n, p->samples, width);
	write_line(out, (const char *const[]){ "Symbol", "samples", "% of vmlinux" }, 3, width);
	for (size_t i = 0; i < p->nsyms && i < PROFILE_TOP; i++)
		write_count(out, p->syms[i].name, p->syms[i].n, p->kernel, width);
	if (!p->nsyms)
		fputs("(no sample in the kernel)\n", out);
}

static void write_profiles(FILE *out, const struct report *r, const struct report_table *t)
{
	for (size_t i = 0; i < t->nrows; i++) {
		const struct monitor_log *log = monitor_logs_find(r->monitors, t->rows[i].kernel,
								  t->load);

		if (t->rows[i].s->time.n && log && log->nprofiled)
			write_profile(out, &t->rows[i], t->load, log);
	}
}

static void write_table(FILE *out, const struct report *r, const struct report_table *t,
			const struct report_opts *opts)
{
	size_t i, width = table_first_width(t);

	fprintf(out, "%s:\n", t->load);
	if (opts->format != REPORT_CLASSIC)
		fputc('\n', out);
	if (t->kind == ROW_INTERACTIVE) {
		write_interactive(out, t, width);
	} else if (t->kind == ROW_MEASURE) {
		write_measure(out, t, width, opts->stats);
	} else {
		const char *header[STATS_CELLS];
		int time_dec = report_time_decimals(t);

		compile_header(header);
		write_line(out, header, opts->stats ? STATS_CELLS : PLAIN_CELLS, width);
		for (i = 0; i < t->nrows; i++)
			if (t->rows[i].s->time.n)	/* a kernel with no ok run has no numbers to show */
				write_row(out, &t->rows[i], width, opts->stats, time_dec);
	}
	write_metric_block(out, &r->own, t, width, "Figures", own_block, ARRAY_SIZE(own_block), 1);
	if (t->n_not_ok)
		write_not_ok(out, t);
	for (int n = 0; n < RUN_NOTES; n++)
		if (t->n_notes[n])
			write_notes(out, t, (enum run_note_kind)n);
	if (opts->stats) {
		write_pressure(out, t, width);
		write_disturbance(out, t, width);
		write_counts(out, t, width);
		write_metric_block(out, &r->own, t, width, "Window [s, MB/s, ms]", window_block,
				   ARRAY_SIZE(window_block), 0);
	}
	if (opts->stats || opts->swap)
		write_swap(out, r, t, width, !opts->stats);
	if (opts->stats)
		write_profiles(out, r, t);
	fputc('\n', out);
}

/* kernels from several machines: which ran where, after the tables */
static void write_machines(FILE *out, const struct report *r)
{
	char **groups = machine_groups(r->machines, r->kernels, r->nkernels);

	if (!groups)
		return;
	fputs("machines:\n\n", out);
	for (char **g = groups; *g; g++)
		fprintf(out, "%s\n", *g);
	fputc('\n', out);
	machine_groups_free(groups);
}

/*
 * What the tables' Ratio divides by, once under them: by default the
 * first kernel's noload, so a Ratio compares kernels under a load; a
 * kernel's own slowdown is --ratio self, which compare tests
 */
static void write_ratio_legend(FILE *out, const struct report *r, const struct report_opts *opts)
{
	int compile = 0;
	char *text;

	for (size_t i = 0; i < r->ntables && !compile; i++)
		compile = r->tables[i].kind == ROW_COMPILE;
	if (!compile || (isnan(r->reference_s) && opts->ratio != RATIO_SELF))
		return;
	if (opts->ratio == RATIO_SELF)
		text = xstrdup("Ratio: Time over the kernel's own noload Time, the slowdown the "
			       "load caused (compare tests it as its Ratio rows).");
	else if (r->reference_kernel)
		text = xasprintf("Ratio: Time over the noload Time of %s (%.1f s); --ratio self "
				 "gives each kernel's own slowdown, which compare tests.",
				 r->reference_kernel, r->reference_s);
	else
		text = xasprintf("Ratio: Time over a reference of %.1f s; --ratio self gives each "
				 "kernel's own slowdown, which compare tests.", r->reference_s);
	mail_wrap(out, text, MAIL_PARA_WIDTH, "");
	fputc('\n', out);
	free(text);
}

static void write_text(const struct report *r, const struct report_opts *opts, FILE *out)
{
	size_t i;

	for (i = 0; i < r->ntables; i += report_sweep_len(r, i)) {
		if (r->tables[i].sweep[0])
			write_sweep(out, r, i, report_sweep_len(r, i), opts);
		else
			write_table(out, r, &r->tables[i], opts);
	}
	if (opts->format == REPORT_TEXT && !opts->no_legend)
		write_ratio_legend(out, r, opts);
	if (opts->format == REPORT_TEXT)
		write_machines(out, r);
}

/* escaped: hosts, process names and statuses come from files */
int report_write_text(const struct report *r, const struct report_opts *opts, FILE *out)
{
	FILE *f = escaped_open(out);

	write_text(r, opts, f);
	return escaped_close(f, out, "the report");
}

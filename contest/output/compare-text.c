/* compare-text.c - compare as a mail paragraph and tables, see compare.h
 *
 * Everything fits in 80 columns: paragraphs are wrapped at 76, and a
 * kernel name longer than the table's column is cut with a '~' (the
 * paragraph above the tables names it whole).
 */
#include "output/compare-write.h"
#include "output/escaped.h"
#include "results/calibration.h"
#include "results/symbols.h"
#include "lib/membuf.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

enum { WRAP = 76, NAME_W = 15 };

/* text as lines of at most WRAP columns, broken at blanks */
static void wrap(FILE *out, const char *text)
{
	const char *p = text, *end = text + strlen(text);

	while (*p) {
		size_t len = (size_t)(end - p), cut = len;

		if (len > WRAP) {
			for (cut = WRAP; cut > 0 && p[cut] != ' '; cut--)
				;
			if (!cut)
				cut = strcspn(p, " ");
		}
		fprintf(out, "%.*s\n", (int)cut, p);
		p += cut;
		p += strspn(p, " ");
	}
}

/* the name cut to NAME_W columns, not inside a UTF-8 sequence */
static void short_name(char *buf, const char *name)
{
	size_t n = strlen(name);

	if (n <= NAME_W) {
		memcpy(buf, name, n + 1);
		return;
	}
	n = NAME_W - 1;
	while (n > 0 && ((unsigned char)name[n] & 0xc0) == 0x80)
		n--;
	memcpy(buf, name, n);
	strcpy(buf + n, "~");
}

/* the report's table of a load (its name: "LOAD at SWEEP" for a sweep's point), or NULL */
static const struct report_table *table_of(const struct compare *c, const char *load)
{
	for (size_t t = 0; t < c->report.ntables; t++)
		if (!strcmp(c->report.tables[t].name, load))
			return &c->report.tables[t];
	return NULL;
}

/* mean "some" stall seconds, the machine's at first, else the cgroup's; NAN without */
static double stall_s(const struct report_row *row, size_t resource)
{
	double m = report_psi_s(row, 2 * resource);

	return isnan(m) ? report_psi_s(row, PSI_NCOL + 2 * resource) : m;
}

/* some table is of this kind */
static int any_kind(const struct compare *c, enum row_kind kind)
{
	for (size_t t = 0; t < c->report.ntables; t++)
		if (c->report.tables[t].kind == kind)
			return 1;
	return 0;
}

/* a sentence, wrapped, then freed */
static void say(FILE *out, char *text)
{
	wrap(out, text);
	free(text);
}

/* some row is of a metric from first to last */
static int any_metric(const struct compare *c, int first, int last)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].metric >= first && c->rows[i].metric <= last)
			return 1;
	return 0;
}

/* some row is a Ratio: a loaded compile's own slowdown */
static int any_ratio(const struct compare *c)
{
	return any_metric(c, COMPARE_RATIO, COMPARE_RATIO);
}

/* what the extra measures' rows are, where the comparison has them */
static void extra_intro(const struct compare *c, FILE *out)
{
	if (any_metric(c, METRIC_USER, METRIC_SYS))
		say(out, xasprintf("%s and %s rows are the CPU seconds, in user and in kernel "
				   "mode, of what was timed (the compile or the command, with "
				   "the processes it started); lower is better.",
				   metrics[METRIC_USER].label, metrics[METRIC_SYS].label));
	if (any_metric(c, METRIC_SWAP_IN, METRIC_DISK_WRITE))
		say(out, xasprintf("%s, %s, %s and %s rows are the machine's swap in and out "
				   "and its disks' reads and writes over the timed window alone, "
				   "in MB a second; they have no better direction (changed or "
				   "same), and a table has them where some run moved any.",
				   metrics[METRIC_SWAP_IN].label, metrics[METRIC_SWAP_OUT].label,
				   metrics[METRIC_DISK_READ].label,
				   metrics[METRIC_DISK_WRITE].label));
	if (any_metric(c, METRIC_DISK_AWAIT, METRIC_DISK_AWAIT))
		say(out, xasprintf("%s rows are the disks' await over the timed window: the "
				   "mean milliseconds an I/O that completed in it took, as "
				   "iostat's; lower is better.", metrics[METRIC_DISK_AWAIT].label));
	for (int m = METRIC_OWN1; m <= METRIC_OWN4; m++) {
		const struct own_metrics *own = &c->report.own;
		const char *label = metric_label(own, m), *unit = metric_unit(own, m);

		if (any_metric(c, m, m))
			say(out, xasprintf("%s rows are the figure the timed command printed "
					   "(metric = %s)%s%s; %s is better.", label, label,
					   *unit ? ", in " : "", unit,
					   metric_better(own, m) == BETTER_LOWER ? "lower" : "higher"));
	}
}

/* some kernel's runs of some load recorded pressure */
static int any_stalls(const struct compare *c)
{
	for (size_t t = 0; t < c->report.ntables; t++)
		for (size_t k = 0; k < c->report.tables[t].nrows; k++)
			for (size_t r = 0; r < 3; r++)
				if (!isnan(stall_s(&c->report.tables[t].rows[k], r)))
					return 1;
	return 0;
}

/* why alpha is not COMPARE_ALPHA, malloc'd: "" unless it is a look's */
char *compare_alpha_why(const struct compare *c)
{
	if (!c->opts.look)
		return xstrdup("");
	return xasprintf(" (look %zu of %zu of run --until-decided, which spends %g over its "
			 "looks so that a look after every round does not cry wolf)",
			 c->opts.look, c->opts.looks, COMPARE_ALPHA);
}

/* ": " and the tests the rows' p are (compare_p_test), as a phrase; malloc'd */
static char *p_tests(const struct compare *c)
{
	static const char *const says[] = {
		[P_WELCH] = "within a session Welch's t-test on the logs",
		[P_PAIRED] = "a one-sample t on the rounds' log ratios where they pair",
		[P_DRIFT] = "across separate sessions Welch's with the calibrated drift",
		[P_RATIO] = "a Ratio of separate sessions Welch's on its rounds' log ratios",
		[P_WITHIN] = "where none can decide, Welch's t-test of the means",
	};
	static const enum compare_p_test order[] = { P_WELCH, P_PAIRED, P_DRIFT, P_RATIO, P_WITHIN };
	int seen[ARRAY_SIZE(says)] = { 0 }, n = 0, said = 0;
	char *text = xstrdup(""), *next;

	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].test == TEST_MADE && !seen[c->rows[i].p_test]++)
			n++;
	for (size_t i = 0; i < ARRAY_SIZE(order); i++) {
		if (!seen[order[i]])
			continue;
		next = xasprintf("%s%s%s", text, !said++ ? ": " : said == n ? "; and " : "; ",
				 says[order[i]]);
		free(text);
		text = next;
	}
	return text;
}

/* the sentence on rows of separate sessions, where there are some */
static void separate_intro(const struct compare *c, FILE *out)
{
	const char *s = c->nseparate == 1 ? "" : "s", *verb = c->nseparate == 1 ? "s" : "";

	if (c->nseparate && isnan(c->opts.tau2))
		say(out, xasprintf("%zu row%s compare%s runs of separate sessions, which differ by "
				   "this machine's drift between sessions as well as by kernel; "
				   "without a calibration ('contest calibrate') such a row stays "
				   "undecided, its p is Welch's within the sessions (a * there says "
				   "the runs differ beyond their noise, not beyond the drift), and "
				   "its MDE (>) is the least it could be.", c->nseparate, s, verb));
	else if (c->nseparate)
		say(out, xasprintf("%zu row%s compare%s runs of separate sessions: their tests "
				   "and MDE include the drift between sessions that this "
				   "machine's calibration cannot rule out, %.1f%% (the upper end "
				   "of its %g%% interval, %.1f%% to %.1f%%, around %.1f%%).",
				   c->nseparate, s, verb, calibration_drift_pct(c->opts.tau2),
				   100.0 * CALIBRATION_LEVEL, calibration_drift_pct(c->opts.tau2_low),
				   calibration_drift_pct(c->opts.tau2),
				   calibration_drift_pct(c->opts.tau2_est)));
	if (c->nratio_separate)
		say(out, xasprintf("%s %zu Ratio row%s of separate sessions %s not: a session's "
				   "speed cancels in a ratio, so %s MDE and the rounds that would "
				   "decide %s are the runs' own.", c->nseparate ? "The" : "Its",
				   c->nratio_separate, c->nratio_separate == 1 ? "" : "s",
				   c->nseparate ? (c->nratio_separate == 1 ? "does" : "do") :
				   "need no drift,", c->nratio_separate == 1 ? "its" : "their",
				   c->nratio_separate == 1 ? "it" : "them"));
}

static void intro(const struct compare *c, FILE *out)
{
	struct membuf m;
	FILE *list = membuf_open(&m);	/* a lab names thousands: no copy a name */
	char *names, *text, *why = compare_alpha_why(c), *tests = p_tests(c);

	for (size_t k = 1; k < c->report.nkernels; k++)
		fprintf(list, "%s'%s'", k == 1 ? "" : k + 1 == c->report.nkernels ? " and " : ", ",
			c->report.kernels[k]);
	if (!(names = membuf_close(&m, 1)))
		die(EXIT_NO_MEMORY, "out of memory");
	text = xasprintf(
		"Comparing %s with '%s' (the base). Each row is the mean over the ok runs, "
		"the sample standard deviation and the number of runs. Diff is the change "
		"from the base in percent, positive when better: shorter Time, higher CPU%%, "
		"more Loads; LCPU%% has no better direction, its Diff is the signed change. "
		"p is the two-sided p-value of the test that made the verdict%s. "
		"* marks p < %g%s, ** a difference that also survives "
		"Holm's correction over all %zu tests made. "
		"MDE is the smallest difference the runs would detect (80%% power); the "
		"verdict says what they saw: better, worse, same (within %g%%), changed "
		"(LCPU%%), or undecided.",
		names, c->report.kernels[0], tests, c->alpha, why, c->ntests, c->opts.margin_pct);
	wrap(out, text);
	free(text);
	free(why);
	free(tests);
	if (any_ratio(c))
		wrap(out, "Ratio rows are each kernel's own slowdown under the load: its mean "
		     "Time over its own mean noload Time (report --ratio self's Ratio), lower is "
		     "better; its SD and test are the rounds' (run i of each). It is not the "
		     "report's default Ratio, which divides by the base's noload. A session's "
		     "speed cancels in each ratio, so kernels of separate sessions are compared "
		     "on it without the drift between sessions.");
	if (any_kind(c, ROW_INTERACTIVE))
		wrap(out, "An interactive task's table (TASK+LOAD) has its own metrics: its "
		     "wake-up Latency, the SD of it, p99 and Max, in microseconds (lower is "
		     "better); CPU%, the share of the CPU it wanted that it got, Deadlines, the % "
		     "met, and gaming's FPS (higher is better); then the load's Loads and LCPU%.");
	extra_intro(c, out);
	if (any_kind(c, ROW_MEASURE))
		wrap(out, "A measured load's table (MEASURE+LOAD) has its own metrics: Work, the "
		     "units of work it finished in its duration, and Rate, those a second (higher "
		     "is better); then the background load's Loads and LCPU%.");
	if (c->npaired) {
		text = xasprintf("%zu row%s compare%s interleaved rounds, paired: the verdict "
				 "and MDE test the per-round ratios (one-sample t on their logs), "
				 "which cancels whatever hit a whole round.", c->npaired,
				 c->npaired == 1 ? "" : "s", c->npaired == 1 ? "s" : "");
		wrap(out, text);
		free(text);
	}
	separate_intro(c, out);
	if (any_stalls(c))
		wrap(out, "Stall rows give the mean seconds in which some task waited for the "
			  "CPU, memory or I/O during the compile (pressure stall information); "
			  "they describe, they are not tested.");
	fputc('\n', out);
	free(names);
}


/* the mail's legend: what a reader of the tables needs, once */
static void brief_intro(const struct compare *c, FILE *out)
{
	char *why = compare_alpha_why(c);

	say(out, xasprintf("* marks p < %g%s (p: the verdict's test), ** also after Holm's "
			   "correction over the %zu tests; Diff is the change from the base, "
			   "positive when better; MDE the least difference the runs could see; "
			   "same is within %g%%.", c->alpha, why, c->ntests, c->opts.margin_pct));
	free(why);
	if (any_ratio(c))
		wrap(out, "Ratio: Time over the kernel's own noload Time (--ratio self), by round.");
	if (any_kind(c, ROW_INTERACTIVE))
		wrap(out, "Latency, SD, p99 and Max are in microseconds.");
	if (any_kind(c, ROW_MEASURE))
		wrap(out, "Work: the units a measured load finished in its duration; Rate: a second.");
	if (c->npaired)
		say(out, xasprintf("%zu row%s paired round by round.", c->npaired,
				   c->npaired == 1 ? " is" : "s are"));
	if (c->nseparate && isnan(c->opts.tau2))
		say(out, xasprintf("%zu row%s separate sessions: undecided without a calibration "
				   "('contest calibrate'); p within the sessions, MDE (>) a floor.",
				   c->nseparate,
				   c->nseparate == 1 ? " compares" : "s compare"));
	else if (c->nseparate)
		say(out, xasprintf("%zu row%s separate sessions, with the drift this "
				   "machine's calibration cannot rule out (%.1f%%, estimate "
				   "%.1f%%).", c->nseparate, c->nseparate == 1 ? " compares" :
				   "s compare", calibration_drift_pct(c->opts.tau2),
				   calibration_drift_pct(c->opts.tau2_est)));
	if (any_stalls(c))
		wrap(out, "Stall rows: mean seconds some task waited (pressure), not tested.");
	wrap(out, "'contest compare' says what each column and verdict means.");
	fputc('\n', out);
}

/* v with decimals; of 16 digits or more, cut short it would read as another
 * number, so it takes an exponent */
static void fixed_or_exp(char *buf, size_t size, double v, int decimals)
{
	if (fabs(v) >= 1e15)
		snprintf(buf, size, "%.*e", decimals + 2, v);
	else
		fmt_fixed(buf, size, v, decimals);
}

static const char *cell(char *buf, size_t size, double v, int decimals)
{
	if (!isfinite(v))
		return "-";
	if (decimals == 0 && fabs(v) >= 1e15) {
		fixed_or_exp(buf, size, v, decimals);
	} else if (decimals == 0 && fabs(v) >= 1e6) {	/* a count: millions fit the column */
		fmt_fixed(buf, size - 1, v / 1e6, 1);
		strcat(buf, "M");
	} else {
		fixed_or_exp(buf, size, v, decimals);
	}
	return buf;
}

const char *compare_p_cell(char *buf, size_t size, const struct compare_row *row)
{
	if (row->untested || row->across)
		return "-";
	switch (row->test) {
	case TEST_BASE:
		return "";
	case TEST_ONE_RUN:
		return "n=1";
	case TEST_CONSTANT:
		return "same";
	case TEST_MISSING:
		return "missing";
	case TEST_UNLIKE:
		return "unlike";
	case TEST_MADE:
		break;
	}
	if (row->p < 0.0001)
		return "<0.0001";
	return fmt_fixed(buf, size, row->p, 4);
}

const char *compare_mde_cell(char *buf, size_t size, const struct compare_row *row)
{
	if (row->is_base)
		return "";
	if (!compare_has_verdict(row) || !isfinite(row->verdict.mde_pct))
		return "-";
	if (row->verdict.mde_pct > COMPARE_MDE_CAP_PCT) {
		snprintf(buf, size, ">%g%%", COMPARE_MDE_CAP_PCT);
		return buf;
	}
	buf[0] = '>';
	fmt_fixed(buf + row->mde_floor, size - 2, row->verdict.mde_pct, 1);
	strcat(buf, "%");
	return buf;
}

const char *compare_verdict_cell(const struct compare_row *row)
{
	if (row->is_base)
		return "";
	if (!compare_has_verdict(row))
		return "-";
	return verdict_name(row->verdict.kind);
}

const char *compare_diff_cell(char *buf, size_t size, const struct compare_row *row)
{
	if (row->is_base)
		return "";
	if (!isfinite(row->diff_pct))
		return "-";
	double v = print_zero(row->diff_pct, 1);

	buf[0] = '+';	/* "%+.1f%%" */
	fixed_or_exp(buf + !signbit(v), size - 2, v, 1);
	strcat(buf, "%");
	return buf;
}

/* s at *at, padded with blanks to width (left: s first), as printf's %-*s and %*s */
static void put_cell(char *line, size_t *at, const char *s, int width, int left)
{
	size_t len = strlen(s), pad = width > 0 && (size_t)width > len ? (size_t)width - len : 0;

	if (!left)
		for (; pad; pad--)
			line[(*at)++] = ' ';
	memcpy(line + *at, s, len);
	*at += len;
	for (; pad; pad--)
		line[(*at)++] = ' ';
}

/*
 * "%-6s %-*s %8s %7s %3zu %7s %7s %-2s %6s %s" of the row, made by hand
 * into a bounded buffer (every cell is bounded) and written at once: a
 * lab's compare prints hundreds of thousands of rows.
 */
/* each kernel's name as a row shows it, made once: a lab's compare
 * prints each name in hundreds of rows */
typedef char short_name_t[NAME_W + 8];

static short_name_t *short_names(const struct compare *c)
{
	short_name_t *names = xcalloc(c->report.nkernels + 1, sizeof(*names));

	for (size_t k = 0; k < c->report.nkernels; k++)
		short_name(names[k], c->report.kernels[k]);
	return names;
}

static void write_row(FILE *out, const struct compare *c, const short_name_t *names,
		      const struct compare_row *row, int first)
{
	int dec = metrics[row->metric].cmp;
	char mean[32], sd[32], diff[32], p[32], mde[32], n[24];
	char line[NAME_W + 8 + 8 * 32 + 64];
	const char *cells[] = {
		NULL, names[row->k], cell(mean, sizeof(mean), running_stats_mean(row->s), dec),
		cell(sd, sizeof(sd), running_stats_sd(row->s), dec), n,
		compare_diff_cell(diff, sizeof(diff), row), compare_p_cell(p, sizeof(p), row),
		compare_mark_str(row), compare_mde_cell(mde, sizeof(mde), row),
		compare_verdict_cell(row),
	};
	static const int widths[] = { -6, -NAME_W, 8, 7, 3, 7, 7, -2, 6, 0 };
	size_t at = 0;

	fmt_fixed(n, sizeof(n), (double)row->s->n, 0);	/* "%zu": a count, whole */
	/* a metric name wider than its column (Latency, Deadlines) gets a line of its own */
	if (first && strlen(compare_metric_label(c, row)) > 6) {
		fprintf(out, "%s\n", compare_metric_label(c, row));
		first = 0;
	}
	cells[0] = first ? compare_metric_label(c, row) : "";
	for (size_t i = 0; i < ARRAY_SIZE(cells); i++) {
		if (i)
			line[at++] = ' ';
		put_cell(line, &at, cells[i], abs(widths[i]), widths[i] < 0);
	}
	while (at > 0 && line[at - 1] == ' ')
		at--;
	line[at++] = '\n';
	fwrite(line, 1, at, out);
}

/* What the kernels' compiles stalled on, described and not tested: one
 * "Stall" row per kernel with pressure data (mean some-stall seconds of
 * cpu, memory, io), so a Time difference can be read beside its cause. */
static void write_stalls(const struct compare *c, const short_name_t *names, const char *load,
			 FILE *out)
{
	const struct report_table *t = table_of(c, load);
	int first = 1;

	for (size_t k = 0; t && k < t->nrows; k++) {
		const struct report_row *row = &t->rows[k];
		char v[3][32], line[NAME_W + 8 + 3 * 32 + 64];
		size_t at = 0;

		if (isnan(stall_s(row, 0)) && isnan(stall_s(row, 1)) && isnan(stall_s(row, 2)))
			continue;
		/* "%-6s %-*s cpu %s s, memory %s s, io %s s", by hand as write_row's */
		put_cell(line, &at, first ? "Stall" : "", 6, 1);
		line[at++] = ' ';
		put_cell(line, &at, names[row->k], NAME_W, 1);
		put_cell(line, &at, " cpu ", 0, 1);
		put_cell(line, &at, cell(v[0], sizeof(v[0]), stall_s(row, 0), 2), 0, 1);
		put_cell(line, &at, " s, memory ", 0, 1);
		put_cell(line, &at, cell(v[1], sizeof(v[1]), stall_s(row, 1), 2), 0, 1);
		put_cell(line, &at, " s, io ", 0, 1);
		put_cell(line, &at, cell(v[2], sizeof(v[2]), stall_s(row, 2), 2), 0, 1);
		put_cell(line, &at, " s\n", 0, 1);
		fwrite(line, 1, at, out);
		first = 0;
	}
}

/* a warning under a load whose kernels' runs were disturbed unequally:
 * the difference may be the disturbance's, not the kernel's */
static void write_disturbed(const struct compare *c, const char *load, FILE *out)
{
	const struct report_table *t = table_of(c, load);
	struct membuf list;	/* appended to in place: a lab compares thousands of kernels */
	FILE *f = membuf_open(&list);
	char *text;
	double lo = 1, hi = 0;

	for (size_t k = 0; t && k < t->nrows; k++) {
		const struct report_row *row = &t->rows[k];
		size_t n = row->s->notes[NOTE_DISTURBED].n;
		double share = row->s->time.n ? (double)n / (double)row->s->time.n : 0;

		if (!row->s->time.n)
			continue;
		lo = share < lo ? share : lo;
		hi = share > hi ? share : hi;
		fprintf(f, "%s'%s' %zu of %zu", ftell(f) ? ", " : "", row->kernel, n,
			row->s->time.n);
	}
	text = membuf_close(&list, 1);
	if (hi > lo) {
		char *warn = xasprintf("Warning: the runs were disturbed unequally (steal or others' "
				       "CPU at 10%% of the machine or more): %s; a difference here "
				       "may be theirs, not the kernel's.", text);

		wrap(out, warn);
		free(warn);
	}
	free(text);
}

/* "85 more undecided, 1 same, 3 not tested (kept by too few runs); most
 * changed: ...": the rows from syms[from] on, neither worse nor better */
static void write_symbols_rest(const struct symbol_row *const *syms, size_t from, size_t n,
			       FILE *out)
{
	size_t same = 0, undecided = 0, untested = 0, most = from;
	char *text;

	for (size_t i = from; i < n; i++) {
		if (fabs(symbols_change(syms[i])) > fabs(symbols_change(syms[most])))
			most = i;
		same += syms[i]->tested && syms[i]->verdict.kind == VERDICT_SAME;
		undecided += syms[i]->tested && syms[i]->verdict.kind == VERDICT_UNDECIDED;
		untested += !syms[i]->tested;
	}
	/* the one that moved most, though undecided: what the runs showed */
	text = xasprintf("  %s%zu %sundecided, %zu same, %zu not tested%s; most changed: %s "
			 "%.2f%% -> %.2f%%.", from ? "" : "none decided worse or better: ",
			 undecided, from ? "more " : "", same, untested,
			 untested ? " (kept by too few runs)" : "", syms[most]->symbol,
			 syms[most]->base_pct, syms[most]->new_pct);
	wrap(out, text);
	free(text);
}

/* per NEW kernel, the kernel symbols decided worse or better under load,
 * most changed first, then how many more were not (symbols.h) */
static void write_symbols(const struct compare *c, const char *load, FILE *out)
{
	for (size_t k = 1; k < c->report.nkernels; k++) {
		const struct symbol_row **syms;
		size_t n = symbols_of(c, load, k, &syms), i;

		if (n)
			say(out, xasprintf("Kernel symbols of '%s' against '%s' (self: %% of the "
					   "kernel's samples; p after Holm's correction over %zu):",
					   c->report.kernels[k], c->report.kernels[0],
					   c->nsym_tests));
		for (i = 0; i < n && syms[i]->tested && (syms[i]->verdict.kind == VERDICT_WORSE ||
							  syms[i]->verdict.kind == VERDICT_BETTER);
		     i++)
			fprintf(out, "  %-7s %-30s %6.2f%% -> %6.2f%% (%+.2f) p %.2g\n",
				verdict_name(syms[i]->verdict.kind), syms[i]->symbol,
				syms[i]->base_pct, syms[i]->new_pct, symbols_change(syms[i]),
				syms[i]->p_holm);
		if (i < n)
			write_symbols_rest(syms, i, n, out);
		free(syms);
	}
}

/* why an undecided row is undecided and what would decide it, malloc'd:
 * "noise (MDE 19.4%); about 190 runs per kernel (2 now) to see 2%" */
char *compare_undecided_text(const struct compare *c, const struct compare_row *row)
{
	char mde[32];
	size_t now;
	double need = compare_runs_for_mde(row, c->opts.margin_pct, &now);
	/* a Ratio's runs are rounds: run i of the load with run i of noload */
	const char *what = row->paired || row->metric == COMPARE_RATIO ? "rounds" :
			   "runs per kernel";

	if (!need)
		return xasprintf("%s%s", row->verdict.reason, row->mde_floor &&
				 !strcmp(row->verdict.reason, "separate sessions and no calibration") ?
				 "; 'contest calibrate' measures the drift" : "");
	char *usable, *text;

	compare_mde_cell(mde, sizeof(mde), row);
	/* a round where the other side's run was not ok makes no pair: both counts */
	usable = row->paired && row->paired < row->s->n ?
		 xasprintf("%zu now, %zu of them paired: both ok", row->s->n, now) :
		 xasprintf("%zu now", now);
	text = xasprintf("%s (MDE %s); %s %.0f %s (%s) to see %g%%%s",
			 row->verdict.mde_pct > COMPARE_MDE_CAP_PCT ? "too noisy" : "noise", mde,
			 need > 1000 ? "over" : "about", need > 1000 ? 1000 : need, what, usable,
			 c->opts.margin_pct, row->interleaved ? "" :
			 "; separate sessions, whose drift cancels in a ratio");
	free(usable);
	return text;
}

/* undecided for want of a calibration: one reason for all its rows */
static int wants_calibration(const struct compare_row *row)
{
	return compare_has_verdict(row) && row->verdict.kind == VERDICT_UNDECIDED &&
	       row->mde_floor && !strcmp(row->verdict.reason, "separate sessions and no calibration");
}

/* one line per NEW kernel of rows[from..to) undecided for want of a
 * calibration, its metrics listed: "Undecided: new Time and CPU%, ..." */
static void write_uncalibrated(const struct compare *c, const short_name_t *names, size_t from,
			       size_t to, FILE *out)
{
	/* a bit a metric, a word a kernel: a lab compares thousands */
	uint32_t *want = xcalloc(c->report.nkernels + 1, sizeof(*want));
	size_t *last = xcalloc(c->report.nkernels + 1, sizeof(*last));

	_Static_assert(COMPARE_METRICS <= 32, "a kernel's metrics fit want's bits");
	for (size_t i = from; i < to; i++)
		if (wants_calibration(&c->rows[i])) {
			want[c->rows[i].k] |= 1u << c->rows[i].metric;
			last[c->rows[i].k] = i;
		}
	for (size_t i = from; i < to; i++) {	/* each kernel's line at its last such row */
		const struct compare_row *row = &c->rows[i];
		char list[COMPARE_METRICS * 16] = "";
		int n = 0, said = 0;

		if (!wants_calibration(row) || i != last[row->k])
			continue;
		for (int m = 0; m < COMPARE_METRICS; m++)
			n += !!(want[row->k] & (1u << m));
		for (int m = 0; m < COMPARE_METRICS; m++)
			if (want[row->k] & (1u << m)) {	/* bounded: a `metric =` label is the user's */
				size_t at = strlen(list);

				said++;
				snprintf(list + at, sizeof(list) - at, "%s%s", said == 1 ? "" :
					 said == n ? " and " : ", ", metric_label(&c->report.own, m));
			}
		say(out, xasprintf("Undecided: %s %s, separate sessions and no calibration; "
				   "'contest calibrate' measures the drift.", names[row->k], list));
	}
	free(want);
	free(last);
}

/* one line per undecided row of rows[from..to): why, and what would decide
 * it; those that want a calibration one line a kernel (write_uncalibrated) */
static void write_undecided(const struct compare *c, const short_name_t *names, size_t from,
			    size_t to, FILE *out)
{
	for (size_t i = from; i < to; i++) {
		const struct compare_row *row = &c->rows[i];
		char *why;

		if (!compare_has_verdict(row) || row->verdict.kind != VERDICT_UNDECIDED ||
		    wants_calibration(row))
			continue;
		why = compare_undecided_text(c, row);
		say(out, xasprintf("Undecided: %s %s, %s.", names[row->k],
				   compare_metric_label(c, row), why));
		free(why);
	}
}

/* one line per row of rows[from..to) whose sides measured unlike figures */
static void write_unlike(const struct compare *c, const short_name_t *names, size_t from,
			 size_t to, FILE *out)
{
	for (size_t i = from; i < to; i++)
		if (c->rows[i].test == TEST_UNLIKE)
			say(out, xasprintf("%s %s: %s.", names[c->rows[i].k],
					   compare_metric_label(c, &c->rows[i]),
					   c->rows[i].verdict.reason));
}

/* the rows of one load, from rows[from]; returns where the next load starts */
static size_t write_load(const struct compare *c, const short_name_t *names, size_t from,
			 FILE *out)
{
	const char *load = c->rows[from].load;
	size_t i;

	fprintf(out, "%s:\n%-6s %-*s %8s %7s %3s %7s %7s    %6s %s\n", load,
		"Metric", NAME_W, "Kernel", "Mean", METRIC_SD_LABEL, "n", "Diff", "p", "MDE", "Verdict");
	/* a table's rows share its name's pointer: strcmp only where they do not */
	for (i = from; i < c->nrows && (c->rows[i].load == load || !strcmp(c->rows[i].load, load));
	     i++)
		write_row(out, c, names, &c->rows[i], c->rows[i].is_base ||
			  i == from || c->rows[i - 1].metric != c->rows[i].metric);
	write_undecided(c, names, from, i, out);
	write_uncalibrated(c, names, from, i, out);
	write_unlike(c, names, from, i, out);
	write_stalls(c, names, c->rows[from].load, out);
	write_disturbed(c, c->rows[from].load, out);
	write_symbols(c, c->rows[from].load, out);
	fputc('\n', out);
	return i;
}

static void write_summary(const struct compare *c, const struct compare_summary *s, FILE *out)
{
	const char *base = c->report.kernels[0];
	char *text, *ci;

	if (!s->nloads && (any_kind(c, ROW_INTERACTIVE) || any_kind(c, ROW_MEASURE))) {
		return;	/* the tables above are timed tasks': no Time to sum up */
	} else if (!s->nloads) {
		text = xasprintf("'%s' and '%s' have no load with ok runs in common.", s->kernel, base);
	} else {
		static const char *const drift[] = {
			[DRIFT_NONE] = "",
			[DRIFT_ADDED] = ", with the drift between sessions",
			[DRIFT_LEFT_OUT] = " of the runs' noise alone: the drift between the "
					   "separate sessions is not in it (no calibration), so "
					   "like its rows it decides nothing",
		};

		ci = isfinite(s->ci_low) ?
		     xasprintf("95%% CI %.3f to %.3f%s", s->ci_low, s->ci_high, drift[s->drift]) :
		     xstrdup("no interval: a load has one run");
		text = xasprintf("Overall, the Time of '%s' is %.3f times that of '%s' (%s), "
				 "the geometric mean over %zu load%s.", s->kernel, s->gmean, base,
				 ci, s->nloads, s->nloads == 1 ? "" : "s");
		free(ci);
	}
	wrap(out, text);
	free(text);
}

/* one sentence per load a kernel did not run (from the Time rows) */
static void write_missing(const struct compare *c, FILE *out)
{
	for (size_t i = 0; i < c->nrows; i++) {
		const struct compare_row *row = &c->rows[i];
		char *text;

		if (row->metric != 0 || row->s->n)
			continue;
		text = xasprintf("Missing: '%s' has no ok run of %s%s.", row->kernel, row->load,
				 row->is_base ? ", so nothing was compared there" : "");
		wrap(out, text);
		free(text);
	}
}

/* once per load with rows that cannot be tested (0 in every run of both
 * sides): "noload's Loads and LCPU% are not tested: no load ran." */
static void write_untested(const struct compare *c, FILE *out)
{
	for (size_t i = 0; i < c->nrows;) {
		const char *load = c->rows[i].load;
		char seen[COMPARE_METRICS] = { 0 }, *list = xstrdup(""), *next;
		size_t n = 0, j, said = 0;

		for (j = i; j < c->nrows && !strcmp(c->rows[j].load, load); j++)
			if (c->rows[j].untested && !seen[c->rows[j].metric]) {
				seen[c->rows[j].metric] = 1;
				n++;
			}
		for (int m = 0; n && m < COMPARE_METRICS; m++) {
			if (!seen[m])
				continue;
			said++;
			next = xasprintf("%s%s%s", list, said == 1 ? "" : said == n ? " and " : ", ",
					 metric_label(&c->report.own, m));
			free(list);
			list = next;
		}
		if (n)
			say(out, xasprintf("%s's %s %s not tested: %s.", load, list,
					   n == 1 ? "is" : "are", !strcmp(load, "noload") ?
					   "no load ran" : "0 in every run of both kernels"));
		free(list);
		i = j;
	}
}

/* how many tests and verdicts said something */
static void write_tally(const struct compare *c, int brief, FILE *out)
{
	write_untested(c, out);
	if (c->nsymbols)
		say(out, xasprintf("%zu kernel symbol%s tested, apart from the tests above (Holm's "
				   "correction over them): %zu worse, %zu better.", c->nsym_tests,
				   c->nsym_tests == 1 ? "" : "s", c->nsym_worse, c->nsym_better));
	if (brief) {
		say(out, xasprintf("%zu of %zu tests significant (*), %zu after Holm's correction "
				   "(**); %zu of %zu verdicts decided.", c->nalpha, c->ntests,
				   c->nholm, c->ndecided, c->nverdicts));
		return;
	}
	say(out, xasprintf("%zu test%s made: %zu significant at p < %g (*), %zu of them after "
			   "Holm's correction (**).", c->ntests, c->ntests == 1 ? "" : "s",
			   c->nalpha, c->alpha, c->nholm));
	say(out, xasprintf("%zu of %zu verdict%s decided (better, worse, same or changed); "
			   "%zu undecided.", c->ndecided, c->nverdicts, c->nverdicts == 1 ? "" : "s",
			   c->nverdicts - c->ndecided));
}

static int write_text(const struct compare *c, int brief, FILE *out)
{
	short_name_t *names = short_names(c);

	if (brief)
		brief_intro(c, out);
	else
		intro(c, out);
	for (size_t i = 0; i < c->nrows;)
		i = write_load(c, names, i, out);
	free(names);
	for (size_t k = 0; k < c->nsummary; k++)
		write_summary(c, &c->summary[k], out);
	write_missing(c, out);
	write_tally(c, brief, out);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the comparison: %s", strerror(errno));
	return 0;
}

/* escaped: symbols and names come from files */
int compare_write_text(const struct compare *c, FILE *out)
{
	FILE *f = escaped_open(out);

	write_text(c, 0, f);
	return escaped_close(f, out, "the comparison");
}

char *compare_text(const struct compare *c, int brief)
{
	struct membuf m;
	int ret = write_text(c, brief, membuf_open(&m));

	return membuf_close(&m, ret == 0);
}

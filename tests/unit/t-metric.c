/* t-metric.c - the metric table (results/metric.h) agrees with what it names */
#include "results/metric.h"
#include "results/summary.h"
#include "tap.h"

#include <stdio.h>
#include <string.h>

/* is name one of the header's tab-separated columns? */
static int header_has(const char *header, const char *name)
{
	size_t len = strlen(name);

	for (const char *p = header; p; p = strchr(p, '\t'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, len) && (p[len] == '\t' || !p[len]))
			return 1;
	return 0;
}

/* two result sets name their `metric =` figures apart: neither sees the other's */
static void own_names(void)
{
	struct own_metrics a, b;
	char buf[64];

	memset(&a, 0, sizeof(a));
	memset(&b, 0, sizeof(b));
	ok(metric_own_names(&a, "rps:req/s:higher,lat:ms:lower") == 0 &&
	   metric_own_names(&b, "boot::lower") == 0, "two sets of names are read");
	ok(!strcmp(metric_label(&a, METRIC_OWN1), "rps") &&
	   !strcmp(metric_label(&b, METRIC_OWN1), "boot") &&
	   !strcmp(metric_label(&a, METRIC_OWN2), "lat") && !*metric_label(&b, METRIC_OWN2),
	   "each set keeps its own labels");
	ok(metric_better(&a, METRIC_OWN1) == BETTER_HIGHER &&
	   metric_better(&b, METRIC_OWN1) == BETTER_LOWER &&
	   metric_better(&a, METRIC_TIME) == BETTER_LOWER, "and its own directions");
	ok(!strcmp(metric_title(&a, METRIC_OWN1, buf, sizeof(buf)), "rps [req/s]") &&
	   !strcmp(metric_title(&b, METRIC_OWN1, buf, sizeof(buf)), "boot") &&
	   !strcmp(metric_title(NULL, METRIC_TIME, buf, sizeof(buf)), "Time [s]"),
	   "a title is its set's label and unit");
	ok(!*metric_label(NULL, METRIC_OWN1) && !*metrics[METRIC_OWN1].label,
	   "unnamed, and the table names no figure");
	/* the first names given hold; a disagreeing set is said, not taken */
	ok(metric_own_names(&a, "rps:req/s:higher") == 0 &&
	   metric_own_names(&a, "qps:req/s:higher") == -1 &&
	   !strcmp(metric_label(&a, METRIC_OWN1), "rps"), "the first names hold");
	ok(metric_own_names(&b, "x:y:sideways") == -1, "a direction but lower or higher is refused");
}

int main(void)
{
	const char *header = results_header();
	struct load_summary s;
	struct running_stats lat[LAT_NCOL], counts[COUNTS], extra[EXTRA_GROUPS][8];
	int used[EXTRA_GROUPS][8] = { { 0 } };
	int ok_columns = 1, ok_kinds = 1, ok_stats = 1, ok_labels = 1;

	for (int m = 0; m < METRICS; m++) {
		const struct metric *x = &metrics[m];

		/* every measured metric is the mean of a column runs.tsv has */
		if (m != METRIC_RATIO && (!x->column || !header_has(header, x->column))) {
			printf("# %s: column %s is not runs.tsv's\n", x->label, x->column ? x->column : "NULL");
			ok_columns = 0;
		}
		if (!(x->kinds & KIND_ALL)) {
			printf("# %s: no row kind has it\n", x->label);
			ok_kinds = 0;
		}
		/* a `metric =` figure's label is its spec's name, set at run time */
		if (!x->label || (!*x->label && x->better != BETTER_OWN) ||
		    (x->sd_label != NULL) != (x->sd_json != NULL))
			ok_labels = 0;
	}
	ok(ok_columns, "every metric but Ratio names a column of runs.tsv");
	ok(ok_kinds && !metrics[METRIC_RATIO].column, "every metric belongs to some row kind; Ratio has no column");
	ok(ok_labels, "every metric has a label, and an SD label with its SD key");
	for (int k = 0; k < ROW_KINDS; k++)
		if (!(metrics[row_kind_main[k]].kinds & (1u << k)))
			ok_kinds = 0;
	ok(ok_kinds, "each row kind's main metric is one of its tables' (Time, Latency, Work)");
	/* metric_stats: a metric's stats are the load_summary's field of its
	 * place in run_values: the compile's four, then lat[], then counts[] */
	memset(&s, 0, sizeof(s));
	s.lat = lat;
	s.counts = counts;
	for (int g = 0; g < EXTRA_GROUPS; g++)
		s.extra[g] = extra[g];
	for (int m = 0; m < METRICS; m++) {
		const struct running_stats *st = metric_stats(&s, (enum metric_id)m);
		const struct running_stats *want;

		if (m >= METRIC_USER && m != METRIC_RATIO) {
			/* the extra measures: each a slot of its group's array, no
			 * slot twice, every slot of every group used (below) */
			int found = 0;

			for (int g = 0; g < EXTRA_GROUPS; g++)
				for (int i = 0; i < EXTRA_GROUP_SIZE(g); i++)
					if (st == &extra[g][i] && !used[g][i]++)
						found = 1;
			if (!found) {
				printf("# %s (metric %d): not a slot of its own\n", metrics[m].label, m);
				ok_stats = 0;
			}
			continue;
		}
		want = m == METRIC_RATIO ? NULL : m >= METRIC_INSTRUCTIONS ?
			&counts[m - METRIC_INSTRUCTIONS] : m >= METRIC_LAT_MEAN ?
			&lat[m - METRIC_LAT_MEAN] : (const struct running_stats *[]){
				&s.time, &s.cpu, &s.loads, &s.lcpu }[m];

		if (st != want) {
			printf("# %s: not its own stats\n", metrics[m].label);
			ok_stats = 0;
		}
	}
	for (int g = 0; g < EXTRA_GROUPS; g++)
		for (int i = 0; i < EXTRA_GROUP_SIZE(g); i++)
			if (used[g][i] != 1) {
				printf("# extra group %d slot %d: used %d times\n", g, i, used[g][i]);
				ok_stats = 0;
			}
	ok(ok_stats && metric_stats(&s, METRIC_LAT_FPS) == &lat[LAT_FPS] &&
	   metric_stats(&s, METRIC_CYCLES) == &counts[COUNT_CYCLES] &&
	   metric_stats(&s, METRIC_WORK_UNITS) == &lat[WORK_UNITS],
	   "metric_stats gives each metric its own summary field, none for Ratio");
	own_names();
	return tap_done();
}

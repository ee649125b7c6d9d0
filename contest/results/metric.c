/* metric.c - the metric table, see metric.h */
#include "results/metric.h"
#include "results/summary.h"

#include <stdio.h>

const struct metric metrics[METRICS] = {
#define X(id, column, label, json, unit, text, cmp, csv, better, kinds, sd_label, sd_json) \
	[METRIC_##id] = { column, label, json, unit, text, cmp, csv, BETTER_##better, kinds, \
			  sd_label, sd_json },
	METRIC_TABLE(X)
#undef X
};

/* a metric's index is its place in run_values (summary.h), Ratio after them */
_Static_assert(METRIC_LAT_MEAN == 4 && METRIC_LAT_MEAN + LAT_FLOOR == METRIC_LAT_FLOOR &&
	       METRIC_LAT_MEAN + WORK_UNITS == METRIC_WORK_UNITS &&
	       METRIC_INSTRUCTIONS == METRIC_LAT_MEAN + LAT_NCOL &&
	       METRIC_INSTRUCTIONS + COUNT_CYCLES == METRIC_CYCLES &&
	       (int)RUN_VALUES == (int)METRIC_RATIO && (int)METRICS == RUN_VALUES + 1,
	       "the metric table is in run_values' order");

const enum metric_id row_kind_main[ROW_KINDS] = {
	[ROW_COMPILE] = METRIC_TIME,
	[ROW_INTERACTIVE] = METRIC_LAT_MEAN,
	[ROW_MEASURE] = METRIC_WORK_UNITS,
};

const char *metric_title(enum metric_id m, char *buf, size_t size)
{
	if (metrics[m].unit)
		snprintf(buf, size, "%s [%s]", metrics[m].label, metrics[m].unit);
	else
		snprintf(buf, size, "%s", metrics[m].label);
	return buf;
}

const struct running_stats *metric_stats(const struct load_summary *s, enum metric_id m)
{
	switch (m) {
	case METRIC_TIME:
		return &s->time;
	case METRIC_CPU:
		return &s->cpu;
	case METRIC_LOADS:
		return &s->loads;
	case METRIC_LCPU:
		return &s->lcpu;
	case METRIC_RATIO:
		return NULL;
	default:
		return m >= METRIC_INSTRUCTIONS ? &s->counts[m - METRIC_INSTRUCTIONS] :
		       &s->lat[m - METRIC_LAT_MEAN];
	}
}

/* metric.c - the metric table, see metric.h */
#include "results/metric.h"
#include "results/summary.h"

#include <stdio.h>
#include <string.h>

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
	       METRIC_USER == METRIC_INSTRUCTIONS + COUNTS &&
	       METRIC_USER + EXTRA_DISK_AWAIT == METRIC_DISK_AWAIT &&
	       METRIC_USER + EXTRA_OWN == METRIC_OWN1 && METRIC_OWN4 - METRIC_OWN1 == OWN_METRICS - 1 &&
	       (int)RUN_VALUES == (int)METRIC_RATIO && (int)METRICS == RUN_VALUES + 1,
	       "the metric table is in run_values' order");

const enum metric_id row_kind_main[ROW_KINDS] = {
	[ROW_COMPILE] = METRIC_TIME,
	[ROW_INTERACTIVE] = METRIC_LAT_MEAN,
	[ROW_MEASURE] = METRIC_WORK_UNITS,
};

enum metric_id metric_main(const struct load_summary *s, enum row_kind kind)
{
	const struct running_stats *g = s ? metric_stats(s, GUEST_MAIN_METRIC) : NULL;

	return kind == ROW_COMPILE && g && g->n ? GUEST_MAIN_METRIC : row_kind_main[kind];
}

/* m's place among the `metric =` figures, -1 for the table's own metrics */
static int own_index(enum metric_id m)
{
	return metrics[m].better == BETTER_OWN ? (int)(m - METRIC_OWN1) : -1;
}

const char *metric_label(const struct own_metrics *own, enum metric_id m)
{
	return own && own_index(m) >= 0 ? own->label[own_index(m)] : metrics[m].label;
}

const char *metric_unit(const struct own_metrics *own, enum metric_id m)
{
	return own && own_index(m) >= 0 ? own->unit[own_index(m)] : metrics[m].unit;
}

/* an unnamed figure's is BETTER_LOWER, the zero its names start from */
enum metric_better metric_better(const struct own_metrics *own, int m)
{
	if (own_index((enum metric_id)m) < 0)
		return metrics[m].better;
	return own ? own->better[own_index((enum metric_id)m)] : BETTER_LOWER;
}

int metric_own_names(struct own_metrics *own, const char *names)
{
	int ret = 0;

	for (int i = 0; i < OWN_METRICS && *names; i++) {
		char name[OWN_NAME_MAX], unit[16], better[8];
		size_t len = strcspn(names, ",");
		int n = 0;

		name[0] = unit[0] = better[0] = '\0';
		if (sscanf(names, "%31[^:,]:%n", name, &n) != 1 || !n ||
		    (names[n] != ':' && sscanf(names + n, "%15[^:,]", unit) != 1))
			return -1;
		n += (int)strlen(unit);
		if (names[n] != ':' || sscanf(names + n + 1, "%7[^:,]", better) != 1 ||
		    (strcmp(better, "lower") && strcmp(better, "higher")))
			return -1;
		if (!own->label[i][0]) {
			snprintf(own->label[i], sizeof(own->label[i]), "%s", name);
			snprintf(own->unit[i], sizeof(own->unit[i]), "%s", unit);
			own->better[i] = !strcmp(better, "lower") ? BETTER_LOWER : BETTER_HIGHER;
		} else if (strcmp(own->label[i], name) || strcmp(own->unit[i], unit) ||
			   own->better[i] != (!strcmp(better, "lower") ? BETTER_LOWER : BETTER_HIGHER)) {
			ret = -1;
		}
		names += len + (names[len] == ',');
	}
	return ret;
}

const char *metric_own_spec(const char *names, int i, char *buf, size_t size)
{
	size_t len = 0;

	for (; names && *names && i > 0; i--)
		names += strcspn(names, ",") + (names[strcspn(names, ",")] == ',');
	if (names && *names && strcmp(names, "-"))
		len = strcspn(names, ",");
	snprintf(buf, size, "%.*s", (int)len, len ? names : "");
	return buf;
}

const char *metric_title(const struct own_metrics *own, enum metric_id m, char *buf, size_t size)
{
	const char *unit = metric_unit(own, m);

	if (unit && *unit)
		snprintf(buf, size, "%s [%s]", metric_label(own, m), unit);
	else
		snprintf(buf, size, "%s", metric_label(own, m));
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
		if (m >= METRIC_USER)
			return &s->extra[EXTRA_GROUP(m - METRIC_USER)]
					[m - METRIC_USER - EXTRA_GROUP_START(EXTRA_GROUP(m - METRIC_USER))];
		return m >= METRIC_INSTRUCTIONS ? &s->counts[m - METRIC_INSTRUCTIONS] :
		       &s->lat[m - METRIC_LAT_MEAN];
	}
}

/* metric.h - the table of every metric a report or a comparison shows
 *
 * One line a metric, in the order of a load_summary's run values (the
 * compile's four, a timed task's LAT_* and WORK_*, the counters), then
 * compare's Ratio. Each says:
 *
 *   id       METRIC_<id>, its index in metrics[] and in run_value()
 *   column   the runs.tsv column it is the mean of (store.c's columns[]),
 *            NULL for one made from others (Ratio)
 *   label    its name in the text tables and compare's rows (an
 *            interactive task's CPU% is the share of the CPU it wanted
 *            that it got)
 *   json     its key in report --format json and csv, its test's name in
 *            kcidb; NULL: not written there
 *   unit     "s", "%", "us"; NULL: a count or a ratio
 *   text     decimals in the text tables (report text, classic, mail,
 *            a sweep's cells); the counters' are of millions
 *   cmp      decimals of compare's mean and SD
 *   csv      decimals in report --format csv; -1: not written
 *   better   which way is better: LOWER, HIGHER, NONE (a change, no
 *            direction: LCPU%), UNCOMPARED (never compared: the floor is
 *            taken off each latency already)
 *   kinds    the row kinds (store.h's row_kind) whose tables have it;
 *            METRIC_WHERE_RUN: those of them whose rows' runs have it
 *   sd_label, sd_json   the --stats column and the JSON key of its sample
 *            SD, NULL where none is shown
 *
 * Adding a metric: a line here, its measurement (a runs.tsv column and
 * the run values of summary.h), and the writers that show it.
 * `make check-layers` (scripts/check-metrics.sh) fails when a label or a
 * JSON key is spelled anywhere but here.
 */
#ifndef CONTEST_METRIC_H
#define CONTEST_METRIC_H

#include "results/store.h"

/* BETTER_OWN: a `metric =` figure's, as its spec says (metric_better()) */
enum metric_better { BETTER_LOWER, BETTER_HIGHER, BETTER_NONE, BETTER_UNCOMPARED, BETTER_OWN };

/*
 * The name, unit and direction of each `metric =` figure (store.h's
 * OWN_METRICS), as one set of results names them: a report holds its own
 * (report.h), so two result sets read in one process keep theirs apart.
 * Set from runs.tsv's metric_names by metric_own_names(); "" while unnamed.
 * metrics[]' lines of them say only what every figure shares.
 */
#define OWN_NAME_MAX 32
struct own_metrics {
	char label[OWN_METRICS][OWN_NAME_MAX], unit[OWN_METRICS][16];
	enum metric_better better[OWN_METRICS];
};

/* row kinds as bits: 1 << ROW_* */
#define KIND_COMPILE (1u << ROW_COMPILE)
#define KIND_TASK ((1u << ROW_INTERACTIVE) | (1u << ROW_MEASURE))
#define KIND_ALL (KIND_COMPILE | KIND_TASK)
/* or'ed into kinds: only where some row's runs have it */
#define METRIC_WHERE_RUN (1u << 8)

/* X(id, column, label, json, unit, text, cmp, csv, better, kinds, sd_label, sd_json) */
#define METRIC_TABLE(X) \
	X(TIME, "time_s", "Time", "time_s", "s", 1, 2, 3, LOWER, KIND_COMPILE, METRIC_SD_LABEL, "time_sd") \
	X(CPU, "cpu_pct", "CPU%", "cpu_pct", "%", 0, 1, 2, HIGHER, KIND_COMPILE, NULL, NULL) \
	X(LOADS, "loads", "Loads", "loads", NULL, 0, 1, 4, HIGHER, KIND_ALL, "LoadsSD", "loads_sd") \
	X(LCPU, "lcpu_pct", "LCPU%", "lcpu_pct", "%", 0, 1, 2, NONE, KIND_ALL, NULL, NULL) \
	X(LAT_MEAN, "lat_mean_us", "Latency", NULL, "us", 0, 1, -1, LOWER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_SD, "lat_sd_us", METRIC_SD_LABEL, NULL, "us", 0, 1, -1, LOWER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_P99, "lat_p99_us", "p99", NULL, "us", 0, 1, -1, LOWER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_MAX, "lat_max_us", "Max", NULL, "us", 0, 1, -1, LOWER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_CPU, "desired_cpu_pct", "CPU%", NULL, "%", 1, 1, -1, HIGHER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_DEADLINES, "deadlines_pct", "Deadlines", NULL, "%", 1, 1, -1, HIGHER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_FPS, "fps", "FPS", NULL, NULL, 1, 1, -1, HIGHER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(WORK_UNITS, "work_units", "Work", "work_units", NULL, 0, 1, 1, HIGHER, \
	  KIND_TASK | METRIC_WHERE_RUN, "WorkSD", "work_sd") \
	X(WORK_RATE, "work_rate", "Rate", "work_rate", NULL, 1, 1, 3, HIGHER, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(LAT_FLOOR, "lat_floor_us", "Floor", NULL, "us", 1, 1, -1, UNCOMPARED, \
	  KIND_TASK | METRIC_WHERE_RUN, NULL, NULL) \
	X(INSTRUCTIONS, "instructions", "Instructions", "instructions", NULL, 1, 0, 0, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(CYCLES, "cycles", "Cycles", "cycles", NULL, 1, 0, 0, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(USER, "user_s", "User", "user_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(SYS, "sys_s", "Sys", "sys_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(CPU_S, "cpu_s", "CPUTime", "cpu_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(HOST_CPU, "host_cpu_s", "HostCPU", "host_cpu_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(HOST_USER, "host_user_s", "HostUser", "host_user_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(HOST_SYS, "host_sys_s", "HostSys", "host_sys_s", "s", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(SWAP_IN, "swap_in_mbs", "SwapIn", "swap_in_mbs", "MB/s", 1, 2, 3, NONE, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(SWAP_OUT, "swap_out_mbs", "SwapOut", "swap_out_mbs", "MB/s", 1, 2, 3, NONE, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(DISK_READ, "disk_read_mbs", "DiskRd", "disk_read_mbs", "MB/s", 1, 2, 3, NONE, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(DISK_WRITE, "disk_write_mbs", "DiskWr", "disk_write_mbs", "MB/s", 1, 2, 3, NONE, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(DISK_AWAIT, "disk_await_ms", "Await", "disk_await_ms", "ms", 1, 2, 3, LOWER, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(OWN1, "metric1", "", NULL, "", 2, 3, -1, OWN, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(OWN2, "metric2", "", NULL, "", 2, 3, -1, OWN, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(OWN3, "metric3", "", NULL, "", 2, 3, -1, OWN, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(OWN4, "metric4", "", NULL, "", 2, 3, -1, OWN, \
	  KIND_ALL | METRIC_WHERE_RUN, NULL, NULL) \
	X(RATIO, NULL, "Ratio", "ratio", NULL, 2, 2, 4, LOWER, KIND_COMPILE, NULL, NULL)

enum metric_id {
#define X(id, ...) METRIC_##id,
	METRIC_TABLE(X)
#undef X
	METRICS
};

/* a sample SD's column (compare's, a sweep's, Time's under --stats) */
#define METRIC_SD_LABEL "SD"
/* Time's 95% confidence half-width (--stats), the one statistic not an SD */
#define METRIC_CI95_LABEL "CI95"
#define METRIC_CI95_JSON "time_ci95"

struct metric {
	const char *column, *label, *json, *unit;
	signed char text, cmp, csv;	/* decimals */
	enum metric_better better;
	unsigned kinds;
	const char *sd_label, *sd_json;
};

extern const struct metric metrics[METRICS];

/* the metric a table of kind is measured by (report_main_stats()): a
 * compile's Time, an interactive task's latency mean, a measured load's Work */
extern const enum metric_id row_kind_main[ROW_KINDS];

/*
 * A guest's compile is judged by what the host charged it (host_cpu_s):
 * over the same interleaved rounds its CV beside a CPU hog was the
 * lowest of wall time, the guest's own CPU time and it (bench/guest.sh,
 * docs/PERFORMANCE.md), and the guest's own clock and ticks go on while
 * the host runs something else. Wall time stays in every table.
 */
#define GUEST_MAIN_METRIC METRIC_HOST_CPU

struct load_summary;	/* summary.h */
struct running_stats;

/* the metric s (of a table of kind) is judged by: row_kind_main[kind],
 * or for a compile whose runs the host measured in a guest, GUEST_MAIN_METRIC */
enum metric_id metric_main(const struct load_summary *s, enum row_kind kind);

/* the stats of metric m over s's ok runs; NULL for Ratio (report_row's) */
const struct running_stats *metric_stats(const struct load_summary *s, enum metric_id m);

/* m's label, unit ("" none) and which way it is better: its table's, or
 * for a `metric =` figure what own names (own NULL: unnamed, "") */
const char *metric_label(const struct own_metrics *own, enum metric_id m);
const char *metric_unit(const struct own_metrics *own, enum metric_id m);
enum metric_better metric_better(const struct own_metrics *own, int m);

/*
 * Name own's `metric =` figures from a runs.tsv's metric_names
 * ("NAME:UNIT:lower|higher" each, ',' between): the first names given
 * hold. 0, or -1 when names disagrees with them (the caller warns) or
 * cannot be read. report_build() calls it for its report's own.
 */
int metric_own_names(struct own_metrics *own, const char *names);

/*
 * The i-th figure's "NAME:UNIT:lower|higher" in names (runs.tsv's
 * metric_names, a load summary's own_names) into buf, "" where names has
 * none: two kernels' metric1 are one measure only where these agree.
 */
const char *metric_own_spec(const char *names, int i, char *buf, size_t size);

/* "Time [s]", "Latency [us]", "Work": the label and its unit (as own
 * names a `metric =` figure), into buf */
const char *metric_title(const struct own_metrics *own, enum metric_id m, char *buf, size_t size);

#endif

/* t-history.c - a results folder as a lab's history (results/history.c): the
 * kernels' orders, sessions, workloads split into series, commits and metrics */
#include "results/history.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>
#include <math.h>

#define ENV(cmd, extra) \
	"cpu_model: Box\ncpus: 2\nmemtotal: 1000000000\nconfig:\nworkload = command\ncommand = " cmd "\n" extra

/*
 * 2.6.10 first, 2.6.9 its runs interleaved with 2.6.10's (one session),
 * 2.6.11 a day later and of another command; 2.6.12 a week later, its
 * env naming no workload
 */
static int kernels(void)
{
	static const double t[] = { 100, 101, 102 }, slow[] = { 150, 151, 152 };

	return put_runs_at("r/2.6.10", "noload", t, 3, "2026-01-01", 0) |
	       put_runs_at("r/2.6.9", "noload", t, 3, "2026-01-01", 1) |
	       put_runs_at("r/2.6.11", "noload", slow, 3, "2026-01-02", 0) |
	       put_runs_at("r/2.6.12", "noload", slow, 3, "2026-01-09", 0) |
	       put_file("r/2.6.10/env", ENV("make", "commit = abcdef1\ncommit_tree = /src\n")) |
	       put_file("r/2.6.9/env", ENV("make", "")) |
	       put_file("r/2.6.11/env", "commit: 1234567\nbisect_tree: /git\n" ENV("dd", "")) |
	       put_file("r/2.6.12/env", "host: x\n");
}

static void names(const struct history *h, const char *want, const char *what)
{
	char buf[256] = "";

	for (size_t i = 0; i < h->n; i++)
		snprintf(buf + strlen(buf), sizeof(buf) - strlen(buf), "%s%s", i ? " " : "",
			 history_kernel(h, i));
	is_str(buf, want, "%s", what);
}

static void orders(const char *dir, const struct changes_opts *o)
{
	static const char *const given[] = { "2.6.11", "2.6.9" };
	struct history h;

	if (history_read(dir, NULL, 0, HISTORY_VERSION, -1, o, &h) != 0) {
		setup_failed("history_read of %s", dir);
		return;
	}
	names(&h, "2.6.9 2.6.10 2.6.11 2.6.12", "by version, as sort -V");
	/* version ranks 0 1 2 3, time ranks 1 0 2 3: d^2 = 2 */
	ok(fabs(h.time_version - (1 - 6.0 * 2 / (4 * 15))) < 1e-12,
	   "Spearman's correlation of time and version order");
	history_release(&h);

	history_read(dir, NULL, 0, HISTORY_TIME, -1, o, &h);
	names(&h, "2.6.10 2.6.9 2.6.11 2.6.12", "by first run");
	history_release(&h);

	history_read(dir, given, 2, HISTORY_GIVEN, -1, o, &h);
	names(&h, "2.6.11 2.6.9", "as named");
	ok(isnan(h.time_version), "no correlation with fewer than 3 kernels");
	history_release(&h);
}

static void series(const char *dir, const struct changes_opts *o)
{
	struct history h;
	const struct history_series *make, *dd;

	if (history_read(dir, NULL, 0, HISTORY_TIME, -1, o, &h) != 0) {
		setup_failed("history_read of %s", dir);
		return;
	}
	ok(h.nworkloads == 2 && h.nseries == 2, "two workloads: a series of the table each");
	is_str(h.workload_key, "config.command", "told apart by their command");
	make = &h.series[0];
	dd = &h.series[1];
	is_str(make->name, "noload [command=make]", "a series named by its workload");
	is_str(dd->name, "noload [command=dd]", "and the other");
	ok(h.workload[0] == 0 && h.workload[1] == 0 && h.workload[2] == 1 && h.workload[3] == 1,
	   "an env naming no workload is taken to be of the kernel before it");
	ok(make->metric == METRIC_TIME, "a compile table's series is by Time");
	ok(fabs(make->mean[0] - 101) < 1e-9 && isnan(make->mean[2]) && isnan(make->mean[3]),
	   "a series has the means of its own workload's kernels only");
	ok(make->sessions == 1, "runs that overlap in time are one session");
	ok(dd->sessions == 2, "runs a week apart are two");
	ok(!make->drift && isnan(h.drift_pct), "no calibration: no drift allowed for");
	is_str(history_commit(&h, 0), "abcdef1", "a commit from config's commit");
	is_str(history_tree(&h, 0), "/src", "its tree from config's commit_tree");
	is_str(history_commit(&h, 2), "1234567", "a bisection's commit line");
	is_str(history_tree(&h, 2), "/git", "its tree from bisect_tree");
	ok(!history_commit(&h, 1) && !history_tree(&h, 3), "none where the env names none");
	history_release(&h);
}

static void metrics_asked(const char *dir, const struct changes_opts *o)
{
	struct history h;

	ok(history_metric_named("time_s") == METRIC_TIME &&
	   history_metric_named("TIME") == METRIC_TIME, "a metric by column or label, any case");
	ok(history_metric_named("Latency") == METRIC_LAT_MEAN, "a task's latency by label");
	ok(history_metric_named("no such") < 0, "-1 for a name none has");
	ok(history_read(dir, NULL, 0, HISTORY_TIME, METRIC_LAT_MEAN, o, &h) < 0,
	   "a metric no table's rows have is an error");
	ok(history_read(dir, NULL, 0, HISTORY_TIME, METRIC_LOADS, o, &h) == 0 &&
	   h.nseries == 2 && h.series[0].metric == METRIC_LOADS, "one they have makes the series");
	history_release(&h);
}

/* a calibration of the first kernel's workload: its series allows for the drift, not the other */
static void drift(const char *dir, const struct changes_opts *o)
{
	static const double s1[] = { 100, 101, 102 }, s2[] = { 104, 105, 106 };
	struct history h;

	if (put_runs("r/.calibration/s1", "noload", s1, 3, "2025-12-01") |
	    put_runs("r/.calibration/s2", "noload", s2, 3, "2025-12-02") |
	    put_file("r/.calibration/s1/env", ENV("make", "")) |
	    put_file("r/.calibration/s2/env", ENV("make", "")) ||
	    history_read(dir, NULL, 0, HISTORY_TIME, -1, o, &h) != 0) {
		setup_failed("cannot write or read the calibration in %s", dir);
		return;
	}
	ok(h.n == 4, "the calibration's sessions are no kernels of the history");
	ok(isfinite(h.drift_pct) && h.drift_pct > 0, "a calibration gives a drift");
	ok(h.series[0].drift && !h.series[1].drift,
	   "allowed for on the series of the workload it was measured on only");
	history_release(&h);
}

int main(void)
{
	struct changes_opts o;
	char *dir;

	if (scratch_make() < 0 || kernels() != 0) {
		setup_failed("cannot write the kernels in %s: %s", scratch, strerror(errno));
		return tap_done();
	}
	changes_opts_init(&o);
	dir = xasprintf("%s/r", scratch);
	orders(dir, &o);
	series(dir, &o);
	metrics_asked(dir, &o);
	drift(dir, &o);
	free(dir);
	scratch_remove();
	return tap_done();
}

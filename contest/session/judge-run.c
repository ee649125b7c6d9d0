/* judge-run.c - a run's status and its timed command's figures (see judge-run.h) */
#include "session/judge-run.h"
#include "session/interactive.h"
#include "session/measure.h"
#include "sys/signals.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

void judge_status(struct run_record *rec, const char *status, const char *detail)
{
	if (strcmp(rec->status, "ok"))
		return;	/* the first thing that went wrong names the run */
	/*
	 * After a signal, what goes wrong (a make clean, a load's prepare or
	 * lead cut short by the stop) is the stop's doing, not the kernel's:
	 * the run is aborted, which --resume redoes and report leaves out,
	 * never a failure that would count as done.
	 */
	if (run_interrupted && strcmp(status, "aborted")) {
		snprintf(rec->status, sizeof(rec->status), "aborted");
		snprintf(rec->status_detail, sizeof(rec->status_detail),
			 "interrupted by signal %d (then: %.200s)", (int)run_interrupted, detail);
		return;
	}
	snprintf(rec->status, sizeof(rec->status), "%s", status);
	/* truncation is fine: the detail is a hint, the log has the rest */
	snprintf(rec->status_detail, sizeof(rec->status_detail), "%.*s",
		 (int)sizeof(rec->status_detail) - 1, detail);
}

static void judge_compile(const struct workload *wl, struct run_record *rec,
			  const struct compile_result *cr, const char *log)
{
	char detail[256], how[PROC_STATUS_LEN];
	const char *prog = wl->task ? wl->task->name :
			   wl->measure ? wl->measure->name : wl->build[0];
	/* an interactive task or measured load that died measured nothing: its timing failed */
	const char *failed = wl->task || wl->measure ? "timing-failed" : "compile-failed";

	if (cr->interrupted) {
		snprintf(detail, sizeof(detail), "interrupted by signal %d", (int)run_interrupted);
		judge_status(rec, "aborted", detail);
		return;
	}
	if (cr->status != -1 && WIFEXITED(cr->status) && WEXITSTATUS(cr->status) == 0)
		return;
	if (cr->status == -1)
		snprintf(detail, sizeof(detail), "%s could not be waited for", prog);
	else
		snprintf(detail, sizeof(detail), "%s %s; log %s", prog,
			 proc_status_text(cr->status, how, sizeof(how)), log);
	judge_status(rec, failed, detail);
}

/*
 * An interactive task's summary line from its log into rec; a task that
 * said its measurement failed, or said nothing, makes the run
 * timing-failed with the reason (a task killed by a signal is already
 * compile-failed, which names the signal).
 */
static void judge_interactive(struct run_record *rec, const char *log)
{
	char *text = read_regular_file(log, NULL), detail[300];
	struct itask_result r;

	if (strcmp(rec->status, "ok")) {
		/* the task's own reason beats "exited with status 1" */
		if (text && !strcmp(rec->status, "timing-failed") &&
		    itask_result_parse(text, &r) == 0 && r.failed[0])
			snprintf(rec->status_detail, sizeof(rec->status_detail), "%s", r.failed);
	} else if (!text || itask_result_parse(text, &r) < 0) {
		snprintf(detail, sizeof(detail), "the task printed no summary; log %s", log);
		judge_status(rec, "timing-failed", detail);
	} else if (r.failed[0]) {
		snprintf(detail, sizeof(detail), "%s", r.failed);
		judge_status(rec, "timing-failed", detail);
	} else {
		double *v = rec->interactive;

		v[LAT_MEAN] = r.mean_us;
		v[LAT_SD] = r.sd_us;
		v[LAT_P99] = r.p99_us;
		v[LAT_MAX] = r.max_us;
		v[LAT_CPU] = r.desired_cpu_pct;
		v[LAT_DEADLINES] = r.deadlines_pct;
		v[LAT_FPS] = r.fps;
		v[LAT_FLOOR] = r.floor_us;
	}
	free(text);
}

/*
 * A measured load's summary line from its log into rec (WORK_UNITS,
 * WORK_RATE); one that says it failed, or says nothing, makes the run
 * timing-failed with the reason, as an interactive task's does.
 */
static void judge_measure(struct run_record *rec, const char *log)
{
	char *text = read_regular_file(log, NULL), detail[300];
	struct measure_result r;
	int parsed = text ? measure_result_parse(text, &r) : -1;

	if (strcmp(rec->status, "ok")) {
		if (parsed == 0 && !strcmp(rec->status, "timing-failed") && r.failed[0])
			snprintf(rec->status_detail, sizeof(rec->status_detail), "%s", r.failed);
	} else if (parsed < 0) {
		snprintf(detail, sizeof(detail), "the measured load printed no summary; log %s", log);
		judge_status(rec, "timing-failed", detail);
	} else if (r.failed[0]) {
		judge_status(rec, "timing-failed", r.failed);
	} else {
		rec->interactive[WORK_UNITS] = r.units;
		rec->interactive[WORK_RATE] = r.rate;
	}
	free(text);
}

#define METRIC_MATCH_S 20.0	/* ordinary regexes take milliseconds over a log */

/*
 * The figures the metric keys take from the timed command's output (its
 * log) into rec; one it did not print stays '-', said once a run. The
 * match runs in a child, bounded by METRIC_MATCH_S and by a stop: a user's
 * regex must not hold the session past Ctrl-C.
 */
static void judge_metrics(const struct workload *wl, struct run_record *rec, const char *log)
{
	char *text, why[128];

	if (!wl->nmetrics || strcmp(rec->status, "ok"))
		return;
	snprintf(rec->own_names, sizeof(rec->own_names), "%s", wl->metric_names);
	if (!(text = read_regular_file_warn(log, NULL)))
		return;
	if (metric_spec_find_all(wl->metrics, wl->nmetrics, text, METRIC_MATCH_S, rec->own,
				 why, sizeof(why)) < 0) {
		if (!run_interrupted)
			warning("%s run %d: no figure for the metrics: %s (log %s)",
				rec->load, rec->run, why, log);
		free(text);
		return;
	}
	for (size_t i = 0; i < wl->nmetrics; i++)
		if (isnan(rec->own[i]))
			warning("%s run %d: the output has no figure for the metric '%s' (log %s)",
				rec->load, rec->run, wl->metrics[i].name, log);
	free(text);
}

void judge_timed(const struct workload *wl, struct run_record *rec,
		 const struct compile_result *cr, const char *log)
{
	judge_compile(wl, rec, cr, log);
	judge_metrics(wl, rec, log);
	if (wl->task)
		judge_interactive(rec, log);
	if (wl->measure)
		judge_measure(rec, log);
}

void judge_oom(struct run_record *rec, long long before, long long after)
{
	if (before < 0 || after <= before)
		return;
	if (!strcmp(rec->status, "aborted"))
		return;
	/* an OOM kill explains a failed compile or a dead load better than they do */
	snprintf(rec->status, sizeof(rec->status), "oom");
	snprintf(rec->status_detail, sizeof(rec->status_detail),
		 "%lld OOM kills inside the memory cgroup", after - before);
}

/* t-judge-run.c - a run's status (the first thing that went wrong names
 * it; after a signal, aborted; an OOM kill over a failure) and the figures
 * its timed command printed, from logs whose truth is known */
#include "session/judge-run.h"
#include "sys/signals.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static char *log_with(const char *text)
{
	char *path = xasprintf("/tmp/t-judge-run.%d.log", (int)getpid());
	FILE *f = fopen_write_file(path);

	ok(f && fputs(text, f) >= 0 && fclose(f) == 0, "the log '%s' is written", path);
	return path;
}

static void fresh(struct run_record *rec)
{
	memset(rec, 0, sizeof(*rec));
	snprintf(rec->status, sizeof(rec->status), "ok");
	snprintf(rec->status_detail, sizeof(rec->status_detail), "-");
	snprintf(rec->load, sizeof(rec->load), "noload");
	rec->run = 1;
}

static void test_status(void)
{
	struct run_record rec;

	fresh(&rec);
	judge_status(&rec, "load-failed", "the load died");
	judge_status(&rec, "compile-failed", "make exited with status 2");
	ok(!strcmp(rec.status, "load-failed") && !strcmp(rec.status_detail, "the load died"),
	   "the first thing that went wrong names the run: %s (%s)", rec.status, rec.status_detail);
	fresh(&rec);
	run_interrupted = SIGINT;
	judge_status(&rec, "compile-failed", "make clean was killed");
	run_interrupted = 0;
	is_str(rec.status, "aborted", "after a signal a failure is the stop's doing: aborted");
	is_str(rec.status_detail, "interrupted by signal 2 (then: make clean was killed)",
	       "and the detail says what was then seen");
}

static void test_timed(void)
{
	char *argv[] = { "make", NULL };
	struct workload wl = { .build = argv };
	struct compile_result cr = { .status = 0 };
	struct run_record rec;
	char *log = log_with("lat: 91.5 us\n"), want[300];

	fresh(&rec);
	judge_timed(&wl, &rec, &cr, log);
	is_str(rec.status, "ok", "a compile that exited 0 is ok");
	cr.status = 2 << 8;	/* exited with status 2 */
	judge_timed(&wl, &rec, &cr, log);
	snprintf(want, sizeof(want), "make exited with status 2; log %s", log);
	ok(!strcmp(rec.status, "compile-failed") && !strcmp(rec.status_detail, want),
	   "one that exited 2 is compile-failed, naming its log: %s", rec.status_detail);
	fresh(&rec);
	cr.interrupted = 1;
	run_interrupted = SIGTERM;
	judge_timed(&wl, &rec, &cr, log);
	run_interrupted = 0;
	is_str(rec.status_detail, "interrupted by signal 15", "one killed by the stop is aborted: %s",
	       rec.status);

	fresh(&rec);
	cr.interrupted = 0;
	cr.status = 0;
	ok(!metric_spec_parse("lat:us:lower:lat: ([0-9.]+) us", &wl.metrics[0]), "a metric spec");
	wl.nmetrics = 1;
	snprintf(wl.metric_names, sizeof(wl.metric_names), "lat:us:lower");
	judge_timed(&wl, &rec, &cr, log);
	ok(rec.own[0] == 91.5 && !strcmp(rec.own_names, "lat:us:lower"),
	   "the metric's figure is taken from the log: %g (%s)", rec.own[0], rec.own_names);
	metric_spec_free(&wl.metrics[0]);
	unlink(log);
	free(log);
}

static void test_oom(void)
{
	struct run_record rec;

	fresh(&rec);
	judge_status(&rec, "compile-failed", "make was killed by signal 9");
	judge_oom(&rec, -1, 3);
	is_str(rec.status, "compile-failed", "OOM kills not counted before: the status stands");
	judge_oom(&rec, 2, 2);
	is_str(rec.status, "compile-failed", "none more after: the status stands");
	judge_oom(&rec, 2, 5);
	ok(!strcmp(rec.status, "oom") && !strcmp(rec.status_detail,
						  "3 OOM kills inside the memory cgroup"),
	   "three more after: an OOM kill explains the failure (%s)", rec.status_detail);
	fresh(&rec);
	judge_status(&rec, "aborted", "interrupted");
	judge_oom(&rec, 0, 1);
	is_str(rec.status, "aborted", "an aborted run stays aborted");
}

int main(void)
{
	test_status();
	test_timed();
	test_oom();
	return tap_done();
}

/* t-interactive.c - the simulated interactive tasks (session/interactive.h):
 * what a run reports agrees with the latencies it measured (the sample SD
 * with divisor n-1, p99 by nearest rank, the maximum), the summary line
 * reads back as written, and a stopped run says so */
#include "session/interactive.h"
#include "results/monitor-logs.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int cmp(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* run task for secs with its samples in a buffer; the samples parsed back */
static double *run_task(const char *task, double secs, volatile int *stop,
			struct itask_result *r, size_t *n)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	double *v;

	itask_run(itask_find(task), secs, 5.0, stop, f, r);
	fclose(f);
	*n = monitor_parse_latency(buf, &v);
	free(buf);
	return v;
}

static void test_statistics(void)
{
	volatile int stop = 0;
	struct itask_result r;
	size_t n;
	double *v = run_task("audio", 0.6, &stop, &r, &n), sum = 0, ss = 0, sd;

	ok(r.failed[0] == '\0', "0.6 s of audio measures (%s)", r.failed[0] ? r.failed : "ok");
	ok(n == r.n && n >= 2 && n <= 11, "one sample a wake-up: %zu samples, n=%zu, at most 11 "
	   "periods of 50 ms fit", n, r.n);
	for (size_t i = 0; i < n; i++)
		sum += v[i];
	for (size_t i = 0; i < n; i++)
		ss += (v[i] - sum / (double)n) * (v[i] - sum / (double)n);
	sd = sqrt(ss / (double)(n - 1));
	ok(fabs(r.mean_us - sum / (double)n) < 0.1, "the mean is the samples' (%.2f, %.2f)",
	   r.mean_us, sum / (double)n);
	ok(fabs(r.sd_us - sd) < 0.1 + 0.05 * sd, "the SD is the sample SD, divisor n-1 "
	   "(%.2f, %.2f; divisor n would give %.2f)", r.sd_us, sd, sqrt(ss / (double)n));
	qsort(v, n, sizeof(*v), cmp);
	ok(fabs(r.max_us - v[n - 1]) < 0.1, "the maximum is the largest sample");
	ok(fabs(r.p99_us - v[(size_t)ceil(0.99 * (double)n) - 1]) < 0.1,
	   "p99 is the nearest-rank 99th percentile");
	ok(r.floor_us == 5.0, "the floor given is kept with the result");
	ok(r.desired_cpu_pct > 0 && r.deadlines_pct >= 0 && r.deadlines_pct <= 100 &&
	   isnan(r.fps), "audio has a CPU share and deadlines, no frame rate");
	free(v);
}

static void test_gaming(void)
{
	volatile int stop = 0;
	struct itask_result r;
	size_t n;
	double *v = run_task("gaming", 0.3, &stop, &r, &n);

	ok(!r.failed[0] && isnan(r.deadlines_pct) && r.fps > 0 && r.floor_us == 0,
	   "gaming: no deadlines, no timer floor, a frame rate (%.1f/s)", r.fps);
	ok(fabs(r.fps * r.elapsed_s - (double)n) < 0.5, "its frame rate is the frames it did over "
	   "the time (%zu frames in %.3f s)", n, r.elapsed_s);
	free(v);
}

static void test_stopped(void)
{
	volatile int stop = 1;
	struct itask_result r;
	size_t n;
	double *v = run_task("video", 1, &stop, &r, &n);

	ok(strstr(r.failed, "stopped by a signal") != NULL, "a stopped task says so: '%s'", r.failed);
	free(v);
}

static void test_summary_line(void)
{
	struct itask_result a = { .n = 42, .mean_us = 12.5, .sd_us = 3.5, .p99_us = 40,
				  .max_us = 41, .desired_cpu_pct = 99.5, .deadlines_pct = 97.5,
				  .fps = NAN, .floor_us = 21.5, .elapsed_s = 3 }, b;
	char *buf = NULL, *text;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	fputs("lat 1.0\nlat 2.0\n", f);
	itask_result_print(f, &a);
	fclose(f);
	ok(itask_result_parse(buf, &b) == 0 && b.n == 42 && b.mean_us == 12.5 && b.sd_us == 3.5 &&
	   b.p99_us == 40 && b.deadlines_pct == 97.5 && isnan(b.fps) && b.floor_us == 21.5,
	   "the summary line reads back as written (nan for no frame rate)");
	free(buf);
	snprintf(a.failed, sizeof(a.failed), "the clock jumped");
	buf = NULL;
	f = open_memstream(&buf, &len);
	itask_result_print(f, &a);
	fclose(f);
	ok(itask_result_parse(buf, &b) == 0 && !strcmp(b.failed, "the clock jumped"),
	   "a failed measurement reads back with its reason");
	free(buf);
	text = xstrdup("make: nothing\nlat 3\n");
	ok(itask_result_parse(text, &b) < 0, "no summary line: -1");
	free(text);
	ok(itask_find("audio") && itask_find("gaming") && !itask_find("burn"),
	   "the tasks are audio, video, x and gaming");
}

int main(void)
{
	test_summary_line();
	test_statistics();
	test_gaming();
	test_stopped();
	return tap_done();
}

/* interactive.c - interbench's simulated interactive tasks, see interactive.h */
#include "session/interactive.h"
#include "results/stats.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <time.h>

#define GAME_FRAME_US 10000	/* gaming: one frame's CPU */
#define X_FRAME_US 100000	/* x: a frame wanting 0..100% of it, in 1 ms steps */

const struct itask itasks[] = {
	{ "audio", 50000, 2500, "wakes every 50 ms and uses 5% of a CPU (a player writing to the sound card)" },
	{ "video", 16667, 6667, "60 frames a second, each using 40% of a CPU" },
	{ "x", X_FRAME_US, X_FRAME_US, "100 ms frames using 0 to 100% of a CPU and back in 1 ms steps (a window dragged)" },
	{ "gaming", 0, GAME_FRAME_US, "frames of 10 ms CPU back to back, no deadline: the frame rate it reaches" },
};
const size_t n_itasks = ARRAY_SIZE(itasks);

const struct itask *itask_find(const char *name)
{
	for (size_t i = 0; i < n_itasks; i++)
		if (!strcmp(itasks[i].name, name))
			return &itasks[i];
	return NULL;
}

static double clock_us(clockid_t id)
{
	struct timespec ts;

	clock_gettime(id, &ts);
	return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static double mono_us(void)
{
	return clock_us(CLOCK_MONOTONIC);
}

static double cpu_us(void)
{
	return clock_us(CLOCK_THREAD_CPUTIME_ID);
}

int itask_sched(int rt_priority, int nice, char *why, size_t whylen)
{
	/* the kernel's default slack would add 50 us to every normal task's sleep */
	if (prctl(PR_SET_TIMERSLACK, 1UL, 0UL, 0UL, 0UL) < 0) {
		snprintf(why, whylen, "cannot set the timer slack: %s", strerror(errno));
		return -1;
	}
	if (rt_priority > 0) {
		struct sched_param sp = { .sched_priority = rt_priority };

		if (sched_setscheduler(0, SCHED_FIFO, &sp) < 0) {
			snprintf(why, whylen, "cannot run at real-time priority %d (SCHED_FIFO): %s%s",
				 rt_priority, strerror(errno),
				 errno == EPERM ? " (root, or a cgroup with cpu.rt_runtime_us, is needed)" : "");
			return -1;
		}
		return 0;
	}
	if (setpriority(PRIO_PROCESS, 0, nice) < 0) {
		snprintf(why, whylen, "cannot set nice %d: %s", nice, strerror(errno));
		return -1;
	}
	return 0;
}

/* sleep until the CLOCK_MONOTONIC instant at_us; 0, or -1 (stopped, or the clock failed) */
static int sleep_until(double at_us, volatile const int *stop)
{
	struct timespec ts = { .tv_sec = (time_t)(at_us / 1e6) };
	int err;

	ts.tv_nsec = (long)((at_us - (double)ts.tv_sec * 1e6) * 1e3);
	if (ts.tv_nsec >= 1000000000L)
		ts.tv_nsec = 999999999L;
	do
		err = clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
	while (err == EINTR && !*stop);
	return err || *stop ? -1 : 0;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

double itask_floor(const struct itask *t, int n)
{
	double *over = xcalloc((size_t)n, sizeof(*over)), target, floor;
	static const int never = 0;

	(void)t;	/* one floor for all: the oversleep hardly depends on the period */
	for (int i = 0; i < n; i++) {
		target = mono_us() + 1000;
		if (sleep_until(target, &never) < 0)
			break;
		over[i] = mono_us() - target;
	}
	qsort(over, (size_t)n, sizeof(*over), cmp_double);
	floor = over[n / 2] > 0 ? over[n / 2] : 0;
	free(over);
	return floor;
}

/* the latencies so far, and the CPU wanted and got */
struct itask_acc {
	double *lat;
	size_t n, alloc;
	double wanted_us, got_us;
	size_t periods, met;
	FILE *samples;
};

static void add_latency(struct itask_acc *a, double us)
{
	if (us < 0)
		us = 0;
	if (a->n == a->alloc) {
		a->alloc = a->alloc ? 2 * a->alloc : 1024;
		a->lat = xrealloc(a->lat, a->alloc * sizeof(*a->lat));
	}
	a->lat[a->n++] = us;
	if (a->samples)
		fprintf(a->samples, "lat %.1f\n", us);
}

/* use us of this thread's CPU (not wall time: what a frame needs is work) */
static double burn(double us, volatile const int *stop)
{
	double c0 = cpu_us(), c = c0;
	volatile unsigned long sink = 0;

	while (c - c0 < us && !*stop) {
		for (int i = 0; i < 2000; i++)
			sink += (unsigned long)i;
		c = cpu_us();
	}
	return c - c0;
}

/* the CPU period k of t wants: x climbs 0..100% and comes back in 1% steps */
static double run_of(const struct itask *t, size_t k)
{
	int step;

	if (strcmp(t->name, "x"))
		return (double)t->run_us;
	step = (int)(k % 200);
	return (double)(step <= 100 ? step : 200 - step) * (double)t->period_us / 100;
}

static void run_periodic(const struct itask *t, double end, double floor_us,
			 volatile const int *stop, struct itask_acc *a)
{
	double period = (double)t->period_us, target = mono_us() + period;
	size_t k = 0;

	while (target + period <= end && !*stop) {
		double woke, deadline = target + period, run = run_of(t, k++);

		if (sleep_until(target, stop) < 0)
			return;
		woke = mono_us();
		add_latency(a, woke - target - floor_us);
		a->periods++;
		a->wanted_us += run;
		if (woke < deadline) {
			a->got_us += burn(run, stop);
			if (mono_us() <= deadline)
				a->met++;
		}
		/* periods that passed meanwhile were dropped: wanted, never got */
		target = deadline;
		for (double now = mono_us(); target + period <= now && target + period <= end;
		     target += period) {
			a->periods++;
			a->wanted_us += run_of(t, k++);
		}
	}
	/* the rest of the duration, shorter than a period: the task idles it out */
	if (!*stop)
		sleep_until(end, stop);
}

static void run_gaming(double end, volatile const int *stop, struct itask_acc *a)
{
	while (mono_us() < end && !*stop) {
		double w0 = mono_us(), got = burn(GAME_FRAME_US, stop);

		add_latency(a, mono_us() - w0 - got);
		a->got_us += got;
		a->periods++;
	}
}

static void summarise(const struct itask *t, struct itask_acc *a, double elapsed_us,
		      struct itask_result *r)
{
	struct running_stats rs;

	running_stats_init(&rs);
	for (size_t i = 0; i < a->n; i++)
		running_stats_add(&rs, a->lat[i]);
	r->n = a->n;
	r->mean_us = running_stats_mean(&rs);
	r->sd_us = running_stats_sd(&rs);
	if (a->n)	/* a stopped task may have none, and lat NULL */
		qsort(a->lat, a->n, sizeof(*a->lat), cmp_double);
	/* nearest rank: the smallest latency at least 99% of them do not exceed */
	r->p99_us = a->n ? a->lat[(size_t)ceil(0.99 * (double)a->n) - 1] : NAN;
	r->max_us = a->n ? a->lat[a->n - 1] : NAN;
	r->elapsed_s = elapsed_us / 1e6;
	if (t->period_us) {
		r->desired_cpu_pct = a->wanted_us > 0 ? a->got_us / a->wanted_us * 100 : NAN;
		r->deadlines_pct = a->periods ? (double)a->met / (double)a->periods * 100 : NAN;
		r->fps = NAN;
	} else {
		r->desired_cpu_pct = elapsed_us > 0 ? a->got_us / elapsed_us * 100 : NAN;
		r->deadlines_pct = NAN;
		r->fps = elapsed_us > 0 ? (double)a->periods / (elapsed_us / 1e6) : NAN;
	}
}

int itask_run(const struct itask *t, double duration_s, double floor_us,
	      volatile const int *stop, FILE *samples, struct itask_result *r)
{
	struct itask_acc a = { .samples = samples };
	double start = mono_us(), boot0 = clock_us(CLOCK_BOOTTIME), jump;
	double end = start + duration_s * 1e6;

	memset(r, 0, sizeof(*r));
	r->floor_us = t->period_us ? floor_us : 0;
	if (t->period_us)
		run_periodic(t, end, r->floor_us, stop, &a);
	else
		run_gaming(end, stop, &a);
	summarise(t, &a, mono_us() - start, r);
	/* CLOCK_MONOTONIC stops in a suspend, CLOCK_BOOTTIME does not */
	jump = (clock_us(CLOCK_BOOTTIME) - boot0) - (mono_us() - start);
	if (*stop)
		snprintf(r->failed, sizeof(r->failed), "stopped by a signal after %.1f s", r->elapsed_s);
	else if (jump > 100000)
		snprintf(r->failed, sizeof(r->failed),
			 "the clock jumped: the machine was suspended for %.1f s", jump / 1e6);
	else if (r->elapsed_s < duration_s * 0.9)
		snprintf(r->failed, sizeof(r->failed), "the clock failed after %.1f s of %.1f",
			 r->elapsed_s, duration_s);
	else if (!a.n)
		snprintf(r->failed, sizeof(r->failed), "no wake-up measured in %.1f s", r->elapsed_s);
	free(a.lat);
	return r->failed[0] ? -1 : 0;
}

#define SUMMARY "interactive:"

void itask_result_print(FILE *out, const struct itask_result *r)
{
	if (r->failed[0]) {
		fprintf(out, SUMMARY " failed: %s\n", r->failed);
		return;
	}
	fprintf(out, SUMMARY " n=%zu lat_mean_us=%.1f lat_sd_us=%.1f lat_p99_us=%.1f"
		" lat_max_us=%.1f desired_cpu_pct=%.2f deadlines_pct=%.2f fps=%.2f"
		" floor_us=%.1f elapsed_s=%.3f\n", r->n, r->mean_us, r->sd_us, r->p99_us,
		r->max_us, r->desired_cpu_pct, r->deadlines_pct, r->fps, r->floor_us, r->elapsed_s);
}

int itask_result_parse(const char *text, struct itask_result *r)
{
	const char *line = last_line_after(text, SUMMARY);
	char end;

	if (!line)
		return -1;
	memset(r, 0, sizeof(*r));
	if (!strncmp(line, " failed: ", 9)) {
		size_t len = strcspn(line + 9, "\n");

		snprintf(r->failed, sizeof(r->failed), "%.*s", (int)len, line + 9);
		return 0;
	}
	if (sscanf(line, " n=%zu lat_mean_us=%lf lat_sd_us=%lf lat_p99_us=%lf lat_max_us=%lf"
		   " desired_cpu_pct=%lf deadlines_pct=%lf fps=%lf floor_us=%lf elapsed_s=%lf%c",
		   &r->n, &r->mean_us, &r->sd_us, &r->p99_us, &r->max_us, &r->desired_cpu_pct,
		   &r->deadlines_pct, &r->fps, &r->floor_us, &r->elapsed_s, &end) != 11 || end != '\n')
		return -1;
	return 0;
}

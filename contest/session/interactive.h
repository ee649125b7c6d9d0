/* interactive.h - interbench's simulated interactive tasks, the timed thing
 * of workload = audio | video | x | gaming
 *
 * A periodic task (audio, video, x) sleeps until the start of each period
 * (clock_nanosleep with TIMER_ABSTIME on CLOCK_MONOTONIC), measures how
 * late it woke (its latency), then uses its share of CPU, counted on its
 * own thread's CPU clock so that a slower CPU or a stolen tick cannot make
 * it do less, and must be done by the end of the period, its deadline. A
 * period it wakes into too late to finish is dropped, as a player drops a
 * frame: its CPU is wanted, not got. gaming has no deadline: it does frames
 * of 10 ms of CPU back to back; its latency is a frame's wall time beyond
 * its CPU time, and its result the frame rate.
 *
 *   audio   50 ms period, 5% of a CPU
 *   video   60 frames a second (16.667 ms), 40% of a CPU
 *   x       100 ms frames wanting 0, 1, ... 100% and back to 0 (1 ms steps),
 *           a window dragged across an idle desktop
 *   gaming  frames of 10 ms CPU, as many as it gets
 *
 * Every latency is less the timer's own oversleep, measured at idle before
 * the load starts (itask_floor, interbench's calibration), so that a
 * latency is what the load and the kernel added. The sample standard
 * deviation (divisor n-1) is computed from the samples themselves.
 */
#ifndef CONTEST_INTERACTIVE_H
#define CONTEST_INTERACTIVE_H

#include <stddef.h>
#include <stdio.h>

struct itask {
	const char *name;
	long period_us;		/* 0: no period (gaming) */
	long run_us;		/* CPU per period; x: the largest step's */
	const char *help;
};

/* the tasks, and one by name (NULL when name is not one) */
extern const struct itask itasks[];
extern const size_t n_itasks;
const struct itask *itask_find(const char *name);

struct itask_result {
	size_t n;		/* latencies measured: wake-ups, or gaming's frames */
	double mean_us, sd_us, p99_us, max_us;	/* less floor_us */
	double desired_cpu_pct;	/* CPU got over CPU wanted */
	double deadlines_pct;	/* periods done by their deadline; NAN: gaming */
	double fps;		/* gaming's frames a second; NAN for the others */
	double floor_us;	/* the timer's idle oversleep taken off each latency */
	double elapsed_s;
	char failed[256];	/* "" when the measurement holds, else why not */
};

/*
 * The scheduling a task runs with: SCHED_FIFO at rt_priority (1-99) when
 * rt_priority > 0, else SCHED_OTHER at nice; and a timer slack of 1 ns, so
 * that the kernel's default 50 us slack for normal tasks is not counted as
 * latency. 0, or -1 with why filled.
 */
int itask_sched(int rt_priority, int nice, char *why, size_t whylen);

/* the median oversleep of n sleeps of the task's period (1 ms for gaming), in us */
double itask_floor(const struct itask *t, int n);

/*
 * Run t for duration_s, each latency less floor_us; every latency (us) is
 * written to samples as "lat US" when samples is not NULL. *stop set (a
 * signal) ends it early as failed. 0, or -1 when it failed (r->failed).
 * (results/monitor-logs.h reads the "lat" lines back.)
 */
int itask_run(const struct itask *t, double duration_s, double floor_us,
	      volatile const int *stop, FILE *samples, struct itask_result *r);

/* the summary line "interactive: lat_mean_us=... ..." (newline-terminated) */
void itask_result_print(FILE *out, const struct itask_result *r);
/*
 * The last summary line in text (a task's output); 0, or -1 when there is
 * none. A summary that says the measurement failed gives 0 with r->failed set.
 */
int itask_result_parse(const char *text, struct itask_result *r);

#endif

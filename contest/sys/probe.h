/* probe.h - the CPUs' clock through the compile's window, where cpufreq shows it
 *
 * Where cpufreq shows the CPUs' clock (scaling_cur_freq), a thread of the
 * driver reads it for every CPU every PROBE_PERIOD_MS through the window:
 * the mean over the readings and CPUs, in MHz. A virtual machine often
 * has no cpufreq: then no thread runs and the clock is NAN, never 0. The
 * thread blocks every signal, so the driver's stay the main thread's, and
 * the driver's getrusage counts its CPU as contest's own (disturb.h).
 *
 * (A fixed-work speed probe in this thread, an integer loop timed by its
 * own CPU clock, was tried and left out: its rate did not track the
 * compile's Time, see docs/PERFORMANCE.md.)
 */
#ifndef CONTEST_PROBE_H
#define CONTEST_PROBE_H

#include <pthread.h>

#define PROBE_PERIOD_MS 500
/* where a CPU's clock is, %d its number */
#define PROBE_CPUFREQ "/sys/devices/system/cpu/cpu%d/cpufreq/scaling_cur_freq"

struct probe {
	int running;
	pthread_t thread;
	pthread_mutex_t lock;
	pthread_cond_t wake;
	int stop;
	const char *path;		/* PROBE_CPUFREQ, or a test's */
	double khz_sum;			/* over n readings of all CPUs' mean */
	int n;
};

/*
 * Start the thread when path (a format with %d for the CPU; NULL:
 * PROBE_CPUFREQ) names CPU 0's clock; 0 when started, 1 when there is no
 * clock to read (nothing started), -1 when the thread could not start.
 */
int probe_start(struct probe *p, const char *path);
/* stop and join it; *mhz the mean clock, NAN when none was read */
void probe_stop(struct probe *p, double *mhz);

#endif

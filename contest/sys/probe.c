/* probe.c - the CPUs' clock through the window, see probe.h */
#include "sys/probe.h"

#include "lib/util.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* the mean of the CPUs' clocks now, kHz; 0 when none reads */
static double cpufreq_khz(const char *fmt)
{
	char path[256], line[32];
	double sum = 0;
	int n = 0;

	for (int c = 0; c < ncpus(); c++) {
		snprintf(path, sizeof(path), fmt, c);
		if (read_line_file(path, line, sizeof(line)) == 0 && atof(line) > 0) {
			sum += atof(line);
			n++;
		}
	}
	return n ? sum / n : 0;
}

static void *probe_main(void *arg)
{
	struct probe *p = arg;
	struct timespec until;

	clock_gettime(CLOCK_MONOTONIC, &until);
	pthread_mutex_lock(&p->lock);
	while (!p->stop) {
		double khz;

		pthread_mutex_unlock(&p->lock);
		khz = cpufreq_khz(p->path);
		pthread_mutex_lock(&p->lock);
		if (khz > 0) {
			p->khz_sum += khz;
			p->n++;
		}
		until.tv_nsec += PROBE_PERIOD_MS * 1000000L;
		while (until.tv_nsec >= 1000000000L) {
			until.tv_nsec -= 1000000000L;
			until.tv_sec++;
		}
		while (!p->stop && pthread_cond_timedwait(&p->wake, &p->lock, &until) == 0)
			;	/* woken without stop: a spurious wakeup */
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

int probe_start(struct probe *p, const char *path)
{
	pthread_condattr_t ca;
	sigset_t all, old;
	char cpu0[256];
	int err;

	memset(p, 0, sizeof(*p));
	p->path = path ? path : PROBE_CPUFREQ;
	snprintf(cpu0, sizeof(cpu0), p->path, 0);
	if (access(cpu0, R_OK))
		return 1;
	pthread_mutex_init(&p->lock, NULL);
	pthread_condattr_init(&ca);
	pthread_condattr_setclock(&ca, CLOCK_MONOTONIC);
	pthread_cond_init(&p->wake, &ca);
	pthread_condattr_destroy(&ca);
	/* the driver's signals stay the main thread's: the new one inherits a full mask */
	sigfillset(&all);
	pthread_sigmask(SIG_SETMASK, &all, &old);
	err = pthread_create(&p->thread, NULL, probe_main, p);
	pthread_sigmask(SIG_SETMASK, &old, NULL);
	if (err) {
		pthread_cond_destroy(&p->wake);
		pthread_mutex_destroy(&p->lock);
		return -1;
	}
	p->running = 1;
	return 0;
}

void probe_stop(struct probe *p, double *mhz)
{
	*mhz = NAN;
	if (!p->running)
		return;
	pthread_mutex_lock(&p->lock);
	p->stop = 1;
	pthread_cond_signal(&p->wake);
	pthread_mutex_unlock(&p->lock);
	pthread_join(p->thread, NULL);
	p->running = 0;
	pthread_cond_destroy(&p->wake);
	pthread_mutex_destroy(&p->lock);
	if (p->n)
		*mhz = p->khz_sum / p->n / 1000;
}

/* t-probe.c - the thread that reads the CPUs' clock through the window:
 * nothing started without cpufreq, the mean of its readings, and the
 * driver's signals left to the main thread. A fake cpufreq tree in a
 * temporary directory stands in for sysfs, which this VM lacks. */
#include "sys/probe.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <pthread.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

static pthread_t got_in;
static volatile sig_atomic_t got;

static void on_usr1(int sig)
{
	(void)sig;
	got_in = pthread_self();
	got = 1;
}

int main(void)
{
	char dir[] = "/tmp/t-probe.XXXXXX", path[512], fmt[512];
	struct probe p, idle = { 0 };
	struct sigaction sa = { .sa_handler = on_usr1 };
	sigset_t usr1;
	double mhz, want = 0;
	FILE *f;

	probe_stop(&idle, &mhz);
	ok(isnan(mhz), "a probe never started reads NAN, not 0");
	if (!mkdtemp(dir))
		return 1;
	snprintf(fmt, sizeof(fmt), "%s/cpu%%d/scaling_cur_freq", dir);
	ok(probe_start(&p, fmt) == 1 && !p.running, "no clock to read: no thread");
	probe_stop(&p, &mhz);
	ok(isnan(mhz), "and the clock is NAN, not 0");

	/* CPU c at 2 GHz + c x 100 MHz, in kHz as cpufreq writes it */
	for (int c = 0; c < ncpus(); c++) {
		snprintf(path, sizeof(path), "%s/cpu%d", dir, c);
		mkdir(path, 0700);
		snprintf(path, sizeof(path), fmt, c);
		if (!(f = fopen(path, "w")))
			return 1;
		fprintf(f, "%d\n", 2000000 + 100000 * c);
		fclose(f);
		want += 2000 + 100 * c;
	}
	want /= ncpus();
	sigaction(SIGUSR1, &sa, NULL);
	ok(probe_start(&p, fmt) == 0 && p.running, "a clock to read: the thread starts");
	/* SIGUSR1 blocked here can only go to a thread that does not block it */
	sigemptyset(&usr1);
	sigaddset(&usr1, SIGUSR1);
	pthread_sigmask(SIG_BLOCK, &usr1, NULL);
	kill(getpid(), SIGUSR1);
	usleep(PROBE_PERIOD_MS * 1000 * 3 / 2);
	pthread_sigmask(SIG_UNBLOCK, &usr1, NULL);
	ok(got && pthread_equal(got_in, pthread_self()),
	   "a signal to the process waits for the main thread, never runs in the probe's");
	probe_stop(&p, &mhz);
	ok(fabs(mhz - want) < 1e-6, "the mean clock over CPUs and readings: %.1f MHz (want %.1f)",
	   mhz, want);
	ok(!p.running, "stopped and joined");
	for (int c = 0; c < ncpus(); c++) {
		snprintf(path, sizeof(path), fmt, c);
		unlink(path);
		snprintf(path, sizeof(path), "%s/cpu%d", dir, c);
		rmdir(path);
	}
	rmdir(dir);
	return tap_done();
}

/* settle.c - the page cache flushed and a quiet machine waited for (see settle.h) */
#include "session/settle.h"
#include "session/progress.h"
#include "sys/signals.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

void settle_nap(struct session *s, double secs)
{
	double end = now_mono() + secs;

	while (!run_interrupted) {
		double left = end - now_mono(), step = left < 1 || !s->tty ? left : 1;
		struct timespec ts;

		if (left <= 0)
			break;
		ts.tv_sec = (time_t)step;
		ts.tv_nsec = (long)((step - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
		progress_draw(s->progress, s->tty);
	}
}

const char *settle_flush(struct session *s, const struct load *l)
{
	if (!s->flush || (l->flags & LOAD_NO_FLUSH))
		return "none";
	sync();
	if (write_text_file("/proc/sys/vm/drop_caches", "3") == 0)
		return "drop";
	if (!s->warned_flush) {
		progress_clear(s->tty);
		warning("cannot drop the page cache (%s): runs are flushed with sync only%s",
			strerror(errno), geteuid() ? "; run as root to drop caches" : "");
		s->warned_flush = 1;
	}
	return "sync";
}

struct cpu_times {
	unsigned long long idle, total;
};

static int read_cpu_times(struct cpu_times *t)
{
	unsigned long long v[8] = { 0 };
	char line[512];

	if (read_line_file("/proc/stat", line, sizeof(line)) < 0 ||
	    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7]) < 4)
		return -1;
	t->idle = v[3] + v[4];	/* idle + iowait */
	t->total = 0;
	for (int i = 0; i < 8; i++)
		t->total += v[i];
	return 0;
}

/* the machine was found busy after quiet_wait (said once a command) */
static unsigned busy_said;

double settle_quiet(struct session *s)
{
	double start = now_mono(), idle = 100;
	struct cpu_times a, b;

	if (s->quiet_wait_s <= 0)
		return 0;
	while (!run_interrupted && now_mono() - start < s->quiet_wait_s) {
		if (read_cpu_times(&a) < 0)
			return 0;
		settle_nap(s, 0.5);
		if (read_cpu_times(&b) < 0 || b.total <= a.total)
			return now_mono() - start;
		idle = 100.0 * (double)(b.idle - a.idle) / (double)(b.total - a.total);
		if (idle >= s->quiet_idle_pct)
			return now_mono() - start;
	}
	/* once a command: before every run it would bury the rest, and each
	 * run's waited_s records its wait */
	if (!busy_said++) {
		progress_clear(s->tty);
		warning("the machine was not quiet after %.0f s: %.0f%% of the CPUs idle over "
			"the last half second, quiet_idle wants %.0f%%; running anyway (said once: "
			"each run's wait is its waited_s in runs.tsv)", s->quiet_wait_s, idle,
			s->quiet_idle_pct);
	}
	return now_mono() - start;
}

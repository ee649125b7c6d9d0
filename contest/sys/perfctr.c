/* perfctr.c - the compile's perf event counters, see perfctr.h */
#include "sys/perfctr.h"

#include <linux/perf_event.h>
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

static const struct { uint32_t type; uint64_t config; } events[PERFCTR_N] = {
	[PERFCTR_MIGRATIONS] = { PERF_TYPE_SOFTWARE, PERF_COUNT_SW_CPU_MIGRATIONS },
	[PERFCTR_INSTRUCTIONS] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS },
	[PERFCTR_CYCLES] = { PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES },
};

void perfctr_open(struct perfctr *p, pid_t pid)
{
	for (int i = 0; i < PERFCTR_N; i++) {
		struct perf_event_attr attr;

		memset(&attr, 0, sizeof(attr));
		attr.size = sizeof(attr);
		attr.type = events[i].type;
		attr.config = events[i].config;
		attr.inherit = 1;	/* make's children count too */
		attr.exclude_hv = 1;
		p->fd[i] = (int)syscall(SYS_perf_event_open, &attr, pid, -1, -1,
					PERF_FLAG_FD_CLOEXEC);
	}
}

void perfctr_read_close(struct perfctr *p, double out[PERFCTR_N])
{
	for (int i = 0; i < PERFCTR_N; i++) {
		uint64_t v;

		out[i] = NAN;
		if (p->fd[i] < 0)
			continue;
		if (read(p->fd[i], &v, sizeof(v)) == (ssize_t)sizeof(v))
			out[i] = (double)v;
		close(p->fd[i]);
		p->fd[i] = -1;
	}
}

int perfctr_can_count_cycles(void)
{
	struct perf_event_attr attr;
	int fd;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_HARDWARE;
	attr.config = PERF_COUNT_HW_CPU_CYCLES;
	attr.exclude_hv = 1;
	fd = (int)syscall(SYS_perf_event_open, &attr, 0, -1, -1, PERF_FLAG_FD_CLOEXEC);
	if (fd < 0)
		return 0;
	close(fd);
	return 1;
}

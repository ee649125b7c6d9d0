/* psi.c - pressure stall information over a window, see psi.h */
#include "sys/psi.h"
#include "lib/util.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

const char *const psi_names[PSI_NCOL] = {
	"cpu_some", "cpu_full", "memory_some", "memory_full", "io_some", "io_full",
};

static const char *const resources[] = { "cpu", "memory", "io" };

/* the some and full totals of one pressure file into out[0], out[1] */
static void read_file(const char *path, double *out)
{
	char *text = read_text_file(path, NULL), *line, *save = NULL;

	out[0] = out[1] = NAN;
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *total = strstr(line, " total=");
		double *slot = !strncmp(line, "some ", 5) ? &out[0] :
			       !strncmp(line, "full ", 5) ? &out[1] : NULL;

		if (slot && total)
			*slot = strtod(total + 7, NULL);
	}
	free(text);
}

void psi_read(const char *dir, int cgroup, struct psi_snap *s)
{
	size_t i;

	for (i = 0; i < ARRAY_SIZE(resources); i++) {
		char *path;

		if (!dir) {
			s->total_us[2 * i] = s->total_us[2 * i + 1] = NAN;
			continue;
		}
		path = xasprintf(cgroup ? "%s/%s.pressure" : "%s/%s", dir, resources[i]);
		read_file(path, &s->total_us[2 * i]);
		free(path);
	}
}

void psi_delta(const struct psi_snap *a, const struct psi_snap *b, double *out)
{
	for (int i = 0; i < PSI_NCOL; i++)
		out[i] = b->total_us[i] - a->total_us[i];	/* NAN propagates */
}

void psi_log_loop(void *unused)
{
	double start = now_mono();

	(void)unused;
	printf("# seconds, then the total stall microseconds of:");
	for (int i = 0; i < PSI_NCOL; i++)
		printf(" %s", psi_names[i]);
	printf("\n");
	for (;;) {
		struct timespec second = { 1, 0 };
		struct psi_snap s;

		psi_read("/proc/pressure", 0, &s);
		printf("%.2f", now_mono() - start);
		for (int i = 0; i < PSI_NCOL; i++)
			printf(isnan(s.total_us[i]) ? " -" : " %.0f", s.total_us[i]);
		printf("\n");
		fflush(stdout);
		nanosleep(&second, NULL);
	}
}

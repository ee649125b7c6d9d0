/* testhook.c - see testhook.h */
#include "lib/testhook.h"

#include <stdlib.h>
#include <string.h>
#include <time.h>

void test_pause(const char *point)
{
	const char *v = getenv("CONTEST_TEST_PAUSE");
	size_t len = strlen(point);
	struct timespec ts;
	long ms;

	if (!v || strncmp(v, point, len) || v[len] != ':')
		return;
	ms = strtol(v + len + 1, NULL, 10);
	if (ms <= 0)
		return;
	if (ms > 10000)
		ms = 10000;
	ts.tv_sec = ms / 1000;
	ts.tv_nsec = (ms % 1000) * 1000000L;
	while (nanosleep(&ts, &ts) < 0 && ts.tv_sec + ts.tv_nsec > 0)
		;	/* a signal: sleep the rest, the window stays open */
}

/* testhook.c - see testhook.h */
#include "lib/testhook.h"

#include <pthread.h>
#include <stdio.h>
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

static const char *count_point;	/* CONTEST_TEST_COUNT, NULL: not counting */
static unsigned long count_calls;
static pthread_once_t count_once = PTHREAD_ONCE_INIT;

static void count_say(void)
{
	fprintf(stderr, "test-count: %s %lu\n", count_point,
		__atomic_load_n(&count_calls, __ATOMIC_RELAXED));
}

static void count_init(void)
{
	count_point = getenv("CONTEST_TEST_COUNT");
	if (count_point && atexit(count_say) != 0)
		count_point = NULL;
}

void test_count(const char *point)
{
	pthread_once(&count_once, count_init);
	if (count_point && !strcmp(count_point, point))
		__atomic_fetch_add(&count_calls, 1, __ATOMIC_RELAXED);
}

/* results-dir.h - for unit tests: a scratch folder whose files are written from strings */
#ifndef CONTEST_TEST_RESULTS_DIR_H
#define CONTEST_TEST_RESULTS_DIR_H

#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* the scratch folder, made by scratch_make() under $CONTEST_TEST_TMP (run-tests.sh's
 * own folder) or /tmp, removed by scratch_remove() */
static char scratch[4096];

static inline int scratch_make(void)
{
	const char *tmp = getenv("CONTEST_TEST_TMP");

	snprintf(scratch, sizeof(scratch), "%s/contest-unit-XXXXXX", tmp && *tmp ? tmp : "/tmp");
	return mkdtemp(scratch) ? 0 : -1;
}

/* the scratch folder made and write() run in it: scratch/r, malloc'd; NULL when
 * either failed (a setup failure said) */
static inline char *scratch_results(int (*write)(void))
{
	if (scratch_make() < 0 || write() != 0) {
		setup_failed("cannot write the results in %s: %s", scratch, strerror(errno));
		return NULL;
	}
	return xasprintf("%s/r", scratch);
}

static inline void scratch_remove(void)
{
	rm_rf(scratch);
}

/* scratch/REL (its folders made) holds text: 0, or -1 */
static inline int put_file(const char *rel, const char *text)
{
	char *path = xasprintf("%s/%s", scratch, rel), *slash = strrchr(path, '/');
	int ret;

	*slash = '\0';
	ret = mkdir_p(path, 0755);
	*slash = '/';
	if (!ret) {
		FILE *f = fopen(path, "w");

		ret = f && fputs(text, f) >= 0 ? 0 : -1;
		if (f && fclose(f) != 0)
			ret = -1;
	}
	free(path);
	return ret;
}

/* the same, the text made from a format */
static inline int put_filef(const char *rel, const char *fmt, ...) PRINTF(2, 3);
static inline int put_filef(const char *rel, const char *fmt, ...)
{
	va_list ap;
	char *text;
	int ret;

	va_start(ap, fmt);
	if (vasprintf(&text, fmt, ap) < 0)
		text = NULL;
	va_end(ap);
	ret = text ? put_file(rel, text) : -1;
	free(text);
	return ret;
}

/* the header of a runs.tsv with the required columns and a timestamp */
#define RUNS_HEADER "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\ttimestamp\n"

/*
 * scratch/DIR/runs.tsv: ok runs of load, one per time of times[0..n),
 * stamped two minutes apart from day (an ISO date, "2026-01-01") at
 * 10:MINUTE (MINUTE + 2 n under 60)
 */
static inline int put_runs_at(const char *dir, const char *load, const double *times, size_t n,
			      const char *day, int minute)
{
	char *text = xstrdup(RUNS_HEADER), *more, *rel = xasprintf("%s/runs.tsv", dir);
	int ret;

	for (size_t i = 0; i < n; i++) {
		more = xasprintf("%s%s\t%zu\t%.3f\t90\t0\t0\tok\t%sT10:%02zu:00Z\n", text, load,
				 i + 1, times[i], day, (size_t)minute + 2 * i);
		free(text);
		text = more;
	}
	ret = put_file(rel, text);
	free(rel);
	free(text);
	return ret;
}

/* the same from 10:00 */
static inline int put_runs(const char *dir, const char *load, const double *times, size_t n,
			   const char *day)
{
	return put_runs_at(dir, load, times, n, day, 0);
}

#endif

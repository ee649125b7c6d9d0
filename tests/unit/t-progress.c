/* t-progress.c - the time left: from the plan (its sessions: rounds of
 * variants, sweep points), this command's steps and earlier sessions'
 * Times (this kernel's, else every kernel's of the same workload, else the
 * calibration's) */
#include "session/progress.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static char tmpdir[] = "/tmp/t-progress.XXXXXX";

static int near(double got, double want)
{
	return fabs(got - want) < 1e-6;
}

/* DIR/KERNEL/runs.tsv with the required columns and rows "LOAD TIME STATUS" */
static void runs_tsv(const char *kernel, const char *const *rows)
{
	char *kdir = xasprintf("%s/%s", tmpdir, kernel), *path = xasprintf("%s/runs.tsv", kdir);
	FILE *f;

	if (mkdir_p(kdir, 0755) < 0 || !(f = fopen(path, "w"))) {
		setup_failed("cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	fputs("load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n", f);
	for (int i = 0; rows[i]; i++) {
		char load[32], status[32];
		double t;

		sscanf(rows[i], "%31s %lf %31s", load, &t, status);
		fprintf(f, "%s\t%d\t%g\t90\t0\t0\t%s\n", load, i + 1, t, status);
	}
	if (fclose(f) != 0)
		setup_failed("cannot write '%s': %s", path, strerror(errno));
out:
	free(path);
	free(kdir);
}

/* DIR/KERNEL/env saying the workload's command */
static void env_file(const char *kernel, const char *command)
{
	char *kdir = xasprintf("%s/%s", tmpdir, kernel), *path = xasprintf("%s/env", kdir);
	FILE *f;

	if (mkdir_p(kdir, 0755) < 0 || !(f = fopen(path, "w"))) {
		setup_failed("cannot write '%s': %s", path, strerror(errno));
		goto out;
	}
	fprintf(f, "knobs: none\nkernel: 6.1\nconfig:\nworkload = command\ncommand = %s\n",
		command);
	if (fclose(f) != 0)
		setup_failed("cannot write '%s': %s", path, strerror(errno));
out:
	free(path);
	free(kdir);
}

static const char *const plan3[] = { "noload", "noload", "cacherun" };

static void from_nothing(void)
{
	struct progress pg;
	char buf[80];

	progress_init(&pg, 100);
	progress_plan(&pg, plan3, 3);
	ok(progress_left(&pg, 100) < 0, "nothing known: the time left is unknown");
	is_str(progress_times(&pg, 100, buf, sizeof(buf)), "elapsed 0:00, left ~?",
	       "nothing known: left ~?");
	progress_begin(&pg, 0, "noload 1/2", 100);
	progress_end(&pg, 5, 4);
	ok(near(progress_left(&pg, 105), 10),
	   "one noload step of 5 s: 5 s for the other, 5 s for cacherun (this session's mean) (%g)",
	   progress_left(&pg, 105));
	is_str(progress_times(&pg, 165, buf, sizeof(buf)), "elapsed 1:05, left ~0:10",
	       "elapsed since the session started, left from the plan");
	progress_release(&pg);
}

static void from_earlier(void)
{
	struct progress pg;

	progress_init(&pg, 0);
	progress_plan(&pg, plan3, 3);
	progress_earlier(&pg, "noload", 10);
	progress_earlier(&pg, "process_load", 99);	/* not in the plan */
	ok(near(progress_left(&pg, 0), 30),
	   "only noload known (10 s): cacherun counts as the mean of the known (%g)",
	   progress_left(&pg, 0));
	progress_earlier(&pg, "cacherun", 20);
	ok(near(progress_left(&pg, 0), 40), "before the first run: 10 + 10 + 20 s (%g)",
	   progress_left(&pg, 0));
	progress_begin(&pg, 0, "noload 1/2", 0);
	ok(near(progress_left(&pg, 4), 36), "4 s into the first run: 6 + 10 + 20 (%g)",
	   progress_left(&pg, 4));
	ok(near(progress_left(&pg, 25), 30), "a run past its estimate counts 0, not less (%g)",
	   progress_left(&pg, 25));
	progress_end(&pg, 12, 10);
	ok(near(progress_left(&pg, 12), 12 + 24),
	   "a step took 1.2 x its Time: noload 12 s (this session), cacherun 20 x 1.2 (%g)",
	   progress_left(&pg, 12));
	progress_begin(&pg, 1, "noload 2/2", 12);
	progress_end(&pg, 14, -1);
	ok(near(progress_left(&pg, 26), 24),
	   "a run not ok counts for its load's step time, not the ratio (%g)",
	   progress_left(&pg, 26));
	progress_begin(&pg, 2, "cacherun 1/1", 26);
	progress_end(&pg, 30, 25);
	ok(near(progress_left(&pg, 56), 0), "all done: 0 left (%g)", progress_left(&pg, 56));

	/* --until-sd adds a run: the plan grows, the loads keep what they know */
	{
		const char *const plan4[] = { "noload", "noload", "cacherun", "cacherun" };

		progress_plan(&pg, plan4, 4);
		ok(near(progress_left(&pg, 56), 30), "a step added: cacherun's 30 s (%g)",
		   progress_left(&pg, 56));
	}
	progress_release(&pg);
}

/* variants in rounds: 2 rounds of 2 variants, each session noload then
 * cacherun; the left is the whole plan's, the steps counted over it */
static void whole_plan(void)
{
	const char *const plan2[] = { "noload", "cacherun" };
	struct progress pg;
	char buf[80];
	size_t i, n;

	progress_init(&pg, 0);
	progress_sessions(&pg, 4, 0);
	progress_session(&pg, 0);
	progress_plan(&pg, plan2, 2);
	progress_earlier(&pg, "noload", 10);
	progress_earlier(&pg, "cacherun", 20);
	ok(near(progress_left(&pg, 0), 4 * 30), "4 sessions of 10 + 20 s before any: 120 s (%g)",
	   progress_left(&pg, 0));
	progress_step_of(&pg, &i, &n);
	ok(i == 1 && n == 8, "step 1 of 8 (%zu of %zu)", i, n);
	progress_begin(&pg, 0, "round 1/2, a noload", 0);
	progress_end(&pg, 12, 10);
	progress_begin(&pg, 1, "round 1/2, a cacherun", 12);
	ok(near(progress_left(&pg, 17), 19 + 3 * (12 + 24)),
	   "5 s into the second step: its 24 - 5, then 3 sessions of 12 + 24 s (%g)",
	   progress_left(&pg, 17));
	progress_end(&pg, 24, 20);
	progress_session(&pg, 36);
	progress_plan(&pg, plan2, 2);
	progress_step_of(&pg, &i, &n);
	ok(i == 3 && n == 8, "the next session goes on counting: step 3 of 8 (%zu of %zu)", i, n);
	ok(near(progress_left(&pg, 36), 3 * 36), "a session done: 3 more of 36 s (%g)",
	   progress_left(&pg, 36));
	is_str(progress_times(&pg, 96, buf, sizeof(buf)), "elapsed 1:36, left ~1:48",
	       "elapsed since the whole plan started, not this session");
	pg.at_most = 1;
	is_str(progress_times(&pg, 96, buf, sizeof(buf)), "elapsed 1:36, left ~1:48 at most",
	       "--until-decided: the left is a bound");
	for (int k = 0; k < 2; k++) {
		progress_begin(&pg, (size_t)k, "x", 36);
		progress_end(&pg, 18, 15);
	}
	progress_session(&pg, 72);
	progress_plan(&pg, plan2, 2);
	progress_session(&pg, 72);
	progress_plan(&pg, plan2, 2);
	progress_step_of(&pg, &i, &n);
	ok(i == 7 && n == 8 && progress_left(&pg, 72) > 0, "the last session: step 7 of 8, "
	   "only its own steps left (%zu of %zu, %g s)", i, n, progress_left(&pg, 72));
	progress_release(&pg);
}

/* earlier runs of another workload are no estimate; a calibration's are */
static void from_workload(void)
{
	const char *const c[] = { "noload 7 ok", NULL };
	const char *const cal[] = { "noload 3 ok", "noload 5 ok", NULL };
	const char *const plan1[] = { "noload" };
	struct progress pg;

	strcpy(tmpdir, "/tmp/t-progress.XXXXXX");	/* from_results used the first */
	if (!mkdtemp(tmpdir)) {
		setup_failed("mkdtemp: cannot make a directory in /tmp: %s", strerror(errno));
		return;
	}
	runs_tsv("other", c);
	env_file("other", "sleep 1");
	env_file("mine", "sleep 2");
	progress_init(&pg, 0);
	progress_plan(&pg, plan1, 1);
	progress_read_earlier(&pg, tmpdir, "mine");
	ok(progress_left(&pg, 0) < 0, "only another workload's runs: unknown (%g)",
	   progress_left(&pg, 0));
	progress_release(&pg);

	runs_tsv(".calibration/s1", cal);
	env_file(".calibration/s1", "sleep 2");
	progress_init(&pg, 0);
	progress_plan(&pg, plan1, 1);
	progress_read_earlier(&pg, tmpdir, "mine");
	ok(near(progress_left(&pg, 0), 4), "a calibration of this workload: its noload, 4 s (%g)",
	   progress_left(&pg, 0));
	progress_release(&pg);

	env_file("other", "sleep 2");
	progress_init(&pg, 0);
	progress_plan(&pg, plan1, 1);
	progress_read_earlier(&pg, tmpdir, "mine");
	ok(near(progress_left(&pg, 0), 7),
	   "another kernel of this workload comes before the calibration: 7 s (%g)",
	   progress_left(&pg, 0));
	progress_release(&pg);
	rm_rf(tmpdir);
}

static void from_results(void)
{
	const char *const a[] = { "noload 10 ok", "noload 20 ok", "noload 999 aborted", NULL };
	const char *const b[] = { "noload 30 ok", "cacherun 40 ok", NULL };
	struct progress pg;

	if (!mkdtemp(tmpdir)) {
		setup_failed("mkdtemp: cannot make a directory in /tmp: %s", strerror(errno));
		return;
	}
	runs_tsv("a", a);
	runs_tsv("b", b);

	progress_init(&pg, 0);
	progress_plan(&pg, plan3, 3);
	progress_read_earlier(&pg, tmpdir, "a");
	ok(near(pg.loads[0].earlier_s, 15),
	   "noload on a: a's own ok runs' mean, 15 s (%g)", pg.loads[0].earlier_s);
	ok(near(pg.loads[1].earlier_s, 40),
	   "cacherun, never run on a: every kernel's mean, 40 s (%g)", pg.loads[1].earlier_s);
	ok(near(progress_left(&pg, 0), 15 + 15 + 40), "left: 15 + 15 + 40 s (%g)",
	   progress_left(&pg, 0));
	progress_release(&pg);

	progress_init(&pg, 0);
	progress_plan(&pg, plan3, 3);
	progress_read_earlier(&pg, tmpdir, "new");
	ok(near(pg.loads[0].earlier_s, 20),
	   "a new kernel: noload's mean over every kernel's ok runs, 20 s (%g)",
	   pg.loads[0].earlier_s);
	progress_release(&pg);

	progress_init(&pg, 0);
	progress_plan(&pg, plan3, 3);
	progress_read_earlier(&pg, "/nonexistent/results", "a");
	ok(progress_left(&pg, 0) < 0, "no results directory: unknown, and no crash");
	progress_release(&pg);
	rm_rf(tmpdir);
}

int main(void)
{
	char buf[32];

	progress_mmss(buf, sizeof(buf), 3725);
	is_str(buf, "1:02:05", "an hour and more as H:MM:SS");
	progress_mmss(buf, sizeof(buf), 59.6);
	is_str(buf, "1:00", "seconds round to the nearest");
	/* a hand-edited runs.tsv's time reaches here: no overflow, UBSan watches */
	progress_mmss(buf, sizeof(buf), 1e300);
	is_str(buf, "1000000:00:00", "an absurd estimate is held at a million hours");
	progress_mmss(buf, sizeof(buf), INFINITY);
	is_str(buf, "0:00", "an infinite estimate prints as none");
	from_nothing();
	from_earlier();
	from_results();
	whole_plan();
	from_workload();
	return tap_done();
}

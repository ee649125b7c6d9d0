/* t-bisect-progress.c - what a bisection says as it goes (guest/bisect-progress.c): its
 * plan's counts, the range a placed step leaves, the estimate from the timings */
#include "guest/bisect-progress.h"
#include "guest/bisect-driver.h"
#include "lib/membuf.h"
#include "lib/util.h"
#include "tap.h"

#include <fcntl.h>
#include <stdlib.h>
#include <unistd.h>

#define N 9

static struct kernel_commit commits[N];
static char names[N][8];
static struct bisect_request rq;
static struct bisect_done d;
static struct bisect_driver dr;

static void setup(void)
{
	for (size_t i = 0; i < N; i++) {
		snprintf(names[i], sizeof(names[i]), "k%zu", i);
		commits[i].name = commits[i].sha = names[i];
		commits[i].subject = "";
	}
	bisect_opts_init(&rq.opts);
	d.commits = commits;
	d.n = N;
	d.load = "noload";
	dr.rq = &rq;
	dr.d = &d;
	dr.hi = N - 1;
	dr.started = now_mono();
}

/* what fn(arg) printed on stdout, malloc'd */
static char *stdout_of(void (*fn)(void *), void *arg)
{
	char path[] = "/tmp/contest-unit-out-XXXXXX";
	int fd = mkstemp(path), saved = dup(1);
	char *text = NULL;

	fflush(stdout);
	if (fd >= 0 && saved >= 0 && dup2(fd, 1) >= 0) {
		fn(arg);
		fflush(stdout);
		dup2(saved, 1);
		text = read_text_file(path, NULL);
	}
	if (saved >= 0)
		close(saved);
	if (fd >= 0) {
		close(fd);
		unlink(path);
	}
	return text ? text : xstrdup("");
}

static int starts(const char *text, const char *prefix)
{
	return !strncmp(text, prefix, strlen(prefix));
}

static void plan(void *arg)
{
	(void)arg;
	bisect_print_plan(&dr);
}

struct placing {
	size_t i, rounds;
	int bad;
};

static void place(void *arg)
{
	const struct placing *p = arg;

	bisect_placed(&dr, p->i, p->bad, p->rounds);
}

static void plan_said(void)
{
	char *text = stdout_of(plan, NULL);

	/* 9 commits: 3 steps; 3 + 2 builds; 2*3*2 + 3*3*3 = 39 to 2*30*2 + 3*3*30 = 390 runs */
	ok(strstr(text, "bisect: 9 commits from k0 to k8 (first parent), 7 to place; ~3 steps, "
	       "5 builds (the two endpoints and a midpoint a step), 39 to 390 runs of noload "
	       "with their boots\n") != NULL, "the plan: commits, steps, builds, runs");
	ok(strstr(text, "each at 0.0125 = 0.05 over 3 steps and the last check; the "
	       "confirmation of good against bad at 0.05\n") != NULL,
	   "the rule: alpha spent over the steps and the last check");
	ok(strstr(text, "ln(the main metric)") != NULL, "the main metric until one is known");
	free(text);
}

static void steps_said(void)
{
	struct placing p = { 4, 6, 1 };
	char *text;

	dr.step_rounds = 3;
	text = stdout_of(place, &p);
	ok(starts(text, "bisect: step 1: k4 is bad after 3 rounds (from the state); the "
		    "culprit is in k0..k4 (4 commits), ~2 steps left; elapsed 0:00:0"),
	   "a bad midpoint: the range ends at it, the steps left");
	ok(dr.hi == 4 && dr.lo == 0 && dr.steps_done == 1 && dr.step_rounds == 0,
	   "and the driver's range and counts follow");
	free(text);

	p = (struct placing){ 2, 12, 0 };
	dr.step_rounds = 1;
	dr.live_in_step = 1;
	text = stdout_of(place, &p);
	ok(starts(text, "bisect: step 2: k2 is good after 1 round; the culprit is in k2..k4 "
		    "(2 commits), ~1 step left"), "a good one, measured now: the range starts at it");
	ok(dr.lo == 2 && !dr.live_in_step, "lo follows");
	free(text);

	p = (struct placing){ 3, 20, -1 };
	text = stdout_of(place, &p);
	ok(starts(text, "bisect: step 3: k3 cannot be placed after 0 rounds (from the state); "
		    "the culprit is in k2..k4 (2 commits); elapsed ") && !strstr(text, "ETA"),
	   "one not placed: the range stays, no ETA");
	ok(dr.lo == 2 && dr.hi == 4, "and the range is unchanged");
	free(text);
}

static void estimate_said(void)
{
	struct membuf m = { 0 };
	char *text;

	d.builds = 2;
	d.build_s = 100;
	d.boots = 3;
	d.run_s = 30;
	messages_to(membuf_open(&m));
	bisect_estimate(&dr);
	fclose(messages_to(NULL));
	text = m.text;
	/* least: 3 steps (50 s + 9 runs of 10 s) + 12 runs = 540 s; most: 3 (50 + 90 runs) + 120 runs */
	ok(text && strstr(text, "bisect: estimate from the builds (50 s each) and a run with its "
			  "boot (10 s): 0.15 hours when every step decides in 3 rounds, at most "
			  "1.1 at the cap"), "the estimate from the mean build and run");
	ok(dr.estimated, "said once: the driver knows it was");
	free(text);
}

int main(void)
{
	setup();
	plan_said();
	steps_said();
	estimate_said();
	return tap_done();
}

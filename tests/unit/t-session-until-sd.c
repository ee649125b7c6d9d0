/* t-session-until-sd.c - session/until-sd.c: --until-sd's options, its
 * stopping rule on given Times (at least two ok runs, SD within PCT% of the
 * mean; cacherun with its noload), --max-runs, the run it adds after a
 * load's last step, and a resumed plan going on */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "session/plan.h"
#include "session/until-sd.h"
#include "lib/util.h"
#include "tap.h"
#include "plan-steps.h"

#include <math.h>
#include <stdio.h>
#include <string.h>


/* the Times of a load's ok runs */
static void times(struct running_stats *t, const double *v, int n)
{
	running_stats_init(t);
	for (int i = 0; i < n; i++)
		running_stats_add(t, v[i]);
}

static void test_parse(void)
{
	struct config *cfg = contest_config_new();
	struct until_sd u;

	config_set_field(cfg, &contest_config(cfg)->main.runs, "3", "test");
	ok(until_sd_parse(&u, NAN, 0, cfg) == 0 && u.pct == 0, "not given: off");
	ok(until_sd_parse(&u, NAN, 5, cfg) < 0, "--max-runs without --until-sd is refused");
	ok(until_sd_parse(&u, 2.5, 0, cfg) == 0 && u.pct == 2.5 &&
	   u.max_runs == UNTIL_SD_MAX_RUNS, "--until-sd 2.5: at most 10 runs by default");
	ok(until_sd_parse(&u, 2.5, 4, cfg) == 0 && u.max_runs == 4, "--max-runs 4 is taken");
	ok(until_sd_parse(&u, 2.5, 2, cfg) < 0, "--max-runs below runs (3) is refused");
	config_set_field(cfg, &contest_config(cfg)->main.runs, "11", "test");
	ok(until_sd_parse(&u, 2.5, 0, cfg) < 0, "runs 11 is above the default --max-runs");
	config_free(cfg);
}

static void test_rule(void)
{
	struct config *cfg = contest_config_new();
	char *names[] = { "process_load", "cacherun", NULL };
	struct session s;
	struct until_sd u;
	struct load_state *noload, *cacherun, *proc;
	struct plan p;
	char buf[512];
	size_t before;

	memset(&s, 0, sizeof(s));
	config_set_field(cfg, &contest_config(cfg)->main.runs, "2", "test");
	plan_build(&p, cfg, names, 2);
	until_sd_parse(&u, 1.0, 6, cfg);
	until_sd_alloc(&u, &p);
	noload = plan_load(&p, &load_noload);
	cacherun = plan_load(&p, &load_cacherun);
	proc = plan_load(&p, &load_process_load);

	/* the stopping rule on given Times */
	times(&u.time[proc - p.loads], (double[]){ 100 }, 1);
	ok(!until_sd_settled(&p, proc, &u), "one ok run is not settled");
	times(&u.time[proc - p.loads], (double[]){ 100, 101 }, 2);
	ok(until_sd_settled(&p, proc, &u), "100 and 101: SD 0.70%% of the mean, within 1%%");
	u.pct = 0.5;
	ok(!until_sd_settled(&p, proc, &u), "but not within 0.5%%");
	u.pct = 1.0;
	times(&u.time[proc - p.loads], (double[]){ 100, 103, 97 }, 3);
	ok(!until_sd_settled(&p, proc, &u), "100, 103, 97: SD 3%% is not within 1%%");
	times(&u.time[cacherun - p.loads], (double[]){ 50, 50.2 }, 2);
	times(&u.time[noload - p.loads], (double[]){ 100, 120 }, 2);
	ok(!until_sd_settled(&p, cacherun, &u), "cacherun waits for its noload's Time");
	times(&u.time[noload - p.loads], (double[]){ 100, 100.5 }, 2);
	ok(until_sd_settled(&p, cacherun, &u), "and settles with it");

	/* --max-runs and an unusable load */
	ok(until_sd_more(&p, proc, 5, &u), "unsettled, 5 runs of at most 6: once more");
	ok(!until_sd_more(&p, proc, 6, &u), "6 runs of at most 6: no more");
	proc->unusable = 1;
	ok(!until_sd_more(&p, proc, 2, &u), "a load that cannot run here: no more");
	proc->unusable = 0;

	/* after a load's last step: the plan grows, or the load is done */
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun process_load process_load", "the plan");
	ok(until_sd_step(&s, &p, 5, &u) == 1, "process_load unsettled after its last step: again");
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun process_load process_load process_load",
	       "one more process_load after it");
	times(&u.time[noload - p.loads], (double[]){ 100, 120 }, 2);
	before = p.nsteps;
	ok(until_sd_step(&s, &p, 2, &u) == 0 && p.nsteps == before,
	   "noload's last step adds nothing: the pair is judged at cacherun's");
	ok(until_sd_step(&s, &p, 3, &u) == 1, "the pair unsettled at cacherun's last step");
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun noload cacherun process_load process_load "
	       "process_load", "a noload and cacherun pair after it, in that order");
	times(&u.time[proc - p.loads], (double[]){ 100, 100.2, 100.1 }, 3);
	before = p.nsteps;
	ok(until_sd_step(&s, &p, 8, &u) == 0 && p.nsteps == before,
	   "settled: nothing more (and it says so)");
	times(&u.time[proc - p.loads], (double[]){ 100, 103, 97 }, 3);
	u.done[proc - p.loads] = 3;
	ok(until_sd_step(&s, &p, 8, &u) == 0 && p.nsteps == before,
	   "runs recorded before a resume count towards --max-runs (3 + 3 of 6)");
	u.done[proc - p.loads] = 0;
	u.pct = 0;
	ok(until_sd_step(&s, &p, 8, &u) == 0 && p.nsteps == before, "--until-sd off: nothing");
	until_sd_free(&u);
	plan_release(&p);
	config_free(cfg);
}

/* a resumed plan whose planned runs are all recorded goes on in its place */
static void test_resume(void)
{
	struct config *cfg = contest_config_new();
	char *names[] = { "process_load", "io_load", NULL };
	struct load_state *proc, *io;
	struct session s;
	struct until_sd u;
	struct plan p;
	char buf[512];

	memset(&s, 0, sizeof(s));
	config_set_field(cfg, &contest_config(cfg)->main.runs, "2", "test");
	plan_build(&p, cfg, names, 2);
	until_sd_parse(&u, 1.0, 4, cfg);
	until_sd_alloc(&u, &p);
	proc = plan_load(&p, &load_process_load);
	io = plan_load(&p, &load_io_load);
	plan_drop(&p, proc, 2);
	u.done[proc - p.loads] = 2;
	times(&u.time[proc - p.loads], (double[]){ 100, 110 }, 2);
	plan_drop(&p, io, 2);
	u.done[io - p.loads] = 2;
	times(&u.time[io - p.loads], (double[]){ 100, 100.1 }, 2);
	until_sd_resume(&s, &p, &u);
	is_str(steps(&p, buf, sizeof(buf)), "process_load",
	       "the unsettled load runs once more, the settled one is done");
	until_sd_free(&u);
	plan_release(&p);
	config_free(cfg);
}

int main(void)
{
	test_parse();
	test_rule();
	test_resume();
	return tap_done();
}

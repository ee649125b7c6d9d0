/* t-plan.c - the run plan: canonical order, cacherun after noload, and the
 * edits --until-sd and --resume make (insert after a step, insert at a
 * place, drop the runs done) */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "session/plan.h"
#include "session/resume.h"
#include "lib/util.h"
#include "tap.h"
#include "plan-steps.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>


/* --resume without -n takes the plan's run count, as it takes its loads;
 * a load's own "runs" key (none has one yet) in a section is not it */
static void resume_runs(void)
{
	struct config *cfg = contest_config_new(), *plain = contest_config_new();
	struct resume_plan r = { .path = "K/plan", .config = NULL };
	char *dump = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&dump, &len);

	config_set_field(plain, &contest_config(plain)->main.runs, "60", "-n");
	config_dump(plain, f);
	fclose(f);
	r.config = xasprintf("%s[io_load]\nruns = 7\n", dump);
	ok(resume_take_runs(&r, cfg) == 0 && contest_config(cfg)->main.runs == 60,
	   "the plan's runs = 60 is taken");
	is_str(config_origin(cfg, &contest_config(cfg)->main.runs), "K/plan", "and its origin is the plan");
	free(r.config);
	r.config = xstrdup("workload = synthetic\n[io_load]\nruns = 7\n");
	config_set_field(cfg, &contest_config(cfg)->main.runs, "3", "default");
	ok(resume_take_runs(&r, cfg) == 0 && contest_config(cfg)->main.runs == 3,
	   "a plan without runs leaves the config's (its check says the configs differ)");
	free(r.config);
	r.config = xstrdup("runs = 5000\n");
	ok(resume_take_runs(&r, cfg) < 0 && contest_config(cfg)->main.runs == 3,
	   "a plan's run count outside 1..1000 is refused");
	free(r.config);
	free(dump);
	config_free(plain);
	config_free(cfg);
}

int main(void)
{
	struct config *cfg = contest_config_new();
	char *names[] = { "process_load", "cacherun", NULL };
	struct load_state *noload, *cacherun, *proc;
	struct plan p;
	char buf[512];

	if (config_set_field(cfg, &contest_config(cfg)->main.runs, "2", "test") < 0)
		return 1;
	plan_build(&p, cfg, names, 2);
	noload = plan_load(&p, &load_noload);
	cacherun = plan_load(&p, &load_cacherun);
	proc = plan_load(&p, &load_process_load);
	ok(noload && cacherun && proc && p.nloads == 3, "cacherun brings noload: 3 loads");
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun process_load process_load",
	       "canonical order, each cacherun right after a noload");
	ok(plan_steps_of(&p, proc, p.nsteps) == 2 && plan_steps_of(&p, noload, 3) == 2,
	   "steps_of counts a load's runs among the first n steps");
	ok(!plan_last_step(&p, 4) && plan_last_step(&p, 5) && plan_last_step(&p, 3),
	   "last_step: the last of its load only");

	plan_insert(&p, 5, proc);
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun process_load process_load process_load",
	       "insert after the last step appends");
	plan_insert(&p, 3, cacherun);
	plan_insert(&p, 3, noload);
	is_str(steps(&p, buf, sizeof(buf)),
	       "noload cacherun noload cacherun noload cacherun process_load process_load process_load",
	       "insert after step 3, twice: a noload and cacherun pair, in that order");

	plan_drop(&p, noload, 2);
	plan_drop(&p, proc, 5);
	is_str(steps(&p, buf, sizeof(buf)), "cacherun cacherun noload cacherun",
	       "drop: the first n runs of a load, all of them when n is more");
	plan_insert_at(&p, 0, proc);
	plan_insert_at(&p, p.nsteps, proc);
	plan_insert_at(&p, 2, noload);
	is_str(steps(&p, buf, sizeof(buf)),
	       "process_load cacherun noload cacherun noload cacherun process_load",
	       "insert_at the front, the end and the middle");
	plan_drop(&p, proc, 2);
	plan_drop(&p, noload, 1);
	is_str(steps(&p, buf, sizeof(buf)), "cacherun cacherun noload cacherun",
	       "a drop can leave a cacherun without its noload");
	plan_pair_cacherun(&p);
	is_str(steps(&p, buf, sizeof(buf)), "noload cacherun noload cacherun noload cacherun",
	       "pair_cacherun puts a noload before each cacherun that lacks one");
	plan_release(&p);
	ok(p.nsteps == 0 && !p.steps && !p.loads, "release empties the plan");

	plan_build(&p, cfg, NULL, 0);
	ok(p.nloads > 3 && plan_steps_of(&p, &p.loads[0], p.nsteps) == 2,
	   "no names: the config's loads, runs of each (%zu loads)", p.nloads);
	plan_release(&p);
	config_free(cfg);
	resume_runs();
	return tap_done();
}

/* t-bisect-drive.c - contest bisect's driver (guest/bisect-drive.c) with no guest booted:
 * a bisection resumed from a state that holds all its rounds names the culprit; the
 * exit statuses of a good that cannot be built, a bad --metric, a tree that cannot be
 * bisected and a state of other options */
#include "guest/bisect.h"
#include "guest/bisect-state.h"
#include "record/config-keys.h"
#include "lib/util.h"
#include "tap.h"
#include "bisect-fixture.h"

#include <errno.h>
#include <math.h>

/* c0 cannot be built; c1 .. c5 can. From c1 to c5 the culprit is c4 (index 3) */
#define HOW "f....."
#define CULPRIT 3

/* the rounds a bisection of c1..c5 asks for, as the state records them */
struct sim {
	char *text;
	size_t rounds;
};

static int sim_prepare(void *ctx, size_t i)
{
	(void)ctx;
	(void)i;
	return 0;
}

/* 100 s before the culprit, 110 s from it, a little noise that is the same each run */
static int sim_round(void *ctx, const size_t *idx, size_t k, double *t)
{
	struct sim *s = ctx;
	char *more;

	for (size_t i = 0; i < k; i++)
		t[i] = (idx[i] >= CULPRIT ? 110.0 : 100.0) *
		       (1 + 0.002 * (double)((s->rounds * 7 + i * 3) % 5) - 0.004);
	s->rounds++;
	if (k == 2)
		more = xasprintf("%sround 2 %zu %zu %.17g %.17g\n", s->text, idx[0], idx[1], t[0],
				 t[1]);
	else
		more = xasprintf("%sround 3 %zu %zu %zu %.17g %.17g %.17g\n", s->text, idx[0],
				 idx[1], idx[2], t[0], t[1], t[2]);
	free(s->text);
	s->text = more;
	return 0;
}

static void request(struct bisect_request *rq, struct config **cfg, const char *results,
		    const char *good, const char *bad)
{
	static struct boot_opts boot;
	char *set_results = xasprintf("results=%s/%s", scratch, results);
	char *set_work = xasprintf("work_dir=%s/work", scratch);

	memset(rq, 0, sizeof(*rq));
	*cfg = contest_config_new();
	if (config_set_arg(*cfg, set_results) < 0 || config_set_arg(*cfg, set_work) < 0 ||
	    config_set_arg(*cfg, "loads=noload") < 0)
		setup_failed("cannot set the config");
	rq->cfg = *cfg;
	rq->tree = xasprintf("%s/tree", scratch);
	rq->good = good;
	rq->bad = bad;
	rq->build = xasprintf("%s/build.sh", scratch);
	rq->boot = &boot;
	bisect_opts_init(&rq->opts);
	free(set_results);
	free(set_work);
}

static void request_free(struct bisect_request *rq, struct config *cfg)
{
	free((char *)rq->tree);
	free((char *)rq->build);
	config_free(cfg);
}

/* RESULTS/.bisect/state holding every round the bisection of rq will ask for */
static int write_state(const struct bisect_request *rq, const char *results, double alpha)
{
	struct kernel_commit *c;
	size_t n;
	struct sim s = { xstrdup(""), 0 };
	struct bisect_ops ops = { sim_prepare, sim_round, NULL, &s, NULL };
	struct bisect_result res;
	const char **shas;
	struct bisect_state_opts o;
	char *head, *rel = xasprintf("%s/.bisect/state", results);
	int ret;

	if (kernel_commits(rq->tree, rq->good, rq->bad, &c, &n) < 0)
		return -1;
	bisect_run(n, &ops, &rq->opts, &res);
	shas = xcalloc(n, sizeof(*shas));
	for (size_t i = 0; i < n; i++)
		shas[i] = c[i].sha;
	o = (struct bisect_state_opts){ rq->tree, "noload", NULL, alpha, rq->opts.max_rounds,
					shas, n };
	head = bisect_state_header(&o);
	ret = res.outcome == BISECT_CULPRIT && res.hi == CULPRIT ?
	      put_filef(rel, "%s%s", head, s.text) : -1;
	free(head);
	free(shas);
	free(rel);
	free(s.text);
	kernel_commits_release(c, n);
	return ret;
}

static void resumed(void)
{
	struct bisect_request rq;
	struct bisect_done d;
	struct config *cfg;
	int status;

	request(&rq, &cfg, "r1", "c1", "c5");
	rq.resume = 1;
	if (write_state(&rq, "r1", rq.opts.alpha) < 0) {
		setup_failed("cannot write the state of c1..c5");
		request_free(&rq, cfg);
		return;
	}
	status = bisect_drive(&rq, &d);
	ok(status == 0, "every round answered by the state: the culprit is named (exit 0)");
	ok(d.res.outcome == BISECT_CULPRIT && d.n == 5 && d.res.hi == CULPRIT &&
	   !strcmp(d.commits[d.res.hi].name, d.commits[CULPRIT].name), "it is c4");
	ok(d.boots == 0 && d.builds >= 2 && !d.skipped,
	   "no guest booted; the commits it tried were built");
	ok(!strcmp(d.load, "noload") && !d.metric, "judged by the config's first load");
	bisect_done_release(&d);
	request_free(&rq, cfg);

	request(&rq, &cfg, "r2", "c1", "c5");
	rq.resume = 1;
	if (write_state(&rq, "r2", 0.01) < 0) {
		setup_failed("cannot write the state of c1..c5");
	} else {
		ok(bisect_drive(&rq, &d) == EXIT_USAGE, "a state of another alpha is not resumed");
		bisect_done_release(&d);
	}
	request_free(&rq, cfg);
}

static void refused(void)
{
	struct bisect_request rq;
	struct bisect_done d;
	struct config *cfg;

	request(&rq, &cfg, "r3", "c0", "c5");
	ok(bisect_drive(&rq, &d) == EXIT_RUN_FAILED && d.res.outcome == BISECT_NOT_CONFIRMED &&
	   d.skipped == 1, "a good that cannot be built: nothing to bisect, a failed run");
	bisect_done_release(&d);
	request_free(&rq, cfg);

	request(&rq, &cfg, "r4", "c1", "c5");
	rq.metric = "Ratio";
	ok(bisect_drive(&rq, &d) == EXIT_USAGE, "--metric Ratio, no better direction: bad usage");
	bisect_done_release(&d);
	rq.metric = "Nope";
	ok(bisect_drive(&rq, &d) == EXIT_USAGE, "--metric of no metric: bad usage");
	bisect_done_release(&d);
	request_free(&rq, cfg);

	request(&rq, &cfg, "r5", "c5", "c1");
	ok(bisect_drive(&rq, &d) == EXIT_USAGE, "good after bad: bad usage, nothing measured");
	bisect_done_release(&d);
	request_free(&rq, cfg);
}

int main(void)
{
	if (git_scratch() < 0)
		return tap_done();
	if (bisect_fixture(6, HOW) < 0) {
		setup_failed("cannot make the tree in %s: %s", scratch, strerror(errno));
	} else {
		resumed();
		refused();
	}
	scratch_remove();
	return tap_done();
}

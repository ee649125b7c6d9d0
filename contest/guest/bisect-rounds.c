/* bisect-rounds.c - how a step is measured: a round boots a guest of each commit, or the state answers (see bisect-rounds.h) */
#include "guest/bisect-rounds.h"
#include "guest/bisect-build.h"
#include "guest/bisect-driver.h"
#include "guest/bisect-progress.h"
#include "guest/boot.h"
#include "record/env.h"
#include "sys/signals.h"
#include "results/metric.h"
#include "results/store.h"
#include "results/summary.h"
#include "lib/proc.h"
#include "lib/sh-quote.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const struct load_summary *find_load(const struct kernel_results *kr, const char *load)
{
	for (size_t i = 0; i < kr->nloads; i++) {
		const char *name = kr->loads[i].load, *plus = strchr(name, ROW_TASK_SEP);

		if (!*kr->loads[i].sweep && (!strcmp(name, load) || (plus && !strcmp(plus + 1, load))))
			return &kr->loads[i];
	}
	return NULL;
}

/* kernel's ok runs of the load, and the last one's value of the metric (NAN none) */
static size_t last_value(struct bisect_driver *dr, const char *kernel, double *v)
{
	struct kernel_results kr;
	const struct load_summary *ls;
	char *runs = results_path(dr->results, kernel, RUNS_FILE);
	size_t n = 0;

	*v = NAN;
	if (access(runs, F_OK) < 0 || results_read_kernel(dr->results, kernel, &kr) < 0) {
		free(runs);
		return 0;
	}
	free(runs);
	if ((ls = find_load(&kr, dr->d->load)) && ls->runs && ls->nruns) {
		if (!dr->metric_known) {
			dr->metric = metric_main(ls, row_kind(ls->load));
			dr->metric_known = 1;
			dr->higher_better = metrics[dr->metric].better == BETTER_HIGHER;
		}
		n = ls->nruns;
		*v = run_value(ls, n - 1, (int)dr->metric);
	}
	kernel_results_release(&kr);
	return n;
}

/* CONFIG_CC_VERSION_TEXT of a .config's text (kbuild writes it since 5.8), or NULL */
static char *config_compiler(const char *config)
{
	static const char key[] = "\nCONFIG_CC_VERSION_TEXT=\"";
	const char *p = config ? strstr(config, key) : NULL;

	if (!p)
		return NULL;
	p += strlen(key);
	return xasprintf("%.*s", (int)strcspn(p, "\"\n"), p);
}

/*
 * How the image is built again, for env's kernel_build: --build's command,
 * else the default build's twin, contest's scripts/uml-kernel.sh --bisect
 * of the source tree this contest was built in (as a command run in the
 * commit's tree), else "default" (an installed contest has no scripts)
 */
static char *build_command(const struct bisect_driver *dr)
{
	char *dir = proc_self_dir(), *script, real[PATH_MAX], *cmd = NULL;

	if (dr->rq->build)
		cmd = xstrdup(dr->rq->build);
	script = dir ? xasprintf("%s/../scripts/uml-kernel.sh", dir) : NULL;
	if (!cmd && script && access(script, R_OK) == 0 && realpath(script, real))
		cmd = sh_command((const char *const[]){ "sh", real, "--bisect", dr->rq->fragment,
							NULL });
	free(script);
	free(dir);
	return cmd ? cmd : xstrdup("default");
}

/*
 * What a candidate's env records of the bisection and of the kernel: the
 * tree, commit and subject; the build's .config (saved beside the image)
 * and the compiler it names, which the mail gives as the kernel's
 */
static char *candidate_env(const struct bisect_driver *dr, const struct kernel_commit *c,
			   const char *image)
{
	char *config = bisect_config_path(image), *text = read_regular_file(config, &(size_t){ 0 });
	char *cc = config_compiler(text), *how, *env, *ccline, *build, *frag;

	how = !text ? xstrdup("") :
	      dr->rq->build ? xasprintf("%s: --build's .config, saved as %s\n", ENV_KEY(kernel_config),
				       config) :
	      xasprintf("%s: ARCH=um defconfig with the guest's options%s%s, saved as %s\n",
			ENV_KEY(kernel_config), dr->rq->fragment ? " and " : "",
			dr->rq->fragment ? dr->rq->fragment : "", config);
	ccline = cc ? xasprintf("%s: %s\n", ENV_KEY(kernel_compiler), cc) : xstrdup("");
	build = build_command(dr);
	frag = !dr->rq->build && dr->rq->fragment ?
	       xasprintf("%s: %s\n", ENV_KEY(kernel_fragment), dr->rq->fragment) : xstrdup("");
	env = xasprintf("%s: %s\n%s: %s\n%s: %s\n%s%s%s: %s\n%s", ENV_KEY(bisect_tree),
			dr->rq->tree, ENV_KEY(commit), c->sha, ENV_KEY(subject), c->subject, how,
			ccline, ENV_KEY(kernel_build), build, frag);
	free(build);
	free(frag);
	free(ccline);
	free(how);
	free(cc);
	free(text);
	free(config);
	return env;
}

static int live_round(struct bisect_driver *dr, const size_t *idx, size_t k, double *t)
{
	struct bisect_done *d = dr->d;
	struct boot_opts bo = *dr->rq->boot;
	struct boot_passthrough pt = { dr->rq->argc, dr->rq->argv, dr->rq->loads, dr->rq->nloads };
	char *one[] = { dr->load, NULL };
	const char *kernels[3];
	char *names[3], *envs[3];
	struct boot_ran ran;
	size_t before[3];
	double t0 = now_mono(), v;
	int status;

	if (!pt.nloads) {	/* the judged load alone: after run's options in argv */
		pt.loads = one;
		pt.nloads = 1;
		pt.argc = dr->rq->argc + 1;
	}
	bo.own = xcalloc((size_t)pt.argc + 1, 1);
	bo.kernels = kernels;
	bo.nkernels = (int)k;
	bo.kernel_env = (const char *const *)envs;
	bo.image = NULL;
	for (size_t i = 0; i < k; i++) {
		const struct kernel_commit *c = &d->commits[idx[i]];
		char *image = bisect_image_path(dr, idx[i]);

		names[i] = xasprintf("%s=%s", c->name, image);
		kernels[i] = names[i];
		envs[i] = candidate_env(dr, c, image);
		before[i] = last_value(dr, c->name, &v);
		free(image);
	}
	status = boot_run(dr->rq->cfg, &bo, &pt, &ran);
	if (ran.not_started && !run_interrupted) {
		/* the host's fault (the binary, the monitor, memory), not the
		 * commits': skipping them would be a wrong answer kept in the state */
		error("this host could not start a guest (see the error above): the bisection "
		      "stops with no commit skipped; contest bisect --resume goes on");
		dr->failed = 1;
	}
	boot_ran_release(&ran);
	d->boots += k;
	d->run_s += now_mono() - t0;
	for (size_t i = 0; i < k; i++) {
		size_t after = last_value(dr, d->commits[idx[i]].name, &v);

		t[i] = after > before[i] && v > 0 ? (dr->higher_better ? 1.0 / v : v) : 0;
		if (!after && !run_interrupted && status != EXIT_USAGE && !ran.not_started) {
			warning("%s did not boot or run: skipped as git bisect skip does (see %s)",
				d->commits[idx[i]].name,
				results_path(dr->results, d->commits[idx[i]].name, "logs/guest.console"));
			if (bisect_state_append(dr->state, "build %s skip boot\n",
						d->commits[idx[i]].sha) < 0)
				dr->failed = 1;
			dr->built[idx[i]] = BUILT_SKIP;
			dr->restart = 1;
		}
		free(names[i]);
		free(envs[i]);
	}
	free(bo.own);
	if (status == EXIT_USAGE || dr->failed) {
		dr->failed = 1;
		return -1;
	}
	return run_interrupted || dr->restart ? -1 : 0;
}

/* the round measured now, appended to the state and to the rounds known */
static int record(struct bisect_driver *dr, const size_t *idx, size_t k, const double *t)
{
	int ret;

	if (k == 2)
		ret = bisect_state_append(dr->state, "round 2 %zu %zu %.17g %.17g\n", idx[0],
					  idx[1], t[0], t[1]);
	else
		ret = bisect_state_append(dr->state, "round 3 %zu %zu %zu %.17g %.17g %.17g\n",
					  idx[0], idx[1], idx[2], t[0], t[1], t[2]);
	if (ret < 0)
		dr->failed = 1;
	dr->recs = xrealloc(dr->recs, (dr->nrecs + 1) * sizeof(*dr->recs));
	dr->recs[dr->nrecs] = (struct bisect_rec){ k, { idx[0], idx[1], k > 2 ? idx[2] : 0 },
						   { t[0], t[1], k > 2 ? t[2] : 0 } };
	dr->cursor = ++dr->nrecs;
	return ret;
}

int bisect_round(void *ctx, const size_t *idx, size_t k, double *t)
{
	struct bisect_driver *dr = ctx;

	if (dr->failed || run_interrupted)
		return -1;
	dr->step_rounds += k == 3;	/* a step's, not the confirmation's or the check's */
	dr->mid = k == 3 ? idx[1] : 0;
	if (dr->cursor < dr->nrecs) {
		const struct bisect_rec *r = &dr->recs[dr->cursor];

		if (r->k != k || memcmp(r->idx, idx, k * sizeof(*idx))) {
			error("%s: round %zu is not the one the bisection asks for now",
			      dr->state, dr->cursor + 1);
			dr->failed = 1;
			return -1;
		}
		memcpy(t, r->t, k * sizeof(*t));
		dr->cursor++;
		dr->step_measured += k == 3;
		return 0;
	}
	dr->live_in_step = 1;
	test_pause("bisect-round");	/* a test's Ctrl-C in a step, before its guests boot */
	if (run_interrupted || live_round(dr, idx, k, t) < 0)
		return -1;
	record(dr, idx, k, t);
	dr->step_measured += k == 3;
	if (!dr->estimated && dr->d->boots)
		bisect_estimate(dr);
	return dr->failed ? -1 : 0;
}

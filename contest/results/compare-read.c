/* compare-read.c - what compare and report read: runs and env files, see compare.h */
#include "results/compare.h"
#include "results/calibration.h"
#include "results/machine.h"
#include "results/store.h"
#include "results/monitor-logs.h"
#include "results/symbols.h"
#include "record/env.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* kernel k's runs of table t in log that have a profile: its ok runs (all
 * of them where its summary keeps none); shallow copies into out */
static size_t ok_runs(const struct report_table *t, size_t k, const struct monitor_log *log,
		      struct monitor_run *out)
{
	const struct report_row *row = report_kernel_row(t, k);
	size_t n = 0;

	for (size_t i = 0; row && row->s->time.n && i < log->nruns; i++) {
		int ok = !row->s->runs;

		for (size_t j = 0; !ok && j < row->s->nruns; j++)
			ok = row->s->runs[j].run == log->runs[i].run;
		if (ok && log->runs[i].profile.kernel > 0)
			out[n++] = log->runs[i];
	}
	return n;
}

/* NEW kernel k's row of table t's main metric, NULL when it has none */
static const struct compare_row *main_row(const struct compare *c, const struct report_table *t,
					  size_t k)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (c->rows[i].k == k && c->rows[i].main && !strcmp(c->rows[i].load, t->name))
			return &c->rows[i];
	return NULL;
}

/* per load, each NEW kernel's profiled symbols tested against BASE's, then Holm over them */
static void read_symbols(struct compare *c, const char *dir)
{
	const struct report *r = &c->report;

	for (size_t t = 0; t < r->ntables && r->nkernels > 1; t++) {
		const struct report_table *tab = &r->tables[t];
		struct monitor_log base;
		struct monitor_run *bruns;
		size_t nb;

		monitor_log_read(dir, r->kernels[0], tab->load, &base);
		bruns = xcalloc(base.nruns + 1, sizeof(*bruns));
		nb = ok_runs(tab, 0, &base, bruns);
		for (size_t k = 1; k < r->nkernels && nb; k++) {
			const struct compare_row *how = main_row(c, tab, k);
			struct monitor_log new;
			struct monitor_run *nruns;
			size_t nn;

			if (!how || compare_has_verdict(how) == 0)
				continue;
			monitor_log_read(dir, r->kernels[k], tab->load, &new);
			nruns = xcalloc(new.nruns + 1, sizeof(*nruns));
			if ((nn = ok_runs(tab, k, &new, nruns)))
				symbols_add(c, tab->name, k, bruns, nb, nruns, nn, how->interleaved);
			free(nruns);
			monitor_log_release(&new);
		}
		free(bruns);
		monitor_log_release(&base);
	}
	symbols_decide(c);
}

/* c built from krs (which it does not own), calibrated by BASE's env */
static void build(struct compare *c, const char *dir, const struct kernel_results *krs, size_t n,
		  const struct compare_opts *o, int calibrate)
{
	struct compare_opts co = *o;
	char **said = NULL;

	if (calibrate)
		compare_opts_calibrate_said(&co, dir, krs[0].env, &said);
	compare_build(c, krs, n, &co);
	/* the calibration's warnings matter only where the drift does */
	for (size_t i = 0; said && said[i]; i++) {
		if (c->nseparate)
			warning("%s", said[i]);
		free(said[i]);
	}
	free(said);
	read_symbols(c, dir);
}

void compare_of_results(struct compare *c, const char *dir, const struct kernel_results *krs,
			size_t n, const struct compare_opts *o)
{
	build(c, dir, krs, n, o, 1);
}

struct sentences {
	char **s;
	size_t n;
};

static void add(struct sentences *list, char *sentence)
{
	list->s = xrealloc(list->s, (list->n + 2) * sizeof(*list->s));
	list->s[list->n++] = sentence;
	list->s[list->n] = NULL;
}

/* a different memory size shouts: it compares memory sizes as well as kernels */
static char *difference(const char *base, const char *new, const char *key,
			const struct env *env_base, const struct env *env_new)
{
	const char *vb = env_get(env_base, key), *vn = env_get(env_new, key);

	return !strcmp(key, ENV_KEY(memtotal)) ?
		xasprintf("MEMORY DIFFERS: '%s' had memtotal %s, '%s' had %s: this compares "
			  "memory sizes as well as kernels", new, vn, base, vb) :
		xasprintf("'%s' and '%s' were measured with different %s: '%s' against '%s'",
			  new, base, key, vn, vb);
}

/* kernels of different machines: the first thing a reader must know */
static char *across_machines(const char *base, const char *new, const struct machine *mb,
			     const struct machine *mn)
{
	char *lb = machine_label(mb), *ln = machine_label(mn);
	char *sentence = xasprintf("ACROSS MACHINES: '%s' ran on %s, '%s' on %s: this compares "
				   "machines as well as kernels", new, ln, base, lb);

	free(lb);
	free(ln);
	return sentence;
}

/* one of them under an emulated CPU: said first of its kind, and no verdict */
static char *across_emulation(const char *base, const char *new, const struct machine *mb,
			      const struct machine *mn)
{
	char *gb = machine_guest_text(mb), *gn = machine_guest_text(mn);
	char *sentence = xasprintf("NO VERDICT ACROSS ACCELERATORS: '%s' ran %s%s, '%s' %s%s: an "
				   "emulated CPU's times are the emulator's, so its rows are shown "
				   "but not judged", new, gn ? "in " : "on bare metal", gn ? gn : "",
				   base, gb ? "in " : "on bare metal", gb ? gb : "");

	free(gb);
	free(gn);
	return sentence;
}

static void no_env(struct sentences *list, const char *dir, const char *kernel)
{
	char *path = results_path(dir, kernel, "env");

	add(list, xasprintf("no env file for '%s' ('%s'): its environment cannot be "
			    "checked", kernel, path));
	free(path);
}

/* what kernel's env (NULL: none) says may confound its comparison with
 * BASE's; 1 when it ran under an emulated CPU and BASE not, or the other
 * way round (no verdict), else 0 */
static int confounds_of(struct sentences *list, const char *dir, const char *base,
			const struct env *env_base, const struct machine *mb,
			const char *kernel, const struct env *env)
{
	int across;

	struct machine new;
	char **keys = NULL;
	int candidates;

	if (!env) {
		no_env(list, dir, kernel);
		return 0;
	}
	/* two commits of one bisection's tree */
	candidates = env_record(env_base)->bisect_tree && env_record(env)->bisect_tree &&
		     !strcmp(env_record(env_base)->bisect_tree, env_record(env)->bisect_tree);
	machine_of(&new, env);
	if ((across = machine_across_emulation(mb, &new)))
		add(list, across_emulation(base, kernel, mb, &new));
	if (machine_differs(mb, &new))
		add(list, across_machines(base, kernel, mb, &new));
	if (env_differences(env_base, env, &keys) > 0)
		for (char **key = keys; *key; key++)
			/* across_machines said host; the knobs are what variants vary,
			 * the guest's image what a bisection's candidates vary */
			if (strcmp(*key, ENV_KEY(host)) && !env_key_from_knobs(env_base, env, *key) &&
			    !(candidates && !strcmp(*key, ENV_KEY(guest_image))))
				add(list, difference(base, kernel, *key, env_base, env));
	fingerprint_keys_free(keys);
	machine_release(&new);
	return across;
}

char **compare_confounds(const char *dir, char *const *kernels, struct env *const *envs,
			 size_t n)
{
	struct sentences list = { xcalloc(1, sizeof(char *)), 0 };
	struct machine base;

	if (!n)
		return list.s;
	if (!envs[0]) {
		no_env(&list, dir, kernels[0]);
		return list.s;
	}
	machine_of(&base, envs[0]);
	for (size_t k = 1; k < n; k++)
		(void)confounds_of(&list, dir, kernels[0], envs[0], &base, kernels[k], envs[k]);
	machine_release(&base);
	return list.s;
}

/*
 * compare_read_inputs' env hook, on the reader's threads: BASE's env
 * (read before the others) is kept; each other's confounds are said into
 * its own slot as it is read, and its env kept only for the mail: a lab
 * compares thousands of kernels with BASE, and their envs would not fit
 */
struct confounds_job {
	const char *dir;
	char *const *kernels;
	int keep;
	struct machine base;
	const struct env *env_base;
	struct sentences *per;		/* per kernel */
	unsigned char *across;		/* per kernel: compare_opts.no_verdict */
};

static void confounds_hook(struct kernel_results *kr, size_t i, struct env *e, void *data)
{
	struct confounds_job *job = data;

	if (i == 0) {
		job->env_base = kr->env = e;
		machine_of(&job->base, e);
		return;
	}
	if (job->env_base)
		job->across[i] = (unsigned char)confounds_of(&job->per[i], job->dir,
							     job->kernels[0], job->env_base,
							     &job->base, job->kernels[i], e);
	if (job->keep)
		kr->env = e;
	else
		env_free(e);
}

/* read kernels[0..n) (with hook) into a compare's results; 0, or -1 */
static int read_list(struct kernel_results **krs, const char *dir, char *const *kernels,
		     size_t n, const struct results_env_hook *hook)
{
	int *ok = xcalloc(n + 1, sizeof(*ok));
	int ret;

	*krs = xcalloc(n + 1, sizeof(**krs));
	ret = results_read_list(dir, kernels, n, *krs, ok, hook, 0);
	free(ok);
	if (ret < 0) {	/* one that cannot be read (said) leaves nothing to compare */
		results_release_all(*krs, n);
		return -1;
	}
	return 0;
}

int compare_read(struct compare *c, const char *dir, char *const *kernels, size_t n,
		 const struct compare_opts *o)
{
	struct kernel_results *krs;

	if (read_list(&krs, dir, kernels, n, NULL) < 0)
		return -1;
	build(c, dir, krs, n, o, 0);
	c->report.results = krs;	/* its rows point into them */
	c->report.nresults = n;
	return 0;
}

int compare_read_inputs(struct compare *c, const char *dir, char *const *kernels, size_t n,
			const struct compare_opts *o, int keep_envs, char ***confounds)
{
	struct confounds_job job = { dir, kernels, keep_envs, { 0 }, NULL,
				     xcalloc(n + 1, sizeof(*job.per)), xcalloc(n + 1, 1) };
	struct compare_opts co = *o;
	struct results_env_hook hook = { confounds_hook, &job };
	struct sentences list = { xcalloc(1, sizeof(char *)), 0 };
	struct kernel_results *krs;
	int ret = read_list(&krs, dir, kernels, n, &hook);

	if (!ret && !job.env_base)
		no_env(&list, dir, kernels[0]);
	for (size_t k = 1; k < n; k++) {	/* in the kernels' order */
		for (size_t i = 0; i < job.per[k].n; i++)
			add(&list, job.per[k].s[i]);
		free(job.per[k].s);
	}
	free(job.per);
	machine_release(&job.base);
	if (ret < 0) {
		compare_confounds_free(list.s);
		free(job.across);
		return -1;
	}
	co.no_verdict = job.across;
	build(c, dir, krs, n, &co, 1);
	c->opts.no_verdict = NULL;	/* freed here: only building reads it */
	free(job.across);
	c->report.results = krs;
	c->report.nresults = n;
	*confounds = list.s;
	return 0;
}

unsigned char *compare_no_verdict(struct env *const *envs, size_t n)
{
	unsigned char *across = xcalloc(n + 1, 1);
	struct machine *ms = machines_of_envs(envs, n);

	for (size_t k = 1; k < n; k++)
		across[k] = (unsigned char)machine_across_emulation(&ms[0], &ms[k]);
	machine_release_all(ms, n);
	return across;
}

void compare_confounds_free(char **sentences)
{
	for (char **s = sentences; s && *s; s++)
		free(*s);
	free(sentences);
}

/* show.c - what two commands print: report's tables and compare's
 * comparison, read through results/ and written by output/ */
#include "show/show.h"
#include "output/compare-mail.h"
#include "output/compare-write.h"
#include "output/lkp-mail.h"
#include "output/report-write.h"
#include "results/calibration.h"
#include "results/store.h"
#include "results/symbols.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

int report_print_kernels(const char *dir, const char *const *kernels, size_t n,
			 const struct report_opts *opts, FILE *out)
{
	unsigned needs = report_write_needs(opts);
	struct report r;
	int ret = report_collect(dir, kernels, n, opts, needs, &r);

	if (ret < 0)
		return -1;
	if (report_read_inputs(&r, dir, needs) < 0 || report_write(&r, opts, out) < 0)
		ret = -1;
	report_inputs_release(&r);
	report_release(&r);
	return ret ? -1 : 0;
}

void compare_args_init(struct compare_args *a, const char *dir)
{
	memset(a, 0, sizeof(*a));
	a->dir = dir;
	a->format = COMPARE_TEXT;
	a->fail_above = NAN;
	compare_opts_init(&a->o);
}

/* on stderr, whatever the format: a mail carries them in its body too */
static void warn_confounds(char **confounds)
{
	for (char **s = confounds; *s; s++)
		warning("%s", *s);
}

/* the mail's machine paragraph from the env files compare_read_inputs kept */
static int write_mail(const struct compare *c, const struct compare_args *a, char **confounds)
{
	size_t n = c->report.nresults;
	struct env **envs = xcalloc(n + 1, sizeof(*envs));
	int ret;

	for (size_t k = 0; k < n; k++)
		envs[k] = c->report.results[k].env;
	ret = compare_write_mail(c, envs, confounds, a->from, a->to, stdout);
	free(envs);
	return ret;
}

/* the lkp mail of two kernels, from the env files compare_read_inputs kept */
static int write_lkp(const struct compare *c, const struct lkp_args *a, char **confounds,
		     FILE *out)
{
	struct env *envs[2] = { c->report.results[0].env, c->report.results[1].env };
	struct lkp_mail m = { a->commit, a->subject, a->load, a->metric, a->dir, a->from, a->to,
			      a->found };

	return compare_write_lkp(c, envs, confounds, &m, out);
}

static int write_compare(const struct compare *c, const struct compare_args *a, char **confounds)
{
	struct lkp_args lkp = { .dir = a->dir, .load = a->load, .metric = a->metric,
				.from = a->from, .to = a->to };

	switch (a->format) {
	case COMPARE_LKP:
		return write_lkp(c, &lkp, confounds, stdout);
	case COMPARE_MAIL:
		return write_mail(c, a, confounds);
	case COMPARE_CSV:
		return compare_write_csv(c, stdout);
	case COMPARE_JSON:
		return compare_write_json(c, stdout);
	case COMPARE_TEXT:
		break;
	}
	return compare_write_text(c, stdout);
}

int compare_print(const struct compare_args *a, char **kernels, int n)
{
	struct compare c;
	char **confounds;
	int status = 0;

	/* each runs.tsv and env file read once, by the reader's threads;
	 * every env kept only for the mail's machine paragraph */
	if (compare_read_inputs(&c, a->dir, kernels, (size_t)n, &a->o,
				a->format == COMPARE_MAIL || a->format == COMPARE_LKP,
				&confounds) < 0)
		return EXIT_RUN_FAILED;
	warn_confounds(confounds);
	if (write_compare(&c, a, confounds) < 0)
		status = EXIT_RUN_FAILED;
	else if (!isnan(a->fail_above) && compare_failures(&c, a->fail_above, stderr) > 0)
		status = EXIT_REGRESSION;
	compare_confounds_free(confounds);
	compare_release(&c);
	return status;
}

int compare_show(const char *dir, char **kernels, int n, double alpha, double margin,
		 size_t look, size_t looks)
{
	struct compare_args a;

	compare_args_init(&a, dir);
	a.o.look = look;
	a.o.looks = looks;
	if (alpha > 0)
		a.o.alpha = alpha;
	if (margin > 0)
		a.o.margin_pct = margin;
	return compare_print(&a, kernels, n) == EXIT_RUN_FAILED ? -1 : 0;
}

int show_pair_read(struct show_pair *p, const char *dir, const char *base, const char *head,
		   const struct compare_opts *o)
{
	char *kernels[] = { (char *)base, (char *)head };
	struct compare_opts d;

	if (!o) {
		compare_opts_init(&d);
		o = &d;
	}
	return compare_read_inputs(&p->c, dir, kernels, 2, o, 1, &p->confounds) < 0 ? -1 : 0;
}

char *show_pair_slower(const struct show_pair *p, const char *load)
{
	return symbols_slower_text(&p->c, load, 1);
}

int show_pair_lkp(const struct show_pair *p, const struct lkp_args *a, FILE *out)
{
	warn_confounds(p->confounds);
	return write_lkp(&p->c, a, p->confounds, out) < 0 ? EXIT_RUN_FAILED : 0;
}

void show_pair_release(struct show_pair *p)
{
	compare_confounds_free(p->confounds);
	compare_release(&p->c);
}

int show_lkp(const struct lkp_args *a, FILE *out)
{
	struct show_pair p;
	int status;

	if (show_pair_read(&p, a->dir, a->base, a->head, a->o) < 0)
		return EXIT_RUN_FAILED;
	status = show_pair_lkp(&p, a, out);
	show_pair_release(&p);
	return status;
}

/* a session's last line: the runs.tsv files its rows went to, after the
 * tables on stdout (one for `run`, one per guest kernel for --boot) */
void show_where(const char *dir, const char *const *kernels, size_t n)
{
	char *line = xstrdup(""), *next;

	for (size_t i = 0; i < n; i++) {
		char *runs = results_path(dir, kernels[i], RUNS_FILE);

		if (access(runs, F_OK) == 0) {
			next = xasprintf("%s%s%s", line, *line ? ", " : "", runs);
			free(line);
			line = next;
		}
		free(runs);
	}
	if (*line) {
		fflush(stdout);
		info("results in %s", line);
	}
	free(line);
}

int show_ran(const char *dir, const char *const *names, size_t n, const struct show_ran *how,
	     int status)
{
	struct report_opts opts;

	report_opts_init(&opts);
	if (how->tables && report_print_kernels(dir, names, n, &opts, stdout) < 0)
		status = exit_failed(status);
	else if (how->tables && n > 1 && compare_show(dir, (char **)names, (int)n, how->alpha,
						      how->margin, how->look, how->looks) < 0)
		status = exit_failed(status);
	if (how->where)
		show_where(dir, names, n);
	return status;
}

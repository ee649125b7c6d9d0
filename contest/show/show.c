/* show.c - what two commands print: report's tables and compare's
 * comparison, read through results/ and written by output/ */
#include "show/show.h"
#include "output/compare-mail.h"
#include "output/compare-write.h"
#include "output/report-write.h"
#include "results/calibration.h"
#include "lib/util.h"

#include <math.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

int report_print_kernels(const char *dir, const char *const *kernels, size_t n,
			 const struct report_opts *opts, FILE *out)
{
	struct report r;
	int ret = report_collect(dir, kernels, n, opts, &r);

	if (ret < 0)
		return -1;
	if (report_read_inputs(&r, dir, opts) < 0 || report_write(&r, opts, out) < 0)
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

static int write_mail(const struct compare *c, const struct compare_args *a, char **kernels,
		      int n, char **confounds)
{
	char **envs = results_read_envs(a->dir, kernels, (size_t)n);
	int ret = compare_write_mail(c, envs, confounds, a->from, a->to, stdout);

	results_envs_free(envs, (size_t)n);
	return ret;
}

static int write_compare(const struct compare *c, const struct compare_args *a, char **kernels,
			 int n, char **confounds)
{
	switch (a->format) {
	case COMPARE_MAIL:
		return write_mail(c, a, kernels, n, confounds);
	case COMPARE_CSV:
		return compare_write_csv(c, stdout);
	case COMPARE_JSON:
		return compare_write_json(c, stdout);
	case COMPARE_TEXT:
		break;
	}
	return compare_write_text(c, stdout);
}

/* compare_confounds on a thread of its own: it reads only env files */
struct confounds_job {
	const char *dir;
	char *const *kernels;
	size_t n;
	char **out;
};

static void *confounds_thread(void *data)
{
	struct confounds_job *job = data;

	job->out = compare_confounds(job->dir, job->kernels, job->n);
	return NULL;
}

int compare_print(const struct compare_args *a, char **kernels, int n)
{
	struct compare_opts o = a->o;
	struct compare c;
	char **confounds, *base_env = results_read_env(a->dir, kernels[0]);
	struct confounds_job job = { a->dir, kernels, (size_t)n, NULL };
	pthread_t thread;
	int status = 0, threaded;

	compare_opts_calibrate(&o, a->dir, base_env);
	free(base_env);
	/* the env files are read beside the runs: a lab's thousands of
	 * each take a second core where there is one */
	threaded = pthread_create(&thread, NULL, confounds_thread, &job) == 0;
	status = compare_read(&c, a->dir, kernels, (size_t)n, &o) < 0 ? EXIT_RUN_FAILED : 0;
	if (threaded)
		pthread_join(thread, NULL);
	else
		confounds_thread(&job);
	confounds = job.out;
	if (status) {
		compare_confounds_free(confounds);
		return status;
	}
	warn_confounds(confounds);
	if (write_compare(&c, a, kernels, n, confounds) < 0)
		status = EXIT_RUN_FAILED;
	else if (!isnan(a->fail_above) && compare_failures(&c, a->fail_above, stderr) > 0)
		status = EXIT_REGRESSION;
	compare_confounds_free(confounds);
	compare_release(&c);
	return status;
}

int compare_show(const char *dir, char **kernels, int n)
{
	struct compare_args a;

	compare_args_init(&a, dir);
	return compare_print(&a, kernels, n) == EXIT_RUN_FAILED ? -1 : 0;
}

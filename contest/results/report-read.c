/* report-read.c - what a report prints besides the tables, see report.h
 *
 * The writers read no files, and this reader knows no writer: each
 * declares what it needs (enum report_need), and that is read here, from
 * what report_collect() read where it can (the env files, the runs
 * compare's verdicts are built from), so that each file is read once.
 */
#include "results/report.h"
#include "results/compare.h"
#include "results/machine.h"
#include "results/monitor-logs.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int report_read_inputs(struct report *r, const char *dir, unsigned needs)
{
	struct compare_opts co;

	if (needs & REPORT_NEED_MONITORS) {
		r->monitors = xcalloc(1, sizeof(*r->monitors));
		monitor_logs_read(r->monitors, dir, r);
	}
	if (needs & REPORT_NEED_MACHINES)
		r->machines = results_read_machines(dir, r->kernels, r->nkernels);
	if (needs & (REPORT_NEED_ENVS | REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS)) {
		/* report_collect kept them, in the kernels' order */
		r->envs = xcalloc(r->nkernels + 1, sizeof(*r->envs));
		for (size_t k = 0; k < r->nkernels && k < r->nresults; k++)
			r->envs[k] = r->results[k].env;
	}
	if (!(needs & (REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS)) || r->nkernels < 2)
		return 0;
	if (needs & REPORT_NEED_COMPARE) {
		unsigned char *across = compare_no_verdict(r->envs, r->nkernels);

		compare_opts_init(&co);
		co.no_verdict = across;
		r->compare = xcalloc(1, sizeof(*r->compare));
		compare_of_results(r->compare, dir, r->results, r->nresults, &co);
		r->compare->opts.no_verdict = NULL;	/* only building reads it */
		free(across);
	}
	if (needs & REPORT_NEED_CONFOUNDS)
		r->confounds = compare_confounds(dir, r->kernels, r->envs, r->nkernels);
	return 0;
}

void report_inputs_release(struct report *r)
{
	free(r->envs);	/* their envs are r->results' */
	r->envs = NULL;
	machine_release_all(r->machines, r->nkernels);
	r->machines = NULL;
	if (r->compare)
		compare_release(r->compare);
	free(r->compare);
	r->compare = NULL;
	compare_confounds_free(r->confounds);
	r->confounds = NULL;
	if (r->monitors)
		monitor_logs_release(r->monitors);
	free(r->monitors);
	r->monitors = NULL;
}

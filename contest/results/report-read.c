/* report-read.c - what a report prints besides the tables, see report.h
 *
 * The writers read no files: what the mail and the page say of the
 * machine is read here, before they run.
 */
#include "results/report.h"
#include "results/compare.h"
#include "results/calibration.h"
#include "results/machine.h"
#include "results/monitor-logs.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int report_read_inputs(struct report *r, const char *dir, const struct report_opts *opts)
{
	struct compare_opts co;

	/* the swap and profile blocks of --stats, the mail and the page */
	if (opts->stats || opts->format == REPORT_MAIL || opts->format == REPORT_HTML) {
		r->monitors = xcalloc(1, sizeof(*r->monitors));
		monitor_logs_read(r->monitors, dir, r);
	}
	if (opts->format == REPORT_TEXT) {	/* the machines, a few lines of each env */
		r->machines = results_read_machines(dir, r->kernels, r->nkernels);
		return 0;
	}
	if (opts->format != REPORT_MAIL && opts->format != REPORT_HTML &&
	    opts->format != REPORT_KCIDB)
		return 0;
	r->envs = results_read_envs(dir, r->kernels, r->nkernels);
	if (opts->format == REPORT_KCIDB)
		return 0;	/* the machines, nothing compared */
	if (r->nkernels < 2)
		return 0;
	compare_opts_init(&co);
	compare_opts_calibrate(&co, dir, r->envs[0]);
	r->compare = xcalloc(1, sizeof(*r->compare));
	if (compare_read(r->compare, dir, r->kernels, r->nkernels, &co) < 0) {
		free(r->compare);
		r->compare = NULL;
		return -1;
	}
	if (opts->format == REPORT_MAIL)
		r->confounds = compare_confounds(dir, r->kernels, r->nkernels);
	return 0;
}

void report_inputs_release(struct report *r)
{
	results_envs_free(r->envs, r->nkernels);
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

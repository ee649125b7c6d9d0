/* t-report-read.c - what a report reads besides its tables (results/report-read.c):
 * each input only when a writer's needs ask for it, compare's with no verdict across
 * accelerators */
#include "results/report.h"
#include "results/compare.h"
#include "results/machine.h"
#include "record/env.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>

#define HOST "host: box\ncpu_model: Box 9000\ncpus: 2\nmemtotal: 1000000000\n"

static int write_kernels(void)
{
	static const double fast[] = { 100, 101, 102, 100, 101, 102 };
	static const double slow[] = { 120, 121, 122, 120, 121, 122 };

	return put_runs_at("r/a", "noload", fast, 6, "2026-01-01", 0) |
	       put_runs_at("r/b", "noload", slow, 6, "2026-01-01", 1) |
	       put_runs_at("r/c", "noload", slow, 6, "2026-01-01", 2) |
	       put_file("r/a/env", HOST "governor: performance\n") |
	       put_file("r/b/env", HOST "governor: powersave\n") |
	       put_file("r/c/env", HOST "guest: qemu-tcg\n");
}

/* report_collect of kernels[0..n) then report_read_inputs with needs; 0, or -1 (said) */
static int read_report(struct report *r, const char *dir, const char *const *kernels, size_t n,
		unsigned needs)
{
	struct report_opts o;

	report_opts_init(&o);
	if (report_collect(dir, kernels, n, &o, needs, r) != 0) {
		setup_failed("report_collect of %s", dir);
		return -1;
	}
	return report_read_inputs(r, dir, needs);
}

static void done(struct report *r)
{
	report_inputs_release(r);
	ok(!r->envs && !r->machines && !r->compare && !r->confounds && !r->monitors,
	   "released, nothing is left");
	report_release(r);
}

/* the main row of kernel in r's compare, NULL when none */
static const struct compare_row *row_of(const struct report *r, const char *kernel)
{
	for (size_t i = 0; r->compare && i < r->compare->nrows; i++)
		if (!strcmp(r->compare->rows[i].kernel, kernel) && r->compare->rows[i].main)
			return &r->compare->rows[i];
	return NULL;
}

static void needs(const char *dir)
{
	static const char *const ab[] = { "a", "b" }, *const ac[] = { "a", "c" };
	static const char *const one[] = { "a" };
	struct report r;
	const struct compare_row *row;

	if (read_report(&r, dir, ab, 2, 0) < 0)
		return;
	ok(!r.envs && !r.machines && !r.compare && !r.confounds && !r.monitors,
	   "a writer that needs nothing more gets nothing more");
	done(&r);

	if (read_report(&r, dir, ab, 2, REPORT_NEED_ENVS | REPORT_NEED_MACHINES) < 0)
		return;
	ok(r.envs && r.envs[0] == r.results[0].env && r.envs[1] == r.results[1].env &&
	   r.envs[1] && !strcmp(env_record(r.envs[1])->governor, "powersave"),
	   "envs: those report_collect kept, in the kernels' order");
	ok(r.machines && r.machines[0].known && !strcmp(r.machines[1].cpu_model, "Box 9000"),
	   "machines: each kernel's, from its env");
	ok(!r.compare && !r.confounds, "but no comparison unasked");
	done(&r);

	if (read_report(&r, dir, ab, 2, REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS) < 0)
		return;
	row = row_of(&r, "b");
	ok(r.compare && row && compare_has_verdict(row) && row->verdict.kind == VERDICT_WORSE,
	   "compare: b's verdict against a");
	ok(r.confounds && r.confounds[0] && strstr(r.confounds[0], "different governor") &&
	   !r.confounds[1], "confounds: what the env files say");
	done(&r);

	if (read_report(&r, dir, ac, 2, REPORT_NEED_COMPARE) < 0)
		return;
	row = row_of(&r, "c");
	ok(row && !compare_has_verdict(row), "no verdict for a kernel under an emulated CPU");
	done(&r);

	if (read_report(&r, dir, one, 1, REPORT_NEED_COMPARE | REPORT_NEED_CONFOUNDS) < 0)
		return;
	ok(r.envs && r.envs[0] && !r.compare && !r.confounds, "one kernel: nothing to compare");
	done(&r);
}

int main(void)
{
	char *dir;

	if (!(dir = scratch_results(write_kernels)))
		return tap_done();
	needs(dir);
	free(dir);
	scratch_remove();
	return tap_done();
}

/* t-summary.c - a results folder's runs summed up (results/summary.c): which rows
 * count, the not-ok tally, run numbers, dates, notes, which folders are kernels */
#include "results/summary.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>
#include <math.h>

static const char runs_a[] =
	"load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\ttimestamp\tdisturbed\n"
	"noload\t1\t10\t90\t0\t0\tok\t2026-01-02T10:00:00Z\t\n"
	"noload\t2\t12\t90\t0\t0\tok\t2026-01-02T10:05:00.5Z\tothers 48%\n"
	"noload\t3\t99\t90\t0\t0\toom\t2026-01-02T10:10:00Z\t\n"
	"noload\t4\t99\t90\t0\t0\taborted\t2026-01-02T10:15:00Z\t\n"
	"noload\t4\t99\t90\t0\t0\tload-failed\t2026-01-02T10:20:00Z\t\n"
	"noload\t5\t99\t90\t0\t0\toom\tnot a date\t\n"
	"io_load\t7\t20\t80\t3\t10\taborted\t2026-01-01T09:00:00+00:00\t\n";

/* the summaries of one row set, as kernel_results_add sums them */
static void summed(void)
{
	struct kernel_results kr;
	const struct load_summary *no, *io;

	memset(&kr, 0, sizeof(kr));
	if (put_file("a/runs.tsv", runs_a) < 0 || results_read_kernel(scratch, "a", &kr) < 0) {
		setup_failed("cannot write or read %s/a/runs.tsv", scratch);
		return;
	}
	no = kernel_results_load(&kr, "noload");
	io = kernel_results_load(&kr, "io_load");
	ok(kr.nloads == 2 && no && io && !kernel_results_load(&kr, "mem_load"),
	   "a summary per load, none for a load without rows");
	ok(no && no->time.n == 2 && fabs(running_stats_mean(&no->time) - 11) < 1e-9,
	   "only ok runs count in Time's mean");
	ok(no && no->n_not_ok == 4 && no->n_not_ok_kinds == 3, "not-ok runs tallied by status");
	ok(no && !strcmp(no->not_ok[0].status, "aborted") && !strcmp(no->not_ok[1].status,
	   "load-failed") && !strcmp(no->not_ok[2].status, "oom") && no->not_ok[2].n == 2,
	   "statuses kept sorted by name, each with its count");
	ok(no && no->highest_run == 5, "the highest run number of any status");
	ok(io && io->highest_run == 7, "an aborted run keeps its number");
	ok(no && no->nruns == 2 && no->runs[1].run == 2 && run_value(no, 1, 0) == 12,
	   "the ok runs' values kept in file order");
	ok(no && fabs(no->last_ok - no->first_ok - 300.5) < 1e-6,
	   "first and last ok run from their timestamps, a fraction of a second kept");
	ok(kr.dated && fabs(kr.first_seen - 1767258000.0) < 1e-6,
	   "first_seen: the earliest stamp of any row, +00:00 read as Z");
	ok(no && no->notes[NOTE_DISTURBED].n == 1 &&
	   !strcmp(no->notes[NOTE_DISTURBED].text, "run 2 others 48%") &&
	   !no->notes[NOTE_UNLOADED].n, "a disturbed run noted with its number and why");
	kernel_results_release(&kr);
}

/* a note list cut with "..." when long, the count still whole */
static void long_notes(void)
{
	struct kernel_results kr;
	struct run_row row;
	const struct load_summary *ls;

	memset(&kr, 0, sizeof(kr));
	memset(&row, 0, sizeof(row));
	snprintf(row.load, sizeof(row.load), "noload");
	snprintf(row.status, sizeof(row.status), "ok");
	row.steal_s = row.others_cpu_s = row.pgmajfault = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(row.psi_us); i++)
		row.psi_us[i] = NAN;
	for (size_t i = 0; i < LAT_NCOL; i++)
		row.interactive[i] = NAN;
	for (size_t i = 0; i < COUNTS; i++)
		row.counts[i] = NAN;
	for (size_t i = 0; i < EXTRAS; i++)
		row.extra[i] = NAN;
	snprintf(row.disturbed, sizeof(row.disturbed), "steal 12%% and others 40%% at once");
	for (int run = 1; run <= 20; run++) {
		row.run = run;
		row.time_s = run;
		kernel_results_add(&row, &kr);
	}
	ls = kernel_results_load(&kr, "noload");
	ok(ls && ls->notes[NOTE_DISTURBED].n == 20, "every disturbed run counted");
	ok(ls && strlen(ls->notes[NOTE_DISTURBED].text) < RUN_NOTE_TEXT &&
	   !strcmp(ls->notes[NOTE_DISTURBED].text + strlen(ls->notes[NOTE_DISTURBED].text) - 3,
		   "..."), "a list that fills the room to 2 bytes short is cut with \"...\" too");
	ok(!kr.dated, "rows without a timestamp leave the kernel undated");
	kernel_results_release(&kr);
}

static void next_run(void)
{
	char *a = xasprintf("%s/a", scratch), *none = xasprintf("%s/none", scratch);

	ok(results_next_run(a, "noload") == 6, "the next run: one above the highest");
	ok(results_next_run(a, "io_load") == 8,
	   "an aborted run's number is not taken again: the run redoing it takes the next");
	ok(results_next_run(a, "mem_load") == 1, "1 for a load without runs");
	ok(results_next_run(none, "noload") == 1, "1 where there is no runs.tsv");
	ok(results_next_run(a, NULL) == 8, "no load named: one above the highest of any (io_load's 7)");
	{
		char *b = xasprintf("%s/b", scratch), *d = xasprintf("%s/d", scratch);
		char *folder = xasprintf("%s/runs.tsv", d);
		const char *ab[] = { a, b }, *nb[] = { none, b }, *bad[] = { b, a, d };

		if (put_file("b/runs.tsv", "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"
				     "noload\t9\t1\t90\t0\t0\tok\n") < 0 ||
		    mkdir_p(folder, 0755) < 0)
			setup_failed("cannot write %s/b/runs.tsv or make %s", scratch, folder);
		ok(results_round_run(ab, 2) == 10 && results_round_run(ab + 1, 1) == 10,
		   "a round's number: one above the highest any kernel has (b's 9)");
		ok(results_round_run(nb, 1) == 1, "1 for kernels without runs");
		ok(results_round_run(nb, 2) == 10, "a kernel without runs takes the others' number");
		ok(results_round_run(bad, 3) < 0, "-1 where a runs.tsv cannot be read (a folder)");
		rm_rf(d);
		free(folder);
		free(d);
		free(b);
	}
	free(a);
	free(none);
}

/* which folders are kernels, in which order, and a kernel named on a command line */
static void folders(void)
{
	static const double t[] = { 10, 11 };
	struct kernel_results *krs = NULL;
	size_t n = 0;
	int ret;

	if (put_runs("b", "noload", t, 2, "2025-12-31") < 0 ||
	    put_runs(".calibration/x", "noload", t, 2, "2025-12-30") < 0 ||
	    put_runs(".hidden", "noload", t, 2, "2025-12-30") < 0 ||
	    put_file("empty/README", "no runs here\n") < 0) {
		setup_failed("cannot write the kernel folders in %s", scratch);
		return;
	}
	ret = results_read_all(scratch, &krs, &n);
	ok(ret == 0 && n == 2, "folders with a runs.tsv are kernels; '.' ones and others not");
	ok(n == 2 && !strcmp(krs[0].name, "b") && !strcmp(krs[1].name, "a"),
	   "kernels oldest first, by their earliest run");
	results_release_all(krs, n);

	ok(results_check_kernel(scratch, "a") == 0, "a kernel with results is taken");
	ok(results_check_kernel(scratch, "empty") < 0, "a folder without runs.tsv is refused");
	ok(results_check_kernel(scratch, "../a") < 0, "a name that is a path is refused");

	if (put_file("c/runs.tsv/x", "") < 0) {
		setup_failed("cannot make %s/c/runs.tsv a folder", scratch);
		return;
	}
	ret = results_read_all(scratch, &krs, &n);
	ok(ret < 0 && n == 2, "a runs.tsv that is no file is an error; the others are still read");
	results_release_all(krs, n);
}

int main(void)
{
	if (scratch_make() < 0) {
		setup_failed("mkdtemp: %s", strerror(errno));
		return tap_done();
	}
	summed();
	long_notes();
	next_run();
	folders();
	scratch_remove();
	return tap_done();
}

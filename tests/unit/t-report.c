/* t-report.c - aggregation and the text tables: layout, rounding, ratio modes */
#include "output/report-write.h"
#include "show/show.h"
#include "output/report-env.h"
#include "record/env.h"
#include "lib/util.h"
#include "tap.h"
#include <jansson.h>

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/t-report.XXXXXX";

/* ---- building results in memory ---- */

enum { MAX_ROWS = 32 };

/* a kernel's rows as a test writes them (and may change); tally sums them up */
struct kernel {
	char *name;
	struct run_row rows[MAX_ROWS];
	size_t nrows;
};

static void kernel_init(struct kernel *k, const char *name)
{
	memset(k, 0, sizeof(*k));
	k->name = xstrdup(name);
}

/* k's rows summed up by the reader's kernel_results_add, as report_build gets them */
static void tally(const struct kernel *k, struct kernel_results *kr)
{
	memset(kr, 0, sizeof(*kr));
	kr->name = xstrdup(k->name);
	for (size_t i = 0; i < k->nrows; i++)
		kernel_results_add(&k->rows[i], kr);
}

static void run(struct kernel *k, const char *load, double time_s, double cpu, double loads,
		double lcpu, const char *status)
{
	struct run_row *r = &k->rows[k->nrows++];

	memset(r, 0, sizeof(*r));
	snprintf(r->load, sizeof(r->load), "%s", load);
	r->run = (int)k->nrows;
	r->time_s = time_s;
	r->cpu_pct = cpu;
	r->loads = loads;
	r->lcpu_pct = lcpu;
	for (size_t p = 0; p < ARRAY_SIZE(r->psi_us); p++)
		r->psi_us[p] = NAN;	/* as the reader leaves a row without PSI */
	for (size_t i = 0; i < LAT_NCOL; i++)
		r->interactive[i] = NAN;	/* a compile's row */
	for (size_t i = 0; i < EXTRAS; i++)
		r->extra[i] = NAN;	/* as the reader leaves a row without them */
	snprintf(r->status, sizeof(r->status), "%s", status);
}

static void kernel_free(struct kernel *k)
{
	free(k->name);
}

/* ---- rendering, with stderr captured ---- */

static char *captured_err;

static char *render(struct kernel *ks, size_t n, const struct kernel *ref,
		    const struct report_opts *opts)
{
	struct kernel_results krs[8], ref_kr;
	char *log = xasprintf("%s/stderr", tmpdir), *out = NULL;
	struct report r;
	size_t i, len;
	FILE *f;
	int saved, fd;

	for (i = 0; i < n; i++)
		tally(&ks[i], &krs[i]);
	if (ref)
		tally(ref, &ref_kr);
	fflush(stderr);
	saved = dup(2);
	fd = open(log, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2);
	close(fd);
	if (report_build(&r, krs, n, ref ? &ref_kr : NULL, opts) == 0) {
		f = open_memstream(&out, &len);
		report_write(&r, opts, f);
		fclose(f);
		report_release(&r);
	}
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	free(captured_err);
	captured_err = read_text_file(log, NULL);
	free(log);
	for (i = 0; i < n; i++)
		kernel_results_release(&krs[i]);
	if (ref)
		kernel_results_release(&ref_kr);
	return out;
}

static int count(const char *haystack, const char *needle)
{
	int n = 0;

	while (haystack && (haystack = strstr(haystack, needle))) {
		n++;
		haystack += strlen(needle);
	}
	return n;
}

/* ---- layout ---- */

static void test_first_width(void)
{
	ok(report_first_width(13) == 24, "the header alone: 24");
	ok(report_first_width(22) == 24, "22 + 2 still fits 24");
	ok(report_first_width(23) == 32, "a 23-character NAME [runs] widens to 32");
	ok(report_first_width(30) == 32, "30 + 2 is 32");
	ok(report_first_width(31) == 40, "31 + 2 rounds up to 40");
}

static void test_tab_line(void)
{
	const char *row[] = { "2.4.18 [3]", "474.1", "15", "36", "10", "6.64" };
	const char *wide[] = { "k [1]", "12345678", "1", "1142.2", "6", "16.00" };
	const char *seven[] = { "k [1]", "1234567", "1" };
	const char *long_first[] = { "a-very-long-kernel-name-x [1]", "1.0" };
	const char *empty_last[] = { "k [1]", "1.0", "" };
	char *s;

	s = report_tab_line(row, 6, 24);
	is_str(s, "2.4.18 [3]              474.1   15      36      10      6.64", "the published 2.4.18 io_load row");
	free(s);
	s = report_tab_line(wide, 6, 24);
	is_str(s, "k [1]                   12345678        1       1142.2  6       16.00",
	       "an 8-character value runs on to the next tab stop");
	free(s);
	s = report_tab_line(seven, 3, 24);
	is_str(s, "k [1]                   1234567 1", "7 characters still leave one blank");
	free(s);
	s = report_tab_line(long_first, 2, 32);
	is_str(s, "a-very-long-kernel-name-x [1]   1.0", "the first column at 32");
	free(s);
	s = report_tab_line(long_first, 2, 24);
	is_str(s, "a-very-long-kernel-name-x [1]   1.0", "a first cell past its width moves to the next stop");
	free(s);
	s = report_tab_line(empty_last, 3, 24);
	is_str(s, "k [1]                   1.0", "no trailing blanks");
	free(s);
}

/* ---- whole tables ---- */

/* A: noload 72 s, io_load 144 s; B: noload 80 s, io_load 160 s */
static void two_kernels(struct kernel *k)
{
	kernel_init(&k[0], "A");
	run(&k[0], "io_load", 143.0, 15, 36, 10, "ok");
	run(&k[0], "noload", 71.5, 93, 0, 0, "ok");
	run(&k[0], "noload", 72.5, 94.4, 0, 0, "ok");
	run(&k[0], "io_load", 145.0, 16.4, 36.6, 10.4, "ok");
	kernel_init(&k[1], "B");
	run(&k[1], "noload", 80.0, 90, 0, 0, "ok");
	run(&k[1], "io_load", 160.0, 30, 20, 12, "ok");
}

static void test_table_text(void)
{
	struct kernel k[2];
	struct report_opts opts;
	char *out;

	two_kernels(k);
	report_opts_init(&opts);
	out = render(k, 2, NULL, &opts);
	is_str(out,
	       "noload:\n"
	       "\n"
	       "Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n"
	       "A [2]                   72.0    94      0       0       1.00\n"
	       "B [1]                   80.0    90      0       0       1.11\n"
	       "\n"
	       "io_load:\n"
	       "\n"
	       "Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n"
	       "A [2]                   144.0   16      36      10      2.00\n"
	       "B [1]                   160.0   30      20      12      2.22\n"
	       "\n"
	       "Ratio: Time over the noload Time of A (72.0 s); --ratio self gives each\n"
	       "kernel's own slowdown, which compare tests.\n"
	       "\n",
	       "two kernels, two loads, reference the first kernel, said under the tables");
	is_str(captured_err, "", "nothing on stderr when all runs are ok");
	free(out);
	opts.format = REPORT_CLASSIC;
	out = render(k, 2, NULL, &opts);
	ok(out && !strncmp(out, "noload:\nKernel [runs]", 21) && count(out, ":\n\n") == 0,
	   "classic: no blank line after LOAD:");
	free(out);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_long_name(void)
{
	struct kernel k[2];
	struct report_opts opts;
	char *out;

	kernel_init(&k[0], "2.5.47-mm3-verylong");	/* "2.5.47-mm3-verylong [3]": 23 */
	run(&k[0], "noload", 70.0, 93, 0, 0, "ok");
	run(&k[0], "noload", 70.0, 93, 0, 0, "ok");
	run(&k[0], "noload", 70.0, 93, 0, 0, "ok");
	kernel_init(&k[1], "2.4.18");
	run(&k[1], "noload", 71.4, 93, 0, 0, "ok");
	report_opts_init(&opts);
	out = render(k, 2, NULL, &opts);
	is_str(out,
	       "noload:\n"
	       "\n"
	       "Kernel [runs]                   Time    CPU%    Loads   LCPU%   Ratio\n"
	       "2.5.47-mm3-verylong [3]         70.0    93      0       0       1.00\n"
	       "2.4.18 [1]                      71.4    93      0       0       1.02\n"
	       "\n"
	       "Ratio: Time over the noload Time of 2.5.47-mm3-verylong (70.0 s);\n"
	       "--ratio self gives each kernel's own slowdown, which compare tests.\n"
	       "\n",
	       "a 23-character label makes the first column 32 wide");
	free(out);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_rounding(void)
{
	struct kernel k;
	struct report_opts opts;
	char *out;

	kernel_init(&k, "r");
	/* means: time 100.07, cpu 14.8, loads 35.6, lcpu 9.4; ratio 100.07/60 = 1.66783 */
	run(&k, "noload", 100.04, 14.6, 35.2, 9.1, "ok");
	run(&k, "noload", 100.10, 15.0, 36.0, 9.7, "ok");
	report_opts_init(&opts);
	opts.reference_time = 60;
	out = render(&k, 1, NULL, &opts);
	ok(out && strstr(out, "\nr [2]                   100.1   15      36      9       1.67\n"),
	   "one decimal, integers, two decimals, each rounded");
	free(out);
	kernel_free(&k);
}

static const char *row_of(const char *out, const char *label_and_more)
{
	return out ? strstr(out, label_and_more) : NULL;
}

static void test_ratio_modes(void)
{
	struct kernel k[2], outside;
	struct report_opts opts;
	char *out;

	two_kernels(k);
	report_opts_init(&opts);
	opts.reference = "B";
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "A [2]                   72.0    94      0       0       0.90\n") &&
	   row_of(out, "A [2]                   144.0   16      36      10      1.80\n") &&
	   row_of(out, "B [1]                   160.0   30      20      12      2.00\n"),
	   "--reference B divides by B's noload");
	free(out);

	report_opts_init(&opts);
	opts.reference_time = 60;
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "72.0    94      0       0       1.20\n") &&
	   row_of(out, "80.0    90      0       0       1.33\n") &&
	   row_of(out, "144.0   16      36      10      2.40\n") &&
	   row_of(out, "160.0   30      20      12      2.67\n"),
	   "--reference-time 60");
	free(out);

	report_opts_init(&opts);
	opts.ratio = RATIO_SELF;
	out = render(k, 2, NULL, &opts);
	ok(count(out, "      1.00\n") == 2 && count(out, "      2.00\n") == 2,
	   "--ratio self: each kernel by its own noload");
	free(out);

	kernel_init(&outside, "C");
	run(&outside, "noload", 48.0, 99, 0, 0, "ok");
	report_opts_init(&opts);
	opts.reference = "C";
	out = render(k, 2, &outside, &opts);
	ok(row_of(out, "144.0   16      36      10      3.00\n") && !row_of(out, "C ["),
	   "a reference outside the report is used but not shown");
	free(out);

	opts.reference = "nosuch";
	out = render(k, 2, NULL, &opts);
	ok(!out && count(captured_err, "error: ") == 1 && strstr(captured_err, "'nosuch'"),
	   "an unknown reference kernel is an error");
	free(out);
	kernel_free(&outside);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_not_ok(void)
{
	struct kernel k[2];
	struct report_opts opts;
	char *out;

	two_kernels(k);
	run(&k[0], "io_load", 999.0, 1, 1, 1, "load-failed");
	kernel_free(&k[1]);
	kernel_init(&k[1], "B");	/* B: only failures under io_load */
	run(&k[1], "noload", 80.0, 90, 0, 0, "ok");
	run(&k[1], "io_load", 999.0, 1, 1, 1, "oom");
	run(&k[1], "io_load", 999.0, 1, 1, 1, "aborted");
	run(&k[1], "io_load", 999.0, 1, 1, 1, "oom");
	report_opts_init(&opts);
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "io_load:\n\nKernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n"
		       "A [2]                   144.0   16      36      10      2.00\n"
		       "(A: 1 run not ok: 1 load-failed; B: 3 runs not ok: 1 aborted, 2 oom)\n\n"),
	   "failed runs are out of the means, B has no row, one line counts them");
	ok(count(out, "\n(") == 1, "one line for the load");
	is_str(captured_err, "", "no warning for failed runs");
	free(out);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_missing_reference(void)
{
	struct kernel k[2];
	struct report_opts opts;
	char *out;

	kernel_init(&k[0], "A");
	run(&k[0], "io_load", 144.0, 15, 36, 10, "ok");
	run(&k[0], "noload", 70.0, 15, 36, 10, "aborted");	/* a failed noload does not count */
	kernel_init(&k[1], "B");
	run(&k[1], "io_load", 160.0, 30, 20, 12, "ok");
	report_opts_init(&opts);
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "A [1]                   144.0   15      36      10      -\n") &&
	   row_of(out, "B [1]                   160.0   30      20      12      -\n"),
	   "no reference noload: Ratio is '-'");
	ok(count(captured_err, "warning: ") == 1 && strstr(captured_err, "'A'"),
	   "warned once, naming the reference");
	free(out);
	opts.ratio = RATIO_SELF;
	out = render(k, 2, NULL, &opts);
	ok(count(captured_err, "warning: ") == 1 && count(out, "      -\n") == 2,
	   "--ratio self: one warning for two kernels without noload");
	free(out);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_stats_column(void)
{
	struct kernel k[2];
	struct report_opts opts;
	char *out;

	two_kernels(k);
	report_opts_init(&opts);
	opts.stats = 1;
	out = render(k, 2, NULL, &opts);
	/* io_load of A: 143 and 145 s, Loads 36 and 36.6; t(0.975, 1) = 12.706 */
	ok(row_of(out, "Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio   SD      CI95    LoadsSD\n") &&
	   row_of(out, "A [2]                   144.0   16      36      10      2.00    1.4     12.7    0.4\n") &&
	   row_of(out, "B [1]                   160.0   30      20      12      2.22    -       -       -\n"),
	   "--stats: SD of Time, its 95%% interval's half width, SD of Loads; '-' for one run");
	ok(row_of(out, "B [1]                   160.0   30      20      12      2.22    -       -       -\n") &&
	   !strstr(out, "Pressure"), "--stats: the runs' table, no pressure block when no run has PSI");
	free(out);
	/* A's io_load runs: the machine's cpu some 1 and 3 s, io full 0.5 s in one;
	 * B's: only the cgroup's (v2) memory some 2 s */
	k[0].rows[0].psi_us[0] = 1e6;
	k[0].rows[3].psi_us[0] = 3e6;
	k[0].rows[3].psi_us[5] = 0.5e6;
	k[1].rows[1].psi_us[PSI_NCOL + 2] = 2e6;
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "Pressure [s]            cpu.s   cpu.f   mem.s   mem.f   io.s    io.f\n") &&
	   row_of(out, "A [2]                   2.00    -       -       -       -       0.50\n") &&
	   row_of(out, "B [1]                   -       -       2.00    -       -       -\n") &&
	   count(out, "Pressure") == 1,
	   "--stats: mean stall seconds per kernel, the cgroup's where only it has them; "
	   "only io_load's table has them");
	free(out);
	/* A's noload runs stalled on themselves: cpu some 0.5 and 1.5 s */
	k[0].rows[1].psi_us[0] = 0.5e6;
	k[0].rows[2].psi_us[0] = 1.5e6;
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "A [2]                   2.00    -       -       -       -       0.50\n"
		       "  own (noload)          1.00    -       -       -       -       -\n"
		       "  from the load         1.00    -       -       -       -       -\n"
		       "B [1]                   -       -       2.00    -       -       -\n") &&
	   count(out, "own (noload)") == 1 && count(out, "Pressure") == 2,
	   "--stats: a loaded row's stall split into the compile's own (its noload mean) "
	   "and the load's; not in noload's table, not for B, whose noload has none");
	free(out);
	opts.stats = 0;
	out = render(k, 2, NULL, &opts);
	ok(row_of(out, "Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio\n") &&
	   row_of(out, "A [2]                   144.0   16      36      10      2.00\n") &&
	   !strstr(out, "Pressure"), "without --stats: the runs' table, no pressure block");
	free(out);
	kernel_free(&k[0]);
	kernel_free(&k[1]);
}

static void test_load_order(void)
{
	const char *loads[] = { "zeta_load", "shm_load", "mem_load", "alpha_load", "io_load",
				"cacherun", "noload", "tworead_load", "xtar_load", "list_load" };
	const char *want[] = { "noload", "cacherun", "xtar_load", "io_load", "list_load", "mem_load",
			       "tworead_load", "shm_load", "alpha_load", "zeta_load" };
	struct kernel k;
	struct kernel_results kr;
	struct report_opts opts;
	struct report r;
	size_t i, good = 0;

	kernel_init(&k, "A");
	for (i = 0; i < ARRAY_SIZE(loads); i++)
		run(&k, loads[i], 70.0, 90, 0, 0, "ok");
	tally(&k, &kr);
	report_opts_init(&opts);
	ok(report_build(&r, &kr, 1, NULL, &opts) == 0 && r.ntables == ARRAY_SIZE(want), "ten tables");
	for (i = 0; i < r.ntables && i < ARRAY_SIZE(want); i++)
		good += !strcmp(r.tables[i].load, want[i]);
	ok(good == ARRAY_SIZE(want), "canonical order, then contest list order (tworead before shm), then unknown loads alphabetically");
	ok(report_load_cmp("io_load", "io_other") < 0 && report_load_cmp("mem_load", "aaa") < 0 &&
	   report_load_cmp("b", "a") > 0 && report_load_cmp("tworead_load", "shm_load") < 0,
	   "report_load_cmp");
	report_release(&r);
	kernel_results_release(&kr);
	kernel_free(&k);
}

/* ---- from files: report_print_kernels, CSV, JSON ---- */

static void write_runs(const char *kernel, const char *rows)
{
	char *kdir = xasprintf("%s/%s", tmpdir, kernel), *path = xasprintf("%s/runs.tsv", kdir);
	FILE *f;

	mkdir_p(kdir, 0755);
	f = fopen(path, "w");
	fprintf(f, "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n%s", rows);
	fclose(f);
	free(path);
	free(kdir);
}

static char *print_kernels(const char *const *names, size_t n, const struct report_opts *opts)
{
	char *out = NULL;
	size_t len;
	FILE *f = open_memstream(&out, &len);

	if (report_print_kernels(tmpdir, names, n, opts, f) < 0)
		fprintf(f, "FAILED");
	fclose(f);
	return out;
}

/* ---- the machine paragraph: from env texts, no file read ---- */

static void test_env_summary(void)
{
	char *kernels[] = { "2.4.18", "2.5.47", "2.5.48" };
	struct env *envs[] = { NULL, env_parse("cpus: 4\nmemtotal: 1 (1 B)\ntree: /t\n", 1),
			       env_parse("cpus: 8\nmemtotal: 1 (1 B)\ntree: /t\n", 1) };
	char *s = report_env_summary(envs, kernels, 3, NULL);

	ok(!strncmp(s, "The runs of 2.5.47 were made on 4 CPUs (unknown) with 1 B of memory",
		    strlen("The runs of 2.5.47 were made on 4 CPUs (unknown) with 1 B of memory")),
	   "env summary: the first kernel with an env text describes the machine");
	ok(!strstr(s, "running Linux"), "env summary: no uname line, no running kernel named");
	ok(strstr(s, " 2.4.18 has no env file (written by hand or elsewhere).") &&
	   strstr(s, " 2.5.48 differs from 2.5.47 in: cpus."),
	   "env summary: a NULL text is a missing env file, a different one its keys");
	free(s);
	env_free(envs[1]);
	env_free(envs[2]);
	envs[1] = env_parse("uname: Linux vm 6.1.0-a #1 SMP\ncpus: 4\n", 1);
	envs[2] = env_parse("uname: Linux vm 6.1.0-b #1 SMP\ncpus: 4\n", 1);
	s = report_env_summary(envs, kernels, 3, NULL);
	ok(strstr(s, "The runs of 2.5.47 were made running Linux 6.1.0-a on 4 CPUs") &&
	   strstr(s, "The runs of 2.5.48 were made running Linux 6.1.0-b."),
	   "env summary: each kernel's running kernel, from its uname line");
	free(s);
	env_free(envs[1]);
	env_free(envs[2]);
	/* a variant's knobs and the scheduler they set: what was varied */
	envs[1] = env_parse("knobs: /sys/block/sda/queue/scheduler=none\ncpus: 4\n"
			    "io_scheduler: none\nthp: never\nconfig:\nruns = 1\n", 1);
	envs[2] = env_parse("knobs: /sys/block/sda/queue/scheduler=bfq\ncpus: 4\n"
			    "io_scheduler: bfq\nthp: always\nconfig:\nruns = 1\n", 1);
	s = report_env_summary(envs, kernels, 3, NULL);
	ok(strstr(s, " 2.5.48 ran with the knobs /sys/block/sda/queue/scheduler=bfq, 2.5.47 "
		  "with /sys/block/sda/queue/scheduler=none: what was varied.") &&
	   strstr(s, " 2.5.48 differs from 2.5.47 in: thp.") && strstr(s, ", 1 run per load,"),
	   "env summary: knobs said as what was varied, thp (no knob set it) as a difference");
	free(s);
	env_free(envs[1]);
	env_free(envs[2]);
	s = report_env_summary(NULL, kernels, 3, NULL);
	ok(!strncmp(s, "No env files:", 13), "env summary: no texts at all say so");
	free(s);
}

static void test_print_kernels(void)
{
	const char *order[] = { "2.5.47", "2.4.18" };
	struct report_opts opts;
	json_error_t jerr;
	json_t *doc, *row;
	char *out;

	write_runs("2.4.18", "noload\t1\t71.7\t93\t0\t0\tok\nio_load\t1\t474.1\t15\t36\t10\tok\n");
	write_runs("2.5.47", "noload\t1\t73.5\t93\t0\t0\tok\nio_load\t1\t165.9\t46\t9\t9\tok\n");
	report_opts_init(&opts);
	out = print_kernels(order, 2, &opts);
	ok(out && strstr(out, "\n2.5.47 [1]              73.5    93      0       0       1.00\n"
			      "2.4.18 [1]              71.7    93      0       0       0.98\n"),
	   "named kernels in the order given, the first the reference");
	free(out);
	opts.format = REPORT_CSV;
	out = print_kernels(order + 1, 1, &opts);
	is_str(out,
	       "load,kernel,runs,not_ok,time_s,time_sd,cpu_pct,loads,lcpu_pct,ratio,not_ok_detail"
	       ",psi_cpu_some_us,psi_cpu_full_us,psi_memory_some_us,psi_memory_full_us"
	       ",psi_io_some_us,psi_io_full_us,cg_psi_cpu_some_us,cg_psi_cpu_full_us"
	       ",cg_psi_memory_some_us,cg_psi_memory_full_us,cg_psi_io_some_us,cg_psi_io_full_us"
	       ",sweep,work_units,work_sd,work_rate,instructions,cycles\n"
	       "noload,2.4.18,1,0,71.700,,93.00,0.0000,0.00,1.0000,,,,,,,,,,,,,,,,,,,\n"
	       "io_load,2.4.18,1,0,474.100,,15.00,36.0000,10.00,6.6123,,,,,,,,,,,,,,,,,,,\n",
	       "CSV: the same numbers unrounded, empty where none (no psi or counter columns in "
	       "runs.tsv)");
	free(out);
	opts.format = REPORT_JSON;
	opts.reference = "2.5.47";
	out = print_kernels(order + 1, 1, &opts);
	doc = out ? json_loads(out, 0, &jerr) : NULL;
	ok(doc != NULL, "JSON parses (%s)", doc ? "ok" : jerr.text);
	/* jansson's getters pass NULL through, so a missing level fails below */
	row = json_array_get(json_object_get(json_array_get(json_object_get(doc, "loads"), 1),
					     "kernels"), 0);
	is_str(json_string_value(json_object_get(json_object_get(doc, "reference"), "kernel")), "2.5.47",
	       "JSON: a reference read from outside the list");
	ok(json_real_value(json_object_get(json_object_get(doc, "reference"), "noload_time_s")) == 73.5,
	   "JSON: its noload time");
	is_str(json_string_value(json_object_get(row, "kernel")), "2.4.18", "JSON: the io_load row");
	ok(json_integer_value(json_object_get(row, "runs")) == 1 &&
	   json_real_value(json_object_get(row, "time_s")) == 474.1 &&
	   json_is_null(json_object_get(row, "time_sd")) && json_is_null(json_object_get(row, "time_ci95")),
	   "JSON: runs, Time, and null (not NaN) for the SD and interval of one run");
	ok(fabs(json_real_value(json_object_get(row, "ratio")) - 474.1 / 73.5) < 1e-9 &&
	   json_object_size(json_object_get(row, "not_ok_by_status")) == 0,
	   "JSON: Ratio against the outside reference, no runs not ok");
	json_decref(doc);
	free(out);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot make a temporary directory\n");
		return 1;
	}
	test_first_width();
	test_tab_line();
	test_table_text();
	test_long_name();
	test_rounding();
	test_ratio_modes();
	test_not_ok();
	test_missing_reference();
	test_stats_column();
	test_load_order();
	test_print_kernels();
	test_env_summary();
	free(captured_err);
	rm_rf(tmpdir);
	return tap_done();
}

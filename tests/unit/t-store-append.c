/* t-store-append.c - runs.tsv's writer side: what it appends to, and in which layout */
#include "results/store.h"
#include "results/summary.h"
#include "lib/util.h"
#include "tap.h"

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/t-store-append.XXXXXX";

/* DIR/NAME/runs.tsv holding text; the kernel folder's path (malloc'd) */
static char *kernel_with(const char *name, const char *text)
{
	char *kdir = xasprintf("%s/%s", tmpdir, name), *path = xasprintf("%s/runs.tsv", kdir);
	FILE *f;

	mkdir_p(kdir, 0755);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	free(path);
	return kdir;
}

static char *runs_text(const char *kdir)
{
	char *path = xasprintf("%s/runs.tsv", kdir), *text = read_text_file(path, NULL);

	free(path);
	return text;
}

static void record(struct run_record *r, int run)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->load, sizeof(r->load), "noload");
	r->run = run;
	r->time_s = 71.25;
	snprintf(r->status, sizeof(r->status), "ok");
	snprintf(r->status_detail, sizeof(r->status_detail), "-");
	for (int i = 0; i < PSI_NCOL; i++)
		r->psi_us[i] = r->cg_psi_us[i] = NAN;
	r->steal_s = r->others_cpu_s = r->disk_read_mb = r->disk_write_mb = NAN;
	r->cpu_mhz = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(r->counters); i++)
		r->counters[i] = NAN;
	for (size_t i = 0; i < LAT_NCOL; i++)
		r->interactive[i] = NAN;	/* a compile's row */
	for (size_t i = 0; i < ARRAY_SIZE(r->rates); i++)
		r->rates[i] = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(r->own); i++)
		r->own[i] = NAN;
}

static int saved_stderr = -1;

/* silence the errors the refused files print, then bring stderr back */
static void quiet(void)
{
	int null = open("/dev/null", O_WRONLY);

	fflush(stderr);
	saved_stderr = dup(2);
	dup2(null, 2);
	close(null);
}

static void loud(void)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
}

/* runs.tsv a symlink (to /dev/null) or a FIFO: nothing may read or append to it */
static void refused_special(const char *name, int fifo, const char *what)
{
	char *kdir = kernel_with(name, ""), *path = xasprintf("%s/runs.tsv", kdir);
	struct run_record rec;

	record(&rec, 1);
	unlink(path);
	if (fifo)
		mkfifo(path, 0644);
	else
		symlink("/dev/null", path);
	quiet();
	ok(results_check_appendable(kdir) < 0 && results_next_run(kdir, "noload") < 0 &&
	   results_append(kdir, &rec) < 0, "%s", what);
	loud();
	free(path);
	free(kdir);
}

static void test_refused(void)
{
	static const struct { const char *name, *text, *why; } bad[] = {
		{ "extra", "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\tcolour\n", "a column contest does not write" },
		{ "missing", "load\trun\ttime_s\tcpu_pct\tloads\tstatus\n", "lcpu_pct missing" },
		{ "twice", "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\trun\n", "run twice" },
		{ "blank", "load\trun\ttime_s\t\tcpu_pct\tloads\tlcpu_pct\tstatus\n", "an empty column name" },
		{ "prose", "these are my notes\n", "a file that is not runs.tsv" },
	};
	char *kdir, *text;
	struct run_record rec;

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		int check, append;

		kdir = kernel_with(bad[i].name, bad[i].text);
		record(&rec, 1);
		quiet();
		check = results_check_appendable(kdir);
		append = results_append(kdir, &rec);
		loud();
		ok(check < 0, "refused: %s", bad[i].why);
		ok(append < 0, "results_append refuses it too (%s)", bad[i].why);
		text = runs_text(kdir);
		is_str(text, bad[i].text, "and leaves it as it was (%s)", bad[i].why);
		free(text);
		free(kdir);
	}
	refused_special("sym", 0, "runs.tsv a symlink: refused, not read, not appended to");
	refused_special("fifo", 1, "runs.tsv a FIFO: refused at once, no wait for a writer");
}

static void test_older_layout(void)
{
	char *kdir = kernel_with("older", "status\trun\tload\ttime_s\tcpu_pct\tloads\tlcpu_pct\n"
				 "ok\t1\tnoload\t70.000\t90.00\t0.0000\t0.00\n");
	char *text;
	struct kernel_results kr;
	struct run_record rec;

	ok(results_check_appendable(kdir) == 0, "an older header (fewer columns, another order) is fine");
	ok(results_next_run(kdir, "noload") == 2, "numbered after its row");
	record(&rec, 2);
	ok(results_append(kdir, &rec) == 0, "appended to");
	text = runs_text(kdir);
	ok(text && strstr(text, "\nok\t2\tnoload\t71.250\t0.00\t0.0000\t0.00\n") != NULL,
	   "the row in the file's own columns, by name");
	ok(results_read_kernel(tmpdir, "older", &kr) == 0 && kr.nloads == 1 &&
	   kr.loads[0].time.n == 2 && kr.loads[0].highest_run == 2 &&
	   fabs(kr.loads[0].time.mean - 70.625) < 1e-9, "and read back whole");
	kernel_results_release(&kr);
	free(text);
	free(kdir);
}

static void test_unended_line(void)
{
	char *kdir = kernel_with("unended", "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"
				 "noload\t1\t70\t90\t0\t0\tok");
	char *text;
	struct run_record rec;

	record(&rec, 2);
	ok(results_append(kdir, &rec) == 0, "appended to a file whose last line has no newline");
	text = runs_text(kdir);
	ok(text && strstr(text, "\tok\nnoload\t2\t71.250\t") != NULL,
	   "the row on a line of its own, not glued to the last one");
	free(text);
	free(kdir);
}

static void test_new_file(void)
{
	char *kdir = xasprintf("%s/new", tmpdir), *text;
	struct run_record rec;

	ok(results_check_appendable(kdir) == 0, "a kernel folder not made yet is fine");
	record(&rec, 1);
	ok(results_append(kdir, &rec) == 0, "a new file");
	text = runs_text(kdir);
	ok(text && !strncmp(text, results_header(), strlen(results_header())) &&
	   text[strlen(results_header())] == '\n', "begins with the whole header");
	ok(text && strstr(text, "\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-\t-"
			  "\t-\t-\t-\t-\t-\t-\t-\t-\t-\n") != NULL,
	   "pressure, steal, others' CPU, the disk, the counters and an interactive task's "
	   "measures not measured are '-', as disturbed, unloaded and the detail");
	free(text);
	free(kdir);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot make a temporary directory\n");
		return 1;
	}
	test_refused();
	test_older_layout();
	test_unended_line();
	test_new_file();
	rm_rf(tmpdir);
	return tap_done();
}

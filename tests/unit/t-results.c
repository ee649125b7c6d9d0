/* t-results.c - runs.tsv: writer, reader, malformed rows, ordering */
#include "results.h"
#include "util.h"
#include "tap.h"

#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/t-results.XXXXXX";
static int saved_stderr = -1;

/* stderr into a file while a test provokes warnings */
static void stderr_to_file(const char *path)
{
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	fflush(stderr);
	saved_stderr = dup(2);
	dup2(fd, 2);
	close(fd);
}

static char *stderr_back(const char *path)
{
	fflush(stderr);
	dup2(saved_stderr, 2);
	close(saved_stderr);
	return read_text_file(path, NULL);
}

static void write_file(const char *dir, const char *kernel, const char *text)
{
	char *kdir = xasprintf("%s/%s", dir, kernel);
	char *path = xasprintf("%s/runs.tsv", kdir);
	FILE *f;

	mkdir_p(kdir, 0755);
	f = fopen(path, "w");
	fputs(text, f);
	fclose(f);
	free(path);
	free(kdir);
}

static void set_mtime(const char *dir, const char *kernel, time_t when)
{
	char *path = xasprintf("%s/%s/runs.tsv", dir, kernel);
	struct timeval tv[2] = { { when, 0 }, { when, 0 } };

	utimes(path, tv);
	free(path);
}

static int count_lines_starting(const char *text, const char *prefix)
{
	const char *p = text;
	int n = 0;

	while (p && *p) {
		if (!strncmp(p, prefix, strlen(prefix)))
			n++;
		p = strchr(p, '\n');
		if (p)
			p++;
	}
	return n;
}

static void fill_record(struct run_record *r, const char *load, int run, double time_s)
{
	memset(r, 0, sizeof(*r));
	snprintf(r->load, sizeof(r->load), "%s", load);
	r->run = run;
	snprintf(r->timestamp, sizeof(r->timestamp), "2002-11-16T03:22:%02dZ", run);
	r->time_s = time_s;
	r->user_s = 60.25;
	r->sys_s = 6.5;
	r->cpu_pct = 93.456;
	r->loads = 36.12346;
	r->lcpu_pct = 10.5;
	r->majflt = 12;
	r->pswpout = 1234567890123LL;
	snprintf(r->load_work_unit, sizeof(r->load_work_unit), "bytes");
	snprintf(r->flush, sizeof(r->flush), "drop");
	snprintf(r->status, sizeof(r->status), "ok");
	snprintf(r->status_detail, sizeof(r->status_detail), "two\twords\nand a line");
	r->jobs = 8;
	for (int i = 0; i < PSI_NCOL; i++) {
		r->psi_us[i] = 1000.0 * (i + 1);
		r->cg_psi_us[i] = NAN;	/* no v2 group: not measured */
	}
}

static void test_round_trip(void)
{
	char *dir = xasprintf("%s/rt", tmpdir), *kdir = xasprintf("%s/2.5.47", dir), *path, *text;
	struct kernel_results kr;
	struct run_record rec;

	ok(results_next_run(kdir, "io_load") == 1, "next run is 1 without a file");
	fill_record(&rec, "io_load", 1, 474.1234);
	ok(results_append(kdir, &rec) == 0, "append creates the folder and the file");
	fill_record(&rec, "io_load", 2, 470.0);
	ok(results_append(kdir, &rec) == 0, "second append");
	path = xasprintf("%s/runs.tsv", kdir);
	text = read_text_file(path, NULL);
	ok(text && !strncmp(text, results_header(), strlen(results_header())) &&
	   text[strlen(results_header())] == '\n', "the first line is the header");
	ok(count_lines_starting(text, "timestamp\t") == 1, "the header is written once");
	ok(text && count_lines_starting(text, "") == 3 && text[strlen(text) - 1] == '\n',
	   "three whole lines");
	ok(text && strstr(text, "\t474.123\t93.46\t36.1235\t10.50\tok\t") != NULL,
	   "numbers written with %%.3f, %%.2f, %%.4f");
	ok(text && strstr(text, "\ttwo words and a line\n") != NULL, "tabs and newlines become spaces");
	ok(text && strstr(text, "\t1234567890123\t") != NULL, "long long counters");
	ok(results_next_run(kdir, "io_load") == 3, "next run after two");
	ok(results_next_run(kdir, "noload") == 1, "next run of another load");
	fill_record(&rec, "noload", 1, 1.0);
	snprintf(rec.status, sizeof(rec.status), "aborted");
	ok(results_append(kdir, &rec) == 0 && results_next_run(kdir, "noload") == 1,
	   "an aborted run does not use up its number");
	ok(results_read_kernel(dir, "2.5.47", &kr) == 0 && kr.nrows == 3,
	   "read back three rows");
	ok(kr.nrows == 3 && !strcmp(kr.rows[0].load, "io_load") && kr.rows[0].run == 1 &&
	   fabs(kr.rows[0].time_s - 474.123) < 1e-9 && fabs(kr.rows[0].cpu_pct - 93.46) < 1e-9 &&
	   fabs(kr.rows[0].loads - 36.1235) < 1e-9 && !strcmp(kr.rows[0].status, "ok"),
	   "fields survive the round trip");
	is_str(kr.nrows ? kr.rows[1].timestamp : NULL, "2002-11-16T03:22:02Z", "timestamp kept");
	ok(text && strstr(text, "\t8\t1000\t2000\t3000\t4000\t5000\t6000\t-\t-\t-\t-\t-\t-\t") != NULL,
	   "pressure columns in microseconds after jobs, '-' where not measured");
	ok(kr.nrows == 3 && kr.rows[0].psi_us[0] == 1000 && kr.rows[0].psi_us[5] == 6000 &&
	   isnan(kr.rows[0].psi_us[PSI_NCOL]) && isnan(kr.rows[0].psi_us[2 * PSI_NCOL - 1]),
	   "pressure read back by column name, '-' as unknown");
	ok(kr.first_seen == 1037416921.0, "first_seen is the earliest timestamp");
	is_str(kr.name, "2.5.47", "the kernel is the folder's name");
	kernel_results_release(&kr);
	free(text);
	free(path);
	free(kdir);
	free(dir);
}

static const char required_only[] =
	"load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"
	"noload\t1\t71.7\t93\t0\t0\tok\n"
	"io_load\t1\t474.1\t15\t36\t10\tok\n";

static void test_required_only(void)
{
	struct kernel_results kr;
	char *dir = xasprintf("%s/req", tmpdir);

	write_file(dir, "2.4.18", required_only);
	ok(results_read_kernel(dir, "2.4.18", &kr) == 0 && kr.nrows == 2,
	   "a hand-written file with the required columns only");
	ok(kr.nrows == 2 && kr.rows[1].loads == 36 && kr.rows[1].timestamp[0] == '\0',
	   "values read, no timestamp");
	kernel_results_release(&kr);
	free(dir);
}

static void test_unknown_columns(void)
{
	struct kernel_results kr;
	char *dir = xasprintf("%s/unk", tmpdir);

	write_file(dir, "k", "status\tcolour\tlcpu_pct\tloads\tcpu_pct\ttime_s\trun\tload\n"
		   "ok\tblue\t10\t36\t15\t474.1\t3\tio_load\n");
	ok(results_read_kernel(dir, "k", &kr) == 0 && kr.nrows == 1, "any column order, unknown ignored");
	ok(kr.nrows == 1 && kr.rows[0].run == 3 && kr.rows[0].time_s == 474.1 &&
	   kr.rows[0].cpu_pct == 15 && kr.rows[0].lcpu_pct == 10 && !strcmp(kr.rows[0].load, "io_load"),
	   "columns found by name");
	kernel_results_release(&kr);
	free(dir);
}

static void test_missing_column(void)
{
	char *dir = xasprintf("%s/miss", tmpdir), *log = xasprintf("%s/miss.err", tmpdir), *err;
	char *kdir = xasprintf("%s/k", dir);
	struct kernel_results kr;
	int ret;

	write_file(dir, "k", "load\trun\ttime_s\tcpu_pct\tloads\tstatus\nnoload\t1\t70\t93\t0\tok\n");
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	err = stderr_back(log);
	ok(ret == -1, "a missing required column is an error");
	ok(err && strstr(err, "error: ") && strstr(err, "miss/k/runs.tsv") && strstr(err, "'lcpu_pct'"),
	   "the error names the file and the column");
	stderr_to_file(log);
	ret = results_next_run(kdir, "noload");
	free(stderr_back(log));
	ok(ret == -1, "next run refuses such a file");
	free(kdir);
	free(err);
	free(log);
	free(dir);
}

static void test_malformed(void)
{
	char *dir = xasprintf("%s/bad", tmpdir), *log = xasprintf("%s/bad.err", tmpdir), *err, *want;
	struct kernel_results kr;
	int ret;

	write_file(dir, "k",
		   "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"
		   "noload\t1\t71.7\t93\t0\t0\tok\n"		/* 2 */
		   "noload\t2\t71.7\t93\t0\tok\n"		/* 3: a field short */
		   "noload\t3\tfast\t93\t0\t0\tok\n"		/* 4: not a number */
		   "\n"						/* 5: blank, ignored */
		   "noload\t4\t72.1\t93\t0\t0\tok\t\n"		/* 6: a field too many */
		   "noload\tx\t72.1\t93\t0\t0\tok\n"		/* 7: bad run */
		   "io_load\t1\t-\t-\t-\t-\taborted\n"		/* 8: fine: a failed run */
		   "io_load\t2\t-\t15\t36\t10\tok\n"		/* 9: an ok run needs its time */
		   "noload\t5\t70.9\t94\t0\t0\tok");		/* 10: no final newline */
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	err = stderr_back(log);
	ok(ret == 0, "malformed rows do not fail the read");
	ok(kr.nrows == 3, "three good rows kept (got %zu)", kr.nrows);
	ok(kr.nrows == 3 && kr.rows[0].run == 1 && kr.rows[1].run == 1 &&
	   !strcmp(kr.rows[1].status, "aborted") && isnan(kr.rows[1].time_s) && kr.rows[2].run == 5,
	   "the right rows kept");
	for (ret = 3; ret <= 9; ret++) {
		if (ret == 5 || ret == 8)
			continue;
		want = xasprintf("warning: %s/k/runs.tsv:%d: ", dir, ret);
		ok(err && strstr(err, want), "warned as FILE:%d", ret);
		free(want);
	}
	ok(err && strstr(err, "time_s is not a number: 'fast'"), "the warning says what is wrong");
	ok(count_lines_starting(err, "warning: ") == 5, "one warning per bad row");
	kernel_results_release(&kr);
	free(err);
	free(log);
	free(dir);
}

static void test_empty_file(void)
{
	char *dir = xasprintf("%s/empty", tmpdir);
	struct kernel_results kr;

	write_file(dir, "k", "");
	ok(results_read_kernel(dir, "k", &kr) == 0 && kr.nrows == 0,
	   "an empty file (a crash before the first row) has no rows");
	kernel_results_release(&kr);
	free(dir);
}

static void test_read_all_order(void)
{
	char *dir = xasprintf("%s/all", tmpdir), *stray = xasprintf("%s/all/no-runs", tmpdir);
	struct kernel_results *krs;
	size_t n;
	const char *ts = "timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n";
	char *late = xasprintf("%s2002-11-12T00:00:00Z\tnoload\t1\t70\t93\t0\t0\tok\n", ts);
	char *early = xasprintf("%s2002-11-13T00:00:00Z\tnoload\t2\t70\t93\t0\t0\tok\n"
				"2002-11-10T00:00:00Z\tnoload\t1\t70\t93\t0\t0\tok\n", ts);

	write_file(dir, "a-late", late);		/* timestamps beat names and mtimes */
	write_file(dir, "b-early", early);
	write_file(dir, "c-middle", required_only);	/* no timestamp: its mtime */
	write_file(dir, "e-tie", required_only);
	write_file(dir, "d-tie", required_only);
	write_file(dir, ".hidden", required_only);
	set_mtime(dir, "c-middle", 1036972800);		/* 2002-11-11 */
	set_mtime(dir, "d-tie", 1040000000);
	set_mtime(dir, "e-tie", 1040000000);
	set_mtime(dir, "a-late", 1000000000);		/* older mtime, but it has timestamps */
	mkdir_p(stray, 0755);
	ok(results_read_all(dir, &krs, &n) == 0 && n == 5, "five kernels, hidden and empty folders skipped");
	ok(n == 5 && !strcmp(krs[0].name, "b-early") && !strcmp(krs[1].name, "c-middle") &&
	   !strcmp(krs[2].name, "a-late") && !strcmp(krs[3].name, "d-tie") && !strcmp(krs[4].name, "e-tie"),
	   "oldest first run first, ties by name");
	results_release_all(krs, n);
	free(late);
	free(early);
	free(stray);
	free(dir);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot make a temporary directory\n");
		return 1;
	}
	test_round_trip();
	test_required_only();
	test_unknown_columns();
	test_missing_column();
	test_malformed();
	test_empty_file();
	test_read_all_order();
	rm_rf(tmpdir);
	return tap_done();
}

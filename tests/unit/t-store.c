/* t-store.c - runs.tsv: writer, reader, malformed rows, ordering */
#include "results/store.h"
#include "results/summary.h"
#include "lib/util.h"
#include "tap.h"

#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/time.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/t-store.XXXXXX";
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

static off_t file_size(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 ? st.st_size : -1;
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

/* the rows results_scan passes on, as a reader that wants each one sees them */
enum { MAX_ROWS = 16 };
struct rows {
	struct run_row row[MAX_ROWS];
	size_t n;
};

static const char *collect(const struct run_row *row, void *data)
{
	struct rows *rows = data;

	if (rows->n == MAX_ROWS)
		return "too many rows for the test";
	rows->row[rows->n++] = *row;
	return NULL;
}

/* dir/kernel/runs.tsv's rows into rows: results_scan's return */
static int read_rows(const char *dir, const char *kernel, struct rows *rows)
{
	char *path = xasprintf("%s/%s/runs.tsv", dir, kernel);
	int ret;

	rows->n = 0;
	ret = results_scan(path, 0, collect, rows, NULL);
	free(path);
	return ret;
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
	struct rows rows;
	const struct run_row *row = rows.row;

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
	ok(results_append(kdir, &rec) == 0 && results_next_run(kdir, "noload") == 2,
	   "an aborted run keeps its number: the run that redoes it takes the next");
	ok(read_rows(dir, "2.5.47", &rows) == 0 && rows.n == 3, "read back three rows");
	ok(rows.n == 3 && !strcmp(row[0].load, "io_load") && row[0].run == 1 &&
	   fabs(row[0].time_s - 474.123) < 1e-9 && fabs(row[0].cpu_pct - 93.46) < 1e-9 &&
	   fabs(row[0].loads - 36.1235) < 1e-9 && !strcmp(row[0].status, "ok"),
	   "fields survive the round trip");
	is_str(rows.n ? row[1].timestamp : NULL, "2002-11-16T03:22:02Z", "timestamp kept");
	ok(text && strstr(text, "\t8\t1000\t2000\t3000\t4000\t5000\t6000\t-\t-\t-\t-\t-\t-\t") != NULL,
	   "pressure columns in microseconds after jobs, '-' where not measured");
	ok(rows.n == 3 && row[0].psi_us[0] == 1000 && row[0].psi_us[5] == 6000 &&
	   isnan(row[0].psi_us[PSI_NCOL]) && isnan(row[0].psi_us[2 * PSI_NCOL - 1]),
	   "pressure read back by column name, '-' as unknown");
	ok(results_read_kernel(dir, "2.5.47", &kr) == 0, "read back as summaries");
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
	char *dir = xasprintf("%s/req", tmpdir);
	struct rows rows;

	write_file(dir, "2.4.18", required_only);
	ok(read_rows(dir, "2.4.18", &rows) == 0 && rows.n == 2,
	   "a hand-written file with the required columns only");
	ok(rows.n == 2 && rows.row[1].loads == 36 && rows.row[1].timestamp[0] == '\0',
	   "values read, no timestamp");
	free(dir);
}

static void test_unknown_columns(void)
{
	char *dir = xasprintf("%s/unk", tmpdir);
	struct rows rows;
	const struct run_row *row = rows.row;

	write_file(dir, "k", "status\tcolour\tlcpu_pct\tloads\tcpu_pct\ttime_s\trun\tload\n"
		   "ok\tblue\t10\t36\t15\t474.1\t3\tio_load\n");
	ok(read_rows(dir, "k", &rows) == 0 && rows.n == 1, "any column order, unknown ignored");
	ok(rows.n == 1 && row[0].run == 3 && row[0].time_s == 474.1 && row[0].cpu_pct == 15 &&
	   row[0].lcpu_pct == 10 && !strcmp(row[0].load, "io_load"),
	   "columns found by name");
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
	const struct load_summary *ls;
	struct rows rows;
	const struct run_row *row = rows.row;
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
	ret = read_rows(dir, "k", &rows);
	err = stderr_back(log);
	ok(ret == 0, "malformed rows do not fail the read");
	ok(rows.n == 3, "three good rows kept (got %zu)", rows.n);
	ok(rows.n == 3 && row[0].run == 1 && row[1].run == 1 && !strcmp(row[1].status, "aborted") &&
	   isnan(row[1].time_s) && row[2].run == 5,
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
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	free(stderr_back(log));
	ls = kernel_results_load(&kr, "noload");
	ok(ret == 0 && kr.nloads == 2 && ls && ls->time.n == 2 && ls->n_not_ok == 0 &&
	   fabs(running_stats_mean(&ls->time) - 71.3) < 1e-9 && ls->highest_run == 5,
	   "summed up: noload's two good runs, its highest run");
	ls = kernel_results_load(&kr, "io_load");
	ok(ls && ls->time.n == 0 && ls->n_not_ok == 1 && ls->n_not_ok_kinds == 1 &&
	   !strcmp(ls->not_ok[0].status, "aborted") && ls->highest_run == 1,
	   "io_load: one aborted run counted, which keeps its run number");
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
	ok(results_read_kernel(dir, "k", &kr) == 0 && kr.nloads == 0,
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

/* a NUL byte hides the rest of its line from string functions: that row
 * alone is skipped, the rows after it are read */
static void test_nul_byte(void)
{
	static const char text[] =
		"load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"
		"noload\t1\t70\t93\t0\t0\tok\n"			/* 2 */
		"io\0load\t1\t80\t50\t3\t5\tok\n"		/* 3 */
		"noload\t2\t72\t93\t0\t0\tok\n"			/* 4 */
		"noload\t3\t74\t93\t0\t0\tok\n";		/* 5 */
	char *dir = xasprintf("%s/nul", tmpdir), *log = xasprintf("%s/nul.err", tmpdir), *err;
	char *kdir = xasprintf("%s/k", dir), *path = xasprintf("%s/runs.tsv", kdir), *want;
	struct kernel_results kr;
	const struct load_summary *ls;
	FILE *f;
	int ret;

	mkdir_p(kdir, 0755);
	f = fopen(path, "w");
	fwrite(text, 1, sizeof(text) - 1, f);
	fclose(f);
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	err = stderr_back(log);
	ls = kernel_results_load(&kr, "noload");
	ok(ret == 0 && kr.nloads == 1 && ls && ls->time.n == 3,
	   "the rows after a NUL byte are read: noload has 3 runs (got %zu)", ls ? ls->time.n : 0);
	want = xasprintf("warning: %s:3: a NUL byte in the row; row skipped\n", path);
	ok(err && strstr(err, want), "the row with the NUL byte is warned about as FILE:3");
	ok(count_lines_starting(err, "warning: ") == 1, "and it alone");
	kernel_results_release(&kr);
	free(want);
	free(err);
	free(path);
	free(kdir);
	free(log);
	free(dir);
}

/* a column named twice (files merged by hand): the first counts, and says so */
static void test_duplicate_column(void)
{
	char *dir = xasprintf("%s/dup", tmpdir), *log = xasprintf("%s/dup.err", tmpdir), *err;
	struct rows rows;
	int ret;

	write_file(dir, "k", "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\ttime_s\n"
		   "noload\t1\t70\t93\t0\t0\tok\t99\n"
		   "noload\t2\t72\t93\t0\t0\tok\t99\n");
	stderr_to_file(log);
	ret = read_rows(dir, "k", &rows);
	err = stderr_back(log);
	ok(ret == 0 && rows.n == 2 && rows.row[0].time_s == 70 && rows.row[1].time_s == 72,
	   "the first of two time_s columns is used");
	ok(err && strstr(err, "dup/k/runs.tsv") && strstr(err, "'time_s'") &&
	   strstr(err, "using column 3"), "a warning names the file, the column and the one used");
	ok(count_lines_starting(err, "warning: ") == 1, "once, not once per row");
	free(err);
	free(log);
	free(dir);
}

static void on_alarm(int sig)
{
	(void)sig;
}

/* a FIFO called runs.tsv: refused at once, by name, rather than waited on */
static void test_fifo(void)
{
	char *dir = xasprintf("%s/fifo", tmpdir), *log = xasprintf("%s/fifo.err", tmpdir), *err;
	char *kdir = xasprintf("%s/k", dir), *path = xasprintf("%s/runs.tsv", kdir);
	struct sigaction sa = { .sa_handler = on_alarm }, old;	/* no SA_RESTART: open gives up */
	struct kernel_results kr, *krs;
	size_t n;
	int ret, all;

	write_file(dir, "good", required_only);
	mkdir_p(kdir, 0755);
	mkfifo(path, 0644);
	sigaction(SIGALRM, &sa, &old);
	alarm(5);	/* a reader that blocks is stopped, and fails below */
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	all = results_read_all(dir, &krs, &n);
	err = stderr_back(log);
	alarm(0);
	sigaction(SIGALRM, &old, NULL);
	ok(ret == -1 && err && strstr(err, "fifo/k/runs.tsv': not a regular file"),
	   "reading a FIFO is an error naming it, not a hang");
	ok(all == -1 && n == 1 && !strcmp(krs[0].name, "good"),
	   "reading every kernel: the FIFO one is an error, the others are read");
	results_release_all(krs, n);
	free(err);
	free(path);
	free(kdir);
	free(log);
	free(dir);
}

/* a file of a thousand loads, or a load of a thousand statuses, is no
 * results folder: the rows beyond the limits are warned about, not kept */
static void test_limits(void)
{
	char *dir = xasprintf("%s/lim", tmpdir), *log = xasprintf("%s/lim.err", tmpdir), *err;
	char *text = xstrdup("load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n"), *more;
	struct kernel_results kr;
	const struct load_summary *ls;
	int ret;

	for (int i = 0; i < KERNEL_MAX_LOADS + 2; i++) {
		more = xasprintf("%sload%d\t1\t70\t93\t0\t0\tok\n", text, i);
		free(text);
		text = more;
	}
	for (int i = 0; i < LOAD_MAX_STATUSES + 3; i++) {
		more = xasprintf("%sload0\t%d\t-\t-\t-\t-\tfailed%d\n", text, i + 2, i);
		free(text);
		text = more;
	}
	write_file(dir, "k", text);
	stderr_to_file(log);
	ret = results_read_kernel(dir, "k", &kr);
	err = stderr_back(log);
	ls = kernel_results_load(&kr, "load0");
	ok(ret == 0 && kr.nloads == KERNEL_MAX_LOADS && !kernel_results_load(&kr, "load256"),
	   "%d loads kept of %d", KERNEL_MAX_LOADS, KERNEL_MAX_LOADS + 2);
	ok(ls && ls->n_not_ok_kinds == LOAD_MAX_STATUSES && ls->n_not_ok == LOAD_MAX_STATUSES,
	   "%d statuses kept of %d", LOAD_MAX_STATUSES, LOAD_MAX_STATUSES + 3);
	ok(count_lines_starting(err, "warning: ") == 5 && strstr(err, "lim/k/runs.tsv:258: more loads") &&
	   strstr(err, "lim/k/runs.tsv:292: more statuses"),
	   "each row beyond them is warned about as FILE:LINE");
	kernel_results_release(&kr);
	free(text);
	free(err);
	free(log);
	free(dir);
}

/* each row's time_s by its run number, as a long reader sees them */
struct times {
	double *v;
	size_t n;
};

static const char *collect_time(const struct run_row *row, void *data)
{
	struct times *t = data;

	t->v[row->run - 1] = row->time_s;
	t->n++;
	return NULL;
}

/*
 * The reader reads a plain decimal by hand (the form contest writes) and
 * leaves a long one to strtod: every one must read as strtod reads it, bit
 * for bit. Random decimals of 1 to 17 digits, some with a point, a sign or
 * an exponent, one row each; the file is longer than the reader's 64 KB
 * block, so rows also straddle its end. A form contest never writes (a
 * plus, an exponent) or a negative time is a row skipped, each warned.
 */
static void test_numbers_as_strtod(void)
{
	char *dir = xasprintf("%s/num", tmpdir), *kdir = xasprintf("%s/k", dir);
	char *path = xasprintf("%s/runs.tsv", kdir), *log = xasprintf("%s/num.err", tmpdir);
	char text[64], *err;
	enum { N = 20000 };
	double *want = xcalloc(N, sizeof(*want));
	struct times got = { xcalloc(N, sizeof(double)), 0 };
	unsigned seed = 3;
	size_t bad = 0, first = 0, refused = 0;
	FILE *f;
	int ret;

	mkdir_p(kdir, 0755);
	f = fopen(path, "w");
	fputs("load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n", f);
	for (int i = 0; i < N; i++) {
		int digits = 1 + rand_r(&seed) % 17, point = rand_r(&seed) % (digits + 2);
		size_t at = 0;

		if (rand_r(&seed) % 8 == 0)
			text[at++] = rand_r(&seed) % 2 ? '-' : '+';
		for (int d = 0; d < digits; d++) {
			if (d == point)
				text[at++] = '.';
			text[at++] = (char)('0' + rand_r(&seed) % 10);
		}
		if (rand_r(&seed) % 16 == 0)
			at += (size_t)sprintf(text + at, "e%d", rand_r(&seed) % 40 - 20);
		text[at] = '\0';
		want[i] = strtod(text, NULL);
		if (strpbrk(text, "+e") || want[i] < 0) {
			want[i] = -1;	/* refused: the row is not passed on */
			refused++;
		}
		got.v[i] = -1;
		fprintf(f, "noload\t%d\t%s\t1\t0\t0\tok\n", i + 1, text);
	}
	fclose(f);
	stderr_to_file(log);
	ret = results_scan(path, 0, collect_time, &got, NULL);
	err = stderr_back(log);
	ok(ret == 0 && got.n == N - refused,
	   "%zu rows of decimals in many forms read, %zu refused (%ld bytes, over one block)",
	   got.n, refused, (long)file_size(path));
	ok(refused > 1000 && count_lines_starting(err, "warning: ") == (int)refused,
	   "each refused row warned about");
	for (size_t i = 0; i < N; i++)
		if (memcmp(&got.v[i], &want[i], sizeof(double)) && !bad++)
			first = i;
	ok(!bad, "each reads as strtod reads it, bit for bit (%zu differ; the first, row %zu: "
	   "%.17g against %.17g)", bad, first + 1, bad ? got.v[first] : 0.0, bad ? want[first] : 0.0);
	free(err);
	free(log);
	free(want);
	free(got.v);
	free(path);
	free(kdir);
	free(dir);
}

/* numbers contest never writes: a negative time, strtod's other forms; a
 * row with one is warned about as FILE:LINE and skipped, never read as
 * a Time of -5 (a Ratio of -1363) or 16 */
static void test_odd_numbers(void)
{
	char *dir = xasprintf("%s/odd", tmpdir), *log = xasprintf("%s/odd.err", tmpdir), *err;
	char *want, *line;
	struct rows rows;
	const struct run_row *row = rows.row;
	static const char *const why[] = {
		NULL, NULL, NULL,
		"time_s is negative: '-5'",			/* 3 */
		"time_s is not a number: '0x10'",		/* 4 */
		"time_s is not a number: '  5'",		/* 5 */
		"time_s is not a number: '1e3'",		/* 6 */
		"time_s is not a number: '+5'",			/* 7 */
		"cpu_pct is negative: '-1'",			/* 8 */
		"steal_s is negative: '-0.5'",			/* 9 */
		"others_cpu_s is not a number: 'inf'",		/* 10 */
		"run is not a positive whole number",		/* 11 */
		"time_s is not a number: '1.2.3'",		/* 12 */
		"time_s is not a number: '.'",			/* 13 */
	};
	int ret;

	write_file(dir, "k",
		   "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\tsteal_s\tothers_cpu_s\n"
		   "noload\t1\t70\t93\t0\t0\tok\t-\t-\n"			/* 2: fine */
		   "io_load\t1\t-5\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t2\t0x10\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t3\t  5\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t4\t1e3\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t5\t+5\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t6\t5\t-1\t0\t0\tok\t0\t0\n"
		   "io_load\t7\t5\t93\t0\t0\tok\t-0.5\t0\n"
		   "io_load\t8\t5\t93\t0\t0\tok\t0\tinf\n"
		   "io_load\t0x9\t5\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t10\t1.2.3\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t11\t.\t93\t0\t0\tok\t0\t0\n"
		   "io_load\t12\t-0.000\t93\t0\t0\tok\t0\t0\n"		/* 14: -0 is 0 */
		   "io_load\t13\t10000000000000000000000000000000000000000.000\t93\t0\t0\tok\t.5\t5.\n");
	stderr_to_file(log);
	ret = read_rows(dir, "k", &rows);
	err = stderr_back(log);
	ok(ret == 0 && rows.n == 3, "three rows of fourteen kept (got %zu)", rows.n);
	ok(rows.n == 3 && row[0].time_s == 70 && isnan(row[0].steal_s) && row[1].run == 12 &&
	   row[1].time_s == 0 && row[2].time_s == 1e40 && row[2].steal_s == 0.5 &&
	   row[2].others_cpu_s == 5, "a plain decimal of any length, '-', -0, '.5' and '5.' read");
	for (int l = 3; l <= 13; l++) {
		want = xasprintf("warning: %s/k/runs.tsv:%d: %s; row skipped\n", dir, l, why[l]);
		line = err ? strstr(err, want) : NULL;
		ok(line != NULL, "line %d warned: %s", l, why[l]);
		free(want);
	}
	ok(count_lines_starting(err, "warning: ") == 11, "one warning per odd row");
	free(err);
	free(log);
	free(dir);
}

/* an optional count that is not a number is unknown, and its row's Time is kept */
static void test_odd_optional(void)
{
	char *dir = xasprintf("%s/oddopt", tmpdir), *log = xasprintf("%s/oddopt.err", tmpdir), *err;
	struct rows rows;
	int ret;

	write_file(dir, "k",
		   "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\tpgmajfault\n"
		   "noload\t1\t70\t93\t0\t0\tok\tx1\n"
		   "noload\t2\t71\t93\t0\t0\tok\t12\n");
	stderr_to_file(log);
	ret = read_rows(dir, "k", &rows);
	err = stderr_back(log);
	ok(ret == 0 && rows.n == 2 && rows.row[0].time_s == 70 && isnan(rows.row[0].pgmajfault) &&
	   rows.row[1].pgmajfault == 12,
	   "an optional count that is not a number reads as unknown; the row is kept (%zu rows)",
	   rows.n);
	free(err);
	free(log);
	free(dir);
}

/*
 * A report that shows only the means reads with RESULTS_NO_RUNS: the same
 * statistics, bit for bit, and no run's values. Read either way, what
 * the summaries keep besides themselves is in one block of the kernel's.
 */
static const char with_user_sys[] =
	"load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\tuser_s\tsys_s\n"
	"noload\t1\t71.7\t93\t0\t0\tok\t60.1\t5.2\n"
	"noload\t2\t72.3\t94\t0\t0\tok\t60.9\t5.1\n"
	"io_load\t1\t474.1\t15\t36\t10\tok\t61.5\t9.7\n"
	"noload\t3\t71.9\t93\t0\t0\tok\t-\t-\n";

static int in_kept(const struct kernel_results *kr, const void *p)
{
	return kr->kept && (const char *)p >= kr->kept;
}

static void test_no_runs(void)
{
	char *dir = xasprintf("%s/norun", tmpdir), *names[] = { "k" };
	struct kernel_results kr[2];
	const struct load_summary *a, *b;
	int ok_read[1];

	write_file(dir, "k", with_user_sys);
	ok(results_read_list(dir, names, 1, &kr[0], ok_read, NULL, 0) == 0 &&
	   results_read_list(dir, names, 1, &kr[1], ok_read, NULL, RESULTS_NO_RUNS) == 0,
	   "read with the runs and without");
	a = kernel_results_load(&kr[0], "noload");
	b = kernel_results_load(&kr[1], "noload");
	ok(a && b && !memcmp(&a->time, &b->time, sizeof(a->time)) &&
	   !memcmp(a->extra[0], b->extra[0], 2 * sizeof(*a->extra[0])) && a->extra[0][0].n == 2,
	   "the same Time, User and Sys, to the bit (User over the 2 runs that have it)");
	ok(a && a->runs && a->nruns == 3 && run_value(a, 1, RUN_MAIN + RUN_MORE + EXTRA_USER) == 60.9 &&
	   isnan(run_value(a, 2, RUN_MAIN + RUN_MORE + EXTRA_USER)), "with: each run's values, User among them");
	ok(b && !b->runs && b->nruns == 0 && !b->extra_runs[0] && kr[1].no_runs,
	   "without: none kept");
	ok(a && in_kept(&kr[0], a->runs) && in_kept(&kr[0], a->extra[0]) &&
	   in_kept(&kr[0], a->extra_runs[0]) && a->runs_alloc == a->nruns,
	   "the kept blocks moved into the kernel's one");
	kernel_results_release(&kr[0]);
	kernel_results_release(&kr[1]);
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
	test_nul_byte();
	test_duplicate_column();
	test_fifo();
	test_limits();
	test_numbers_as_strtod();
	test_odd_numbers();
	test_odd_optional();
	test_no_runs();
	rm_rf(tmpdir);
	return tap_done();
}

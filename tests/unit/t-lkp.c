/* t-lkp.c - show_lkp(), what bisect --format mail calls: the kernel test
 * robot's mail of two kernels read from a results directory */
#include "show/show.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

static char dir[] = "/tmp/t-lkp.XXXXXX";

/* DIR/KERNEL: 5 interleaved runs of noload and io_load, io_load's Time
 * times scale; env with env_lines before its config section */
static void kernel(const char *name, double scale, int second, const char *env_lines)
{
	static const double io[] = { 60.2, 61.0, 59.5, 60.8, 60.1 };
	char *kdir = xasprintf("%s/%s", dir, name), *path = xasprintf("%s/runs.tsv", kdir);
	FILE *f;

	mkdir(kdir, 0755);
	f = fopen(path, "w");
	fputs("timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n", f);
	for (int i = 0; i < 5; i++) {
		fprintf(f, "2026-01-01T10:%02d:%02dZ\tnoload\t%d\t%.3f\t190\t0\t0\tok\n", i, second,
			i + 1, 20.0 + 0.1 * i);
		fprintf(f, "2026-01-01T10:%02d:%02dZ\tio_load\t%d\t%.3f\t40\t7\t12\tok\n", i,
			second + 1, i + 1, io[i] * scale * (1 + 0.004 * (i % 3)));
	}
	fclose(f);
	free(path);
	path = xasprintf("%s/env", kdir);
	f = fopen(path, "w");
	fprintf(f, "host: box\ncpus: 2\n%sconfig:\nworkload = kernel\nruns = 5\n", env_lines);
	fclose(f);
	free(path);
	free(kdir);
}

/* show_lkp's mail as text; *status its return */
static char *mail(const struct lkp_args *a, int *status)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);

	*status = show_lkp(a, f);
	fclose(f);
	return text;
}

int main(void)
{
	struct lkp_args a = { 0 };
	char *m;
	int st;

	if (!mkdtemp(dir))
		return 1;
	kernel("good", 1.0, 10, "commit: 1111aaaa\nsubject: base\n");
	kernel("bad", 1.2, 20, "commit: 2222bbbb\nsubject: fs: slower read\n");
	a.dir = dir;
	a.base = "good";
	a.head = "bad";
	m = mail(&a, &st);
	ok(st == 0, "show_lkp of two kernels: 0");
	ok(m && strstr(m, "\nSubject: [contest] 2222bbbb: contest.io_load.time_s ") &&
	   strstr(m, "% regression\n"), "the subject: env's commit, the worst row, a regression");
	ok(m && strstr(m, "\ncommit: 2222bbbb (\"fs: slower read\")\n"), "the commit line from env");
	ok(m && strstr(m, "contest rerun -r ") && strstr(m, " bad\n"), "To reproduce: contest rerun");
	ok(m && !strstr(m, "Warning: "), "commit and subject are no confounds: no warning");
	free(m);

	a.commit = "cafe";
	a.subject = "given";
	a.load = "noload";
	a.metric = "Time";
	m = mail(&a, &st);
	ok(st == 0 && m && strstr(m, "\nSubject: [contest] cafe: contest.noload.time_s "),
	   "the commit given and the row in focus (noload Time)");
	ok(m && strstr(m, "\ncommit: cafe (\"given\")\n"), "the subject given");
	free(m);

	a.metric = "nosuch";
	m = mail(&a, &st);
	ok(st == EXIT_RUN_FAILED, "a focus that names no row: EXIT_RUN_FAILED");
	free(m);
	a.metric = NULL;
	a.head = "missing";
	m = mail(&a, &st);
	ok(st == EXIT_RUN_FAILED, "a kernel without results: EXIT_RUN_FAILED");
	free(m);
	rm_rf(dir);
	return tap_done();
}

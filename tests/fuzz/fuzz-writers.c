/* fuzz-writers.c - libFuzzer target: what a runs.tsv and an env file become
 * in every format report and compare write
 *
 * The readers' targets stop where the values are read; this one goes on to
 * the writers, where what the reader let through (a figure of 20 digits, a
 * load or env value with markup or quotes in it, a kernel with rows the
 * other lacks) is turned into text: the KCIDB writer once cast a NaN to
 * an integer, lkp's mail sorted no rows at NULL. The input is K's runs.tsv,
 * then optionally a line "%%L" and L's (else L's is K's), then optionally
 * a line "%%env" and the env file both kernels hold (as fuzz-calibration's
 * input). report writes the two as text, classic, mail, csv, json and
 * kcidb with --stats; compare as text, mail, csv, json and lkp. Their
 * stdout goes to /dev/null; html is left out (it runs gnuplot). The
 * temporary directory goes at exit.
 */
#include "results/report.h"
#include "show/show.h"
#include "lib/util.h"
#include "fuzz-kernel-file.h"

#include <fcntl.h>
#include <string.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-writers.XXXXXX";
static struct fuzz_kernel_file kf = { dir, NULL, NULL };
static char *env_k, *runs_l, *env_l, *ldir;
static FILE *devnull;

static void writers_remove(void)
{
	unlink(env_k);
	unlink(runs_l);
	unlink(env_l);
	rmdir(ldir);
}

/* the first call: K/runs.tsv made by fuzz_kernel_file, then L beside it */
static void writers_setup(void)
{
	int fd = open("/dev/null", O_WRONLY);

	if (fd < 0 || dup2(fd, STDOUT_FILENO) < 0)
		abort();
	close(fd);
	devnull = fopen("/dev/null", "w");
	env_k = xasprintf("%s/env", kf.kdir);
	ldir = xasprintf("%s/L", kf.dir);
	runs_l = xasprintf("%s/runs.tsv", ldir);
	env_l = xasprintf("%s/env", ldir);
	if (!devnull || mkdir(ldir, 0755) < 0)
		abort();
	atexit(writers_remove);	/* before fuzz_kernel_file's: L goes, then K and DIR */
}

static void reports(void)
{
	static const enum report_format formats[] = {
		REPORT_TEXT, REPORT_CLASSIC, REPORT_MAIL, REPORT_CSV, REPORT_JSON, REPORT_KCIDB,
	};
	const char *const kernels[] = { "K", "L" };

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		struct report_opts o;

		report_opts_init(&o);
		o.format = formats[i];
		o.stats = 1;
		o.from = "fuzz@example.org";	/* not git config's, a fork per input */
		o.origin = formats[i] == REPORT_KCIDB ? "fuzz" : NULL;
		report_print_kernels(dir, kernels, 2, &o, devnull);
	}
}

static void compares(void)
{
	static const enum compare_format formats[] = {
		COMPARE_TEXT, COMPARE_MAIL, COMPARE_CSV, COMPARE_JSON, COMPARE_LKP,
	};
	char k[] = "K", l[] = "L", *kernels[] = { k, l };

	for (size_t i = 0; i < sizeof(formats) / sizeof(formats[0]); i++) {
		struct compare_args a;

		compare_args_init(&a, dir);
		a.format = (int)formats[i];
		a.from = "fuzz@example.org";
		compare_print(&a, kernels, 2);
	}
}

/* the length of the part of [p, end) before the line MARK; *after is where
 * the mark ends, NULL when there is none */
static size_t before_mark(const uint8_t *p, const uint8_t *end, const char *mark,
			  const uint8_t **after)
{
	const uint8_t *at = memmem(p, (size_t)(end - p), mark, strlen(mark));

	*after = at ? at + strlen(mark) : NULL;
	return (size_t)((at ? at : end) - p);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	const uint8_t *end = data + size, *env, *l;
	size_t nall = before_mark(data, end, "%%env\n", &env);
	size_t nk = before_mark(data, data + nall, "%%L\n", &l);
	size_t nl = l ? (size_t)(data + nall - l) : nk;

	fuzz_kernel_file(&kf, "runs.tsv", data, nk);
	if (!devnull)
		writers_setup();
	fuzz_put(runs_l, l ? l : data, nl);	/* no "%%L": L holds K's rows */
	fuzz_put(env_k, env ? env : data, env ? (size_t)(end - env) : 0);
	fuzz_put(env_l, env ? env : data, env ? (size_t)(end - env) : 0);
	reports();
	compares();
	return 0;
}

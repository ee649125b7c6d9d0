/* fuzz-calibration.c - libFuzzer target: the calibration compare and
 * calibrate -n 0 read (RESULTS/.calibration/SESSION/runs.tsv and env:
 * copied from another machine, cut short, hand-edited)
 *
 * The input up to a line "%%env" is the runs.tsv of two sessions, what
 * follows it their env; both are read as compare reads them, the env
 * also as BASE's, so the machine check runs. The temporary directory
 * goes at exit.
 */
#include "results/calibration.h"
#include "results/compare.h"
#include "record/env.h"
#include "lib/util.h"
#include "fuzz-kernel-file.h"

#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static const char *const sessions[] = { "s-1", "s-2" };
static char dir[] = "/tmp/contest-fuzz-calibration.XXXXXX";
static char *cdir, *sdirs[2], *runs[2], *envs[2];

static void remove_dir(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(sessions); i++) {
		unlink(runs[i]);
		unlink(envs[i]);
		rmdir(sdirs[i]);
	}
	rmdir(cdir);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static const char mark[] = "%%env\n";
	char *text = xmalloc(size + 1), *env;
	struct calibration cal;
	struct compare_opts o;
	struct env *base;
	size_t nruns = size;

	if (!cdir) {
		if (!mkdtemp(dir))
			abort();
		cdir = xasprintf("%s/%s", dir, CALIBRATION_DIR);
		if (mkdir(cdir, 0755) < 0)
			abort();
		for (size_t i = 0; i < ARRAY_SIZE(sessions); i++) {
			sdirs[i] = xasprintf("%s/%s", cdir, sessions[i]);
			runs[i] = xasprintf("%s/runs.tsv", sdirs[i]);
			envs[i] = xasprintf("%s/env", sdirs[i]);
			if (mkdir(sdirs[i], 0755) < 0)
				abort();
		}
		atexit(remove_dir);
	}
	memcpy(text, data, size);
	text[size] = '\0';
	env = strstr(text, mark);	/* stops at a NUL: the rest is runs.tsv */
	if (env) {
		nruns = (size_t)(env - text);
		env += strlen(mark);
	}
	for (size_t i = 0; i < ARRAY_SIZE(sessions); i++) {
		fuzz_put(runs[i], data, nruns);
		if (env)
			fuzz_put(envs[i], env, size - (size_t)(env - text));
		else
			unlink(envs[i]);
	}
	if (calibration_read(dir, &cal, NULL) == 0 && cal.sessions && !isnan(cal.tau2))
		calibration_drift_pct(cal.tau2);
	calibration_release(&cal);
	compare_opts_init(&o);
	base = env ? env_parse(env, 1) : NULL;
	compare_opts_calibrate(&o, dir, base);
	env_free(base);
	free(text);
	return 0;
}

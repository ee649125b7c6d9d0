/* fuzz-runs.c - libFuzzer target: the runs.tsv reader (hand-edited, copied, truncated rows) */
#include "results/store.h"
#include "results/summary.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-runs.XXXXXX";
static char *file, *kdir;

static void remove_dir(void)
{
	unlink(file);
	rmdir(kdir);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kernel_results kr;
	FILE *f;

	if (!file) {
		if (!mkdtemp(dir))
			abort();
		kdir = xasprintf("%s/K", dir);
		file = xasprintf("%s/runs.tsv", kdir);
		if (mkdir(kdir, 0755) < 0)
			abort();
		atexit(remove_dir);	/* the directory goes when the fuzzing ends */
	}
	f = fopen(file, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();

	if (results_read_kernel(dir, "K", &kr) == 0)
		kernel_results_release(&kr);
	results_next_run(kdir, "noload");
	return 0;
}

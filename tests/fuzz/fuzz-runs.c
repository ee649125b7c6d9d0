/* fuzz-runs.c - libFuzzer target: the runs.tsv reader (hand-edited, copied, truncated rows) */
#include "results/store.h"
#include "results/summary.h"
#include "fuzz-kernel-file.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-runs.XXXXXX";
static struct fuzz_kernel_file kf = { dir, NULL, NULL };

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kernel_results kr;

	fuzz_kernel_file(&kf, "runs.tsv", data, size);
	if (results_read_kernel(dir, "K", &kr) == 0)
		kernel_results_release(&kr);
	results_next_run(kf.kdir, "noload");
	return 0;
}

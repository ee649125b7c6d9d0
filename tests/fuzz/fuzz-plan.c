/* fuzz-plan.c - libFuzzer target: the plan file run --resume reads
 * (KDIR/plan: hand-edited, cut short, from another version)
 *
 * The input is KDIR/plan; when it reads, the plan it names is built, checked
 * against the default config, and what is left to do worked out (with no
 * runs.tsv: the whole plan), as run --resume does. The temporary directory
 * goes at exit.
 */
#include "record/config-keys.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "session/plan.h"
#include "session/resume.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

static char dir[] = "/tmp/contest-fuzz-plan.XXXXXX";
static char *kdir, *file;
static struct config *cfg;

static void remove_dir(void)
{
	unlink(file);
	rmdir(kdir);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct resume_plan r;
	FILE *f;

	if (!file) {
		if (!mkdtemp(dir))
			abort();
		kdir = xasprintf("%s/K", dir);
		file = xasprintf("%s/plan", kdir);
		if (mkdir(kdir, 0755) < 0)
			abort();
		cfg = contest_config_new();
		atexit(remove_dir);
	}
	f = fopen(file, "w");
	if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
		abort();

	if (resume_read(kdir, &r) == 0) {
		struct plan p;
		struct running_stats *time;
		int *done;

		plan_build(&p, cfg, r.loads, r.nloads);
		/* the seeds' configs are not the default, so the check mostly
		 * fails: what is left to do is worked out all the same */
		resume_check(&r, cfg, &p);
		time = xcalloc(p.nloads + 1, sizeof(*time));
		done = xcalloc(p.nloads + 1, sizeof(*done));
		resume_skip_done(&r, dir, "K", &p, done, time);
		free(time);
		free(done);
		plan_release(&p);
	}
	resume_release(&r);
	return 0;
}

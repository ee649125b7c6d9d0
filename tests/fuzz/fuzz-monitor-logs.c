/* fuzz-monitor-logs.c - libFuzzer target: the monitors' logs report,
 * plot and the page read (KERNEL/logs/LOAD.N.vmstat, .psi, .profile and
 * an interactive task's .make: cut short, hand-edited, another tool's)
 *
 * The input is written as each of the four logs of run 1 of an
 * interactive row, so every reader sees it, and read as report --stats
 * reads it; the profile's first symbol is looked up as the page does.
 * The temporary directory goes at exit.
 */
#include "results/monitor-logs.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define ROW "task+noload"
static const char *const exts[] = { "vmstat", "psi", "profile", "make" };
static char dir[] = "/tmp/contest-fuzz-monitor-logs.XXXXXX";
static char *kdir, *logdir, *files[ARRAY_SIZE(exts)];

static void remove_dir(void)
{
	for (size_t i = 0; i < ARRAY_SIZE(files); i++)
		unlink(files[i]);
	rmdir(logdir);
	rmdir(kdir);
	rmdir(dir);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct monitor_log log;

	if (!kdir) {
		if (!mkdtemp(dir))
			abort();
		kdir = xasprintf("%s/K", dir);
		logdir = xasprintf("%s/logs", kdir);
		if (mkdir(kdir, 0755) < 0 || mkdir(logdir, 0755) < 0)
			abort();
		for (size_t i = 0; i < ARRAY_SIZE(exts); i++)
			files[i] = xasprintf("%s/%s.1.%s", logdir, ROW, exts[i]);
		atexit(remove_dir);
	}
	for (size_t i = 0; i < ARRAY_SIZE(files); i++) {
		FILE *f = fopen(files[i], "w");

		if (!f || fwrite(data, 1, size, f) != size || fclose(f) != 0)
			abort();
	}
	monitor_log_read(dir, "K", ROW, &log);
	if (log.profile.nsyms)
		monitor_profile_sym_pct(&log.profile, log.profile.syms[0].name);
	monitor_log_release(&log);
	return 0;
}

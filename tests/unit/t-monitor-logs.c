/* t-monitor-logs.c - the vmstat and psi logs read into samples (monitor-logs.h) */
#include "results/monitor-logs.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

static char tmpdir[] = "/tmp/t-monitor-logs.XXXXXX";

static const char vmstat_log[] =
	"procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----\n"
	" r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st\n"
	" 1  0      0 2048000  1000 50000    0    0     1     2   10   20  1  1 98  0  0\n"
	" 2  0      0 1024000  1000 50000    5    7     1     2   10   20  1  1 90  3  0\n"
	" 1  0      0  512000  1000 50000    0    9     1     2   10   20  1  1 90  4  0\n";

/* seconds, then cpu, memory, io some and full stall microseconds; no cpu full line */
static const char psi_log[] =
	"# seconds cpu_some cpu_full memory_some memory_full io_some io_full\n"
	"0.50 1000 - 2000 0 3000 0\n"
	"1.50 501000 - 252000 0 1003000 0\n"
	"1.50 601000 - 252000 0 1003000 0\n"
	"3.50 601000 - 652000 0 1003000 0\n";

static void put(const char *name, const char *text)
{
	char *path = xasprintf("%s/k1/logs/%s", tmpdir, name);
	FILE *f = fopen(path, "w");

	if (!f || fputs(text, f) < 0 || fclose(f) != 0)
		setup_failed("cannot write '%s': %s", path, strerror(errno));
	free(path);
}

static int near(double a, double b)
{
	return fabs(a - b) < 1e-9;
}

static void test_parse_vmstat(void)
{
	struct vmstat_sample *v;
	size_t n = monitor_parse_vmstat(vmstat_log, &v);

	ok(n == 2, "vmstat: the average since boot left out, two seconds (%zu)", n);
	ok(n == 2 && near(v[0].free_kib, 1024000) && near(v[0].si, 5) && near(v[0].so, 7) &&
	   near(v[0].wa, 3) && near(v[1].free_kib, 512000) && near(v[1].so, 9) &&
	   near(v[1].wa, 4), "vmstat: free, si, so and wa found by the header's names");
	free(v);
	n = monitor_parse_vmstat(" 1 0 0 2048000 1000 50000 0 0 1 2 10 20 1 1 98 0 0\n", &v);
	ok(n == 0 && !v, "vmstat: lines without a header are no samples");
	free(v);
}

static void test_parse_psi(void)
{
	struct psi_sample *p;
	size_t n = monitor_parse_psi(psi_log, &p);

	ok(n == 2, "psi: the comment and an interval of no time left out, two intervals (%zu)", n);
	ok(n == 2 && near(p[0].t, 1.5) && near(p[0].cpu, 50) && near(p[0].memory, 25) &&
	   near(p[0].io, 100), "psi: the share of the interval some task stalled, in percent");
	ok(n == 2 && near(p[1].t, 3.5) && near(p[1].cpu, 0) && near(p[1].memory, 20) &&
	   near(p[1].io, 0), "psi: each interval from the line before it");
	free(p);
}

static void test_read(void)
{
	char *logs = xasprintf("%s/k1/logs", tmpdir);
	struct monitor_log log;
	int made = mkdir_p(logs, 0755);

	free(logs);
	if (made < 0) {
		setup_failed("cannot make the logs directory: %s", strerror(errno));
		return;
	}
	put("io_load.10.vmstat", vmstat_log);
	put("io_load.2.vmstat", vmstat_log);
	put("io_load.2.psi", psi_log);
	put("io_load.1.vmstat", "no header at all\n");
	put("io_load.0.vmstat", vmstat_log);		/* no run 0 */
	put("io_load.x.vmstat", vmstat_log);
	put("io_loadx.3.vmstat", vmstat_log);		/* another load */
	put("io_load.4.psi", psi_log);			/* psi without vmstat */
	monitor_log_read(tmpdir, "k1", "io_load", &log);
	ok(log.nruns == 3 && log.runs[0].run == 1 && log.runs[1].run == 2 &&
	   log.runs[2].run == 10, "read: runs 1, 2, 10 of io_load, sorted by number (%zu)",
	   log.nruns);
	ok(log.nruns == 3 && log.runs[0].nvmstat == 0 && log.runs[1].nvmstat == 2 &&
	   log.runs[2].nvmstat == 2, "read: each run's vmstat samples");
	ok(log.nruns == 3 && log.runs[1].npsi == 2 && log.runs[2].npsi == 0 &&
	   near(log.runs[1].psi[0].cpu, 50), "read: the psi log of the run that has one");
	ok(!strcmp(log.kernel, "k1") && !strcmp(log.load, "io_load"), "read: named by kernel and load");
	monitor_log_release(&log);
	monitor_log_read(tmpdir, "k2", "io_load", &log);
	ok(log.nruns == 0, "read: a kernel without logs has no runs");
	monitor_log_release(&log);
}

int main(void)
{
	if (!mkdtemp(tmpdir)) {
		printf("Bail out! cannot make a temporary directory\n");
		return 1;
	}
	test_parse_vmstat();
	test_parse_psi();
	test_read();
	rm_rf(tmpdir);
	return tap_done();
}

/* t-disturb.c - what a run's window saw: when a load did not load
 * (load_judge), and what disturbed it (disturb_delta), on snapshots whose
 * truth is known */
#include "session/disturb.h"
#include "loads/load.h"
#include "lib/util.h"
#include "tap.h"

#include <math.h>
#include <string.h>
#include <unistd.h>

static const double MB = 1024.0 * 1024.0;

/* the disk from a to b: read and written MB */
static void disk(struct disk_snap *a, struct disk_snap *b, double read_mb, double write_mb)
{
	memset(a, 0, sizeof(*a));
	a->ok = 1;
	a->rd_sectors = 1000;
	a->wr_sectors = 2000;
	*b = *a;
	b->rd_sectors += (unsigned long long)(read_mb * MB / 512);
	b->wr_sectors += (unsigned long long)(write_mb * MB / 512);
}

static void test_judge(void)
{
	struct disk_snap a, b, none = { 0 };
	double rd, wr;
	char text[96];

	disk(&a, &b, 0, 1);
	load_judge(LOAD_STRESS_WRITE, &a, &b, 256 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "writes stayed in the page cache: 256 MB written, 1 MB reached the disk"),
	   "io_load: 256 MB written, 1 MB to the disk: '%s'", text);
	ok(fabs(wr - 1) < 0.01 && fabs(rd) < 0.01, "the disk's MB: read %.2f, written %.2f", rd, wr);
	disk(&a, &b, 0, 200);
	load_judge(LOAD_STRESS_WRITE, &a, &b, 256 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "-"), "200 of 256 MB reached the disk: it loaded ('%s')", text);
	disk(&a, &b, 2, 0);
	load_judge(LOAD_STRESS_READ, &a, &b, 512 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strncmp(text, "reads served from the page cache: 512 MB read, 2 MB", 51),
	   "read_load served from the cache: '%s'", text);
	disk(&a, &b, 400, 0);
	load_judge(LOAD_STRESS_READ, &a, &b, 512 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "-"), "400 of 512 MB from the disk: it loaded");
	load_judge(LOAD_STRESS_SWAP, &a, &b, 512 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "never swapped"), "mem_load with no page swapped: '%s'", text);
	load_judge(LOAD_STRESS_SWAP, &a, &b, 512 * MB, 0, 3, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "-"), "3 pages swapped out: it loaded");
	load_judge(LOAD_STRESS_WRITE, &none, &none, 256 * MB, 0, 0, &rd, &wr, text,
		   sizeof(text));
	ok(!strcmp(text, "-") && isnan(rd) && isnan(wr),
	   "no block device (tmpfs): the disk unknown, no verdict");
	disk(&a, &b, 0, 0);
	load_judge(0, &a, &b, 256 * MB, 0, 0, &rd, &wr, text, sizeof(text));
	ok(!strcmp(text, "-"), "a load that stresses none of these (process_load) is never flagged");
}

static void test_delta(void)
{
	long hz = sysconf(_SC_CLK_TCK);
	struct disturb_snap a = { 1, 1000, 10, 0.5, 0.1 }, b = a;
	double steal, others;
	char text[64];

	/* a 10 s window on ncpus CPUs: the compile used 10 CPU s, the load 2,
	 * the driver 0.1 and the monitors 0.1; the machine was busy 12.2 + X */
	b.busy += (unsigned long long)((12.2 + 5.0 * ncpus()) * (double)hz);
	b.self_s += 0.1;
	b.monitors_s += 0.1;
	disturb_delta(&a, &b, 10, 10, 2, &steal, &others, text, sizeof(text));
	ok(fabs(others - 5.0 * ncpus()) < 0.05, "others' CPU is the busy time less the compile, "
	   "the load and contest's own: %.2f s", others);
	ok(!strcmp(text, "others 50%"), "half the machine's CPU time: '%s'", text);
	b = a;
	b.busy += (unsigned long long)(12.2 * (double)hz);
	b.steal += (unsigned long long)(1.5 * ncpus() * (double)hz);
	b.self_s += 0.1;
	b.monitors_s += 0.1;
	disturb_delta(&a, &b, 10, 10, 2, &steal, &others, text, sizeof(text));
	ok(others < 0.05 && !strcmp(text, "steal 15%"), "steal alone: '%s' (others %.2f s)", text,
	   others);
	b.busy = a.busy;
	disturb_delta(&a, &b, 10, 10, 2, &steal, &others, text, sizeof(text));
	ok(others == 0, "less busy time than the compile used (a tick's rounding): others 0, not "
	   "negative");
	a.ok = 0;
	disturb_delta(&a, &b, 10, 10, 2, &steal, &others, text, sizeof(text));
	ok(isnan(steal) && isnan(others) && !strcmp(text, "-"), "no /proc/stat: unknown, '-'");
}

int main(void)
{
	test_judge();
	test_delta();
	return tap_done();
}

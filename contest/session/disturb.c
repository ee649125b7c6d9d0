/* disturb.c - what a run's window saw besides the compile, see disturb.h */
#include "session/disturb.h"
#include "lib/util.h"
#include "loads/load.h"

#include <math.h>
#include <stdio.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

/* user+system CPU seconds of one process from /proc/PID/stat; 0 when gone */
static double proc_cpu_s(pid_t pid)
{
	char path[64], line[1024], *p;
	unsigned long long ut, st;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_line_file(path, line, sizeof(line)) < 0 || !(p = strrchr(line, ')')))
		return 0;
	/* after "(comm)": state, then 10 fields, then utime and stime */
	if (sscanf(p + 1, " %*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu", &ut, &st) != 2)
		return 0;
	return (double)(ut + st) / (double)sysconf(_SC_CLK_TCK);
}

void disturb_snap(struct disturb_snap *d, const pid_t *monitors, size_t n)
{
	unsigned long long v[8] = { 0 };
	struct rusage ru;
	char line[512];

	memset(d, 0, sizeof(*d));
	if (read_line_file("/proc/stat", line, sizeof(line)) == 0 &&
	    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7]) >= 7) {
		d->ok = 1;
		d->busy = v[0] + v[1] + v[2] + v[5] + v[6];	/* user nice system irq softirq */
		d->steal = v[7];
	}
	if (getrusage(RUSAGE_SELF, &ru) == 0)
		d->self_s = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
			    (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	for (size_t i = 0; i < n; i++)
		if (monitors[i] > 0)
			d->monitors_s += proc_cpu_s(monitors[i]);
}

void disturb_delta(const struct disturb_snap *a, const struct disturb_snap *b, double wall_s,
		   double compile_s, double load_s, double *steal_s, double *others_s,
		   char *text, size_t size)
{
	double hz = (double)sysconf(_SC_CLK_TCK), cpu_s = wall_s * ncpus(), steal_pct, others_pct;
	size_t len = 0;

	*steal_s = *others_s = NAN;
	snprintf(text, size, "-");
	if (!a->ok || !b->ok || b->busy < a->busy || b->steal < a->steal)
		return;
	*steal_s = (double)(b->steal - a->steal) / hz;
	*others_s = (double)(b->busy - a->busy) / hz - compile_s - (isnan(load_s) ? 0 : load_s) -
		    (b->self_s - a->self_s) - (b->monitors_s - a->monitors_s);
	if (*others_s < 0)
		*others_s = 0;	/* a tick's resolution, not a negative CPU */
	if (!(cpu_s > 0))
		return;
	steal_pct = 100.0 * *steal_s / cpu_s;
	others_pct = 100.0 * *others_s / cpu_s;
	text[0] = '\0';
	if (steal_pct >= DISTURB_PCT)
		len += (size_t)snprintf(text + len, size - len, "steal %.0f%%", steal_pct);
	if (others_pct >= DISTURB_PCT && len < size)
		snprintf(text + len, size - len, "%sothers %.0f%%", len ? ", " : "", others_pct);
	if (!text[0])
		snprintf(text, size, "-");
}

void disk_snap(struct disk_snap *d, const char *path)
{
	char file[96], line[512];
	struct stat st;

	memset(d, 0, sizeof(*d));
	if (!path || stat(path, &st) < 0 || !major(st.st_dev))
		return;
	snprintf(file, sizeof(file), "/sys/dev/block/%u:%u/stat", major(st.st_dev), minor(st.st_dev));
	if (read_line_file(file, line, sizeof(line)) == 0 &&
	    sscanf(line, "%*u %*u %llu %*u %*u %*u %llu", &d->rd_sectors, &d->wr_sectors) == 2)
		d->ok = 1;
}

void disks_snap(struct disk_snap *d)
{
	FILE *f = fopen("/proc/diskstats", "re");
	char line[512], name[64], dev[128];
	unsigned long long rd, wr, rios, rms, wios, wms;

	memset(d, 0, sizeof(*d));
	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*u %*u %63s %llu %*u %llu %llu %llu %*u %llu %llu", name, &rios,
			   &rd, &rms, &wios, &wr, &wms) != 7)
			continue;
		snprintf(dev, sizeof(dev), "/sys/block/%s/device", name);
		if (access(dev, F_OK) < 0)
			continue;
		d->rd_sectors += rd;
		d->wr_sectors += wr;
		d->ios += rios + wios;
		d->io_ms += rms + wms;
		d->ok = 1;
	}
	fclose(f);
}

void window_rates(long long pswpin, long long pswpout, const struct disk_snap *a,
		  const struct disk_snap *b, double time_s, double rates[WINDOW_RATES])
{
	const double mb = 1024.0 * 1024.0;
	double page = (double)sysconf(_SC_PAGESIZE);
	int disk = a->ok && b->ok && b->rd_sectors >= a->rd_sectors &&
		   b->wr_sectors >= a->wr_sectors;

	for (int i = 0; i < WINDOW_RATES; i++)
		rates[i] = NAN;
	if (!(time_s > 0))
		return;
	if (pswpin >= 0 && pswpout >= 0) {
		rates[0] = (double)pswpin * page / mb / time_s;
		rates[1] = (double)pswpout * page / mb / time_s;
	}
	if (disk) {
		rates[2] = (double)(b->rd_sectors - a->rd_sectors) * 512.0 / mb / time_s;
		rates[3] = (double)(b->wr_sectors - a->wr_sectors) * 512.0 / mb / time_s;
		if (b->ios > a->ios && b->io_ms >= a->io_ms)
			rates[4] = (double)(b->io_ms - a->io_ms) / (double)(b->ios - a->ios);
	}
}

void load_judge(unsigned flags, const struct disk_snap *a, const struct disk_snap *b,
		double work_bytes, long long pswpin, long long pswpout, double *read_mb,
		double *write_mb, char *text, size_t size)
{
	const double mb = 1024.0 * 1024.0;
	double work_mb = work_bytes / mb;

	*read_mb = *write_mb = NAN;
	snprintf(text, size, "-");
	if (a->ok && b->ok && b->rd_sectors >= a->rd_sectors && b->wr_sectors >= a->wr_sectors) {
		*read_mb = (double)(b->rd_sectors - a->rd_sectors) * 512.0 / mb;
		*write_mb = (double)(b->wr_sectors - a->wr_sectors) * 512.0 / mb;
	}
	if ((flags & LOAD_STRESS_WRITE) && work_mb > 0 && !isnan(*write_mb) &&
	    *write_mb < work_mb * UNLOADED_PCT / 100.0)
		snprintf(text, size, "writes stayed in the page cache: %.0f MB written, %.0f MB "
			 "reached the disk", work_mb, *write_mb);
	else if ((flags & LOAD_STRESS_READ) && work_mb > 0 && !isnan(*read_mb) &&
		 *read_mb < work_mb * UNLOADED_PCT / 100.0)
		snprintf(text, size, "reads served from the page cache: %.0f MB read, %.0f MB "
			 "from the disk", work_mb, *read_mb);
	else if ((flags & LOAD_STRESS_SWAP) && pswpin == 0 && pswpout == 0)
		snprintf(text, size, "never swapped");
}

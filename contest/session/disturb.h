/* disturb.h - what a run's window saw besides the compile: what disturbed
 * it (the hypervisor's steal, others' CPU), and whether the load loaded
 *
 * Over the compile's window, from /proc/stat's first line (all CPUs):
 * steal is the time the hypervisor gave the CPUs to someone else; the
 * busy time (user, nice, system, irq, softirq) less the compile's CPU
 * (wait4), the load's CPU and contest's own (the driver and its
 * monitors) is what other processes used: someone else's work. Both in
 * CPU seconds, with /proc/stat's resolution of one clock tick a CPU.
 * A run is disturbed when either is at least DISTURB_PCT percent of the
 * CPU time the window had (its wall time times the CPUs); the run stays
 * ok, and says so in runs.tsv's `disturbed` column.
 */
#ifndef CONTEST_DISTURB_H
#define CONTEST_DISTURB_H

#include "results/store.h"

#include <stddef.h>
#include <sys/types.h>

#define DISTURB_PCT 10.0

struct disturb_snap {
	int ok;				/* /proc/stat was read */
	unsigned long long busy, steal;	/* clock ticks, all CPUs */
	double self_s;			/* the driver's own CPU (getrusage) */
	double monitors_s;		/* the monitors' CPU (/proc/PID/stat) */
};

/* a snapshot now; monitors[0..n) are the monitors' pids (0: none) */
void disturb_snap(struct disturb_snap *d, const pid_t *monitors, size_t n);

/*
 * From two snapshots around a window of wall_s seconds in which the
 * compile used compile_s and the load load_s CPU seconds: *steal_s and
 * *others_s (at least 0), NAN when a snapshot failed; into text (size
 * bytes) "-" or what disturbed the run, as "others 48%" or "steal 12%,
 * others 20%" (percent of the window's CPU time).
 */
void disturb_delta(const struct disturb_snap *a, const struct disturb_snap *b, double wall_s,
		   double compile_s, double load_s, double *steal_s, double *others_s,
		   char *text, size_t size);

/*
 * Whether the load reached what it exists to stress (load.h's
 * LOAD_STRESS_*), from its scratch directory's disk (/sys/dev/block's
 * stat of the device holding it) over the window: a load whose work
 * (bytes) reached the disk as writes or reads at less than UNLOADED_PCT
 * percent, or a swap load with no page swapped in or out, did not load.
 */
#define UNLOADED_PCT 10.0

struct disk_snap {
	int ok;				/* the path is on a block device with stats */
	unsigned long long rd_sectors, wr_sectors;	/* of 512 bytes */
	unsigned long long ios, io_ms;	/* disks_snap's: I/Os done, and ms they took */
};

/* the disk holding path, now */
void disk_snap(struct disk_snap *d, const char *path);
/* every physical disk of the machine (/proc/diskstats' devices with a
 * /sys/block/NAME/device: no partition, loop, dm or zram counted twice) */
void disks_snap(struct disk_snap *d);

/*
 * The machine's swap in and out and disk read and write over a window of
 * time_s seconds in MB a second, then the disks' await in ms, the mean
 * time an I/O that completed in the window took, as iostat's (store.h's
 * EXTRA_SWAP_IN.. order), from /proc/vmstat's pswpin and pswpout deltas
 * (pages) and two disks_snap(); NAN where not known (await: no I/O).
 */
void window_rates(long long pswpin, long long pswpout, const struct disk_snap *a,
		  const struct disk_snap *b, double time_s, double rates[WINDOW_RATES]);

/*
 * From the disk around the window, the load's flags and its work in
 * bytes, and the swap pages in and out: *read_mb and *write_mb (NAN
 * without a block device) and into text "-" or why the load did not
 * load ("writes stayed in the page cache: 256 MB written, 0 MB reached
 * the disk").
 */
void load_judge(unsigned flags, const struct disk_snap *a, const struct disk_snap *b,
		double work_bytes, long long pswpin, long long pswpout, double *read_mb,
		double *write_mb, char *text, size_t size);

#endif

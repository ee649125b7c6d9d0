/* psi.h - pressure stall information over a window (Linux 4.20+)
 *
 * /proc/pressure/{cpu,memory,io} and, under cgroup v2, a group's
 * {cpu,memory,io}.pressure hold lines "some avg10=.. total=US" and
 * "full ... total=US": the cumulative microseconds in which some (or
 * every non-idle) task stalled on that resource. A window's stall time is
 * the difference of two snapshots. A value that cannot be read (no PSI, a
 * kernel without cpu "full", a v1 cgroup) is NAN, written "-" in runs.tsv.
 */
#ifndef CONTEST_PSI_H
#define CONTEST_PSI_H

/* cpu some, cpu full, memory some, memory full, io some, io full */
enum { PSI_NCOL = 6 };

struct psi_snap {
	double total_us[PSI_NCOL];	/* NAN when not available */
};

/* the column suffixes in PSI order: "cpu_some", "cpu_full", ... */
extern const char *const psi_names[PSI_NCOL];

/* Snapshot the files under dir ("/proc/pressure" reads cpu, memory, io;
 * a cgroup v2 directory reads cpu.pressure, ...); dir NULL: all NAN */
void psi_read(const char *dir, int cgroup, struct psi_snap *s);
/* b - a into out[PSI_NCOL]; NAN where either is */
void psi_delta(const struct psi_snap *a, const struct psi_snap *b, double *out);

/*
 * The `psi` monitor, in a child of its own: every second one line on
 * stdout, "SECONDS" then the PSI_NCOL totals of /proc/pressure ("-" for
 * one that cannot be read), until a signal ends it. Never returns.
 */
void psi_log_loop(void *unused) __attribute__((noreturn));

#endif

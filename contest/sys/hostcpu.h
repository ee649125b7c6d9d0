/* hostcpu.h - the CPU time the host charges a guest, over a run's window
 *
 * A guest's wall time grows with whatever else the host runs; the host's
 * CPU time of the guest's processes (UML's kernel and its processes, or
 * QEMU) grows only with what the guest does. Only the host can read it,
 * and only the guest knows when its run starts and ends, so the session
 * inside asks: it creates DIR/cpu-ask.N in the private directory it
 * shares with the host (hostfs, 9p) and waits for DIR/cpu.N, which the
 * host writes on seeing the ask (inotify). Both sides are here, so the
 * file names and the reply's format live in one place.
 *
 * The host reads /proc of the monitor's process group: no cgroup to
 * make, own or clean up (v1 or v2, root or not), and per process, which
 * gives UML's split: its ptraced processes (the guest's processes, and
 * those the UML kernel reaped) are the guest's user time, the rest (the
 * UML kernel's process and helpers) the guest's system time. A cgroup's
 * usage_user/usage_sys would be the host's modes, where UML's kernel is
 * user code. QEMU's time is the whole process's, unsplit.
 */
#ifndef CONTEST_HOSTCPU_H
#define CONTEST_HOSTCPU_H

#include <stddef.h>
#include <sys/types.h>

/* the guest's environment entry naming the shared directory */
#define HOST_CPU_ENV "CONTEST_HOST_CPU"

/* CPU seconds: all the guest's, its user and system share (NAN: unsplit) */
struct host_cpu {
	double total_s, user_s, sys_s;
};

/* ---- the host ---- */

/* the process group of leader, now; split: tell the ptraced (UML) */
int host_cpu_sample(pid_t leader, int split, struct host_cpu *c);
/* an inotify descriptor that wakes on an ask in dir, or -1 (then poll) */
int host_cpu_watch(const char *dir);

/*
 * A UML guest's profile (session/profile.h) through the same directory:
 * the guest writes DIR/prof-ask.N holding one line, the host answers
 * DIR/prof.N with one line from fn (malloc'd), in the order of N. The
 * guest waits for each answer before its next ask.
 */
typedef char *(*host_prof_fn)(void *ctx, const char *ask);

/* who answers: the CPU time of leader's group (split: tell the ptraced,
 * UML), and the profile's asks through prof (NULL: none answered) */
struct host_answerer {
	pid_t leader;
	int split;
	host_prof_fn prof;
	void *ctx;
};
/* answer what dir holds unanswered, in one look (draining watch_fd when
 * >= 0): every CPU ask, and the oldest profile ask */
void host_answer(const char *dir, int watch_fd, const struct host_answerer *h);

/* ---- the guest ---- */

/* ask the host through HOST_CPU_ENV's directory: 0, or -1 (no channel,
 * or no answer within a few seconds, warned once) */
int host_cpu_ask(struct host_cpu *c);
/* ask the host for a profile (the line ask): 0 with its reply's line in
 * reply, or -1 (no channel, or no answer within timeout_s) */
int host_prof_ask(const char *ask, double timeout_s, char *reply, size_t len);
/* b - a into total, user, sys (NAN where either has none) */
void host_cpu_delta(const struct host_cpu *a, const struct host_cpu *b, double out[3]);

#endif

/* compile.c - the timed compile started and reaped (see compile.h) */
#include "session/compile.h"
#include "session/progress.h"
#include "sys/pgroup.h"
#include "sys/signals.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>

/* what the compile's child needs before it execs */
struct compile_child {
	const struct cgroup_session *cg;
	int clock_fd;		/* write end of the pipe that carries t0 */
	int go_fd;		/* read end of the pipe the driver says go on */
};

/*
 * In the child: join the session's cgroups, then read the clock and send
 * it to the driver. Time starts here, after the attach, which can take
 * tens of milliseconds (a v1 cgroup.procs write waits for an RCU grace
 * period) and is the harness's work, not the compile's. The child reads
 * the clock itself rather than the parent at the exec (the pipe's
 * close-on-exec EOF), so that how late the driver is scheduled afterwards
 * on a busy box cannot shorten Time; what is left before make runs (the
 * log's open, chdir, the environment, execvp) is microseconds, as GNU
 * time's own fork and exec are.
 */
static int join_cgroup(void *arg)
{
	const struct compile_child *cc = arg;
	char ready = 'r', go;
	double t0;
	ssize_t n;

	if (cc->cg->version && cgroup_enter(cc->cg, getpid()))
		return -1;
	/* ready, then wait until the driver has its counters on us (perfctr.h) */
	if (write(cc->clock_fd, &ready, 1) != 1)
		return -1;
	do
		n = read(cc->go_fd, &go, 1);
	while (n < 0 && errno == EINTR);
	t0 = now_mono();
	return write(cc->clock_fd, &t0, sizeof(t0)) == (ssize_t)sizeof(t0) ? 0 : -1;
}

/* the child's "ready" from the pipe: 0, or -1 when it died first */
static int read_ready(int fd)
{
	char ready;
	ssize_t n;

	do
		n = read(fd, &ready, 1);
	while (n < 0 && errno == EINTR);
	return n == 1 ? 0 : -1;
}

/* the child's t0 from the pipe; when it died before sending one, now */
static double read_start(int fd)
{
	double t0;
	ssize_t n;

	do
		n = read(fd, &t0, sizeof(t0));
	while (n < 0 && errno == EINTR);
	return n == (ssize_t)sizeof(t0) ? t0 : now_mono();
}

/* Reap pid precisely: pidfd readiness, then wait4 at once; the driver wakes
 * meanwhile only for a signal, or each second to redraw a terminal's progress */
void compile_wait(struct session *s, pid_t pid, struct compile_result *cr)
{
	int fd = (int)syscall(SYS_pidfd_open, pid, 0);

	for (;;) {
		if (run_interrupted && !cr->interrupted) {
			cr->interrupted = 1;
			kill(-pid, SIGKILL);
		}
		if (fd >= 0 && !cr->interrupted) {
			struct pollfd p = { .fd = fd, .events = POLLIN };
			int n = poll(&p, 1, s->tty ? 1000 : -1);

			/* EINTR: back to the top to see the flag, not into a blocking wait4 */
			if (n == 0 || (n < 0 && errno == EINTR)) {
				progress_draw(s->progress, s->tty);
				continue;
			}
		}
		if (wait4(pid, &cr->status, 0, &cr->ru) == pid)
			break;
		if (errno != EINTR) {
			cr->status = -1;
			break;
		}
	}
	if (fd >= 0)
		close(fd);
}

/* the load's snapshots are taken by the caller around it */
pid_t compile_start(struct session *s, const char *log, double *t0, struct perfctr *pc)
{
	struct compile_child cc = { .cg = &s->cg };
	struct spawn_opts o = {
		.cwd = s->wl.cwd, .out = log, .truncate_out = 1, .new_pgrp = 1, .build_env = 1,
		.child_hook = join_cgroup, .hook_arg = &cc,
	};
	int fds[2], go[2];
	pid_t pid;

	/* close-on-exec: make inherits no end, and a child that dies early
	 * closes its ends, so no read below waits for nothing */
	for (int i = 0; i < PERFCTR_N; i++)
		pc->fd[i] = -1;
	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot create a pipe: %s", strerror(errno));
	if (pipe2(go, O_CLOEXEC) < 0) {
		close(fds[0]);
		close(fds[1]);
		return error("cannot create a pipe: %s", strerror(errno));
	}
	cc.clock_fd = fds[1];
	cc.go_fd = go[0];
	fflush(NULL);
	pid = spawn(s->wl.build, &o);
	close(fds[1]);
	close(go[0]);
	if (pid > 0) {
		pgroup_register(pid);
		if (read_ready(fds[0]) == 0)
			perfctr_open(pc, pid);
		if (write(go[1], "g", 1) < 0) {
			/* the child died: the read of t0 below sees it */
		}
	}
	close(go[1]);
	*t0 = pid > 0 ? read_start(fds[0]) : 0;
	close(fds[0]);
	return pid;
}

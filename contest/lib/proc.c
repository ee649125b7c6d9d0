/* proc.c - see proc.h */
#include "lib/proc.h"
#include "lib/buildenv.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <poll.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

static const volatile sig_atomic_t *stop_flag;

void proc_watch(const volatile sig_atomic_t *stop)
{
	stop_flag = stop;
}

int proc_stopping(void)
{
	return stop_flag && *stop_flag;
}

static void child_setup(const struct spawn_opts *o, pid_t parent)
{
	int fd = -1;
	sigset_t none;

	/* the driver catches signals; a child starts clean: handlers first,
	 * then the mask spawn set before fork, so a signal sent to the child
	 * meanwhile is not run through the driver's handler and lost */
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGHUP, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	if (o && o->new_pgrp)
		setpgid(0, 0);
	/* never outlive the driver, even when it is killed outright; the
	 * parent may have died before prctl, and then no signal comes */
	prctl(PR_SET_PDEATHSIG, SIGKILL);
	if (getppid() != parent)
		_exit(127);
	if (o && o->child_hook && o->child_hook(o->hook_arg))
		_exit(127);
	if (o && o->out)
		/* a log may be a symbolic link or a FIFO put in its place */
		fd = open_write_file(o->out, o->truncate_out ? O_TRUNC : O_APPEND, 0644);
	else if (o && o->devnull_out)
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (o && o->out && fd < 0) {
		/* never let the output land on the driver's stdout instead */
		fprintf(stderr, "error: cannot open '%s': %s\n", o->out, file_strerror(errno));
		_exit(127);
	}
	if (fd >= 0) {
		dup2(fd, 1);
		dup2(fd, 2);
	}
	/* after opening out: a relative log path is the caller's, not cwd's */
	if (o && o->cwd && chdir(o->cwd) < 0) {
		fprintf(stderr, "error: cannot chdir to '%s': %s\n", o->cwd, strerror(errno));
		_exit(127);
	}
	if (o && o->build_env)
		buildenv_apply();
	if (o && o->env_add)
		for (const char *const *e = o->env_add; *e; e++)
			putenv((char *)*e);
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0 && fd != 0) {
		dup2(fd, 0);
		close(fd);
	}
}

pid_t proc_fork(sigset_t *saved)
{
	sigset_t all;
	pid_t pid;

	sigfillset(&all);
	sigprocmask(SIG_SETMASK, &all, saved);
	pid = fork();
	if (pid != 0)
		sigprocmask(SIG_SETMASK, saved, NULL);
	return pid;
}

pid_t spawn(char *const argv[], const struct spawn_opts *o)
{
	pid_t parent = getpid();
	sigset_t saved;
	pid_t pid = proc_fork(&saved);

	if (pid < 0) {
		error("cannot fork for '%s': %s", argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0) {
		child_setup(o, parent);
		execvp(argv[0], argv);
		fprintf(stderr, "error: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (o && o->new_pgrp)
		setpgid(pid, pid);	/* both sides, so there is no race */
	return pid;
}

char *proc_output(char *const argv[], size_t max)
{
	return proc_output_bounded(argv, max, 0, 0, NULL);
}

/* ms left until deadline (CLOCK_MONOTONIC seconds), -1 for none */
static int ms_left(double deadline)
{
	double left = deadline - now_mono();

	if (deadline <= 0)
		return -1;
	return left > 0 ? (int)fmin(left * 1000, INT_MAX - 1) + 1 : 0;
}

/*
 * What child pid writes on fd (its end of the pipe, the write end closed
 * here), at most max bytes, until it closes it; then it is reaped, its wait
 * status into *status_out. Out of time (deadline), or asked to stop
 * (proc_watch) when watch_stop, it is killed and gives NULL, as does any
 * status but 0.
 */
static char *read_child(pid_t pid, int fd, size_t max, double deadline, int watch_stop,
			int *status_out, size_t *len_out)
{
	int status = -1, cut = 0;
	size_t len = 0;
	char *text = xmalloc(max + 1);
	ssize_t got;

	while (len < max) {
		struct pollfd p = { .fd = fd, .events = POLLIN };
		/* a slice at a time: a stop that lands just before poll is seen */
		int ms = ms_left(deadline), n;
		int stop = watch_stop && proc_stopping();

		n = poll(&p, 1, stop ? 0 : ms < 0 || ms > 200 ? 200 : ms);
		if (n == 0 && (stop || (deadline > 0 && ms_left(deadline) == 0))) {
			kill(pid, SIGKILL);	/* out of time: what it wrote is not all */
			cut = 1;
			break;
		}
		if (n < 0 && errno != EINTR)
			break;
		if (n <= 0)
			continue;	/* a slice gone, or a signal: look again */
		got = read(fd, text + len, max - len);
		if (got < 0 && errno == EINTR)
			continue;
		if (got <= 0)
			break;
		len += (size_t)got;
	}
	close(fd);
	proc_wait(pid, &status);
	if (status_out)
		*status_out = status;
	if (cut || status != 0 || !WIFEXITED(status)) {
		free(text);
		return NULL;
	}
	text[len] = '\0';
	if (len_out)
		*len_out = len;
	return text;
}

/*
 * in_child(arg, fd) in a forked child set up by o, fd its end of a pipe;
 * what it writes there, as read_child reads it (deadline timeout_s from
 * now, 0 none)
 */
static char *child_output(const struct spawn_opts *o, void (*in_child)(void *arg, int fd),
			  void *arg, size_t max, double timeout_s, int watch_stop,
			  int *status_out, size_t *len_out)
{
	int fd[2];
	double deadline = timeout_s > 0 ? now_mono() + timeout_s : 0;
	pid_t parent = getpid(), pid;
	sigset_t saved;

	if (status_out)
		*status_out = -1;
	if (pipe2(fd, O_CLOEXEC) < 0)
		return NULL;
	fflush(NULL);	/* the child's stdio must not write out the driver's buffers */
	if ((pid = proc_fork(&saved)) == 0) {
		child_setup(o, parent);
		close(fd[0]);
		in_child(arg, fd[1]);
		_exit(0);
	}
	if (pid < 0) {
		int e = errno;

		close(fd[0]);
		close(fd[1]);
		errno = e;
		return NULL;
	}
	close(fd[1]);
	return read_child(pid, fd[0], max, deadline, watch_stop, status_out, len_out);
}

struct exec_output {
	char *const *argv;
	double timeout_s;
};

/* in the child: argv with its stdout on fd, stderr staying /dev/null */
static void exec_to(void *arg, int fd)
{
	const struct exec_output *x = arg;

	dup2(fd, 1);
	if (x->timeout_s > 0)	/* kept over exec: one that closes stdout and hangs dies too */
		alarm((unsigned)x->timeout_s + 1);
	execvp(x->argv[0], x->argv);
	_exit(127);
}

char *proc_output_bounded(char *const argv[], size_t max, double timeout_s, int build_env,
			  int *status_out)
{
	struct spawn_opts o = { .devnull_out = 1, .build_env = build_env };
	struct exec_output x = { argv, timeout_s };

	return child_output(&o, exec_to, &x, max, timeout_s, 0, status_out, NULL);
}

char *proc_fn_output(void (*fn)(void *arg, int fd), void *arg, size_t max, double timeout_s,
		     int *status_out, size_t *len_out)
{
	struct spawn_opts o = { .devnull_out = 1 };

	return child_output(&o, fn, arg, max, timeout_s, 1, status_out, len_out);
}

int proc_wait(pid_t pid, int *status)
{
	while (waitpid(pid, status, 0) < 0) {
		if (errno != EINTR)
			return -1;
		if (proc_stopping()) {	/* interrupted: the program goes too, and is reaped */
			kill(pid, SIGKILL);
			kill(-pid, SIGKILL);	/* its group, when it leads one */
		}
	}
	return 0;
}

pid_t spawn_fn(void (*fn)(void *arg), void *arg, const char *what, const struct spawn_opts *o)
{
	pid_t parent = getpid(), pid;
	sigset_t saved;

	fflush(NULL);	/* the child's stdio must not write out the driver's buffers */
	pid = proc_fork(&saved);
	if (pid < 0) {
		error("cannot fork for %s: %s", what, strerror(errno));
		return -1;
	}
	if (pid == 0) {
		child_setup(o, parent);
		fn(arg);
		_exit(0);
	}
	if (o && o->new_pgrp)
		setpgid(pid, pid);
	return pid;
}

int run_cmd(char *const argv[], const struct spawn_opts *o)
{
	/* its own group, so that a stop (proc_wait) kills what it started too:
	 * make clean's children have no parent-death signal */
	struct spawn_opts own = o ? *o : (struct spawn_opts){ 0 };
	int st;
	pid_t pid;

	own.new_pgrp = 1;
	pid = spawn(argv, &own);

	if (pid < 0 || proc_wait(pid, &st) < 0)
		return -1;
	return st;
}

const char *proc_status_text(int status, char *buf, size_t len)
{
	int sig = WIFSIGNALED(status) ? WTERMSIG(status) : 0;
	const char *name = sig ? sigabbrev_np(sig) : NULL;

	if (status < 0)
		snprintf(buf, len, "did not run");
	else if (WIFEXITED(status))
		snprintf(buf, len, "exited with status %d", WEXITSTATUS(status));
	else if (sig)
		snprintf(buf, len, "was killed by signal %d (SIG%s)%s", sig, name ? name : "?",
			 WCOREDUMP(status) ? " and dumped core" : "");
	else
		snprintf(buf, len, "ended with wait status %#x", (unsigned)status);
	return buf;
}

char *argv_join(char *const argv[])
{
	size_t len = 1;
	char *s;

	for (int i = 0; argv[i]; i++)
		len += strlen(argv[i]) + 1;
	s = xmalloc(len);
	s[0] = '\0';
	for (int i = 0; argv[i]; i++) {
		if (i)
			strcat(s, " ");
		strcat(s, argv[i]);
	}
	return s;
}

const char *proc_self_exe(void)
{
	static char self[4096];
	static int err = -1;
	ssize_t n;

	if (err >= 0) {
		errno = err;
		return err ? NULL : self;
	}
	n = readlink("/proc/self/exe", self, sizeof(self) - 1);
	if (n < 0) {
		err = errno;
		return NULL;
	}
	self[n] = '\0';
	if (n > 10 && !strcmp(self + n - 10, " (deleted)"))
		self[n - 10] = '\0';	/* replaced before the first call: the path */
	err = 0;
	return self;
}

char *proc_self_dir(void)
{
	const char *self = proc_self_exe();
	const char *slash = self ? strrchr(self, '/') : NULL;

	return slash ? xasprintf("%.*s", (int)(slash - self), self) : NULL;
}

char *proc_share_path(const char *rel)
{
	char *dir = proc_self_dir(), *path;

	if (!dir)
		return NULL;
	path = xasprintf("%s/../share/%s", dir, rel);
	free(dir);
	return path;
}

int proc_find_program(const char *prog)
{
	const char *p = getenv("PATH");
	int found = -1;

	if (!prog || !*prog)
		return -1;
	if (strchr(prog, '/'))
		return access(prog, X_OK);
	if (!p || !*p)
		p = "/usr/local/bin:/usr/bin:/bin";
	while (found < 0 && *p) {
		size_t len = strcspn(p, ":");
		/* an empty PATH entry means the current directory */
		char *cand = len ? xasprintf("%.*s/%s", (int)len, p, prog) : xasprintf("./%s", prog);

		found = access(cand, X_OK);
		free(cand);
		p += len;
		if (*p == ':')
			p++;
	}
	return found;
}

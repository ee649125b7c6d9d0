/* proc.c - see proc.h */
#include "proc.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

static void child_setup(const struct spawn_opts *o)
{
	int fd = -1;
	sigset_t none;

	/* the driver blocks or catches signals; a child starts clean */
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGINT, SIG_DFL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGPIPE, SIG_DFL);
	signal(SIGCHLD, SIG_DFL);
	if (o && o->new_pgrp)
		setpgid(0, 0);
	if (o && o->child_hook && o->child_hook(o->hook_arg))
		_exit(127);
	if (o && o->out)
		fd = open(o->out, O_WRONLY | O_CREAT | O_CLOEXEC |
			  (o->truncate_out ? O_TRUNC : O_APPEND), 0644);
	else if (o && o->devnull_out)
		fd = open("/dev/null", O_WRONLY | O_CLOEXEC);
	if (o && o->out && fd < 0) {
		/* never let the output land on the driver's stdout instead */
		fprintf(stderr, "error: cannot open '%s': %s\n", o->out, strerror(errno));
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
	if (o && o->env_add)
		for (const char *const *e = o->env_add; *e; e++)
			putenv((char *)*e);
	fd = open("/dev/null", O_RDONLY);
	if (fd >= 0 && fd != 0) {
		dup2(fd, 0);
		close(fd);
	}
}

pid_t spawn(char *const argv[], const struct spawn_opts *o)
{
	pid_t pid = fork();

	if (pid < 0) {
		error("cannot fork for '%s': %s", argv[0], strerror(errno));
		return -1;
	}
	if (pid == 0) {
		child_setup(o);
		execvp(argv[0], argv);
		fprintf(stderr, "error: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (o && o->new_pgrp)
		setpgid(pid, pid);	/* both sides, so there is no race */
	return pid;
}

pid_t spawn_fn(void (*fn)(void *arg), void *arg, const char *what, const struct spawn_opts *o)
{
	pid_t pid;

	fflush(NULL);	/* the child's stdio must not write out the driver's buffers */
	pid = fork();

	if (pid < 0) {
		error("cannot fork for %s: %s", what, strerror(errno));
		return -1;
	}
	if (pid == 0) {
		child_setup(o);
		fn(arg);
		_exit(0);
	}
	if (o && o->new_pgrp)
		setpgid(pid, pid);
	return pid;
}

int run_cmd(char *const argv[], const struct spawn_opts *o)
{
	int st;
	pid_t pid = spawn(argv, o);

	if (pid < 0)
		return -1;
	while (waitpid(pid, &st, 0) < 0) {
		if (errno != EINTR)
			return -1;
	}
	if (WIFEXITED(st))
		return WEXITSTATUS(st);
	return 128 + WTERMSIG(st);
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

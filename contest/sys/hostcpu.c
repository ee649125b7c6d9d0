/* hostcpu.c - the host's CPU time of a guest, asked for from inside it (see hostcpu.h) */
#include "sys/hostcpu.h"
#include "lib/util.h"

#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/inotify.h>
#include <time.h>
#include <unistd.h>

#define ASK_PREFIX "cpu-ask."
#define REPLY_PREFIX "cpu."
#define PROF_ASK_PREFIX "prof-ask."
#define PROF_REPLY_PREFIX "prof."
/* how long the guest waits for the host: a busy host answers in ms */
#define ASK_TIMEOUT_S 5.0

/* ---- the host ---- */

/* pid's process group and CPU ticks (its own, its reaped children's) */
static int proc_stat(pid_t pid, long *pgrp, double *own, double *reaped)
{
	char path[64], buf[1024], *p;
	unsigned long long ut, st, cut, cst;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_line_file(path, buf, sizeof(buf)) < 0 || !(p = strrchr(buf, ')')))
		return -1;
	if (sscanf(p + 2, "%*c %*d %ld %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
		   pgrp, &ut, &st, &cut, &cst) != 5)
		return -1;
	*own = (double)(ut + st);
	*reaped = (double)(cut + cst);
	return 0;
}

static pid_t tracer_of(pid_t pid)
{
	char path[64], *text, *t;
	int tracer = 0;

	snprintf(path, sizeof(path), "/proc/%d/status", (int)pid);
	text = read_text_file(path, NULL);
	if (text && (t = strstr(text, "\nTracerPid:")))
		tracer = atoi(t + strlen("\nTracerPid:"));
	free(text);
	return tracer;
}

int host_cpu_sample(pid_t leader, int split, struct host_cpu *c)
{
	DIR *d = opendir("/proc");
	struct dirent *e;
	double user = 0, sys = 0, tick = (double)sysconf(_SC_CLK_TCK);
	int found = 0;

	if (!d)
		return -1;
	while ((e = readdir(d))) {
		pid_t pid = isdigit((unsigned char)e->d_name[0]) ? (pid_t)atoi(e->d_name) : 0;
		double own, reaped;
		long pgrp;

		if (!pid || proc_stat(pid, &pgrp, &own, &reaped) < 0 || pgrp != leader)
			continue;
		found |= pid == leader;
		/* UML's kernel reaps the host processes of its dead processes */
		if (pid == leader) {
			sys += own;
			user += reaped;
		} else if (split && tracer_of(pid) == leader) {
			user += own + reaped;
		} else {
			sys += own + reaped;
		}
	}
	closedir(d);
	if (!found)
		return -1;
	c->total_s = (user + sys) / tick;
	c->user_s = split ? user / tick : NAN;
	c->sys_s = split ? sys / tick : NAN;
	return 0;
}

int host_cpu_watch(const char *dir)
{
	int fd = inotify_init1(IN_NONBLOCK | IN_CLOEXEC);

	if (fd >= 0 && inotify_add_watch(fd, dir, IN_CREATE | IN_MOVED_TO) < 0) {
		close(fd);
		fd = -1;
	}
	return fd;
}

/* write line into dir/prefixSEQ through a temporary name: never seen half written */
static int write_renamed(const char *dir, const char *prefix, const char *seq, const char *line)
{
	char *tmp = xasprintf("%s/.%s%s", dir, prefix, seq);
	char *path = xasprintf("%s/%s%s", dir, prefix, seq);
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), ret = 0;

	if (fd < 0 || write_all(fd, line, strlen(line)) < 0 || close(fd) < 0 ||
	    rename(tmp, path) < 0)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	free(tmp);
	free(path);
	return ret;
}

static int write_reply(const char *dir, const char *seq, const struct host_cpu *c)
{
	char line[128];

	if (isnan(c->user_s))
		snprintf(line, sizeof(line), "%.3f - -\n", c->total_s);
	else
		snprintf(line, sizeof(line), "%.3f %.3f %.3f\n", c->total_s, c->user_s, c->sys_s);
	return write_renamed(dir, REPLY_PREFIX, seq, line);
}

void host_cpu_answer(const char *dir, int watch_fd, pid_t leader, int split)
{
	char buf[4096];
	DIR *d;
	struct dirent *e;
	struct host_cpu c;
	int sampled = 0;

	while (watch_fd >= 0 && read(watch_fd, buf, sizeof(buf)) > 0)
		;
	if (!(d = opendir(dir)))
		return;
	while ((e = readdir(d))) {
		const char *seq = e->d_name + strlen(ASK_PREFIX);
		char *reply;

		if (strncmp(e->d_name, ASK_PREFIX, strlen(ASK_PREFIX)))
			continue;
		reply = xasprintf("%s/%s%s", dir, REPLY_PREFIX, seq);
		if (access(reply, F_OK) < 0) {
			if (!sampled && host_cpu_sample(leader, split, &c) < 0)
				c.total_s = c.user_s = c.sys_s = NAN;
			sampled = 1;
			write_reply(dir, seq, &c);
		}
		free(reply);
	}
	closedir(d);
}

void host_prof_answer(const char *dir, host_prof_fn fn, void *ctx)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	unsigned long seq = 0;

	/* the oldest unanswered ask: the guest asks one at a time */
	while (d && (e = readdir(d))) {
		const char *tail = e->d_name + strlen(PROF_ASK_PREFIX);
		char *reply;

		if (strncmp(e->d_name, PROF_ASK_PREFIX, strlen(PROF_ASK_PREFIX)))
			continue;
		reply = xasprintf("%s/%s%s", dir, PROF_REPLY_PREFIX, tail);
		if (access(reply, F_OK) < 0 && (!seq || strtoul(tail, NULL, 10) < seq))
			seq = strtoul(tail, NULL, 10);
		free(reply);
	}
	if (d)
		closedir(d);
	if (seq) {
		char name[32], *path, line[1024], *answer, *text;

		snprintf(name, sizeof(name), "%lu", seq);
		path = xasprintf("%s/%s%s", dir, PROF_ASK_PREFIX, name);
		answer = read_line_file(path, line, sizeof(line)) == 0 ? fn(ctx, line) :
			 xstrdup("error: cannot read the ask");
		text = xasprintf("%s\n", answer);
		write_renamed(dir, PROF_REPLY_PREFIX, name, text);
		free(text);
		free(answer);
		free(path);
	}
}

/* ---- the guest ---- */

static int parse_reply(const char *path, struct host_cpu *c)
{
	char line[128], u[32], s[32];

	if (read_line_file(path, line, sizeof(line)) < 0 ||
	    sscanf(line, "%lf %31s %31s", &c->total_s, u, s) != 3)
		return -1;
	c->user_s = strcmp(u, "-") ? strtod(u, NULL) : NAN;
	c->sys_s = strcmp(s, "-") ? strtod(s, NULL) : NAN;
	return isnan(c->total_s) ? -1 : 0;
}

int host_cpu_ask(struct host_cpu *c)
{
	static unsigned seq;
	static int broken;
	const char *dir = getenv(HOST_CPU_ENV);
	char *ask, *reply;
	struct timespec ms = { 0, 1000 * 1000 };
	double deadline = now_mono() + ASK_TIMEOUT_S;
	int fd, ret = -1;

	if (!dir || !*dir || broken)
		return -1;
	ask = xasprintf("%s/%s%u", dir, ASK_PREFIX, ++seq);
	reply = xasprintf("%s/%s%u", dir, REPLY_PREFIX, seq);
	fd = open(ask, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd >= 0)
		close(fd);
	/* the shared filesystem keeps no negative entry: each try asks the host */
	while (fd >= 0 && access(reply, F_OK) < 0 && now_mono() < deadline)
		nanosleep(&ms, NULL);
	if (fd >= 0 && parse_reply(reply, c) == 0)
		ret = 0;
	else {
		warning("the host did not say its CPU time of this guest (%s): "
			"host_cpu_s is not measured", fd < 0 ? strerror(errno) : "no answer");
		broken = 1;
	}
	unlink(ask);
	unlink(reply);
	free(ask);
	free(reply);
	return ret;
}

static void unlink_seq(const char *dir, const char *prefix, const char *seq)
{
	char *path = xasprintf("%s/%s%s", dir, prefix, seq);

	unlink(path);
	free(path);
}

int host_prof_ask(const char *ask, double timeout_s, char *reply, size_t len)
{
	static unsigned long seq;
	const char *dir = getenv(HOST_CPU_ENV);
	char name[32], *path, *text;
	struct timespec ms = { 0, 2 * 1000 * 1000 };
	double deadline = now_mono() + timeout_s;
	int ret = -1;

	if (!dir || !*dir)
		return -1;
	snprintf(name, sizeof(name), "%lu", ++seq);
	text = xasprintf("%s\n", ask);
	if (write_renamed(dir, PROF_ASK_PREFIX, name, text) == 0) {
		path = xasprintf("%s/%s%s", dir, PROF_REPLY_PREFIX, name);
		while (access(path, F_OK) < 0 && now_mono() < deadline)
			nanosleep(&ms, NULL);
		ret = read_line_file(path, reply, len);
		/* the ask first: an ask without its reply is one the host answers */
		unlink_seq(dir, PROF_ASK_PREFIX, name);
		unlink(path);
		free(path);
	}
	free(text);
	return ret;
}

void host_cpu_delta(const struct host_cpu *a, const struct host_cpu *b, double out[3])
{
	out[0] = b->total_s - a->total_s;
	out[1] = b->user_s - a->user_s;
	out[2] = b->sys_s - a->sys_s;
}

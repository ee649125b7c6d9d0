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
	int fd = open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644), ret = 0, saved;
	int wrote = fd >= 0 && write_all(fd, line, strlen(line)) == 0;

	saved = errno;
	if (fd >= 0 && close(fd) < 0 && wrote) {
		wrote = 0;
		saved = errno;
	}
	if (wrote && rename(tmp, path) < 0) {
		wrote = 0;
		saved = errno;
	}
	if (!wrote) {
		if (fd >= 0)
			unlink(tmp);
		ret = error("cannot write '%s': %s", path, strerror(saved));
		errno = saved;
	}
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

/* the profile's ask dir/prof-ask.SEQ answered by fn into dir/prof.SEQ */
static void answer_prof(const char *dir, unsigned long seq, host_prof_fn fn, void *ctx)
{
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

/* 1 when name is an ask (its prefix ask) whose reply (prefix reply, the
 * same SEQ) is not in dir yet */
static int unanswered(const char *dir, const char *name, const char *ask, const char *reply)
{
	char *path;
	int ret;

	if (strncmp(name, ask, strlen(ask)))
		return 0;
	path = xasprintf("%s/%s%s", dir, reply, name + strlen(ask));
	ret = access(path, F_OK) < 0;
	free(path);
	return ret;
}

void host_answer(const char *dir, int watch_fd, const struct host_answerer *h)
{
	char buf[4096];
	DIR *d;
	struct dirent *e;
	struct host_cpu c;
	int sampled = 0;
	unsigned long prof = 0;

	while (watch_fd >= 0 && read(watch_fd, buf, sizeof(buf)) > 0)
		;
	if (!(d = opendir(dir)))
		return;
	/* every CPU ask, one sample for all; of the profile's, the oldest
	 * (the guest asks one at a time) */
	while ((e = readdir(d))) {
		if (unanswered(dir, e->d_name, ASK_PREFIX, REPLY_PREFIX)) {
			if (!sampled && host_cpu_sample(h->leader, h->split, &c) < 0)
				c.total_s = c.user_s = c.sys_s = NAN;
			sampled = 1;
			write_reply(dir, e->d_name + strlen(ASK_PREFIX), &c);
		} else if (h->prof && unanswered(dir, e->d_name, PROF_ASK_PREFIX, PROF_REPLY_PREFIX)) {
			unsigned long seq = strtoul(e->d_name + strlen(PROF_ASK_PREFIX), NULL, 10);

			if (!prof || seq < prof)
				prof = seq;
		}
	}
	closedir(d);
	if (prof)
		answer_prof(dir, prof, h->prof, h->ctx);
}

/* ---- the guest ---- */

/*
 * Write text into dir/ASK-PREFIX+seq, wait for dir/REPLY-PREFIX+seq until
 * timeout_s, its line into reply; both files removed. 0, or -1 (errno
 * set, ETIMEDOUT for no answer).
 */
static int ask(const char *dir, const char *ask_prefix, const char *reply_prefix,
	       unsigned long seq, const char *text, double timeout_s, char *reply, size_t len)
{
	char name[32], *path, *asked;
	struct timespec ms = { 0, 1000 * 1000 };
	double deadline = now_mono() + timeout_s;
	int ret = -1, saved = ETIMEDOUT;

	snprintf(name, sizeof(name), "%lu", seq);
	if (write_renamed(dir, ask_prefix, name, text) < 0)
		return -1;
	path = xasprintf("%s/%s%s", dir, reply_prefix, name);
	/* the shared filesystem keeps no negative entry: each try asks the host */
	while (access(path, F_OK) < 0 && now_mono() < deadline)
		nanosleep(&ms, NULL);
	if (read_line_file(path, reply, len) == 0)
		ret = 0;
	else if (errno != ENOENT)
		saved = errno;
	/* the ask first: an ask without its reply is one the host answers */
	asked = xasprintf("%s/%s%s", dir, ask_prefix, name);
	unlink(asked);
	unlink(path);
	free(asked);
	free(path);
	errno = saved;
	return ret;
}

static int parse_reply(const char *line, struct host_cpu *c)
{
	char u[32], s[32];

	if (sscanf(line, "%lf %31s %31s", &c->total_s, u, s) != 3)
		return -1;
	c->user_s = strcmp(u, "-") ? strtod(u, NULL) : NAN;
	c->sys_s = strcmp(s, "-") ? strtod(s, NULL) : NAN;
	return isnan(c->total_s) ? -1 : 0;
}

int host_cpu_ask(struct host_cpu *c)
{
	static unsigned long seq;
	static int broken;
	const char *dir = getenv(HOST_CPU_ENV);
	char line[128];
	const char *why = "an answer that does not read";

	if (!dir || !*dir || broken)
		return -1;
	if (ask(dir, ASK_PREFIX, REPLY_PREFIX, ++seq, "", ASK_TIMEOUT_S, line, sizeof(line)) < 0)
		why = errno == ETIMEDOUT ? "no answer" : strerror(errno);
	else if (parse_reply(line, c) == 0)
		return 0;
	warning("the host did not say its CPU time of this guest (%s): "
		"host_cpu_s is not measured", why);
	broken = 1;
	return -1;
}

int host_prof_ask(const char *line, double timeout_s, char *reply, size_t len)
{
	static unsigned long seq;
	const char *dir = getenv(HOST_CPU_ENV);
	char *text;
	int ret;

	if (!dir || !*dir)
		return -1;
	text = xasprintf("%s\n", line);
	ret = ask(dir, PROF_ASK_PREFIX, PROF_REPLY_PREFIX, ++seq, text, timeout_s, reply, len);
	free(text);
	return ret;
}

void host_cpu_delta(const struct host_cpu *a, const struct host_cpu *b, double out[3])
{
	out[0] = b->total_s - a->total_s;
	out[1] = b->user_s - a->user_s;
	out[2] = b->sys_s - a->sys_s;
}

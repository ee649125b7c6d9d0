/* t-hostcpu.c - the host's CPU time of a guest (sys/hostcpu.h): the sample
 * of a process group, reaped children included, and the ask and answer
 * through a shared directory, with no guest */
#include "sys/hostcpu.h"
#include "lib/util.h"
#include "tap.h"

#include <dirent.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double cpu_now(void)
{
	struct timespec t;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
	return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

static void spin(double cpu_s)
{
	volatile unsigned long x = 0;

	while (cpu_now() < cpu_s)
		x++;
}

/* a group leader that reaps a child which spun 0.2 s of CPU, says so on
 * the pipe, then waits */
static pid_t start_group(void)
{
	int fds[2];
	pid_t pid;
	char c;

	if (pipe(fds) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		pid_t child;

		setpgid(0, 0);
		child = fork();
		if (child == 0) {
			spin(0.2);
			_exit(0);
		}
		waitpid(child, NULL, 0);
		(void)!write(fds[1], "r", 1);
		for (;;)
			pause();
	}
	setpgid(pid, pid);
	close(fds[1]);
	(void)!read(fds[0], &c, 1);
	close(fds[0]);
	return pid;
}

/* the host's answer to a profile's ask: what it was asked, and the how manyth */
static char *echo(void *ctx, const char *ask)
{
	int *n = ctx;

	return xasprintf("%d %s", ++*n, ask);
}

/* the answerer: what vm.c's watch loop does, for 20 s at most */
static pid_t start_answerer(const char *dir, pid_t leader)
{
	pid_t pid = fork();

	if (pid == 0) {
		int fd = host_cpu_watch(dir), asks = 0;
		struct host_answerer h = { leader, 0, echo, &asks };
		double end = now_mono() + 20;

		while (now_mono() < end) {
			struct pollfd p = { .fd = fd, .events = POLLIN };

			poll(&p, 1, fd >= 0 ? 500 : 20);
			host_answer(dir, fd, &h);
		}
		_exit(0);
	}
	return pid;
}

static int dir_entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int n = 0;

	while (d && (e = readdir(d)))
		n += e->d_name[0] != '.';
	if (d)
		closedir(d);
	return n;
}

int main(void)
{
	char dir[] = "/tmp/t-hostcpu.XXXXXX";
	struct host_cpu a, b, c;
	double delta[3];
	pid_t leader, answerer;
	int got;

	unsetenv(HOST_CPU_ENV);
	ok(host_cpu_ask(&a) < 0, "no shared directory: nothing is asked");
	leader = start_group();
	/* 0.2 s of CPU in clock ticks, rounded either way */
	got = host_cpu_sample(leader, 0, &c);
	ok(got == 0 && c.total_s >= 0.17 && c.total_s < 1,
	   "a group's sample counts the child its leader reaped (%.2f s)", c.total_s);
	ok(isnan(c.user_s) && isnan(c.sys_s), "unsplit: user and sys are NAN");
	ok(host_cpu_sample(leader, 1, &c) == 0 && fabs(c.user_s + c.sys_s - c.total_s) < 1e-6,
	   "split: user and sys add up to the total");
	ok(host_cpu_sample(999999999, 0, &c) < 0, "no such group: no sample");

	if (!mkdtemp(dir))
		return 1;
	setenv(HOST_CPU_ENV, dir, 1);
	answerer = start_answerer(dir, leader);
	ok(host_cpu_ask(&a) == 0 && a.total_s >= 0.17, "asked, the host answered (%.2f s)", a.total_s);
	ok(host_cpu_ask(&b) == 0, "and again");
	host_cpu_delta(&a, &b, delta);
	ok(delta[0] >= 0 && delta[0] < 0.1 && isnan(delta[1]), "the window's delta (%.3f s)",
	   delta[0]);
	ok(dir_entries(dir) == 0, "no ask or reply is left in the directory");
	{
		char r1[64] = "", r2[64] = "", r3[64] = "";

		got = host_prof_ask("start /x/logs/noload.1", 5, r1, sizeof(r1)) == 0 &&
		      host_prof_ask("enable", 5, r2, sizeof(r2)) == 0 &&
		      host_prof_ask("finish", 5, r3, sizeof(r3)) == 0;
		ok(got && !strcmp(r1, "1 start /x/logs/noload.1") && !strcmp(r2, "2 enable") &&
		   !strcmp(r3, "3 finish"),
		   "a profile's asks answered once each, in order (%s; %s; %s)", r1, r2, r3);
		ok(dir_entries(dir) == 0, "no profile ask or reply is left");
	}
	kill(answerer, SIGKILL);
	kill(-leader, SIGKILL);
	waitpid(answerer, NULL, 0);
	waitpid(leader, NULL, 0);
	rmdir(dir);
	return tap_done();
}

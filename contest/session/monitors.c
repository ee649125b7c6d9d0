/* monitors.c - the monitors table and each run's monitors (see monitors.h) */
#include "session/monitors.h"
#include "session/loadproc.h"
#include "session/progress.h"
#include "loads/load.h"
#include "sys/pgroup.h"
#include "sys/psi.h"
#include "lib/config.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

/* what `monitors =` can name; bit i of a mask is monitors[i] */
static const struct monitor {
	const char *name;	/* the config word and the log's suffix */
	const char *package;	/* where Debian has it, for the warning */
	const char *argv[5];	/* NULL where the log's path goes (log_arg) */
	int log_arg;		/* > 0: the program writes the log itself, argv[log_arg] */
	void (*builtin)(void *);	/* instead of a program: contest's own, in a child */
} monitors[] = {
	{ "vmstat", "procps", { "vmstat", "1" }, 0, NULL },
	{ "iostat", "sysstat", { "iostat", "-dx", "1" }, 0, NULL },
	/* sar's own file is sadc's binary one, what `sar -f` and sadf read */
	{ "sar", "sysstat", { "sar", "-o", NULL, "1" }, 2, NULL },
	{ "pidstat", "sysstat", { "pidstat", "1" }, 0, NULL },
	/* /proc/pressure totals each second: no program samples them */
	{ "psi", NULL, { NULL }, 0, psi_log_loop },
	/* perf record over the compile's window: profile.c starts and ends it */
	{ "profile", "linux-perf", { "perf" }, 0, NULL },
};

enum { MONITOR_PROFILE = 5 };	/* its index above */

_Static_assert(ARRAY_SIZE(monitors) == MONITOR_MAX, "MONITOR_MAX is the table's length");

/* can monitor m run here? Else say why, once a session */
static int monitor_available(struct monitors *ms, size_t m, int tty)
{
	const struct monitor *mon = &monitors[m];
	int ok = mon->builtin ? access("/proc/pressure/cpu", R_OK) == 0 :
		 load_find_program(mon->name) == 0;

	if (ok || (ms->warned & 1 << m))
		return ok;
	progress_clear(tty);
	if (mon->builtin)
		warning("no /proc/pressure (Linux 4.20+, psi=1): runs go without the psi log");
	else
		warning("'%s' not found: runs go without its log (apt-get install %s)",
			mon->name, mon->package);
	ms->warned |= 1 << m;
	return 0;
}

int monitors_parse(const char *list)
{
	char **words = split_list(list);
	int mask = 0;

	for (size_t i = 0; words[i]; i++) {
		if (!strcmp(words[i], "yes"))
			mask |= 1 << 0 | 1 << 1 | 1 << 4;	/* vmstat iostat psi */
		for (size_t m = 0; m < ARRAY_SIZE(monitors); m++)
			if (!strcmp(words[i], monitors[m].name))
				mask |= 1 << m;
	}
	argv_free(words);
	return mask;
}

int monitors_want_profile(int mask)
{
	return !!(mask & 1 << MONITOR_PROFILE);
}

/* a program's argv, the log's path where it writes the log itself */
static pid_t monitor_spawn(const struct monitor *mon, const char *log, struct spawn_opts *o)
{
	char *argv[ARRAY_SIZE(mon->argv) + 1] = { NULL };

	for (size_t i = 0; i < ARRAY_SIZE(mon->argv); i++)
		argv[i] = (char *)(mon->log_arg && (int)i == mon->log_arg ? log : mon->argv[i]);
	if (mon->log_arg) {
		o->out = NULL;
		o->devnull_out = 1;
		unlink(log);	/* sadc appends to a file it knows */
	}
	return spawn(argv, o);
}

static pid_t monitor_start(struct monitors *ms, size_t m, const char *log, int tty)
{
	const struct monitor *mon = &monitors[m];
	struct spawn_opts o = { .out = log, .truncate_out = 1, .new_pgrp = 1 };
	pid_t pid;

	if (!monitor_available(ms, m, tty))
		return 0;
	if (mon->builtin)
		pid = spawn_fn(mon->builtin, NULL, mon->name, &o);
	else
		pid = monitor_spawn(mon, log, &o);
	if (pid > 0)
		pgroup_register(pid);
	return pid > 0 ? pid : 0;
}

static void monitor_stop(pid_t pid)
{
	if (pid <= 0)
		return;
	kill(-pid, SIGTERM);
	/* bounded: a monitor that ignores SIGTERM must not hang the session */
	for (double end = now_mono() + 1; now_mono() < end; nanosleep(&(struct timespec){ 0, 10000000 }, NULL))
		if (waitpid(pid, NULL, WNOHANG) == pid)
			break;
	proc_group_kill(pid);
	while (waitpid(pid, NULL, 0) < 0 && errno == EINTR)
		;
	proc_group_kill(pid);
	pgroup_forget(pid);
}

void monitors_init(struct run_monitors *rm)
{
	memset(rm, 0, sizeof(*rm));
	rm->prof.ctl = rm->prof.ack = -1;
}

void monitors_start(struct monitors *ms, struct run_monitors *rm, const char *base, int tty)
{
	for (size_t m = 0; m < ARRAY_SIZE(monitors) && m < MONITOR_MAX; m++) {
		char *log;

		if (!(ms->mask & 1 << m))
			continue;
		if (m == MONITOR_PROFILE) {
			/* checked when the session began (session_init) */
			log = xstrdup(base);
			if (profile_start(&rm->prof, log) == 0)
				rm->pid[m] = rm->prof.pid;
		} else {
			log = xasprintf("%s.%s", base, monitors[m].name);
			rm->pid[m] = monitor_start(ms, m, log, tty);
		}
		free(log);
	}
}

void monitors_stop(struct run_monitors *rm)
{
	for (size_t m = 0; m < MONITOR_MAX; m++)
		if (m != MONITOR_PROFILE)
			monitor_stop(rm->pid[m]);
	profile_finish(&rm->prof);
}

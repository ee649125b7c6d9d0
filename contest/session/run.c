/* run.c - one timed run, from the clean to its row (see run.h) */
#include "session/run.h"
#include "session/disturb.h"
#include "sys/perfctr.h"
#include "sys/probe.h"
#include "sys/pgroup.h"
#include "session/loadproc.h"
#include "session/profile.h"
#include "session/measure.h"
#include "lib/proc.h"
#include "sys/psi.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>


/* ---- progress ---- */

void progress_draw(struct session *s)
{
	const struct progress *pg = s->progress;
	char times[80];
	size_t i, n;

	if (!s->tty || !pg || !pg->label)
		return;
	progress_step_of(pg, &i, &n);
	fprintf(stderr, "\r\033[K%s (step %zu of %zu), %s", pg->label, i, n,
		progress_times(pg, now_mono(), times, sizeof(times)));
	fflush(stderr);
}

void progress_clear(struct session *s)
{
	if (s->tty)
		fputs("\r\033[K", stderr);
}

/* sleep, waking on a signal; redraws the progress line every second when
 * there is one to draw, else sleeps in one go (no needless wake-ups) */
static void nap(struct session *s, double secs)
{
	double end = now_mono() + secs;

	while (!run_interrupted) {
		double left = end - now_mono(), step = left < 1 || !s->tty ? left : 1;
		struct timespec ts;

		if (left <= 0)
			break;
		ts.tv_sec = (time_t)step;
		ts.tv_nsec = (long)((step - (double)ts.tv_sec) * 1e9);
		nanosleep(&ts, NULL);
		progress_draw(s);
	}
}

/* ---- steps before the timed part ---- */

int run_clean_tree(struct session *s, const char *log, char *why, size_t whylen)
{
	struct spawn_opts o = { .cwd = s->wl.cwd, .out = log, .truncate_out = 1, .build_env = 1 };
	char how[PROC_STATUS_LEN];
	int rc;

	if (!s->wl.clean)
		return 0;
	rc = run_cmd(s->wl.clean, &o);
	if (rc == 0)
		return 0;
	snprintf(why, whylen, "make clean in '%s' %s; log %s", s->wl.cwd,
		 proc_status_text(rc, how, sizeof(how)), log);
	run_show_log_tail(s, log, 20);
	return -1;
}

static const char *flush_caches(struct session *s, const struct load *l)
{
	if (!s->flush || (l->flags & LOAD_NO_FLUSH))
		return "none";
	sync();
	if (write_text_file("/proc/sys/vm/drop_caches", "3") == 0)
		return "drop";
	if (!s->warned_flush) {
		progress_clear(s);
		warning("cannot drop the page cache (%s): runs are flushed with sync only%s",
			strerror(errno), geteuid() ? "; run as root to drop caches" : "");
		s->warned_flush = 1;
	}
	return "sync";
}

struct cpu_times {
	unsigned long long idle, total;
};

static int read_cpu_times(struct cpu_times *t)
{
	unsigned long long v[8] = { 0 };
	char line[512];

	if (read_line_file("/proc/stat", line, sizeof(line)) < 0 ||
	    sscanf(line, "cpu %llu %llu %llu %llu %llu %llu %llu %llu", &v[0], &v[1], &v[2],
		   &v[3], &v[4], &v[5], &v[6], &v[7]) < 4)
		return -1;
	t->idle = v[3] + v[4];	/* idle + iowait */
	t->total = 0;
	for (int i = 0; i < 8; i++)
		t->total += v[i];
	return 0;
}

/* Wait, at most quiet_wait, until the CPUs are quiet_idle % idle over half a second */
static double wait_quiet(struct session *s)
{
	double start = now_mono(), idle = 100;
	struct cpu_times a, b;

	if (s->quiet_wait_s <= 0)
		return 0;
	while (!run_interrupted && now_mono() - start < s->quiet_wait_s) {
		if (read_cpu_times(&a) < 0)
			return 0;
		nap(s, 0.5);
		if (read_cpu_times(&b) < 0 || b.total <= a.total)
			return now_mono() - start;
		idle = 100.0 * (double)(b.idle - a.idle) / (double)(b.total - a.total);
		if (idle >= s->quiet_idle_pct)
			return now_mono() - start;
	}
	progress_clear(s);
	warning("the machine was not quiet after %.0f s (%.0f%% idle); running anyway",
		s->quiet_wait_s, idle);
	return now_mono() - start;
}

/* ---- monitors ---- */

/* what `monitors =` can name; bit i of session.monitors is monitors[i] */
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

/* can monitor m run here? Else say why, once a session */
static int monitor_available(struct session *s, size_t m)
{
	const struct monitor *mon = &monitors[m];
	int ok = mon->builtin ? access("/proc/pressure/cpu", R_OK) == 0 :
		 load_find_program(mon->name) == 0;

	if (ok || (s->warned_monitors & 1 << m))
		return ok;
	progress_clear(s);
	if (mon->builtin)
		warning("no /proc/pressure (Linux 4.20+, psi=1): runs go without the psi log");
	else
		warning("'%s' not found: runs go without its log (apt-get install %s)",
			mon->name, mon->package);
	s->warned_monitors |= 1 << m;
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

static pid_t monitor_start(struct session *s, size_t m, const char *log)
{
	const struct monitor *mon = &monitors[m];
	struct spawn_opts o = { .out = log, .truncate_out = 1, .new_pgrp = 1 };
	pid_t pid;

	if (!monitor_available(s, m))
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

/* ---- /proc/vmstat ---- */

struct vmstat_snap {
	long long pswpin, pswpout, pgmajfault;
};

static void vmstat_read(struct vmstat_snap *v)
{
	char *text = read_text_file("/proc/vmstat", NULL), *line, *save = NULL;

	memset(v, 0, sizeof(*v));
	if (!text)
		return;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		sscanf(line, "pswpin %lld", &v->pswpin);
		sscanf(line, "pswpout %lld", &v->pswpout);
		sscanf(line, "pgmajfault %lld", &v->pgmajfault);
	}
	free(text);
}

/* the machine's pressure and, under cgroup v2, the session group's own */
static void psi_snap_both(struct session *s, struct psi_snap *sys, struct psi_snap *cg)
{
	psi_read("/proc/pressure", 0, sys);
	psi_read(s->cg.version == 2 && s->cg.mem_dir[0] ? s->cg.mem_dir : NULL, 1, cg);
}

/* ---- the timed compile ---- */

struct compile_result {
	double time_s;
	struct rusage ru;
	int status;		/* wait status */
	int interrupted;
};

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
static void wait_compile(struct session *s, pid_t pid, struct compile_result *cr)
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
				progress_draw(s);
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

/* start the compile; *t0 is the child's CLOCK_MONOTONIC after its cgroup attach (join_cgroup)
 * and after pc, its counters, are on it; the load's snapshots are taken by the caller around it */
static int compile_start(struct session *s, const char *log, double *t0, struct perfctr *pc)
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

/* The last lines of the compile's log on stderr */
void run_show_log_tail(struct session *s, const char *log, int lines)
{
	char *text = read_regular_file(log, NULL), *p;
	int n = 0;

	if (!text)
		return;
	for (p = text + strlen(text); p > text; p--)
		if (p[-1] == '\n' && p[0] && ++n > lines)
			break;
	progress_clear(s);
	fprintf(stderr, "--- last lines of %s\n%s%s---\n", log, p,
		*p && p[strlen(p) - 1] != '\n' ? "\n" : "");
	free(text);
}

/* ---- the record ---- */

static void record_init(struct session *s, struct load_state *ls, int run, struct run_record *rec)
{
	time_t now = time(NULL);
	const char *mem = s->cc->main.mem_limit.text;
	const char *cpu = s->cc->main.cpu_limit.text;

	memset(rec, 0, sizeof(*rec));
	snprintf(rec->load, sizeof(rec->load), "%s", ls->row);
	rec->run = run;
	strftime(rec->timestamp, sizeof(rec->timestamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	snprintf(rec->load_work_unit, sizeof(rec->load_work_unit), "%s",
		 ls->load->work_unit ? ls->load->work_unit : "-");
	snprintf(rec->flush, sizeof(rec->flush), "none");
	snprintf(rec->mem_limit, sizeof(rec->mem_limit), "%s", *mem ? mem : "-");
	snprintf(rec->cpu_limit, sizeof(rec->cpu_limit), "%s", *cpu ? cpu : "-");
	rec->jobs = s->wl.jobs;
	snprintf(rec->sweep, sizeof(rec->sweep), "%s", s->sweep ? s->sweep : "");
	for (int i = 0; i < PSI_NCOL; i++)
		rec->psi_us[i] = rec->cg_psi_us[i] = NAN;	/* not measured */
	rec->steal_s = rec->others_cpu_s = rec->disk_read_mb = rec->disk_write_mb = NAN;
	rec->cpu_mhz = NAN;
	for (int i = 0; i < WINDOW_RATES; i++)
		rec->rates[i] = NAN;
	for (int i = 0; i < OWN_METRICS; i++)
		rec->own[i] = NAN;
	snprintf(rec->own_names, sizeof(rec->own_names), "-");
	_Static_assert(sizeof(rec->counters) == PERFCTR_N * sizeof(double),
		       "runs.tsv has a counter column for each of perfctr.h's events");
	for (int i = 0; i < PERFCTR_N; i++)
		rec->counters[i] = NAN;	/* not counted */
	for (int i = 0; i < LAT_NCOL; i++)
		rec->interactive[i] = NAN;	/* a compile's row */
	snprintf(rec->disturbed, sizeof(rec->disturbed), "-");
	snprintf(rec->unloaded, sizeof(rec->unloaded), "-");
	snprintf(rec->status, sizeof(rec->status), "ok");
	snprintf(rec->status_detail, sizeof(rec->status_detail), "-");
}

static void set_status(struct run_record *rec, const char *status, const char *detail)
{
	if (strcmp(rec->status, "ok"))
		return;	/* the first thing that went wrong names the run */
	/*
	 * After a signal, what goes wrong (a make clean, a load's prepare or
	 * lead cut short by the stop) is the stop's doing, not the kernel's:
	 * the run is aborted, which --resume redoes and report leaves out,
	 * never a failure that would count as done.
	 */
	if (run_interrupted && strcmp(status, "aborted")) {
		snprintf(rec->status, sizeof(rec->status), "aborted");
		snprintf(rec->status_detail, sizeof(rec->status_detail),
			 "interrupted by signal %d (then: %.200s)", (int)run_interrupted, detail);
		return;
	}
	snprintf(rec->status, sizeof(rec->status), "%s", status);
	/* truncation is fine: the detail is a hint, the log has the rest */
	snprintf(rec->status_detail, sizeof(rec->status_detail), "%.*s",
		 (int)sizeof(rec->status_detail) - 1, detail);
}

static void fill_compile(struct run_record *rec, const struct compile_result *cr)
{
	const struct rusage *ru = &cr->ru;

	rec->time_s = cr->time_s;
	rec->user_s = (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6;
	rec->sys_s = (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
	rec->cpu_pct = cr->time_s > 0 ? (rec->user_s + rec->sys_s) / cr->time_s * 100 : 0;
	rec->majflt = ru->ru_majflt;
	rec->minflt = ru->ru_minflt;
	rec->nvcsw = ru->ru_nvcsw;
	rec->nivcsw = ru->ru_nivcsw;
}

static void fill_load(struct run_record *rec, const struct load_snap *a, const struct load_snap *b)
{
	rec->load_cpu_s = b->cpu_s - a->cpu_s;
	rec->loads = b->units - a->units;
	rec->load_units = b->whole - a->whole;
	rec->load_work = b->work - a->work;
	rec->lcpu_pct = rec->time_s > 0 ? rec->load_cpu_s / rec->time_s * 100 : 0;
}

static void judge_compile(struct session *s, struct run_record *rec,
			  const struct compile_result *cr, const char *log)
{
	char detail[256], how[PROC_STATUS_LEN];
	const char *prog = s->wl.task ? s->wl.task->name :
			   s->wl.measure ? s->wl.measure->name : s->wl.build[0];
	/* an interactive task or measured load that died measured nothing: its timing failed */
	const char *failed = s->wl.task || s->wl.measure ? "timing-failed" : "compile-failed";

	if (cr->interrupted) {
		snprintf(detail, sizeof(detail), "interrupted by signal %d", (int)run_interrupted);
		set_status(rec, "aborted", detail);
		return;
	}
	if (cr->status != -1 && WIFEXITED(cr->status) && WEXITSTATUS(cr->status) == 0)
		return;
	if (cr->status == -1)
		snprintf(detail, sizeof(detail), "%s could not be waited for", prog);
	else
		snprintf(detail, sizeof(detail), "%s %s; log %s", prog,
			 proc_status_text(cr->status, how, sizeof(how)), log);
	set_status(rec, failed, detail);
}

/*
 * An interactive task's summary line from its log into rec; a task that
 * said its measurement failed, or said nothing, makes the run
 * timing-failed with the reason (a task killed by a signal is already
 * compile-failed, which names the signal).
 */
static void judge_interactive(struct run_record *rec, const char *log)
{
	char *text = read_regular_file(log, NULL), detail[300];
	struct itask_result r;

	if (strcmp(rec->status, "ok")) {
		/* the task's own reason beats "exited with status 1" */
		if (text && !strcmp(rec->status, "timing-failed") &&
		    itask_result_parse(text, &r) == 0 && r.failed[0])
			snprintf(rec->status_detail, sizeof(rec->status_detail), "%s", r.failed);
	} else if (!text || itask_result_parse(text, &r) < 0) {
		snprintf(detail, sizeof(detail), "the task printed no summary; log %s", log);
		set_status(rec, "timing-failed", detail);
	} else if (r.failed[0]) {
		snprintf(detail, sizeof(detail), "%s", r.failed);
		set_status(rec, "timing-failed", detail);
	} else {
		double *v = rec->interactive;

		v[LAT_MEAN] = r.mean_us;
		v[LAT_SD] = r.sd_us;
		v[LAT_P99] = r.p99_us;
		v[LAT_MAX] = r.max_us;
		v[LAT_CPU] = r.desired_cpu_pct;
		v[LAT_DEADLINES] = r.deadlines_pct;
		v[LAT_FPS] = r.fps;
		v[LAT_FLOOR] = r.floor_us;
	}
	free(text);
}

/*
 * A measured load's summary line from its log into rec (WORK_UNITS,
 * WORK_RATE); one that says it failed, or says nothing, makes the run
 * timing-failed with the reason, as an interactive task's does.
 */
static void judge_measure(struct run_record *rec, const char *log)
{
	char *text = read_regular_file(log, NULL), detail[300];
	struct measure_result r;
	int parsed = text ? measure_result_parse(text, &r) : -1;

	if (strcmp(rec->status, "ok")) {
		if (parsed == 0 && !strcmp(rec->status, "timing-failed") && r.failed[0])
			snprintf(rec->status_detail, sizeof(rec->status_detail), "%s", r.failed);
	} else if (parsed < 0) {
		snprintf(detail, sizeof(detail), "the measured load printed no summary; log %s", log);
		set_status(rec, "timing-failed", detail);
	} else if (r.failed[0]) {
		set_status(rec, "timing-failed", r.failed);
	} else {
		rec->interactive[WORK_UNITS] = r.units;
		rec->interactive[WORK_RATE] = r.rate;
	}
	free(text);
}

#define METRIC_MATCH_S 20.0	/* ordinary regexes take milliseconds over a log */

/*
 * The figures the metric keys take from the timed command's output (its
 * log) into rec; one it did not print stays '-', said once a run. The
 * match runs in a child, bounded by METRIC_MATCH_S and by a stop: a user's
 * regex must not hold the session past Ctrl-C.
 */
static void judge_metrics(struct session *s, struct run_record *rec, const char *log)
{
	char *text, why[128];

	if (!s->wl.nmetrics || strcmp(rec->status, "ok"))
		return;
	snprintf(rec->own_names, sizeof(rec->own_names), "%s", s->wl.metric_names);
	if (!(text = read_regular_file_warn(log, NULL)))
		return;
	if (metric_spec_find_all(s->wl.metrics, s->wl.nmetrics, text, METRIC_MATCH_S, rec->own,
				 why, sizeof(why)) < 0) {
		if (!run_interrupted)
			warning("%s run %d: no figure for the metrics: %s (log %s)",
				rec->load, rec->run, why, log);
		free(text);
		return;
	}
	for (size_t i = 0; i < s->wl.nmetrics; i++)
		if (isnan(rec->own[i]))
			warning("%s run %d: the output has no figure for the metric '%s' (log %s)",
				rec->load, rec->run, s->wl.metrics[i].name, log);
	free(text);
}

/* ---- the run ---- */

enum { MONITOR_MAX = 6 };

struct live_run {
	struct load_proc lp;
	pid_t monitor[MONITOR_MAX];
	struct profile prof;		/* monitors = profile */
	long long oom0;
};

static void start_monitors(struct session *s, struct live_run *lr, const char *name, int run)
{
	for (size_t m = 0; m < ARRAY_SIZE(monitors) && m < MONITOR_MAX; m++) {
		char *log;

		if (!(s->monitors & 1 << m))
			continue;
		if (m == MONITOR_PROFILE) {
			/* checked when the session began (session_init) */
			log = xasprintf("%s/%s.%d", s->logdir, name, run);
			if (profile_start(&lr->prof, log) == 0)
				lr->monitor[m] = lr->prof.pid;
		} else {
			log = xasprintf("%s/%s.%d.%s", s->logdir, name, run, monitors[m].name);
			lr->monitor[m] = monitor_start(s, m, log);
		}
		free(log);
	}
}

static void stop_monitors(struct live_run *lr)
{
	for (size_t m = 0; m < MONITOR_MAX; m++)
		if (m != MONITOR_PROFILE)
			monitor_stop(lr->monitor[m]);
	profile_finish(&lr->prof);
}

/* 0 when the load is started and in full swing after load_lead; else why */
static int start_load(struct session *s, struct load_state *ls, struct live_run *lr,
		      char *why, size_t whylen)
{
	if (ls->load->flags & LOAD_NONE)
		return 0;
	if (s->cg.version && cgroup_load_create(&s->cg) < 0) {
		snprintf(why, whylen, "cannot create the load's cgroup");
		return -1;
	}
	/* the load's groups are in the registry: cgroup.c put them there */
	if (loadproc_start(&lr->lp, ls->load, &ls->env, &s->cg) < 0) {
		snprintf(why, whylen, "cannot start the load");
		return -1;
	}
	pgroup_register(lr->lp.leader);
	nap(s, s->load_lead_s);
	return loadproc_failed(&lr->lp, why, whylen) ? -1 : 0;
}

static void stop_load(struct session *s, struct live_run *lr, struct run_record *rec)
{
	pid_t leader = lr->lp.leader;
	int left;

	if (!leader)
		return;
	left = loadproc_stop(&lr->lp, &s->cg, s->grace_s);
	pgroup_forget(leader);
	if (s->cg.version)
		cgroup_load_remove(&s->cg);
	if (left) {
		char detail[128];

		snprintf(detail, sizeof(detail), "%d load processes survived SIGKILL", left);
		set_status(rec, "load-failed", detail);
	}
}

static void judge_oom(struct session *s, struct live_run *lr, struct run_record *rec)
{
	long long oom1 = s->cg.version ? cgroup_oom_kills(&s->cg) : -1;

	if (lr->oom0 < 0 || oom1 <= lr->oom0)
		return;
	if (!strcmp(rec->status, "aborted"))
		return;
	/* an OOM kill explains a failed compile or a dead load better than they do */
	snprintf(rec->status, sizeof(rec->status), "oom");
	snprintf(rec->status_detail, sizeof(rec->status_detail),
		 "%lld OOM kills inside the memory cgroup", oom1 - lr->oom0);
}

static void timed_compile(struct session *s, struct load_state *ls, struct live_run *lr,
			  struct run_record *rec)
{
	char *log = xasprintf("%s/%s.%d.make", s->logdir, ls->row, rec->run);
	struct load_snap a = { 0 }, b = { 0 };
	struct vmstat_snap va, vb;
	struct psi_snap pa, pb, cga, cgb;
	struct disturb_snap da, db;
	struct disk_snap ka, kb, wa, wb;
	struct perfctr pc;
	struct probe probe;
	struct compile_result cr;
	sig_atomic_t continued;
	char why[256];
	double t0;
	pid_t pid;

	memset(&cr, 0, sizeof(cr));
	continued = run_continued;
	vmstat_read(&va);
	psi_snap_both(s, &pa, &cga);
	if (lr->lp.leader)
		loadproc_snap(&lr->lp, &s->cg, &a);
	disturb_snap(&da, lr->monitor, MONITOR_MAX);
	disk_snap(&ka, ls->scratch);
	disks_snap(&wa);
	profile_enable(&lr->prof);
	pid = compile_start(s, log, &t0, &pc);
	if (pid < 0) {
		profile_disable(&lr->prof);
		set_status(rec, "compile-failed", "cannot start the compile");
		free(log);
		return;
	}
	if (probe_start(&probe, NULL) < 0)
		warning("cannot start the thread that reads cpufreq: cpu_mhz is not measured");
	wait_compile(s, pid, &cr);
	cr.time_s = now_mono() - t0;
	profile_disable(&lr->prof);
	probe_stop(&probe, &rec->cpu_mhz);
	perfctr_read_close(&pc, rec->counters);
	disturb_snap(&db, lr->monitor, MONITOR_MAX);
	disk_snap(&kb, ls->scratch);
	disks_snap(&wb);
	if (lr->lp.leader)
		loadproc_snap(&lr->lp, &s->cg, &b);
	vmstat_read(&vb);
	psi_snap_both(s, &pb, &cgb);
	proc_group_kill(pid);	/* nothing of the compile outlives it */
	pgroup_forget(pid);

	fill_compile(rec, &cr);
	fill_load(rec, &a, &b);
	rec->pswpin = vb.pswpin - va.pswpin;
	rec->pswpout = vb.pswpout - va.pswpout;
	rec->pgmajfault = vb.pgmajfault - va.pgmajfault;
	window_rates(rec->pswpin, rec->pswpout, &wa, &wb, cr.time_s, rec->rates);
	psi_delta(&pa, &pb, rec->psi_us);
	psi_delta(&cga, &cgb, rec->cg_psi_us);
	disturb_delta(&da, &db, cr.time_s, rec->user_s + rec->sys_s,
		      lr->lp.leader ? rec->load_cpu_s : 0, &rec->steal_s, &rec->others_cpu_s,
		      rec->disturbed, sizeof(rec->disturbed));
	if (lr->lp.leader)
		load_judge(ls->load->flags, &ka, &kb, rec->load_work, rec->pswpin, rec->pswpout,
			   &rec->disk_read_mb, &rec->disk_write_mb, rec->unloaded,
			   sizeof(rec->unloaded));
	judge_compile(s, rec, &cr, log);
	judge_metrics(s, rec, log);
	if (s->wl.task)
		judge_interactive(rec, log);
	if (s->wl.measure)
		judge_measure(rec, log);
	if (lr->lp.leader && loadproc_failed(&lr->lp, why, sizeof(why)))
		set_status(rec, "load-failed", why);
	if (run_continued != continued)
		set_status(rec, "driver-stopped", "contest itself was stopped (SIGSTOP or SIGTSTP) "
			   "while the compile ran: Time includes the stop");
	free(log);
}

int run_one(struct session *s, struct load_state *ls, int run, struct run_record *rec)
{
	struct live_run lr;
	char why[512], *log;
	int ret;

	memset(&lr, 0, sizeof(lr));
	lr.prof.ctl = lr.prof.ack = -1;
	record_init(s, ls, run, rec);
	if (ls->task)
		workload_set_task(&s->wl, ls->task);
	if (ls->unusable) {
		set_status(rec, "load-failed", ls->why);
		return -1;
	}
	log = xasprintf("%s/%s.%d.clean", s->logdir, ls->row, rec->run);
	ret = run_clean_tree(s, log, why, sizeof(why));
	free(log);
	if (ret < 0) {
		set_status(rec, "compile-failed", why);
		return -1;
	}
	snprintf(rec->flush, sizeof(rec->flush), "%s", flush_caches(s, ls->load));
	rec->waited_s = wait_quiet(s);
	lr.oom0 = s->cg.version ? cgroup_oom_kills(&s->cg) : -1;
	start_monitors(s, &lr, ls->row, rec->run);
	if (start_load(s, ls, &lr, why, sizeof(why)) < 0)
		set_status(rec, "load-failed", why);
	else if (!run_interrupted)
		timed_compile(s, ls, &lr, rec);
	stop_load(s, &lr, rec);
	ls->env.ctr = NULL;	/* the shared page is gone */
	stop_monitors(&lr);
	judge_oom(s, &lr, rec);
	if (!strcmp(rec->status, "compile-failed")) {
		log = xasprintf("%s/%s.%d.make", s->logdir, ls->row, rec->run);
		run_show_log_tail(s, log, 20);
		free(log);
	}
	if (run_interrupted && !strcmp(rec->status, "ok"))
		set_status(rec, "aborted", "interrupted");
	return strcmp(rec->status, "ok") ? -1 : 0;
}

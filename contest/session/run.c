/* run.c - one timed run, from the clean to its row (see run.h) */
#include "session/run.h"
#include "session/compile.h"
#include "session/disturb.h"
#include "session/judge-run.h"
#include "session/loadproc.h"
#include "session/monitors.h"
#include "session/settle.h"
#include "sys/perfctr.h"
#include "sys/probe.h"
#include "sys/pgroup.h"
#include "sys/hostcpu.h"
#include "lib/proc.h"
#include "sys/psi.h"
#include "lib/util.h"

#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

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
	progress_clear(s->tty);
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
	rec->cpu_s = rec->host_cpu_s = rec->host_user_s = rec->host_sys_s = NAN;
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

/*
 * host: what the host charged the guest over the window (total, user,
 * sys; NAN outside a guest). Where the host splits it (UML), the guest's
 * own split is dropped: UML 6.1 takes a tick's user or system mode from
 * a field its timer handler never sets (contest.1), so it is noise.
 */
static void fill_compile(struct run_record *rec, const struct compile_result *cr,
			 const double host[3])
{
	const struct rusage *ru = &cr->ru;

	rec->time_s = cr->time_s;
	rec->user_s = (double)ru->ru_utime.tv_sec + (double)ru->ru_utime.tv_usec / 1e6;
	rec->sys_s = (double)ru->ru_stime.tv_sec + (double)ru->ru_stime.tv_usec / 1e6;
	rec->cpu_s = rec->user_s + rec->sys_s;
	rec->cpu_pct = cr->time_s > 0 ? rec->cpu_s / cr->time_s * 100 : 0;
	rec->majflt = ru->ru_majflt;
	rec->minflt = ru->ru_minflt;
	rec->nvcsw = ru->ru_nvcsw;
	rec->nivcsw = ru->ru_nivcsw;
	rec->host_cpu_s = host[0];
	rec->host_user_s = host[1];
	rec->host_sys_s = host[2];
	if (!isnan(host[1]))
		rec->user_s = rec->sys_s = NAN;
}

static void fill_load(struct run_record *rec, const struct load_snap *a, const struct load_snap *b)
{
	rec->load_cpu_s = b->cpu_s - a->cpu_s;
	rec->loads = b->units - a->units;
	rec->load_units = b->whole - a->whole;
	rec->load_work = b->work - a->work;
	rec->lcpu_pct = rec->time_s > 0 ? rec->load_cpu_s / rec->time_s * 100 : 0;
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

/* ---- the run ---- */

struct live_run {
	struct load_proc lp;
	struct run_monitors mon;
	long long oom0;
};

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
	settle_nap(s, s->load_lead_s);
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
		judge_status(rec, "load-failed", detail);
	}
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
	struct host_cpu ha, hb;
	sig_atomic_t continued;
	char why[256];
	double t0, host[3] = { NAN, NAN, NAN };
	int host_asked;
	pid_t pid;

	memset(&cr, 0, sizeof(cr));
	continued = run_continued;
	vmstat_read(&va);
	psi_snap_both(s, &pa, &cga);
	if (lr->lp.leader)
		loadproc_snap(&lr->lp, &s->cg, &a);
	disturb_snap(&da, lr->mon.pid, MONITOR_MAX);
	disk_snap(&ka, ls->scratch);
	disks_snap(&wa);
	profile_enable(&lr->mon.prof);
	host_asked = host_cpu_ask(&ha) == 0;
	pid = compile_start(s, log, &t0, &pc);
	if (pid < 0) {
		profile_disable(&lr->mon.prof);
		judge_status(rec, "compile-failed", "cannot start the compile");
		free(log);
		return;
	}
	if (probe_start(&probe, NULL) < 0)
		warning("cannot start the thread that reads cpufreq: cpu_mhz is not measured");
	compile_wait(s, pid, &cr);
	cr.time_s = now_mono() - t0;
	if (host_asked && host_cpu_ask(&hb) == 0)
		host_cpu_delta(&ha, &hb, host);
	profile_disable(&lr->mon.prof);
	probe_stop(&probe, &rec->cpu_mhz);
	perfctr_read_close(&pc, rec->counters);
	disturb_snap(&db, lr->mon.pid, MONITOR_MAX);
	disk_snap(&kb, ls->scratch);
	disks_snap(&wb);
	if (lr->lp.leader)
		loadproc_snap(&lr->lp, &s->cg, &b);
	vmstat_read(&vb);
	psi_snap_both(s, &pb, &cgb);
	proc_group_kill(pid);	/* nothing of the compile outlives it */
	pgroup_forget(pid);

	fill_compile(rec, &cr, host);
	fill_load(rec, &a, &b);
	rec->pswpin = vb.pswpin - va.pswpin;
	rec->pswpout = vb.pswpout - va.pswpout;
	rec->pgmajfault = vb.pgmajfault - va.pgmajfault;
	window_rates(rec->pswpin, rec->pswpout, &wa, &wb, cr.time_s, rec->rates);
	psi_delta(&pa, &pb, rec->psi_us);
	psi_delta(&cga, &cgb, rec->cg_psi_us);
	disturb_delta(&da, &db, cr.time_s, rec->cpu_s,
		      lr->lp.leader ? rec->load_cpu_s : 0, &rec->steal_s, &rec->others_cpu_s,
		      rec->disturbed, sizeof(rec->disturbed));
	if (lr->lp.leader)
		load_judge(ls->load->flags, &ka, &kb, rec->load_work, rec->pswpin, rec->pswpout,
			   &rec->disk_read_mb, &rec->disk_write_mb, rec->unloaded,
			   sizeof(rec->unloaded));
	judge_timed(&s->wl, rec, &cr, log);
	if (lr->lp.leader && loadproc_failed(&lr->lp, why, sizeof(why)))
		judge_status(rec, "load-failed", why);
	if (run_continued != continued)
		judge_status(rec, "driver-stopped", "contest itself was stopped (SIGSTOP or SIGTSTP) "
			   "while the compile ran: Time includes the stop");
	free(log);
}

int run_one(struct session *s, struct load_state *ls, int run, struct run_record *rec)
{
	struct live_run lr;
	char why[512], *log;
	int ret;

	memset(&lr, 0, sizeof(lr));
	monitors_init(&lr.mon);
	record_init(s, ls, run, rec);
	if (ls->task)
		workload_set_task(&s->wl, ls->task);
	if (ls->unusable) {
		judge_status(rec, "load-failed", ls->why);
		return -1;
	}
	log = xasprintf("%s/%s.%d.clean", s->logdir, ls->row, rec->run);
	ret = run_clean_tree(s, log, why, sizeof(why));
	free(log);
	if (ret < 0) {
		judge_status(rec, "compile-failed", why);
		return -1;
	}
	snprintf(rec->flush, sizeof(rec->flush), "%s", settle_flush(s, ls->load));
	rec->waited_s = settle_quiet(s);
	lr.oom0 = s->cg.version ? cgroup_oom_kills(&s->cg) : -1;
	log = xasprintf("%s/%s.%d", s->logdir, ls->row, rec->run);
	monitors_start(&s->monitors, &lr.mon, log, s->tty);
	free(log);
	if (start_load(s, ls, &lr, why, sizeof(why)) < 0)
		judge_status(rec, "load-failed", why);
	else if (!run_interrupted)
		timed_compile(s, ls, &lr, rec);
	stop_load(s, &lr, rec);
	ls->env.ctr = NULL;	/* the shared page is gone */
	monitors_stop(&lr.mon);
	judge_oom(rec, lr.oom0, s->cg.version ? cgroup_oom_kills(&s->cg) : -1);
	if (!strcmp(rec->status, "compile-failed")) {
		log = xasprintf("%s/%s.%d.make", s->logdir, ls->row, rec->run);
		run_show_log_tail(s, log, 20);
		free(log);
	}
	if (run_interrupted && !strcmp(rec->status, "ok"))
		judge_status(rec, "aborted", "interrupted");
	return strcmp(rec->status, "ok") ? -1 : 0;
}

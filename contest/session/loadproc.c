/* loadproc.c - see loadproc.h */
#include "session/loadproc.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <dirent.h>
#include <sched.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MAX_PIDS 4096

static volatile sig_atomic_t leader_stopping;

static void leader_on_term(int sig)
{
	(void)sig;
	leader_stopping = 1;
}

static void reset_signals(void)
{
	sigset_t none;

	/* handlers first, then unblock (proc_fork blocked all): a SIGTERM
	 * sent at once must not run the driver's handler here */
	for (int sig = 1; sig < NSIG; sig++)
		if (sig != SIGKILL && sig != SIGSTOP)
			signal(sig, SIG_DFL);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
}

static void describe_status(int st, char *buf, size_t len)
{
	char how[PROC_STATUS_LEN];

	snprintf(buf, len, "the load %s", proc_status_text(st, how, sizeof(how)));
}

/* The leader: reap every descendant; a worker death not asked for is a failure. */
static void __attribute__((noreturn)) leader_loop(struct load_shm *shm, pid_t worker)
{
	struct sigaction sa;
	int st;
	pid_t pid;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = leader_on_term;
	sigaction(SIGTERM, &sa, NULL);	/* no SA_RESTART: wait() returns to look */
	for (;;) {
		pid = load_reap(&shm->ctr, -1, &st);
		if (pid < 0) {
			if (errno == EINTR)
				continue;
			_exit(0);	/* ECHILD: everything of the load is reaped */
		}
		if (pid != worker || leader_stopping || atomic_load(&shm->stopping) ||
		    atomic_load(&shm->ctr.failed))
			continue;
		describe_status(st, shm->ctr.why, sizeof(shm->ctr.why));
		atomic_store(&shm->ctr.failed, 1);
	}
}

static void __attribute__((noreturn)) leader_main(const struct load *l, struct load_env *env,
						  const struct cgroup_session *cg, pid_t driver)
{
	struct load_shm *shm = (struct load_shm *)env->ctr;
	pid_t worker;
	int rc;

	reset_signals();
	setpgid(0, 0);
	prctl(PR_SET_PDEATHSIG, SIGKILL);	/* never outlive the driver */
	if (getppid() != driver)
		_exit(1);	/* it died before prctl: no signal will come */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	if (cg && cg->version && cgroup_load_enter(cg, getpid()) < 0)
		load_fail(env, "cannot join the load's cgroup");
	worker = fork();
	if (worker < 0)
		load_fail(env, "cannot fork: %s", strerror(errno));
	if (worker == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		rc = l->run(env);
		load_fail(env, "%s stopped working (run returned %d)", l->name, rc);
	}
	leader_loop(shm, worker);
}

int loadproc_start(struct load_proc *lp, const struct load *l, struct load_env *env,
		   const struct cgroup_session *cg)
{
	pid_t driver = getpid();
	sigset_t saved;

	memset(lp, 0, sizeof(*lp));
	lp->shm = mmap(NULL, sizeof(*lp->shm), PROT_READ | PROT_WRITE,
		       MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (lp->shm == MAP_FAILED) {
		lp->shm = NULL;
		return error("cannot map the load's counters: %s", strerror(errno));
	}
	env->ctr = &lp->shm->ctr;
	fflush(NULL);
	lp->leader = proc_fork(&saved);
	if (lp->leader < 0) {
		int e = errno;

		lp->leader = 0;
		munmap(lp->shm, sizeof(*lp->shm));
		lp->shm = NULL;
		env->ctr = NULL;
		return error("cannot fork the load: %s", strerror(e));
	}
	if (lp->leader == 0)
		leader_main(l, env, cg, driver);
	setpgid(lp->leader, lp->leader);	/* both sides: no race with the first kill */
	return 0;
}

/* fields of /proc/PID/stat after the ")" of comm: state is the 1st, pgrp the 3rd */
static int read_stat(pid_t pid, char *state, pid_t *pgrp, double *cpu_s)
{
	char path[64], buf[1024], *p;
	unsigned long long ut, st, cut, cst;
	long hz = sysconf(_SC_CLK_TCK);
	int pg;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_line_file(path, buf, sizeof(buf)) < 0)
		return -1;
	p = strrchr(buf, ')');
	if (!p || sscanf(p + 2, "%c %*d %d %*d %*d %*d %*u %*u %*u %*u %*u %llu %llu %llu %llu",
			 state, &pg, &ut, &st, &cut, &cst) != 6)
		return -1;
	*pgrp = pg;
	*cpu_s = (double)(ut + st + cut + cst) / (double)(hz > 0 ? hz : 100);
	return 0;
}

/* visit every process; fn returns nonzero to stop */
static void for_each_pid(void (*fn)(pid_t pid, char state, pid_t pgrp, double cpu, void *arg),
			 void *arg)
{
	DIR *d = opendir("/proc");
	struct dirent *de;

	if (!d)
		return;
	while ((de = readdir(d))) {
		char state, *end;
		pid_t pgrp;
		double cpu;
		long pid = strtol(de->d_name, &end, 10);

		if (*end || pid <= 0)
			continue;
		if (read_stat((pid_t)pid, &state, &pgrp, &cpu) == 0)
			fn((pid_t)pid, state, pgrp, cpu, arg);
	}
	closedir(d);
}

struct group_scan {
	pid_t pgid;
	double cpu;
	pid_t *pids;
	int n, max;
	int reap;		/* reap zombies that are our children (not in snapshots) */
	const struct load_counter *ctr;	/* subtract what each process published as reaped */
};

/* the scheduler's own CPU time of pid in ns (its main thread), -1 unknown */
static double schedstat_s(pid_t pid)
{
	char path[64], buf[256];
	unsigned long long ns;

	snprintf(path, sizeof(path), "/proc/%d/schedstat", (int)pid);
	if (read_line_file(path, buf, sizeof(buf)) < 0 || sscanf(buf, "%llu", &ns) != 1)
		return -1;
	return (double)ns / 1e9;
}

/* children's CPU (cutime + cstime) of pid from /proc/PID/stat, in seconds;
 * -1 when unreadable or pid has more than one thread (schedstat is one thread's) */
static double children_s(pid_t pid)
{
	char path[64], buf[1024], *p;
	unsigned long long cut, cst;
	long hz = sysconf(_SC_CLK_TCK), threads;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_line_file(path, buf, sizeof(buf)) < 0 || !(p = strrchr(buf, ')')) ||
	    sscanf(p + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %*u %*u %llu %llu %*d %*d %ld",
		   &cut, &cst, &threads) != 3 || threads > 1)
		return -1;
	return (double)(cut + cst) / (double)(hz > 0 ? hz : 100);
}

/*
 * One process's share of the load's CPU: its own time, precise from
 * schedstat where it can be read, plus its reaped children's time unless
 * it reaps through load_reap (then that time is in reaped_us already).
 * ticks_total is utime+stime+cutime+cstime, the fallback.
 */
static double load_proc_cpu_s(const struct load_counter *c, pid_t pid, double ticks_total)
{
	double kids = children_s(pid), own = kids < 0 ? -1 : schedstat_s(pid);
	int publisher = load_reaper_s(c, pid) > 0;

	if (own < 0)	/* multithreaded or unreadable: the ticks of /proc/PID/stat */
		return ticks_total - load_reaper_s(c, pid);
	return own + (publisher ? 0 : kids);
}

static void scan_one(pid_t pid, char state, pid_t pgrp, double cpu, void *arg)
{
	struct group_scan *g = arg;

	if (pgrp != g->pgid)
		return;
	g->cpu += g->ctr ? load_proc_cpu_s(g->ctr, pid, cpu) : cpu;
	if (state != 'Z' && state != 'X' && g->pids && g->n < g->max)
		g->pids[g->n++] = pid;
	if (state == 'Z' && g->reap)
		waitpid(pid, NULL, WNOHANG);	/* an orphan reparented to us: reap it */
}

double proc_group_cpu_s(pid_t pgid)
{
	/* no reaping: a snapshot must not swallow the leader's status from loadproc_failed */
	struct group_scan g = { .pgid = pgid };

	for_each_pid(scan_one, &g);
	return g.cpu;
}

int proc_group_pids(pid_t pgid, pid_t *pids, int max)
{
	struct group_scan g = { .pgid = pgid, .pids = pids, .max = max, .reap = 1 };

	for_each_pid(scan_one, &g);
	return g.n;
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	nanosleep(&ts, NULL);
}

int proc_group_kill(pid_t pgid)
{
	static pid_t pids[MAX_PIDS];
	int n = 0;

	for (int tries = 0; tries < 100; tries++) {
		kill(-pgid, SIGKILL);
		n = proc_group_pids(pgid, pids, MAX_PIDS);
		for (int i = 0; i < n; i++) {
			kill(pids[i], SIGKILL);
			waitpid(pids[i], NULL, WNOHANG);
		}
		if (n == 0)
			return 0;
		sleep_s(0.01);
	}
	return n;
}

/*
 * The load's CPU from /proc: its live (and zombie) processes, each with
 * its reaped children's time less what it published, plus what was
 * published. Looked at again while a reap is under way, so a process
 * reaped during the scan is counted once: yielding first, then sleeping
 * briefly (a reaper preempted mid-reap on a busy machine needs the CPU
 * to finish), and after 50 tries a last look whatever happens, never 0.
 */
static double load_group_cpu_s(const struct load_proc *lp)
{
	const struct load_counter *c = &lp->shm->ctr;
	double cpu = 0;

	for (int tries = 0;; tries++) {
		uint64_t begun = atomic_load(&c->reaps_begun);
		struct group_scan g = { .pgid = lp->leader, .ctr = c };
		int last = tries >= 50;

		if (!last && atomic_load(&c->reaps_done) != begun) {
			if (tries < 20)
				sched_yield();
			else
				sleep_s(0.0002);
			continue;
		}
		for_each_pid(scan_one, &g);
		cpu = g.cpu + (double)atomic_load(&c->reaped_us) / 1e6;
		if (last || atomic_load(&c->reaps_begun) == begun)
			break;
	}
	return cpu;
}

void loadproc_snap(const struct load_proc *lp, const struct cgroup_session *cg,
		   struct load_snap *snap)
{
	const struct load_counter *c = &lp->shm->ctr;
	double cpu = cg && cg->version ? cgroup_load_cpu_s(cg) : -1;
	static int warned;
	uint64_t whole;

	if (cpu < 0 && cg && cg->load_acct[0] && !warned++)
		warning("cannot read the load's CPU time in '%s': LCPU%% from a /proc scan",
			cg->load_acct);
	snap->cpu_s = cpu >= 0 ? cpu : load_group_cpu_s(lp);
	snap->units = load_counter_read(c, &whole);
	snap->whole = (double)whole;
	snap->work = (double)atomic_load(&c->work);
}

int loadproc_failed(struct load_proc *lp, char *why, size_t whylen)
{
	if (!lp->exited && waitpid(lp->leader, &lp->status, WNOHANG) == lp->leader)
		lp->exited = 1;
	if (atomic_load(&lp->shm->ctr.failed)) {
		snprintf(why, whylen, "%s", lp->shm->ctr.why[0] ? lp->shm->ctr.why : "the load failed");
		return 1;
	}
	if (lp->exited) {
		describe_status(lp->status, why, whylen);
		return 1;
	}
	return 0;
}

/*
 * Processes signalled through the cgroup during one stop. One that left
 * the process group is never seen by the group scan, and once dead it is
 * no longer listed in cgroup.procs either, so its zombie (ours: we are the
 * subreaper) is reaped from this list.
 */
static pid_t cg_signalled[MAX_PIDS];
static int cg_nsignalled;

static void signal_all(const struct load_proc *lp, const struct cgroup_session *cg, int sig)
{
	static pid_t pids[MAX_PIDS];
	int n = cg && cg->version ? cgroup_load_pids(cg, pids, MAX_PIDS) : 0;
	int killed = sig == SIGKILL && cg && cgroup_load_kill(cg) == 0;

	kill(-lp->leader, sig);
	for (int i = 0; i < n; i++) {
		int seen = 0;

		if (!killed)
			kill(pids[i], sig);
		for (int j = 0; j < cg_nsignalled && !seen; j++)
			seen = cg_signalled[j] == pids[i];
		if (!seen && cg_nsignalled < MAX_PIDS)
			cg_signalled[cg_nsignalled++] = pids[i];
	}
}

/* reap the zombies of cg_signalled that came to us; bounded, a pid may have been reused */
static void reap_signalled(void)
{
	double end = now_mono() + 1.0;

	for (int i = 0; i < cg_nsignalled; i++)
		while (kill(cg_signalled[i], 0) == 0 &&
		       waitpid(cg_signalled[i], NULL, WNOHANG) != cg_signalled[i] && now_mono() < end)
			sleep_s(0.01);
	cg_nsignalled = 0;
}

static int leftovers(const struct load_proc *lp, const struct cgroup_session *cg, int report)
{
	static pid_t pids[MAX_PIDS];
	int n = proc_group_pids(lp->leader, pids, MAX_PIDS);
	int m = cg && cg->version ? cgroup_load_pids(cg, pids + n, MAX_PIDS - n) : 0;

	for (int i = 0; report && i < n + (m > 0 ? m : 0); i++)
		warning("load process %d is still alive after SIGKILL", (int)pids[i]);
	return n + (m > 0 ? m : 0);
}

int loadproc_stop(struct load_proc *lp, struct cgroup_session *cg, double grace_s)
{
	double deadline = now_mono() + grace_s;
	int left = 0;

	if (!lp->leader)
		return 0;
	atomic_store(&lp->shm->stopping, 1);
	cg_nsignalled = 0;
	signal_all(lp, cg, SIGTERM);
	while (now_mono() < deadline) {
		if (!lp->exited && waitpid(lp->leader, &lp->status, WNOHANG) == lp->leader)
			lp->exited = 1;
		if (lp->exited && !leftovers(lp, cg, 0))
			break;
		sleep_s(0.01);
	}
	for (int tries = 0; tries < 100; tries++) {
		signal_all(lp, cg, SIGKILL);
		if (!lp->exited && waitpid(lp->leader, &lp->status, 0) == lp->leader)
			lp->exited = 1;
		left = leftovers(lp, cg, 0);	/* also reaps orphans that came to us */
		if (!left)
			break;
		sleep_s(0.01);
	}
	reap_signalled();
	if (left)
		leftovers(lp, cg, 1);
	munmap(lp->shm, sizeof(*lp->shm));
	lp->shm = NULL;
	lp->leader = 0;
	return left;
}

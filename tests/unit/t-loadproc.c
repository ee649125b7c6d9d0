/* t-loadproc.c - a load's processes: start, window snapshots, failure, stop
 *
 * Test loads defined here run under loadproc_start() the way the driver
 * runs them: a spinning load (CPU from /proc, then from a real cgroup when
 * root), loads that die at once or by load_fail(), a stubborn load whose
 * processes (an orphaned grandchild among them) shrug off SIGTERM, and a
 * bare process group for proc_group_kill(). After every stop no process of
 * the load may be alive and no zombie of it may be left with us. Like the
 * driver, the test is a child subreaper, so orphans come back to it.
 */
#include "tap.h"
#include "session/disturb.h"
#include "session/loadproc.h"
#include "sys/cleanup.h"
#include "sys/cgroup.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define SPIN_ITERS 100000	/* busy iterations per load_progress() */
#define PER_UNIT 50		/* load_progress() calls per unit */
#define STOP_GRACE 0.3
#define NSTUB 4			/* stubborn processes: worker, spinner, sleeper, grandchild */

/* shared with the test loads (inherited through fork) */
struct test_shm {
	_Atomic int ready;
	pid_t pid[NSTUB];		/* stubborn: the processes, by slot */
	_Atomic int termed[NSTUB];	/* stubborn: slot got SIGTERM */
	pid_t escapee;			/* spin with escape: the child that left the group */
};

static struct test_shm *shm;
static int spin_escape;		/* spin_run: also fork a child that leaves the process group */
static volatile pid_t groups[16];	/* every group started, for the safety net */
static volatile int ngroups;
static struct cgroup_session real_cg;

static void track(pid_t pgid)
{
	if (ngroups < (int)ARRAY_SIZE(groups))
		groups[ngroups++] = pgid;
}

/* alarm: something hung; kill everything we started, reap, remove the groups */
static void on_alarm(int sig)
{
	static const char msg[] = "not ok - timed out: killed every process of the test\n";

	(void)sig;
	for (int i = 0; i < ngroups; i++)	/* the stubborn processes are in their group */
		if (groups[i] > 0)
			kill(-groups[i], SIGKILL);
	if (shm && shm->escapee > 0)	/* outside any group of ours, inside the cgroup */
		kill(shm->escapee, SIGKILL);
	while (waitpid(-1, NULL, 0) > 0 || errno == EINTR)
		;
	cleanup_run_all();
	write(1, msg, sizeof(msg) - 1);
	_exit(1);
}

static void sleep_s(double s)
{
	struct timespec ts = { (time_t)s, (long)((s - (double)(time_t)s) * 1e9) };

	while (nanosleep(&ts, &ts) < 0 && errno == EINTR)
		;
}

/* state letter of pid from /proc, '\0' when it does not exist; ppid when asked */
static char proc_state(pid_t pid, pid_t *ppid)
{
	char path[64], buf[1024], *p, st;
	int pp;

	snprintf(path, sizeof(path), "/proc/%d/stat", (int)pid);
	if (read_line_file(path, buf, sizeof(buf)) < 0 || !(p = strrchr(buf, ')')) ||
	    sscanf(p + 2, "%c %d", &st, &pp) != 2)
		return '\0';
	if (ppid)
		*ppid = pp;
	return st;
}

/* gone for good: no such pid (a zombie left unreaped still answers kill 0) */
static int gone(pid_t pid)
{
	return kill(pid, 0) < 0 && errno == ESRCH;
}

/* is this live group one of ours: a member whose parent is us (the test is the
 * subreaper) or another member; a stranger that reused the pgid is left alone */
static int group_is_ours(const pid_t *pids, int n)
{
	for (int i = 0; i < n; i++) {
		pid_t pp = 0;

		if (!proc_state(pids[i], &pp))
			continue;
		if (pp == getpid())
			return 1;
		for (int j = 0; j < n; j++)
			if (pp == pids[j])
				return 1;
	}
	return 0;
}

/*
 * Whatever a failed check left behind: SIGKILL every tracked group that
 * still has a live process of ours (found by our own scan, not only by the
 * code under test) and reap what comes back to us, for at most 5 seconds.
 */
static void kill_leftovers(void)
{
	double end = now_mono() + 5;
	pid_t pids[64], pp = 0;
	int any, n;

	do {
		any = 0;
		for (int i = 0; i < ngroups; i++)
			if (groups[i] > 0 && (n = proc_group_pids(groups[i], pids, 64)) > 0 &&
			    group_is_ours(pids, n)) {
				kill(-groups[i], SIGKILL);
				any = 1;
			}
		if (shm && shm->escapee > 0 && proc_state(shm->escapee, &pp) &&
		    proc_state(shm->escapee, NULL) != 'Z' && pp == getpid()) {
			kill(shm->escapee, SIGKILL);
			any = 1;
		}
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (any)
			sleep_s(0.01);
	} while (any && now_mono() < end);
}

/* after a stop: a zombie of the load left as our child (reaped here so the next case is clean) */
static int stray_zombies(void)
{
	int n = 0;

	while (waitpid(-1, NULL, WNOHANG) > 0)
		n++;
	return n;
}

/* ---- the test loads ---- */

static void __attribute__((noreturn)) spin_forever(struct load_env *env)
{
	uint64_t n = 0;

	load_set_per_unit(env, PER_UNIT);
	for (;;) {
		for (volatile unsigned i = 0; i < SPIN_ITERS; i++)
			;
		load_progress(env, 1);
		if (++n % PER_UNIT == 0)
			load_unit_done(env);
	}
}

static int spin_run(struct load_env *env)
{
	if (spin_escape) {
		pid_t pid = fork();

		if (pid < 0)
			load_fail(env, "fork: %s", strerror(errno));
		if (pid == 0) {
			setpgid(0, 0);	/* out of the group, still in the cgroup */
			signal(SIGTERM, SIG_IGN);	/* so only SIGKILL through the cgroup ends it */
			shm->escapee = getpid();
			atomic_store(&shm->ready, 1);
			for (;;)
				pause();
		}
	}
	spin_forever(env);
}

static int return_run(struct load_env *env)
{
	(void)env;
	return 3;
}

static int fail_run(struct load_env *env)
{
	load_fail(env, "boom %d", 7);
}

static int my_slot = -1;

static void stub_on_term(int sig)
{
	(void)sig;
	if (my_slot >= 0)
		atomic_store(&shm->termed[my_slot], 1);
}

static void stub_become(int slot)
{
	struct sigaction sa;

	memset(&sa, 0, sizeof(sa));
	sa.sa_handler = stub_on_term;
	sigaction(SIGTERM, &sa, NULL);
	my_slot = slot;
	shm->pid[slot] = getpid();
}

static void __attribute__((noreturn)) stub_sleep(void)
{
	for (;;)
		sleep_s(0.05);
}

static int stubborn_run(struct load_env *env)
{
	pid_t mid;

	stub_become(0);
	if (fork() == 0) {	/* a spinner */
		stub_become(1);
		for (;;)
			for (volatile unsigned i = 0; i < SPIN_ITERS; i++)
				;
	}
	if (fork() == 0) {	/* a sleeper */
		stub_become(2);
		stub_sleep();
	}
	mid = fork();
	if (mid == 0) {		/* exits at once, leaving its child to the leader */
		if (fork() == 0) {
			stub_become(3);
			stub_sleep();
		}
		_exit(0);
	}
	if (mid < 0)
		load_fail(env, "fork: %s", strerror(errno));
	waitpid(mid, NULL, 0);
	for (int i = 0; i < 500; i++) {	/* until every slot has written its pid */
		int all = 1;

		for (int s = 0; s < NSTUB; s++)
			all &= shm->pid[s] > 0;
		if (all)
			break;
		sleep_s(0.01);
	}
	atomic_store(&shm->ready, 1);
	for (;;) {
		load_progress(env, 1);
		sleep_s(0.05);
	}
}

/* burn about s of CPU */
static void burn(double s)
{
	struct timespec a, b;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &a);
	do {
		for (volatile unsigned i = 0; i < 10000; i++)
			;
		clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &b);
	} while ((double)(b.tv_sec - a.tv_sec) + (double)(b.tv_nsec - a.tv_nsec) / 1e9 < s);
}

/*
 * Short-lived processes, reaped all the time: children the worker reaps
 * through load_reap (as load_exec does), and orphaned grandchildren that
 * the leader reaps. A snapshot that counts a process reaped during its
 * /proc scan twice, or not at all, is off by its CPU (CHURN_CPU).
 */
#define CHURN_CPU 0.06
static int churn_run(struct load_env *env)
{
	for (unsigned n = 0;; n++) {
		pid_t pid = load_fork();

		if (pid < 0)
			load_fail(env, "fork: %s", strerror(errno));
		if (pid == 0) {
			if (n % 2 && load_fork() == 0) {	/* an orphan for the leader */
				burn(CHURN_CPU);
				_exit(0);
			}
			burn(n % 2 ? CHURN_CPU / 4 : CHURN_CPU);
			_exit(0);
		}
		while (load_reap(env->ctr, pid, NULL) < 0 && errno == EINTR)
			;
		load_unit_done(env);
	}
}

static const struct load churn_load = {
	.name = "t_churn", .unit = "child", .help = "forks short children", .run = churn_run,
};

static const struct load spin_load = {
	.name = "t_spin", .unit = "spin", .work_unit = "loops", .help = "spins", .run = spin_run,
};
static const struct load return_load = {
	.name = "t_return", .unit = "nothing", .help = "returns at once", .run = return_run,
};
static const struct load fail_load = {
	.name = "t_fail", .unit = "nothing", .help = "fails at once", .run = fail_run,
};
static const struct load stubborn_load = {
	.name = "t_stubborn", .unit = "nothing", .help = "ignores SIGTERM", .run = stubborn_run,
};


static void env_for(struct load_env *env, const struct load *l)
{
	memset(env, 0, sizeof(*env));
	env->name = l->name;
	env->scratch = "/nonexistent";
	env->ram = memtotal_bytes();
	env->ncpus = ncpus();
}

static int start(struct load_proc *lp, const struct load *l, struct load_env *env,
		 const struct cgroup_session *cg)
{
	memset(shm, 0, sizeof(*shm));
	env_for(env, l);
	if (loadproc_start(lp, l, env, cg) < 0)
		return -1;
	track(lp->leader);
	return 0;
}

/* wait until the load has failed, at most bound_s; 1 when it did */
static int wait_failed(struct load_proc *lp, char *why, size_t len, double bound_s)
{
	double end = now_mono() + bound_s;

	while (now_mono() < end) {
		if (loadproc_failed(lp, why, len))
			return 1;
		sleep_s(0.02);
	}
	return 0;
}

/* stop and check that nothing of the load is left; the common tail of every case.
 * Returns how long the stop took. */
static double stop_checked(const char *what, struct load_proc *lp, struct cgroup_session *cg,
			   const pid_t *pids, int npids)
{
	pid_t leader = lp->leader, left[64];
	double t0 = now_mono(), took;
	int rc = loadproc_stop(lp, cg, STOP_GRACE), still = 0, zombies;

	took = now_mono() - t0;
	ok(rc == 0, "%s: loadproc_stop returns 0 (got %d)", what, rc);
	ok(lp->leader == 0 && lp->shm == NULL, "%s: the load_proc is reset after stop", what);
	/* gone() before proc_group_pids(), which reaps zombies of ours as it scans */
	ok(gone(leader), "%s: the leader %d is gone, reaped (kill 0: %s)", what, (int)leader,
	   gone(leader) ? "ESRCH" : "still there");
	for (int i = 0; i < npids; i++)
		if (pids[i] > 0 && !gone(pids[i])) {
			printf("#   pid %d still exists, state '%c'\n", (int)pids[i],
			       proc_state(pids[i], NULL) ? proc_state(pids[i], NULL) : '?');
			still++;
		}
	if (npids)
		ok(still == 0, "%s: each of its %d processes is gone (%d left)", what, npids, still);
	ok(proc_group_pids(leader, left, 64) == 0, "%s: no process of group %d is alive", what,
	   (int)leader);
	zombies = stray_zombies();
	ok(zombies == 0, "%s: no zombie of the load is left with us (%d reaped after)", what, zombies);
	return took;
}

/* ---- the cases ---- */

static double ratio_lo = 0.5, ratio_hi = 1.2, start_lo = 0.3;
/* on a busy machine a spinner need only be counted */
static const double busy_ratio_lo = 0.01, busy_start_lo = 0.005;
static int churn_lo = 5;

/* A busy machine (1-minute load average at least the CPU count) gives the
 * spinner less than a CPU: then only "it was counted" is checked, not "one
 * CPU's worth". */
static void ratio_for_machine(void)
{
	double avg = 0;
	FILE *f = fopen("/proc/loadavg", "r");

	if (f && fscanf(f, "%lf", &avg) == 1 && avg >= sysconf(_SC_NPROCESSORS_ONLN)) {
		ratio_lo = busy_ratio_lo;
		start_lo = busy_start_lo;
		churn_lo = 1;
		printf("# the machine is busy (load average %.2f): a spinner needs only be counted\n", avg);
	}
	if (f)
		fclose(f);
}

/* Over a window of SECONDS between the snapshots A and B (disturb.h's, of
 * /proc/stat): was the machine too busy to give a spinner a CPU (less than
 * half a CPU idle, or at least a tenth of every CPU stolen by the host)?
 * Says so on a TAP comment. */
static int window_busy(const char *what, const struct disturb_snap *a,
		       const struct disturb_snap *b, double seconds)
{
	double hz = (double)sysconf(_SC_CLK_TCK), n = ncpus(), steal, idle;

	if (!a->ok || !b->ok || seconds <= 0 || b->busy < a->busy || b->steal < a->steal)
		return 0;
	steal = (double)(b->steal - a->steal) / hz / seconds;	/* CPUs' worth */
	idle = n - (double)(b->busy - a->busy) / hz / seconds - steal;
	if (idle >= 0.5 && steal < 0.1 * n)
		return 0;
	printf("# %s: the machine was busy over the window (%.2f CPUs idle, %.0f%% stolen): "
	       "the spinner's share is not held to one CPU\n", what, idle, 100 * steal / n);
	return 1;
}

/* spin for a second, snap, a second, snap: counters move, CPU is about one CPU */
static void check_spin_window(const char *what, struct load_proc *lp, struct cgroup_session *cg,
			      int from_cgroup)
{
	struct load_snap a, b;
	double ta, tb, ratio;
	char why[256] = "";
	struct disturb_snap m0, ma, mb;
	double t0 = now_mono(), lo = ratio_lo, slo = start_lo;

	disturb_snap(&m0, NULL, 0);

	sleep_s(1.0);
	ta = now_mono();
	loadproc_snap(lp, cg, &a);
	disturb_snap(&ma, NULL, 0);
	if (from_cgroup) {
		double c0 = cgroup_load_cpu_s(cg), c1;
		struct load_snap s;

		loadproc_snap(lp, cg, &s);
		c1 = cgroup_load_cpu_s(cg);
		ok(c0 > 0 && c0 <= s.cpu_s && s.cpu_s <= c1,
		   "%s: cpu_s comes from the cgroup (%.6f <= %.6f <= %.6f)", what, c0, s.cpu_s, c1);
	}
	sleep_s(1.0);
	tb = now_mono();
	loadproc_snap(lp, cg, &b);
	disturb_snap(&mb, NULL, 0);
	ratio = (b.cpu_s - a.cpu_s) / (tb - ta);
	if (ratio < lo && window_busy(what, &ma, &mb, tb - ta))
		lo = busy_ratio_lo;
	if (a.cpu_s <= slo && window_busy(what, &m0, &ma, ta - t0))
		slo = busy_start_lo;
	ok(ratio >= lo && ratio <= ratio_hi,
	   "%s: CPU over the window is one busy CPU: %.3f s in %.3f s (ratio %.2f, want %.2f..%.2f)",
	   what, b.cpu_s - a.cpu_s, tb - ta, ratio, lo, ratio_hi);
	ok(a.cpu_s > slo, "%s: cpu_s counts from the start (%.3f s after ~1 s, want > %.3f)",
	   what, a.cpu_s, slo);
	ok(b.units > a.units && b.whole > a.whole,
	   "%s: units increase (%.3f -> %.3f, whole %.0f -> %.0f)", what, a.units, b.units,
	   a.whole, b.whole);
	ok(a.units >= a.whole && a.units < a.whole + 1 && b.units >= b.whole && b.units < b.whole + 1,
	   "%s: whole <= units < whole + 1 (%.3f/%.0f, %.3f/%.0f)", what, a.units, a.whole,
	   b.units, b.whole);
	ok(b.work > a.work && b.work >= b.whole * PER_UNIT,
	   "%s: work increases (%.0f -> %.0f)", what, a.work, b.work);
	ok(loadproc_failed(lp, why, sizeof(why)) == 0, "%s: loadproc_failed is 0 while it runs%s%s",
	   what, *why ? ": " : "", why);
}

static void test_spin_proc(void)
{
	struct cgroup_session cg;
	struct load_proc lp;
	struct load_env env;
	struct load_snap s;
	pid_t pids[16];
	int n, fractional = 0;

	memset(&cg, 0, sizeof(cg));
	if (start(&lp, &spin_load, &env, &cg) < 0) {
		ok(0, "spin: loadproc_start");
		return;
	}
	ok(lp.leader > 0 && lp.shm && env.ctr == &lp.shm->ctr,
	   "spin: started, leader %d, env->ctr is the shared counter", (int)lp.leader);
	check_spin_window("spin", &lp, &cg, 0);
	n = proc_group_pids(lp.leader, pids, 16);
	ok(n == 2, "spin: the group is the leader and the worker (%d processes)", n);
	ok(getpgid(lp.leader) == lp.leader, "spin: the leader leads its own process group");
	for (int i = 0; i < 20 && !fractional; i++) {
		loadproc_snap(&lp, &cg, &s);
		fractional = s.units > s.whole;
		sleep_s(0.003);
	}
	ok(fractional, "spin: units carry the fraction of the current unit (%.3f vs %.0f)", s.units,
	   s.whole);
	stop_checked("spin", &lp, &cg, pids, n);
}

static void test_return(void)
{
	struct cgroup_session cg;
	struct load_proc lp;
	struct load_env env;
	char why[256] = "";

	memset(&cg, 0, sizeof(cg));
	if (start(&lp, &return_load, &env, &cg) < 0) {
		ok(0, "return: loadproc_start");
		return;
	}
	ok(wait_failed(&lp, why, sizeof(why), 3.0), "return: loadproc_failed once run() returned");
	ok(*why && strstr(why, "t_return") && strstr(why, "3"),
	   "return: the reason names the load and run's value: '%s'", why);
	stop_checked("return", &lp, &cg, NULL, 0);
}

static void test_fail(void)
{
	struct cgroup_session cg;
	struct load_proc lp;
	struct load_env env;
	char why[256] = "";

	memset(&cg, 0, sizeof(cg));
	if (start(&lp, &fail_load, &env, &cg) < 0) {
		ok(0, "fail: loadproc_start");
		return;
	}
	ok(wait_failed(&lp, why, sizeof(why), 3.0), "fail: loadproc_failed after load_fail()");
	ok(strstr(why, "boom 7") != NULL, "fail: the reason is load_fail's: '%s'", why);
	stop_checked("fail", &lp, &cg, NULL, 0);
}

static void test_stubborn(void)
{
	struct cgroup_session cg;
	struct load_proc lp;
	struct load_env env;
	pid_t pids[32], ppid = 0;
	double took;
	int n, termed = 0;
	char why[256] = "";

	memset(&cg, 0, sizeof(cg));
	if (start(&lp, &stubborn_load, &env, &cg) < 0) {
		ok(0, "stubborn: loadproc_start");
		return;
	}
	for (int i = 0; i < 500 && !atomic_load(&shm->ready); i++)
		sleep_s(0.01);
	ok(atomic_load(&shm->ready), "stubborn: every process is up");
	n = proc_group_pids(lp.leader, pids, 16);
	ok(n == NSTUB + 1, "stubborn: leader plus %d processes in the group (%d)", NSTUB, n);
	ok(proc_state(shm->pid[3], &ppid) && ppid == lp.leader,
	   "stubborn: the orphaned grandchild %d went to the leader (ppid %d, leader %d)",
	   (int)shm->pid[3], (int)ppid, (int)lp.leader);
	ok(!loadproc_failed(&lp, why, sizeof(why)), "stubborn: not failed while running%s%s",
	   *why ? ": " : "", why);
	for (int s = 0; s < NSTUB && n < 16; s++)
		pids[n++] = shm->pid[s];	/* the load's own record too, in case the scan missed one */
	took = stop_checked("stubborn", &lp, &cg, pids, n);
	for (int s = 0; s < NSTUB; s++)
		termed += atomic_load(&shm->termed[s]);
	ok(termed == NSTUB, "stubborn: SIGTERM reached all %d processes (%d)", NSTUB, termed);
	ok(took >= STOP_GRACE - 0.02 && took < STOP_GRACE + 3.0,
	   "stubborn: stop waited the grace, then killed (%.2f s, grace %.1f s)", took, STOP_GRACE);
}

/* a bare group: P sleeping, two sleeping children, an orphaned grandchild */
static void test_group_kill(void)
{
	pid_t p = fork(), left[16];
	int n = 0, rc;

	if (p == 0) {
		setpgid(0, 0);
		for (int k = 0; k < 3; k++)
			if (fork() == 0) {
				if (k == 2 && fork() != 0)
					_exit(0);	/* the intermediate: its child is orphaned */
				for (;;)
					pause();
			}
		for (;;)
			pause();
	}
	if (p < 0) {
		ok(0, "group kill: fork: %s", strerror(errno));
		return;
	}
	setpgid(p, p);
	track(p);
	for (int i = 0; i < 300 && (n = proc_group_pids(p, left, 16)) != 4; i++)
		sleep_s(0.01);
	ok(n == 4, "group kill: proc_group_pids sees the 4 live processes (%d)", n);
	ok(proc_group_cpu_s(p) >= 0, "group kill: proc_group_cpu_s answers (%.2f)",
	   proc_group_cpu_s(p));
	rc = proc_group_kill(p);
	ok(rc == 0, "group kill: proc_group_kill returns 0 (got %d)", rc);
	ok(kill(-p, 0) < 0 && errno == ESRCH, "group kill: the group is gone, zombies reaped");
	ok(proc_group_pids(p, left, 16) == 0, "group kill: nothing alive in the group");
	ok(stray_zombies() == 0, "group kill: no zombie left with us");
	kill_leftovers();	/* in case proc_group_kill left some */
}

/* a leader killed from outside must show as a failure even when a snap came first */
static void test_leader_killed(void)
{
	struct cgroup_session cg;
	struct load_proc lp;
	struct load_env env;
	struct load_snap s;
	char why[256] = "";
	pid_t leader;
	int zombie = 0;

	memset(&cg, 0, sizeof(cg));
	if (start(&lp, &spin_load, &env, &cg) < 0) {
		ok(0, "leader killed: loadproc_start");
		return;
	}
	leader = lp.leader;
	sleep_s(0.1);
	kill(leader, SIGKILL);
	for (int i = 0; i < 300 && !zombie; i++) {
		zombie = proc_state(leader, NULL) == 'Z';
		if (!zombie)
			sleep_s(0.01);
	}
	loadproc_snap(&lp, &cg, &s);	/* the driver snaps when the compile ends, then asks */
	ok(wait_failed(&lp, why, sizeof(why), 1.0) && strstr(why, "signal 9"),
	   "leader killed: loadproc_failed after a snap: '%s'", why);
	stop_checked("leader killed", &lp, &cg, NULL, 0);
}

static int is_dir(const char *path)
{
	struct stat st;

	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void test_churn_cgroup(void);

static void test_spin_cgroup(void)
{
	struct load_proc lp;
	struct load_env env;
	pid_t pids[16], escapee;
	char load_acct[sizeof(real_cg.acct_dir)];
	int n, has_leader = 0, has_escapee = 0;

	if (geteuid() != 0) {
		skip("cgroup: not root");
		return;
	}
	if (!is_dir("/sys/fs/cgroup/cpuacct")) {
		skip("cgroup: no /sys/fs/cgroup/cpuacct (cgroup v1 cpuacct)");
		return;
	}
	if (cgroup_session_init(&real_cg, NULL, 0, 0) < 0 || !real_cg.version ||
	    !real_cg.acct_dir[0]) {
		skip("cgroup: cannot make a cpuacct session group here");
		cgroup_session_release(&real_cg);
		return;
	}
	if (cgroup_load_create(&real_cg) < 0 || !real_cg.load_acct[0]) {
		ok(0, "cgroup: cgroup_load_create");
		cgroup_session_release(&real_cg);
		return;
	}
	memcpy(load_acct, real_cg.load_acct, sizeof(load_acct));
	spin_escape = 1;
	if (start(&lp, &spin_load, &env, &real_cg) < 0) {
		spin_escape = 0;
		ok(0, "cgroup: loadproc_start");
		cgroup_session_release(&real_cg);
		return;
	}
	spin_escape = 0;
	for (int i = 0; i < 300 && !atomic_load(&shm->ready); i++)
		sleep_s(0.01);
	escapee = shm->escapee;
	n = cgroup_load_pids(&real_cg, pids, 16);
	for (int i = 0; i < n; i++) {
		has_leader |= pids[i] == lp.leader;
		has_escapee |= escapee > 0 && pids[i] == escapee;
	}
	ok(n == 3 && has_leader && has_escapee,
	   "cgroup: leader, worker and the child that left the group are in the load's cgroup (%d)", n);
	ok(escapee > 0 && getpgid(escapee) != lp.leader, "cgroup: the escapee %d left group %d",
	   (int)escapee, (int)lp.leader);
	check_spin_window("cgroup", &lp, &real_cg, 1);
	{
		pid_t leader = lp.leader;
		int rc = loadproc_stop(&lp, &real_cg, STOP_GRACE), zombies;
		char st = escapee > 0 ? proc_state(escapee, NULL) : '\0';
		int m = cgroup_load_pids(&real_cg, pids, 16);

		ok(rc == 0, "cgroup: loadproc_stop returns 0 (got %d)", rc);
		ok(gone(leader) && proc_group_pids(leader, pids, 16) == 0,
		   "cgroup: nothing of the group is left");
		ok(m == 0, "cgroup: the load's cgroup is empty (%d)", m);
		ok(escapee > 0 && st != 'R' && st != 'S' && st != 'D' && st != 'T',
		   "cgroup: the child outside the group was killed through the cgroup (state '%c')",
		   st ? st : '-');
		ok(escapee > 0 && gone(escapee), "cgroup: ... and reaped (state '%c')", st ? st : '-');
		zombies = stray_zombies();
		ok(zombies == 0, "cgroup: no zombie of the load is left with us (%d)", zombies);
	}
	cgroup_load_remove(&real_cg);
	ok(!real_cg.load_acct[0] && !is_dir(load_acct), "cgroup: the load's group is removed");
	test_churn_cgroup();
	memcpy(load_acct, real_cg.acct_dir, sizeof(load_acct));	/* now the session's group */
	cgroup_session_release(&real_cg);
	ok(!real_cg.version && !is_dir(load_acct), "cgroup: the session is released ('%s' gone)",
	   load_acct);
}

/*
 * The /proc figure (as without a cgroup) against the cgroup's, snapshot by
 * snapshot under churn: cgroup before <= /proc <= cgroup after, within
 * the /proc tick rounding of the few live processes.
 */
static void test_churn_cgroup(void)
{
	struct load_proc lp;
	struct load_env env;
	struct load_snap s;
	int bad = 0, n = 0;
	double worst = 0, tol = 0.01, c0 = 0, c1 = 0, end;

	if (!real_cg.version || cgroup_load_create(&real_cg) < 0 || !real_cg.load_acct[0]) {
		skip("churn: needs root and a cpuacct cgroup (see the cgroup case)");
		return;
	}
	if (start(&lp, &churn_load, &env, &real_cg) < 0) {
		ok(0, "churn: loadproc_start");
		cgroup_load_remove(&real_cg);
		return;
	}
	end = now_mono() + 3;
	while (now_mono() < end) {
		c0 = cgroup_load_cpu_s(&real_cg);
		loadproc_snap(&lp, NULL, &s);	/* no cgroup: the /proc path */
		c1 = cgroup_load_cpu_s(&real_cg);
		n++;
		if (s.cpu_s < c0 - tol || s.cpu_s > c1 + tol) {
			double off = s.cpu_s < c0 ? c0 - s.cpu_s : s.cpu_s - c1;

			bad++;
			worst = off > worst ? off : worst;
		}
		sleep_s(0.003);
	}
	ok(s.whole > churn_lo, "churn: children came and went (%.0f reaped by the worker, want > %d)",
	   s.whole, churn_lo);
	ok(bad == 0, "churn: /proc CPU within %.2f s of the cgroup's in all %d snapshots "
	   "(%d off, by up to %.3f s; last %.3f vs %.3f..%.3f)", tol, n, bad, worst, s.cpu_s, c0, c1);
	ok(loadproc_stop(&lp, &real_cg, STOP_GRACE) == 0, "churn: stopped");
	stray_zombies();
	cgroup_load_remove(&real_cg);
}

int main(void)
{
	double t0 = now_mono();

	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* as cmd-run.c: orphans of the load come to us */
	signal(SIGALRM, on_alarm);
	alarm(60);
	ratio_for_machine();
	shm = mmap(NULL, sizeof(*shm), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (shm == MAP_FAILED) {
		printf("not ok 1 - mmap: %s\n1..1\n", strerror(errno));
		return 1;
	}
	test_spin_proc();
	test_return();
	test_fail();
	test_stubborn();
	test_group_kill();
	test_leader_killed();
	test_spin_cgroup();
	kill_leftovers();
	cleanup_run_all();	/* groups a failed case could not remove while processes were in them */
	ok(now_mono() - t0 < 30, "the whole test took %.1f s", now_mono() - t0);
	munmap(shm, sizeof(*shm));
	return tap_done();
}

/* t-cgroup.c - session groups: limits written, CPU accounted, OOM counted, nothing left
 *
 * Needs root and the memory, cpu and cpuacct controllers (v1) or memory and
 * cpu enabled for our v2 group; skips otherwise. Every allocating child runs
 * inside the 64M session group, so only that group's OOM killer can act.
 */
#include "sys/cleanup.h"
#include "sys/cgroup.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define MEM_LIMIT (64ULL << 20)
#define CPU_LIMIT 0.5
#define TOUCH_BYTES (256UL << 20)

static struct cgroup_session cg;
static pid_t kid = -1;

static void kill_kid(void)
{
	if (kid > 0) {
		kill(kid, SIGKILL);
		waitpid(kid, NULL, 0);
		kid = -1;
	}
}

/* on any way out: no child left in a group, no group left behind */
static void cleanup(void)
{
	kill_kid();
	cleanup_run_all();
}

static void on_signal(int sig)
{
	if (kid > 0) {
		kill(kid, SIGKILL);
		waitpid(kid, NULL, 0);	/* a group empties only once its tasks are reaped */
	}
	cleanup_run_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

static int is_dir(const char *path)
{
	struct stat st;

	return path[0] && stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static int has_word(const char *list, const char *word)
{
	char *copy = xstrdup(list), *save = NULL;
	int found = 0;

	for (char *w = strtok_r(copy, " ,\n", &save); w; w = strtok_r(NULL, " ,\n", &save))
		found |= !strcmp(w, word);
	free(copy);
	return found;
}

/* the controllers field of each /proc/self/cgroup line, v2's as "" */
static int v1_has(const char *text, const char *ctl)
{
	char line[256];
	int found = 0;

	for (const char *l = text; *l; l += strcspn(l, "\n"), l += !!*l) {
		const char *a = strchr(l, ':'), *b = a ? strchr(a + 1, ':') : NULL;
		size_t n = b ? (size_t)(b - a - 1) : 0;

		if (!b || n >= sizeof(line) || b > l + strcspn(l, "\n"))
			continue;
		memcpy(line, a + 1, n);
		line[n] = '\0';
		found |= has_word(line, ctl);
	}
	return found;
}

/* subtree_control of our v2 group, found independently of cgroup.c */
static int v2_delegates(const char *text)
{
	const char *p = strstr(text, "0::"), *mounts[] = { "/sys/fs/cgroup", "/sys/fs/cgroup/unified" };
	char path[1024], line[256];

	if (!p || (p != text && p[-1] != '\n'))
		return 0;
	for (size_t i = 0; i < ARRAY_SIZE(mounts); i++) {
		snprintf(path, sizeof(path), "%s%.*s/cgroup.subtree_control", mounts[i],
			 (int)strcspn(p + 3, "\n"), p + 3);
		if (read_line_file(path, line, sizeof(line)) == 0 &&
		    has_word(line, "memory") && has_word(line, "cpu"))
			return 1;
	}
	return 0;
}

/* a pure v2 hierarchy whose top offers memory and cpu: root makes its group there */
static int v2_pure(void)
{
	char line[256];

	return read_line_file("/sys/fs/cgroup/cgroup.controllers", line, sizeof(line)) == 0 &&
	       has_word(line, "memory") && has_word(line, "cpu");
}

/* why this machine cannot run the test, or NULL */
static const char *missing_prerequisite(void)
{
	char *text;
	int usable;

	if (geteuid() != 0)
		return "needs root";
	text = read_text_file("/proc/self/cgroup", NULL);
	if (!text)
		return "no /proc/self/cgroup";
	usable = (v1_has(text, "memory") && v1_has(text, "cpu") && v1_has(text, "cpuacct")) ||
		 v2_delegates(text) || v2_pure();
	free(text);
	return usable ? NULL : "no cgroup v1 memory+cpu+cpuacct and no v2 group delegating memory+cpu";
}

static long long read_ll(const char *dir, const char *file)
{
	char path[1024], line[128];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	if (read_line_file(path, line, sizeof(line)) < 0)
		return -1;
	return strtoll(line, NULL, 10);
}

static void test_limits(void)
{
	char path[1024], line[128];

	if (cg.version == 1) {
		ok(read_ll(cg.mem_dir, "memory.limit_in_bytes") == (long long)MEM_LIMIT,
		   "memory.limit_in_bytes holds 64M");
		ok(read_ll(cg.cpu_dir, "cpu.cfs_period_us") == 100000, "cpu.cfs_period_us is 100000");
		ok(read_ll(cg.cpu_dir, "cpu.cfs_quota_us") == 50000, "cpu.cfs_quota_us is 0.5 x period");
	} else {
		ok(read_ll(cg.mem_dir, "memory.max") == (long long)MEM_LIMIT, "memory.max holds 64M");
		snprintf(path, sizeof(path), "%s/cpu.max", cg.mem_dir);
		ok(read_line_file(path, line, sizeof(line)) == 0, "cpu.max readable");
		is_str(line, "50000 100000", "cpu.max is 0.5 x period");
	}
}

/* fork a child that waits for a byte on a pipe, then runs fn */
static pid_t fork_waiting(void (*fn)(void), int *go_fd)
{
	int fds[2];
	pid_t pid;
	char c;

	if (pipe(fds) < 0)
		return -1;
	pid = fork();
	if (pid == 0) {
		close(fds[1]);
		if (read(fds[0], &c, 1) != 1)
			_exit(3);	/* parent gave up */
		fn();
		_exit(0);
	}
	close(fds[0]);
	*go_fd = fds[1];
	return pid;
}

static void go(int fd)
{
	if (write(fd, "g", 1) != 1)
		perror("write");
	close(fd);
}

static double cpu_now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void burn_half_second(void)
{
	volatile unsigned long x = 0;

	while (cpu_now() < 0.5)
		x++;
}

/* touch far more than the limit; only the group's OOM killer stops this */
static void touch_256m(void)
{
	char *p = mmap(NULL, TOUCH_BYTES, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

	if (p == MAP_FAILED)
		_exit(4);
	for (size_t off = 0; off < TOUCH_BYTES; off += 4096)
		p[off] = 1;
	_exit(0);	/* survived: the limit did not hold */
}

static int pid_listed(pid_t pid)
{
	pid_t pids[64];
	int n = cgroup_load_pids(&cg, pids, 64);

	for (int i = 0; i < n; i++)
		if (pids[i] == pid)
			return 1;
	return 0;
}

static void sleep_long(void)
{
	pause();
}

/* a child in a session of its own (out of the process group scan), then sleep */
static void sleep_forked(void)
{
	if (fork() == 0) {
		setsid();
		pause();
		_exit(0);
	}
	pause();
}

static void test_load_cpu(void)
{
	struct rusage ru;
	double before, after, used, t0, wall;
	int fd, st;

	kid = fork_waiting(burn_half_second, &fd);
	ok(kid > 0 && cgroup_load_enter(&cg, kid) == 0, "burner moved into the load group");
	ok(pid_listed(kid), "cgroup_load_pids lists the burner");
	before = cgroup_load_cpu_s(&cg);
	ok(before >= 0 && before < 0.05, "load group CPU starts near zero (%.3f s)", before);
	t0 = now_mono();
	go(fd);
	wait4(kid, &st, 0, &ru);
	wall = now_mono() - t0;
	kid = -1;
	after = cgroup_load_cpu_s(&cg);
	used = (double)ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6 +
	       (double)ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6;
	printf("# burner: rusage %.3f s, cgroup %.3f s, wall %.3f s\n", used, after - before, wall);
	ok(WIFEXITED(st) && WEXITSTATUS(st) == 0, "burner exited cleanly");
	ok(after - before > used * 0.75 - 0.02 && after - before < used * 1.25 + 0.05,
	   "cgroup_load_cpu_s rose by the burner's rusage");
	/* a 0.5 CPU quota cannot give one process more than half of the wall clock */
	ok(used / wall < 0.75, "cpu quota throttles the burner (%.2f CPUs)", used / wall);
}

/* is any swap on? then the memory limit pages out rather than kills */
static int swap_on(void)
{
	FILE *f = fopen("/proc/swaps", "r");
	int lines = 0, c;

	if (!f)
		return 0;
	while ((c = getc(f)) != EOF)
		lines += c == '\n';
	fclose(f);
	return lines > 1;	/* the header, then one line a device */
}

static void test_oom(const char *where, int in_load)
{
	long long before = cgroup_oom_kills(&cg), after;
	int fd, st = 0, moved;

	if (swap_on()) {
		/* another session's swap file (or the machine's own swap) */
		skip("OOM in the %s group: swap is on (/proc/swaps), so the limit pages out "
		     "rather than kills", where);
		skip("cgroup_oom_kills for the %s group: swap is on", where);
		skip("(the toucher's move is not tried either)");
		return;
	}

	kid = fork_waiting(touch_256m, &fd);
	moved = kid > 0 && (in_load ? cgroup_load_enter(&cg, kid) : cgroup_enter(&cg, kid)) == 0;
	ok(moved, "toucher moved into the %s group", where);
	if (!moved) {
		kill_kid();	/* never let it touch 256M outside the limit */
		return;
	}
	go(fd);
	waitpid(kid, &st, 0);
	kid = -1;
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "toucher in the %s group was OOM-killed", where);
	after = cgroup_oom_kills(&cg);
	ok(before >= 0 && after > before, "cgroup_oom_kills rose (%lld -> %lld) for the %s group",
	   before, after, where);
}

static void test_enter(void)
{
	char path[64], *text;
	const char *name = strrchr(cg.mem_dir, '/');
	int fd;

	kid = fork_waiting(burn_half_second, &fd);
	ok(kid > 0 && cgroup_enter(&cg, kid) == 0, "cgroup_enter moves the compile side");
	snprintf(path, sizeof(path), "/proc/%d/cgroup", (int)kid);
	text = read_text_file(path, NULL);
	ok(text && name && strstr(text, name), "the child's /proc/PID/cgroup names the session group");
	ok(!pid_listed(kid), "the compile side is not in the load group");
	free(text);
	kill_kid();
}

/* v2: the driver waits in a leaf of contest's group, and goes home after */
static void test_driver_leaf(const char *home)
{
	char *now = read_text_file("/proc/self/cgroup", NULL);
	const char *leaf = strrchr(cg.driver_dir, '/');

	ok(now && leaf && !strcmp(leaf, "/driver") && strstr(now, cg.top_dir + strlen("/sys/fs/cgroup")) &&
	   strstr(now, "/driver\n"), "the driver is in the leaf %s", cg.driver_dir);
	cgroup_session_release(&cg);
	free(now);
	now = read_text_file("/proc/self/cgroup", NULL);
	is_str(now ? now : "", home, "release moves the driver back home");
	free(now);
}

static void nap(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

/* v2: cgroup.kill gets the load and what it forked, whatever their process group */
static void test_load_kill(void)
{
	int fd, st = 0;

	kid = fork_waiting(sleep_forked, &fd);
	ok(kid > 0 && cgroup_load_enter(&cg, kid) == 0, "a forking sleeper in the load group");
	go(fd);
	for (int i = 0; i < 200 && (cgroup_load_pids(&cg, (pid_t[4]){ 0 }, 4) < 2); i++)
		nap();
	ok(cgroup_load_pids(&cg, (pid_t[4]){ 0 }, 4) == 2, "it and its child are in the group");
	ok(cgroup_load_kill(&cg) == 0, "cgroup_load_kill writes cgroup.kill");
	waitpid(kid, &st, 0);
	kid = -1;
	ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "the sleeper was killed");
	for (int i = 0; i < 200 && cgroup_load_pids(&cg, (pid_t[4]){ 0 }, 4) > 0; i++)
		nap();
	ok(cgroup_load_pids(&cg, (pid_t[4]){ 0 }, 4) == 0, "its child in another session went too");
}

static void test_release(void)
{
	char dirs[5][512];

	memcpy(dirs[0], cg.mem_dir, 512);
	memcpy(dirs[1], cg.cpu_dir, 512);
	memcpy(dirs[2], cg.acct_dir, 512);
	memcpy(dirs[3], cg.load_mem, 512);
	memcpy(dirs[4], cg.load_acct, 512);
	cgroup_load_remove(&cg);
	ok(!is_dir(dirs[3]) && !is_dir(dirs[4]), "cgroup_load_remove removes the load groups");
	cgroup_session_release(&cg);
	ok(!is_dir(dirs[0]) && !is_dir(dirs[1]) && !is_dir(dirs[2]), "release removes every session group");
	cgroup_session_release(&cg);
	ok(cg.version == 0, "release twice is harmless");
}

static void test_cleanup_all(void)
{
	struct cgroup_session s;
	char mem[512], load[512];

	ok(cgroup_session_init(&s, NULL, 0, 0) == 0 && s.version != 0, "a session without limits");
	ok(cgroup_load_create(&s) == 0, "its load group");
	memcpy(mem, s.mem_dir, sizeof(mem));
	memcpy(load, s.load_mem, sizeof(load));
	cleanup_run_all();	/* the signal path: no struct, just the registry */
	ok(is_dir(mem) == 0 && is_dir(load) == 0 && mem[0], "the registry's undo removes what was made");
}


/* a group still holding a process stays (with a warning) until it is empty */
static void test_busy_release(void)
{
	struct cgroup_session s;
	char mem[512];
	int fd;

	ok(cgroup_session_init(&s, NULL, MEM_LIMIT, 0) == 0 && s.mem_dir[0], "a session to leave busy");
	memcpy(mem, s.mem_dir, sizeof(mem));
	kid = fork_waiting(sleep_long, &fd);
	ok(kid > 0 && cgroup_enter(&s, kid) == 0, "a sleeper in it");
	printf("# expect a warning naming %s\n", mem);
	cgroup_session_release(&s);
	ok(is_dir(mem), "release leaves a group that still holds a process");
	kill_kid();
	close(fd);
	cleanup_run_all();
	ok(!is_dir(mem), "the registry's undo removes it once empty");
}

int main(void)
{
	const char *why = missing_prerequisite();
	char name[64], *home;

	if (why) {
		skip("cgroup tests: %s", why);
		return tap_done();
	}
	atexit(cleanup);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	home = read_text_file("/proc/self/cgroup", NULL);
	snprintf(name, sizeof(name), "contest-test-%d", (int)getpid());
	ok(cgroup_session_init(&cg, name, MEM_LIMIT, CPU_LIMIT) == 0 && cg.version, "session with 64M and 0.5 CPU");
	if (!cg.version)
		return tap_done();
	printf("# cgroup v%d, memory group %s\n", cg.version, cg.mem_dir);
	ok(is_dir(cg.mem_dir) && strstr(cg.mem_dir, name), "session group made, named '%s'", name);
	test_limits();
	ok(cgroup_load_create(&cg) == 0 && is_dir(cg.load_mem) && is_dir(cg.load_acct), "load groups made");
	test_load_cpu();
	test_enter();
	test_oom("load", 1);
	test_oom("session", 0);
	{
		long long kills = cgroup_oom_kills(&cg);

		cgroup_load_remove(&cg);
		ok(cgroup_oom_kills(&cg) == kills, "removing the load group keeps the OOM count");
		ok(cgroup_load_create(&cg) == 0, "load group made again for the next run");
	}
	if (cg.version == 2)
		test_load_kill();
	else
		ok(cgroup_load_kill(&cg) < 0, "no cgroup.kill in v1: the caller signals instead");
	if (cg.version == 2)
		test_driver_leaf(home);
	else
		test_release();
	free(home);
	test_cleanup_all();
	test_busy_release();
	return tap_done();
}

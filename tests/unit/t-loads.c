/* t-loads.c - every load of the table, run briefly the way the driver runs it
 *
 * For each load: supported() (skip with its reason), prepare(), a leader in
 * its own process group (child subreaper, inside a memory cgroup when we
 * can make one) calling run(), stopped after it shows work by SIGTERM to
 * the group, SIGKILL after a grace; then no process may remain, and after
 * cleanup() the scratch directory must be empty. Sizes are small and the
 * memory loads run only inside a 512M memory cgroup.
 */
#include "tap.h"
#include "loads/loads.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#define CG_LIMIT (512ULL << 20)
#define RUN_MIN_S 1.0	/* let a load run at least this long */
#define RUN_MAX_S 12.0	/* and give up waiting for work after this */
#define GRACE_S 2.0	/* SIGTERM to SIGKILL */

static char tmp_root[PATH_MAX];
static char cg_dir[PATH_MAX + 64];	/* the test's memory cgroup, "" when none */
static char cg_why[PATH_MAX + 256] = "no memory cgroup";
static volatile pid_t cur_pgid;
static int skipped;

#define skip_counted(...) do { skipped++; skip(__VA_ARGS__); } while (0)

/* quick sizes, as configs/quick.conf would give them, smaller still */
static const char *const quick[][3] = {
	{ "dbench_load", "time", "1" },
	{ "dbench_load", "clients", "4" },
	{ "io_load", "size", "32M" },
	{ "io_other", "size", "32M" },
	{ "read_load", "size", "32M" },
	{ "mem_load", "size", "64M" },
	{ "tworead_load", "size1", "4M" },
	{ "tworead_load", "size2", "16M" },
	{ "shm_load", "regions", "2" },
	{ "shm_load", "region_size", "16M" },
	{ "shm_load", "per_region", "2" },
	{ "shm_load", "writers", "2" },
	{ "shm_load", "writer_size", "4M" },
};

static int is_memory_load(const char *name)
{
	return !strcmp(name, "mem_load") || !strcmp(name, "shm_load");
}

static void reap_group(pid_t pgid, double bound_s)
{
	double end = now_mono() + bound_s;

	/* we are a subreaper too, so the group's orphans come back to us */
	while (now_mono() < end) {
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (kill(-pgid, 0) < 0 && errno == ESRCH)
			return;
		kill(-pgid, SIGKILL);
		usleep(10000);
	}
}

/* a process that left the group is still in the cgroup: kill what the test started there */
static void empty_cgroup(void)
{
	char *procs = xasprintf("%s/cgroup.procs", cg_dir);
	double end = now_mono() + 5;

	while (now_mono() < end) {
		char *text = read_text_file(procs, NULL), *p = text;
		int any = 0;

		while (p && *p) {
			char *next;
			long pid = strtol(p, &next, 10);

			if (next == p)
				break;
			if (pid > 0) {
				kill((pid_t)pid, SIGKILL);
				any = 1;
			}
			p = next;
		}
		free(text);
		while (waitpid(-1, NULL, WNOHANG) > 0)
			;
		if (!any)
			break;
		usleep(10000);
	}
	free(procs);
}

static void cleanup_all(void)
{
	if (cur_pgid > 0)
		reap_group(cur_pgid, 5);
	if (cg_dir[0])
		empty_cgroup();
	if (cg_dir[0] && rmdir(cg_dir) < 0)
		fprintf(stderr, "warning: cannot remove '%s': %s\n", cg_dir, strerror(errno));
	cg_dir[0] = '\0';
	if (tmp_root[0])
		rm_rf(tmp_root);
	tmp_root[0] = '\0';
}

static void on_signal(int sig)
{
	(void)sig;
	cleanup_all();
	_exit(1);
}

static int cg_write(const char *dir, const char *file, const char *value)
{
	char *path = xasprintf("%s/%s", dir, file);
	int ret = write_text_file(path, value);

	free(path);
	return ret;
}

/* v1: memory:/PATH in /proc/self/cgroup; v2 only where memory is already delegated */
static void cgroup_setup(void)
{
	char *text = read_text_file("/proc/self/cgroup", NULL), *line, *save = NULL;
	char v1[PATH_MAX] = "", v2[PATH_MAX] = "", buf[64];

	if (geteuid() != 0) {
		snprintf(cg_why, sizeof(cg_why), "not root: no memory cgroup to bound the memory loads");
		free(text);
		return;
	}
	for (line = text ? strtok_r(text, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save)) {
		char *c1 = strchr(line, ':'), *c2 = c1 ? strchr(c1 + 1, ':') : NULL;

		if (!c2)
			continue;
		*c2 = '\0';
		if (!strcmp(c1 + 1, "memory"))
			snprintf(v1, sizeof(v1), "/sys/fs/cgroup/memory%s", strcmp(c2 + 1, "/") ? c2 + 1 : "");
		else if (!strncmp(line, "0:", 2) && !c1[1])
			snprintf(v2, sizeof(v2), "/sys/fs/cgroup%s", strcmp(c2 + 1, "/") ? c2 + 1 : "");
	}
	free(text);
	snprintf(buf, sizeof(buf), "%llu", CG_LIMIT);
	if (v1[0]) {
		snprintf(cg_dir, sizeof(cg_dir), "%s/contest-test-%d", v1, (int)getpid());
		if (mkdir(cg_dir, 0755) == 0 && cg_write(cg_dir, "memory.limit_in_bytes", buf) == 0)
			return;
	} else if (v2[0]) {
		char *ctl = xasprintf("%s/cgroup.subtree_control", v2);
		char *sub = read_text_file(ctl, NULL);
		int delegated = sub && strstr(sub, "memory");

		free(ctl);
		free(sub);
		snprintf(cg_dir, sizeof(cg_dir), "%s/contest-test-%d", v2, (int)getpid());
		if (delegated && mkdir(cg_dir, 0755) == 0 && cg_write(cg_dir, "memory.max", buf) == 0)
			return;
	}
	snprintf(cg_why, sizeof(cg_why), "cannot make a memory cgroup (%s): %s",
		 cg_dir[0] ? cg_dir : "no memory controller", strerror(errno));
	if (cg_dir[0])
		rmdir(cg_dir);
	cg_dir[0] = '\0';
}

/* names left in dir, space separated, "" when empty (malloc'd) */
static char *leftovers(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *de;
	char *s = xstrdup("");

	if (!d)
		return s;
	while ((de = readdir(d))) {
		char *t;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		t = xasprintf("%s%s%s", s, *s ? " " : "", de->d_name);
		free(s);
		s = t;
	}
	closedir(d);
	return s;
}

static void make_tree(const char *tree)
{
	char block[8192];

	memset(block, 'x', sizeof(block));
	for (int d = 0; d < 4; d++) {
		char *dir = xasprintf("%s/dir%d", tree, d);

		mkdir_p(dir, 0755);
		for (int f = 0; f < 25; f++) {
			char *path = xasprintf("%s/file%d.c", dir, f);
			int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);

			if (fd >= 0) {
				write_all(fd, block, sizeof(block));
				close(fd);
			}
			free(path);
		}
		free(dir);
	}
}

static void leader(struct load_env *env, const struct load *l)
{
	sigset_t none;

	setpgid(0, 0);
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	sigemptyset(&none);
	sigprocmask(SIG_SETMASK, &none, NULL);
	signal(SIGTERM, SIG_DFL);
	signal(SIGINT, SIG_DFL);
	signal(SIGALRM, SIG_DFL);
	if (cg_dir[0]) {
		char *procs = xasprintf("%s/cgroup.procs", cg_dir);

		if (write_text_file(procs, "0") < 0)
			load_fail(env, "cannot join '%s': %s", procs, strerror(errno));
	}
	l->run(env);
	load_fail(env, "run returned");
}

/* run l until it shows work (at least RUN_MIN_S), stop it as the driver does */
static void run_load(struct load_env *env, const struct load *l, struct load_counter *ctr)
{
	double start = now_mono(), end_grace;
	int died = 0, needed_kill = 0, st;
	pid_t pid;

	memset(ctr, 0, sizeof(*ctr));
	pid = fork();
	if (pid == 0) {
		env->ctr = ctr;
		leader(env, l);
	}
	if (pid < 0) {
		ok(0, "%s: fork the leader: %s", l->name, strerror(errno));
		return;
	}
	setpgid(pid, pid);
	cur_pgid = pid;
	for (;;) {
		double t = now_mono() - start;
		int work = atomic_load(&ctr->units) || atomic_load(&ctr->work);

		if (waitpid(pid, &st, WNOHANG) == pid) {
			died = 1;
			break;
		}
		if ((t >= RUN_MIN_S && work) || t >= RUN_MAX_S)
			break;
		usleep(50000);
	}
	ok(!died, "%s: ran until stopped%s%s", l->name, died ? ": " : "", died ? ctr->why : "");
	ok(atomic_load(&ctr->units) > 0 || atomic_load(&ctr->work) > 0,
	   "%s: did work (units %llu, %s %llu, per unit %llu)", l->name,
	   (unsigned long long)atomic_load(&ctr->units), l->work_unit ? l->work_unit : "work",
	   (unsigned long long)atomic_load(&ctr->work), (unsigned long long)atomic_load(&ctr->per_unit));
	kill(-pid, SIGTERM);
	end_grace = now_mono() + GRACE_S;
	while (!died && now_mono() < end_grace) {
		if (waitpid(pid, &st, WNOHANG) == pid)
			died = 1;
		else
			usleep(10000);
	}
	if (!died)
		needed_kill = 1;
	reap_group(pid, 5);
	ok(kill(-pid, 0) < 0 && errno == ESRCH, "%s: no process of the group remains%s", l->name,
	   needed_kill ? " (the leader needed SIGKILL)" : "");
	if (cg_dir[0]) {
		char *procs = xasprintf("%s/cgroup.procs", cg_dir);
		char *left = read_text_file(procs, NULL);

		ok(left && !*trim(left), "%s: the cgroup is empty%s%s", l->name,
		   left && *left ? ": " : "", left ? left : "");
		free(left);
		free(procs);
		empty_cgroup();	/* so one load's strays do not fail the next */
	}
	cur_pgid = 0;
}

static void test_load(const struct load *l, struct config *cfg, const char *tree,
		      struct load_counter *ctr)
{
	char why[256] = "";
	char *scratch = xasprintf("%s/scratch-%s", tmp_root, l->name);
	const char *other = config_str(cfg, NULL, "io_other_dir");
	struct load_env env = {
		.name = l->name, .cfg = cfg, .scratch = scratch, .tree = tree,
		.ram = cg_dir[0] ? CG_LIMIT : memtotal_bytes(),
		.swap = meminfo_bytes("SwapFree"), .ncpus = ncpus(),
	};
	char *left;

	if (l->flags & LOAD_NONE) {
		ok(!l->run && l->unit && l->help, "%s: no process, has unit and help", l->name);
		goto out;
	}
	ok(l->unit && l->help && l->supported && l->prepare && l->run && l->cleanup,
	   "%s: descriptor complete", l->name);
	if (is_memory_load(l->name) && !cg_dir[0]) {
		skip_counted("%s: %s", l->name, cg_why);
		goto out;
	}
	mkdir_p(scratch, 0755);
	if (l->supported(&env, why, sizeof(why)) < 0) {
		skip_counted("%s: not supported here: %s", l->name, why);
		goto out;
	}
	if (l->prepare(&env) < 0) {
		ok(0, "%s: prepare", l->name);
		l->cleanup(&env);
		goto out;
	}
	run_load(&env, l, ctr);
	l->cleanup(&env);
	left = leftovers(scratch);
	is_str(left, "", "%s: cleanup left the scratch directory empty", l->name);
	free(left);
	if (!strcmp(l->name, "io_other")) {
		left = leftovers(other);
		is_str(left, "", "%s: cleanup left io_other_dir empty", l->name);
		free(left);
	}
out:
	rm_rf(scratch);
	free(scratch);
}

/* the helpers and refusals, on the default config, without running anything for long */
static void test_helpers(struct load_counter *ctr)
{
	struct config *cfg = config_new(load_sections());
	char why[256] = "", *path = xasprintf("%s/zeros", tmp_root);
	struct load_env env = { .name = "io_load", .cfg = cfg, .scratch = tmp_root,
				.ram = 1ULL << 30, .ncpus = 2 };
	struct stat st;
	pid_t pid;
	int status;

	ok(load_write_zeros(&env, path, (3 << 20) + 5, 0) == 0 && stat(path, &st) == 0 &&
	   st.st_size == (3 << 20) + 5, "load_write_zeros writes exactly the size asked");
	unlink(path);
	free(path);
	ok(load_check_disk(tmp_root, 1ULL << 60, why, sizeof(why)) < 0 && *why,
	   "load_check_disk refuses an exabyte: %s", why);
	ok(load_check_disk(tmp_root, 1 << 20, why, sizeof(why)) == 0, "load_check_disk accepts 1M");
	ok(load_check_memory(&env, 4ULL << 30, why, sizeof(why)) < 0,
	   "load_check_memory refuses 4G with 1G of RAM and no swap");
	ok(load_find_program("sh") == 0 && load_find_program("no-such-program-contest") < 0,
	   "load_find_program finds sh, not a made-up name");

	memset(ctr, 0, sizeof(*ctr));
	env.ctr = ctr;
	pid = fork();
	if (pid == 0)
		load_fail(&env, "boom %d", 42);
	env.ctr = NULL;
	waitpid(pid, &status, 0);
	ok(WIFEXITED(status) && WEXITSTATUS(status) == 1 && atomic_load(&ctr->failed),
	   "load_fail exits 1 and marks the counter");
	is_str(ctr->why, "boom 42", "load_fail records why");

	env.name = "io_other";
	ok(load_io_other.supported(&env, why, sizeof(why)) < 0 && strstr(why, "io_other_dir"),
	   "io_other refuses without io_other_dir: %s", why);
	env.name = "ctar_load";
	ok(load_ctar_load.supported(&env, why, sizeof(why)) < 0,
	   "ctar_load refuses without a tree: %s", why);
	env.name = "list_load";
	config_set(cfg, "list_load", "dir", "/proc", "test");
	ok(load_list_load.supported(&env, why, sizeof(why)) < 0,
	   "list_load refuses a tree of pseudo filesystems only: %s", why);
	env.name = "mem_load";
	ok(load_mem_load.supported(&env, why, sizeof(why)) < 0,
	   "mem_load refuses 110%% of RAM without swap: %s", why);
	config_free(cfg);
}

/* every load's defaults must pass its own option table */
static void test_defaults(void)
{
	struct config *cfg = config_new(load_sections());
	int bad = 0;

	for (size_t i = 0; load_table[i]; i++)
		for (const struct config_option *o = load_table[i]->options; o && o->name; o++)
			if (config_set(cfg, load_table[i]->name, o->name, o->def, "default") < 0)
				bad++;
	ok(bad == 0, "every load option's default is valid (%d bad)", bad);
	config_free(cfg);
}

int main(void)
{
	const char *base = getenv("CONTEST_TEST_TMP");
	struct config *cfg = config_new(load_sections());
	struct load_counter *ctr;
	char *tree, *other;

	snprintf(tmp_root, sizeof(tmp_root), "%s/t-loads.XXXXXX", base && *base ? base : "/tmp");
	if (!mkdtemp(tmp_root)) {
		printf("not ok 1 - cannot make '%s': %s\n1..1\n", tmp_root, strerror(errno));
		return 1;
	}
	signal(SIGTERM, on_signal);
	signal(SIGINT, on_signal);
	signal(SIGALRM, on_signal);
	alarm(240);	/* a hung load must not hang the suite */
	prctl(PR_SET_CHILD_SUBREAPER, 1);
	cgroup_setup();
	ctr = mmap(NULL, sizeof(*ctr), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ctr == MAP_FAILED) {
		printf("not ok 1 - mmap: %s\n1..1\n", strerror(errno));
		cleanup_all();
		return 1;
	}

	tree = xasprintf("%s/tree", tmp_root);
	other = xasprintf("%s/other", tmp_root);
	make_tree(tree);
	mkdir_p(other, 0755);
	for (size_t i = 0; i < ARRAY_SIZE(quick); i++)
		ok(config_set(cfg, quick[i][0], quick[i][1], quick[i][2], "test") == 0,
		   "set %s.%s = %s", quick[i][0], quick[i][1], quick[i][2]);
	test_defaults();
	test_helpers(ctr);
	config_set(cfg, "list_load", "dir", tree, "test");
	config_set(cfg, NULL, "io_other_dir", other, "test");
	for (size_t i = 0; load_table[i]; i++)
		test_load(load_table[i], cfg, tree, ctr);

	config_free(cfg);
	free(tree);
	free(other);
	cleanup_all();
	printf("%d passed, %d failed, %d skipped\n", tap_n - tap_failed - skipped, tap_failed, skipped);
	return tap_done();
}

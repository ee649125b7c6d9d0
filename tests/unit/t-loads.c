/* t-loads.c - every load of the table, run briefly the way the driver runs it
 *
 * For each load: supported() (skip with its reason), prepare(), then the
 * driver's own session/loadproc.c: loadproc_start() (leader, process group,
 * the load's cgroup when there is one), loadproc_snap() until it shows work,
 * loadproc_stop() with the default stop_grace; the group is in the cleanup
 * registry meanwhile (pgroup.h), as the driver has it. Then no process may
 * remain, neither in the group nor in the load's cgroup, and after cleanup()
 * the scratch directory must be empty. Sizes are small and the memory loads run
 * only in a session cgroup with a 512M mem_limit (sys/cgroup.c, as root).
 */
#include "record/config-keys.h"
#include "load-key.h"
#include "tap.h"
#include "loads/loads.h"
#include "lib/util.h"
#include "session/loadproc.h"
#include "sys/cgroup.h"
#include "sys/cleanup.h"
#include "sys/pgroup.h"

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
#define GRACE_S 2.0	/* stop_grace's default: SIGTERM to SIGKILL */

static char tmp_root[PATH_MAX];
static struct cgroup_session cg;	/* version 0 when there is none */
static char cg_why[256] = "no memory cgroup";
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

static void cleanup_all(void)
{
	if (cur_pgid > 0)
		proc_group_kill(cur_pgid);
	cgroup_session_release(&cg);
	if (tmp_root[0])
		rm_rf(tmp_root);
	tmp_root[0] = '\0';
}

/* a forced exit, as the driver's: the registry kills the load's group and removes its cgroups */
static void on_signal(int sig)
{
	(void)sig;
	cleanup_run_all();
	if (tmp_root[0])
		rm_rf(tmp_root);
	_exit(1);
}

/* the session cgroup with a memory limit, as the driver makes it for mem_limit */
static void cgroup_setup(void)
{
	if (geteuid() != 0) {
		snprintf(cg_why, sizeof(cg_why), "not root: no memory cgroup to bound the memory loads");
		return;
	}
	if (cgroup_session_init(&cg, NULL, CG_LIMIT, 0) < 0 || !cg.version) {
		snprintf(cg_why, sizeof(cg_why), "cannot make a session cgroup with mem_limit=512M");
		cgroup_session_release(&cg);
		memset(&cg, 0, sizeof(cg));
	}
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

/* run l until it shows work (at least RUN_MIN_S), stop it as the driver does */
static void run_load(struct load_env *env, const struct load *l)
{
	double start = now_mono();
	struct load_proc lp;
	struct load_snap snap = { 0 };
	char why[256] = "";
	int died = 0, left, in_cg = 0;
	pid_t leader, pids[64];

	if (cg.version && cgroup_load_create(&cg) < 0) {
		ok(0, "%s: cgroup_load_create", l->name);
		return;
	}
	if (loadproc_start(&lp, l, env, &cg) < 0) {
		ok(0, "%s: loadproc_start", l->name);
		goto out;
	}
	leader = cur_pgid = lp.leader;
	pgroup_register(leader);
	for (;;) {
		double t = now_mono() - start;

		loadproc_snap(&lp, &cg, &snap);
		if ((died = loadproc_failed(&lp, why, sizeof(why))))
			break;
		if ((t >= RUN_MIN_S && (snap.units > 0 || snap.work > 0)) || t >= RUN_MAX_S)
			break;
		usleep(50000);
	}
	ok(!died, "%s: ran until stopped%s%s", l->name, died ? ": " : "", died ? why : "");
	ok(snap.units > 0 || snap.work > 0, "%s: did work (units %.2f, %s %.0f, per unit %llu)",
	   l->name, snap.units, l->work_unit ? l->work_unit : "work", snap.work,
	   (unsigned long long)atomic_load(&lp.shm->ctr.per_unit));
	left = loadproc_stop(&lp, &cg, GRACE_S);
	pgroup_forget(leader);
	ok(left == 0 && kill(-leader, 0) < 0 && errno == ESRCH,
	   "%s: loadproc_stop leaves no process of the group (%d left)%s", l->name, left,
	   lp.exited && WIFSIGNALED(lp.status) && WTERMSIG(lp.status) == SIGKILL ?
	   " (the leader needed SIGKILL)" : "");
	if (cg.version) {
		in_cg = cgroup_load_pids(&cg, pids, ARRAY_SIZE(pids));
		ok(in_cg == 0, "%s: the load's cgroup is empty (%d left)", l->name, in_cg);
	}
	cur_pgid = 0;
out:
	env->ctr = NULL;	/* the shared page is gone */
	if (cg.version)
		cgroup_load_remove(&cg);
}

static void test_load(const struct load *l, struct config *cfg, const char *tree)
{
	char why[256] = "";
	char *scratch = xasprintf("%s/scratch-%s", tmp_root, l->name);
	const char *other = contest_config(cfg)->main.io_other_dir;
	struct load_env env = {
		.scratch = scratch, .tree = tree,
		.ram = cg.version ? CG_LIMIT : memtotal_bytes(),
		.swap = meminfo_bytes("SwapFree"), .ncpus = ncpus(),
	};
	char *left;

	contest_load_env(&env, cfg, l->name);

	if (l->flags & LOAD_NONE) {
		ok(!l->run && l->unit && l->help, "%s: no process, has unit and help", l->name);
		goto out;
	}
	ok(l->unit && l->help && l->supported && l->prepare && l->run && l->cleanup,
	   "%s: descriptor complete", l->name);
	if (is_memory_load(l->name) && !cg.version) {
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
	run_load(&env, l);
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
	struct config *cfg = contest_config_new();
	char why[256] = "", *path = xasprintf("%s/zeros", tmp_root);
	struct load_env env = { .scratch = tmp_root, .ram = 1ULL << 30, .ncpus = 2 };
	struct stat st;
	pid_t pid;
	int status;

	contest_load_env(&env, cfg, "io_load");

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

	contest_load_env(&env, cfg, "io_other");
	ok(load_io_other.supported(&env, why, sizeof(why)) < 0 && strstr(why, "io_other_dir"),
	   "io_other refuses without io_other_dir: %s", why);
	contest_load_env(&env, cfg, "ctar_load");
	ok(load_ctar_load.supported(&env, why, sizeof(why)) < 0,
	   "ctar_load refuses without a tree: %s", why);
	config_set_arg(cfg, "list_load.dir=/proc");
	contest_load_env(&env, cfg, "list_load");
	ok(load_list_load.supported(&env, why, sizeof(why)) < 0,
	   "list_load refuses a tree of pseudo filesystems only: %s", why);
	contest_load_env(&env, cfg, "mem_load");
	ok(load_mem_load.supported(&env, why, sizeof(why)) < 0,
	   "mem_load refuses 110%% of RAM without swap: %s", why);
	config_free(cfg);
}

/* every load's defaults must pass its own option table */
static void test_defaults(void)
{
	struct config *cfg = contest_config_new();
	int bad = 0;

	for (size_t i = 0; load_table[i]; i++)
		for (const struct config_option *o = load_table[i]->options; o && o->name; o++)
			if (config_set_field(cfg, (const char *)config_values(cfg, load_table[i]->name) +
						     o->off, o->def, "default") < 0)
				bad++;
	ok(bad == 0, "every load option's default is valid (%d bad)", bad);
	config_free(cfg);
}

int main(void)
{
	const char *base = getenv("CONTEST_TEST_TMP");
	struct config *cfg = contest_config_new();
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
	for (size_t i = 0; i < ARRAY_SIZE(quick); i++) {
		char *arg = xasprintf("%s.%s=%s", quick[i][0], quick[i][1], quick[i][2]);

		ok(config_set_arg(cfg, arg) == 0, "set %s.%s = %s", quick[i][0], quick[i][1],
		   quick[i][2]);
		free(arg);
	}
	test_defaults();
	test_helpers(ctr);
	config_set_field(cfg, load_key(cfg, "list_load", "dir"), tree, "test");
	config_set_field(cfg, &contest_config(cfg)->main.io_other_dir, other, "test");
	for (size_t i = 0; load_table[i]; i++)
		test_load(load_table[i], cfg, tree);

	config_free(cfg);
	free(tree);
	free(other);
	cleanup_all();
	printf("%d passed, %d failed, %d skipped\n", tap_n - tap_failed - skipped, tap_failed, skipped);
	return tap_done();
}

/* t-cleanup.c - the cleanup registry: what is registered is undone from a signal handler
 *
 * Registers a real process group (a sleeping child), a temporary file, a
 * scratch tree several levels deep, and a cgroup directory holding a
 * process (root with a v1 cpuacct or a v2 hierarchy only), then calls
 * cleanup_run_all() from inside a signal handler, as the second Ctrl-C
 * does: everything must be gone, and an item unregistered before must be
 * left alone.
 */
#include "tap.h"
#include "sleeper.h"
#include "sys/cleanup.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[256];

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f || fclose(f) != 0)
		perror(path);
}

static void make_tree(const char *root)
{
	char *deep = xasprintf("%s/a/b/c", root), *f1 = xasprintf("%s/a/file", root);
	char *f2 = xasprintf("%s/a/b/c/file", root), *ln = xasprintf("%s/a/link", root);

	mkdir_p(deep, 0755);
	touch(f1);
	touch(f2);
	if (symlink("/", ln) < 0)	/* must be unlinked, not followed */
		perror("symlink");
	free(deep);
	free(f1);
	free(f2);
	free(ln);
}

static void on_usr1(int sig)
{
	(void)sig;
	cleanup_run_all();
}

/* a cgroup we may make here, or NULL */
static char *cgroup_dir(void)
{
	const char *parents[] = { "/sys/fs/cgroup/cpuacct", "/sys/fs/cgroup/unified",
				  "/sys/fs/cgroup" };

	if (geteuid() != 0)
		return NULL;
	for (size_t i = 0; i < ARRAY_SIZE(parents); i++) {
		char *p = xasprintf("%s/contest-t-cleanup-%d", parents[i], (int)getpid());

		if (mkdir(p, 0755) == 0)
			return p;
		free(p);
	}
	return NULL;
}

static int in_cgroup(const char *cg, pid_t pid)
{
	char *procs = xasprintf("%s/cgroup.procs", cg), *pids = xasprintf("%d", (int)pid);
	int ret = write_text_file(procs, pids);

	free(procs);
	free(pids);
	return ret;
}

int main(void)
{
	char *tmp, *scratch, *kept, *cg;
	pid_t group, other;
	int st;

	snprintf(dir, sizeof(dir), "/tmp/t-cleanup.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	tmp = xasprintf("%s/tmpfile", dir);
	kept = xasprintf("%s/kept", dir);
	scratch = xasprintf("%s/scratch", dir);
	touch(tmp);
	touch(kept);
	make_tree(scratch);
	group = sleeper_group();
	other = sleeper_group();
	cg = cgroup_dir();

	ok(cleanup_add_pgroup(group) == 0, "a process group registers");
	ok(cleanup_add_pgroup(other) == 0, "a second one registers");
	ok(access(tmp, F_OK) == 0 && access(scratch, F_OK) == 0, "the files to remove exist");
	ok(cleanup_add_path(CLEANUP_TEMP, tmp) == 0, "a temporary file registers");
	ok(cleanup_add_path(CLEANUP_TEMP, kept) == 0, "a file to keep registers");
	ok(cleanup_add_path(CLEANUP_SCRATCH, scratch) == 0, "a scratch tree registers");
	if (cg) {
		in_cgroup(cg, group);	/* the cgroup goes only once its process is killed */
		ok(cleanup_add_path(CLEANUP_CGROUP, cg) == 0, "a cgroup registers");
	}
	cleanup_del_path(CLEANUP_TEMP, kept);
	cleanup_del_pgroup(other);
	ok(cleanup_count() == (cg ? 4 : 3), "unregistered items are forgotten (%d left)", cleanup_count());

	signal(SIGUSR1, on_usr1);
	raise(SIGUSR1);

	ok(waitpid(group, &st, 0) == group && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	   "the registered process group was killed");
	ok(kill(other, 0) == 0, "the unregistered group is left alone");
	ok(access(tmp, F_OK) < 0 && errno == ENOENT, "the temporary file is removed");
	ok(access(kept, F_OK) == 0, "the unregistered file is kept");
	ok(access(scratch, F_OK) < 0 && errno == ENOENT, "the scratch tree is removed, symlink and all");
	ok(access("/", F_OK) == 0 && access("/etc/passwd", F_OK) == 0, "the symlink was not followed");
	if (cg)
		ok(access(cg, F_OK) < 0, "the cgroup is removed after its process is killed");
	else
		skip("needs root and a cgroup hierarchy we may write to");
	ok(cleanup_count() == 0, "the registry is empty afterwards");

	kill(-other, SIGKILL);
	waitpid(other, NULL, 0);
	if (cg)
		rmdir(cg);
	unlink(kept);
	rm_rf(dir);
	free(cg);
	free(tmp);
	free(kept);
	free(scratch);
	return tap_done();
}

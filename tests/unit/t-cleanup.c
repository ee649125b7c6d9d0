/* t-cleanup.c - the cleanup registry: kinds, the lock record, the undo from a signal handler
 *
 * A kind of the test's own is registered: an item of it goes on record as
 * "KIND PATH", that line handed back (cleanup_leftover) reaches the kind's
 * leftover removal with the path, and its undo runs once however often
 * the registry is walked. A scratch line judged by lock-record.c reaches
 * the scratch kind's removal. Then the real kinds: a process group (a
 * sleeping child), a scratch tree several levels deep with a symlink to a
 * sentinel, and a session cgroup holding that process (root with cgroups
 * only), undone by cleanup_run_all() from inside a signal handler, as
 * die() may be: everything must be gone, a kind marked first (as process
 * groups are) before the rest, and an item unregistered before must be
 * left alone.
 */
#include "tap.h"
#include "sleeper.h"
#include "sys/cleanup.h"
#include "sys/cgroup.h"
#include "sys/lock-record.h"
#include "sys/pgroup.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

static char dir[256];

/* what the test kind saw: undo calls in order, and the leftover asked for */
static char undone[8][256];
static volatile sig_atomic_t nundone;	/* written in a signal handler */
static char leftover[4096];

static void test_undo(const char *path, long id)
{
	(void)id;
	if (nundone < 8)
		snprintf(undone[nundone++], sizeof(undone[0]), "%s", path);
	unlink(path);
}

static int test_remove_leftover(const char *path)
{
	snprintf(leftover, sizeof(leftover), "%s", path);
	return 0;
}

static const struct cleanup_kind test_kind = {
	.name = "t-kind", .undo = test_undo, .remove_leftover = test_remove_leftover,
};
/* a kind undone before the others, as process groups are */
static const struct cleanup_kind first_kind = { .name = NULL, .undo = test_undo, .first = 1 };

static void touch(const char *path)
{
	FILE *f = fopen(path, "w");

	if (!f || fclose(f) != 0)
		perror(path);
}

static void make_tree(const char *root, const char *sentinel)
{
	char *deep = xasprintf("%s/a/b/c", root), *f1 = xasprintf("%s/a/file", root);
	char *f2 = xasprintf("%s/a/b/c/file", root), *ln = xasprintf("%s/a/link", root);

	mkdir_p(deep, 0755);
	touch(f1);
	touch(f2);
	if (symlink(sentinel, ln) < 0)	/* must be unlinked, not followed */
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

/* the record file's lines handed back as a later session would: "KIND PATH" */
static int hand_back(const char *record, const char *word, const char *path)
{
	char *text = read_text_file(record, NULL), *want = xasprintf("%s %s\n", word, path);
	char *line = text ? strstr(text, want) : NULL;
	int ret = -1;

	if (line) {
		line[strlen(want) - 1] = '\0';
		line[strlen(word)] = '\0';
		ret = cleanup_leftover(line, line + strlen(word) + 1);
	}
	free(text);
	free(want);
	return ret;
}

static void test_kind_and_record(void)
{
	char *record = xasprintf("%s/record", dir), *item = xasprintf("%s/item", dir);
	char *text;
	int fd = open(record, O_RDWR | O_CREAT | O_TRUNC, 0644);

	cleanup_kind_register(&test_kind);
	touch(item);
	cleanup_set_record(fd);
	ok(cleanup_add(&test_kind, item, 1) == 0, "an item of a registered kind registers");
	cleanup_set_record(-1);
	text = read_text_file(record, NULL);
	ok(text && strstr(text, "t-kind ") && strstr(text, item), "it is on record as 't-kind PATH'");
	free(text);
	ok(hand_back(record, "t-kind", item) == 0, "its record line handed back is taken");
	is_str(leftover, item, "the kind's leftover removal got the path from the line");
	ok(cleanup_leftover("no-such-kind", item) < 0, "a line of no known kind is refused");
	cleanup_run_all();
	cleanup_run_all();
	ok(nundone == 1 && !strcmp(undone[0], item), "its undo ran once for two walks (%d)", nundone);
	ok(access(item, F_OK) < 0, "and did what the kind does");
	ok(cleanup_count() == 0, "the registry is empty after the walk");
	close(fd);
	free(record);
	free(item);
}

/* a scratch line judged contest's by lock-record.c goes to the scratch kind */
static void test_scratch_leftover(void)
{
	char *parent = xasprintf("%s/work", dir), *sdir = scratch_make(parent, "scratch");
	char *sentinel = xasprintf("%s/sentinel", dir), *text;
	struct lock_record rec;

	touch(sentinel);
	make_tree(sdir, sentinel);
	scratch_forget(sdir);	/* as if a killed session had made it */
	text = xasprintf("pid 1\nscratch %s\n", sdir);
	lock_record_parse(&rec, text, parent, 0);
	ok(rec.n == 1 && rec.items[0].verdict == LEFT_REMOVE, "the scratch line is judged contest's");
	ok(rec.n == 1 && cleanup_leftover(rec.items[0].word, rec.items[0].path) == 0,
	   "the registry hands it to the scratch kind");
	ok(access(sdir, F_OK) < 0 && errno == ENOENT, "which removes the tree");
	ok(access(sentinel, F_OK) == 0, "and not what its symlink points at");
	lock_record_release(&rec);
	free(text);
	free(sentinel);
	free(sdir);
	free(parent);
}

int main(void)
{
	char *tmp, *scratch, *kept, *sentinel, *early, mem[512] = "";
	struct cgroup_session cg;
	pid_t group, other;
	int st, in_cg = 0;

	snprintf(dir, sizeof(dir), "/tmp/t-cleanup.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	test_kind_and_record();
	test_scratch_leftover();

	tmp = xasprintf("%s/tmpfile", dir);
	kept = xasprintf("%s/kept", dir);
	scratch = xasprintf("%s/scratch", dir);
	sentinel = xasprintf("%s/sentinel", dir);
	early = xasprintf("%s/early", dir);
	touch(tmp);
	touch(kept);
	make_tree(scratch, sentinel);
	group = sleeper_group();
	other = sleeper_group();
	memset(&cg, 0, sizeof(cg));
	if (geteuid() == 0 && cgroup_session_init(&cg, NULL, 0, 0) == 0 && cg.version) {
		snprintf(mem, sizeof(mem), "%s", cg.mem_dir);
		in_cg = cgroup_enter(&cg, group) == 0;	/* it goes only once its process is killed */
	}

	ok(cleanup_add(&first_kind, early, 0) == 0, "an item of a kind marked first registers");
	ok(pgroup_register(group) == 0, "a process group registers");
	ok(pgroup_register(other) == 0, "a second one registers");
	ok(cleanup_add(&test_kind, tmp, 0) == 0, "an item of the test kind registers");
	ok(cleanup_add(&test_kind, kept, 0) == 0, "one to keep registers");
	ok(scratch_register(scratch) == 0, "a scratch tree registers");
	cleanup_del(&test_kind, kept);
	pgroup_forget(other);
	nundone = 0;

	signal(SIGUSR1, on_usr1);
	raise(SIGUSR1);

	ok(nundone == 2 && !strcmp(undone[0], early) && !strcmp(undone[1], tmp),
	   "the kind marked first is undone first, though registered before the other");
	ok(waitpid(group, &st, 0) == group && WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL,
	   "the registered process group was killed");
	ok(kill(other, 0) == 0, "the unregistered group is left alone");
	ok(access(tmp, F_OK) < 0 && errno == ENOENT, "the registered item is undone");
	ok(access(kept, F_OK) == 0, "the unregistered one is kept");
	ok(access(scratch, F_OK) < 0 && errno == ENOENT, "the scratch tree is removed, symlink and all");
	ok(access(sentinel, F_OK) == 0, "the symlink was not followed");
	if (in_cg)
		ok(access(mem, F_OK) < 0, "the session cgroup is removed after its process is killed");
	else
		skip("needs root and a cgroup hierarchy we may write to");
	ok(cleanup_count() == 0, "the registry is empty afterwards");

	kill(-other, SIGKILL);
	waitpid(other, NULL, 0);
	if (mem[0])
		cgroup_session_release(&cg);
	rm_rf(dir);
	free(tmp);
	free(kept);
	free(scratch);
	free(sentinel);
	free(early);
	return tap_done();
}

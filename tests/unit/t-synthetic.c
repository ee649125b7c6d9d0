/* t-synthetic.c - the synthetic tree: deterministic, stamped, builds, cleans */
#include "loads/synthetic.h"
#include "lib/proc.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

/* the long-ago mtime planted to see whether a file is rewritten */
#define OLD_MTIME 1000000000

static char *base;

static char *path_in(const char *dir, const char *rel)
{
	return xasprintf("%s/%s", dir, rel);
}

static int exists(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel);
	int ret = access(p, F_OK) == 0;

	free(p);
	return ret;
}

/* ---- walking a tree -------------------------------------------------- */

static const char *walk_root, *walk_other;
static int walk_files, walk_diffs, walk_objs, walk_sources;

static int same_file(const char *a, const char *b)
{
	size_t la, lb;
	char *ta = read_text_file(a, &la), *tb = read_text_file(b, &lb);
	int same = ta && tb && la == lb && !memcmp(ta, tb, la);

	free(ta);
	free(tb);
	return same;
}

static int compare_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *other;

	(void)st;
	(void)ftw;
	if (flag != FTW_F)
		return 0;
	walk_files++;
	other = xasprintf("%s%s", walk_other, path + strlen(walk_root));
	if (!same_file(path, other)) {
		printf("# differs: %s\n", other);
		walk_diffs++;
	}
	free(other);
	return 0;
}

/* number of regular files under a, or -1 when one differs from b's */
static int compare_trees(const char *a, const char *b)
{
	walk_root = a;
	walk_other = b;
	walk_files = walk_diffs = 0;
	if (nftw(a, compare_one, 16, FTW_PHYS) < 0)
		return -1;
	return walk_diffs ? -1 : walk_files;
}

static int count_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	size_t n = strlen(path);

	(void)st;
	(void)ftw;
	if (flag != FTW_F)
		return 0;
	if (n > 2 && !strcmp(path + n - 2, ".o"))
		walk_objs++;
	else
		walk_sources++;
	return 0;
}

static void count_tree(const char *dir)
{
	walk_objs = walk_sources = 0;
	nftw(dir, count_one, 16, FTW_PHYS);
}

/* ---- helpers --------------------------------------------------------- */

static int plant_old_mtime(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel);
	struct timespec ts[2] = { { OLD_MTIME, 0 }, { OLD_MTIME, 0 } };
	int ret = utimensat(AT_FDCWD, p, ts, 0);

	free(p);
	return ret;
}

static long mtime_of(const char *dir, const char *rel)
{
	char *p = path_in(dir, rel);
	struct stat st;
	long ret = stat(p, &st) < 0 ? -1 : (long)st.st_mtime;

	free(p);
	return ret;
}

static int file_has(const char *dir, const char *rel, const char *needle)
{
	char *p = path_in(dir, rel);
	char *text = read_text_file(p, NULL);
	int ret = text && strstr(text, needle);

	free(text);
	free(p);
	return ret;
}

static int run_in(const char *dir, char *const argv[])
{
	char *log = path_in(base, "cmd.log");
	struct spawn_opts o = { .cwd = dir, .out = log };
	int rc = run_cmd(argv, &o);

	if (rc != 0) {
		char *text = read_text_file(log, NULL);

		printf("# '%s' exited %d:\n%s\n", argv[0], rc, text ? text : "");
		free(text);
	}
	unlink(log);
	free(log);
	return rc;
}

static int have_tools(void)
{
	char *make[] = { "make", "--version", NULL };
	char *cc[] = { "cc", "--version", NULL };
	struct spawn_opts o = { .devnull_out = 1 };

	return run_cmd(make, &o) == 0 && run_cmd(cc, &o) == 0;
}

/* ---- tests ----------------------------------------------------------- */

static void test_generate(const char *a, const char *b)
{
	char *b_slash = xasprintf("%s/", b);
	int n;

	ok(synthetic_generate(a, 2, 3, 2) == 0, "generate 2x3x2");
	ok(exists(a, ".contest-synthetic") && exists(a, "Makefile") &&
	   exists(a, "d001/f002.c") && !exists(a, "d002") && exists(a, "include/synth/types.h"),
	   "tree has stamp, Makefile, headers, d000..d001 with f000..f002");
	ok(synthetic_generate(b_slash, 2, 3, 2) == 0 && !exists(b, ".contest-new"),
	   "generate again elsewhere (trailing slash, no temp tree inside)");
	n = compare_trees(a, b);
	ok(n > 8 && compare_trees(b, a) == n, "both trees byte-identical (%d files)", n);
	free(b_slash);
}

static void test_stamp(const char *a)
{
	struct stat before, after;

	stat(a, &before);
	plant_old_mtime(a, "d000/f000.c");
	ok(synthetic_generate(a, 2, 3, 2) == 0 && mtime_of(a, "d000/f000.c") == OLD_MTIME &&
	   stat(a, &after) == 0 && after.st_ino == before.st_ino,
	   "same parameters: stamp matches, nothing rewritten");
	ok(synthetic_generate(a, 2, 3, 3) == 0 && mtime_of(a, "d000/f000.c") != OLD_MTIME &&
	   file_has(a, "d000/f000.c", "_fn2(") && file_has(a, ".contest-synthetic", "funcs 3\n"),
	   "more functions per file: regenerated");
	ok(synthetic_generate(a, 3, 2, 3) == 0 && exists(a, "d002/f001.c") && !exists(a, "d000/f002.c"),
	   "other dirs and files: regenerated, stale files gone");
}

static void test_refusals(void)
{
	char *other = path_in(base, "other");
	char *keep = path_in(other, "keep");

	mkdir(other, 0755);
	close(open(keep, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	ok(synthetic_generate(other, 1, 1, 1) == -1 && exists(other, "keep") &&
	   !exists(other, ".contest-synthetic"),
	   "refuses to replace a directory it did not make");
	/* out-of-range sizes are refused by the options table: t-config's range_errors */
	free(keep);
	free(other);
}

static void test_interrupted(void)
{
	char *dir = path_in(base, "c");
	char *half = path_in(base, "c.contest-new");
	char *junk = path_in(half, "junk");

	/* what an interrupted generation leaves: a temp tree, no dir */
	mkdir(half, 0755);
	close(open(junk, O_WRONLY | O_CREAT | O_CLOEXEC, 0644));
	ok(synthetic_generate(dir, 1, 1, 1) == 0 && exists(dir, ".contest-synthetic") &&
	   access(half, F_OK) < 0 && !exists(dir, "junk"),
	   "leftover of an interrupted generation removed, tree made");
	free(junk);
	free(half);
	free(dir);
}

static void test_build(const char *a)
{
	char *make[] = { "make", "-s", "-j2", NULL };
	char *make_clean[] = { "make", "-s", "clean", NULL };
	char *vmlinux[] = { "./vmlinux", NULL };
	int sources;

	if (!have_tools()) {
		for (int i = 0; i < 4; i++)
			skip("make or cc not installed");
		return;
	}
	count_tree(a);
	sources = walk_sources;
	ok(walk_objs == 0 && run_in(a, make) == 0 && exists(a, "vmlinux") &&
	   exists(a, "d000/built-in.o"), "make -j2 builds vmlinux");
	ok(run_in(a, vmlinux) == 0, "./vmlinux exits 0");
	count_tree(a);
	ok(walk_objs > 0 && run_in(a, make_clean) == 0, "make clean");
	count_tree(a);
	ok(walk_objs == 0 && !exists(a, "vmlinux") && walk_sources == sources &&
	   exists(a, "d002/f001.c") && exists(a, ".contest-synthetic"),
	   "clean removed objects and vmlinux, kept %d sources", walk_sources);
}

int main(void)
{
	const char *tmp = getenv("CONTEST_TEST_TMP");
	char *a, *b;
	int rc;

	base = xasprintf("%s/t-synthetic.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	if (!mkdtemp(base)) {
		printf("Bail out! cannot create '%s': %s\n", base, strerror(errno));
		return 1;
	}
	a = path_in(base, "a");
	b = path_in(base, "b");
	test_generate(a, b);
	test_stamp(a);
	test_refusals();
	test_interrupted();
	test_build(a);
	ok(!exists(base, "a.contest-new") && !exists(base, "a.contest-old"),
	   "no temporary trees left beside the tree");
	ok(rm_rf(base) == 0 && access(base, F_OK) < 0, "temporary directories removed");
	free(a);
	free(b);
	free(base);
	rc = tap_done();
	printf("%d passed, %d failed\n", tap_n - tap_failed, tap_failed);
	return rc;
}

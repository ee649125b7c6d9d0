/* t-commits.c - a bisection's commits from good to bad along the first parents
 * (kernel/commits.c), on a tiny git repository with a merged branch */
#include "kernel/commits.h"
#include "lib/util.h"
#include "tap.h"
#include "git-tree.h"

#include <errno.h>

/*
 * c0 - c1 - m2 - c3 on main, m2 merging side's s1 (made from c1): the
 * first-parent line from c0 to c3 is c0 c1 m2 c3
 */
static int make_tree(const char *tree)
{
	if (mkdir_p(tree, 0755) < 0 || git_in(tree, "init", "-q", "-b", "main") ||
	    git_commit(tree, "0\n", "c0: the good one") || git_in(tree, "tag", "good") ||
	    git_commit(tree, "1\n", "c1") || git_in(tree, "checkout", "-q", "-b", "side") ||
	    git_commit(tree, "s\n", "s1 on a branch") || git_in(tree, "tag", "s1") ||
	    git_in(tree, "checkout", "-q", "main") ||
	    git_in(tree, "merge", "-q", "--no-ff", "-m", "m2: merge side", "side") ||
	    git_commit(tree, "3\n", "c3: the bad one") || git_in(tree, "tag", "bad"))
		return -1;
	return 0;
}

static void listed(const char *tree)
{
	struct kernel_commit *c;
	size_t n;
	char *good = git_sha(tree, "good"), *bad = git_sha(tree, "bad");
	char *merge = git_sha(tree, "bad^1");

	ok(kernel_commits(tree, "good", "bad", &c, &n) == 0, "good..bad is a range to bisect");
	ok(n == 4, "four commits on the first-parent line, the branch's not among them");
	if (n == 4) {
		ok(!strcmp(c[0].sha, good) && !strcmp(c[3].sha, bad) && !strcmp(c[2].sha, merge),
		   "good first, bad last, the merge in between");
		is_str(c[0].subject, "c0: the good one", "each with its subject");
		is_str(c[2].subject, "m2: merge side", "a merged branch is named as its merge");
		ok(strlen(c[1].name) == 12 && !strncmp(c[1].name, c[1].sha, 12),
		   "a commit's name: its 12-digit short id");
	}
	kernel_commits_release(c, n);
	free(good);
	free(bad);
	free(merge);
}

static void refused(const char *tree)
{
	struct kernel_commit *c;
	size_t n;

	ok(kernel_commits(tree, "nosuch", "bad", &c, &n) < 0, "a good that is no commit");
	kernel_commits_release(c, n);
	ok(kernel_commits(tree, "good", "bad:f", &c, &n) < 0, "a bad that is a file, not a commit");
	kernel_commits_release(c, n);
	ok(kernel_commits(tree, "bad", "good", &c, &n) < 0, "good after bad: nothing to bisect");
	kernel_commits_release(c, n);
	ok(kernel_commits(tree, "s1", "bad", &c, &n) < 0,
	   "a good on a merged branch, off bad's first-parent line");
	kernel_commits_release(c, n);
	ok(kernel_commits(tree, "good", "good", &c, &n) < 0, "good and bad the same commit");
	kernel_commits_release(c, n);
}

int main(void)
{
	char *tree;

	if (git_scratch() < 0)
		return tap_done();
	tree = xasprintf("%s/tree", scratch);
	if (make_tree(tree) < 0) {
		setup_failed("cannot make the git tree %s", tree);
	} else {
		listed(tree);
		refused(tree);
	}
	free(tree);
	scratch_remove();
	return tap_done();
}

/* commits.h - a kernel's git tree: the commits from good to bad along the first parents
 *
 * A bisection's candidates are the states of the mainline that were built
 * and tested (git log --first-parent): a culprit inside a merged branch
 * is named as its merge.
 */
#ifndef CONTEST_KERNEL_COMMITS_H
#define CONTEST_KERNEL_COMMITS_H

#include <stddef.h>

struct kernel_commit {
	char *sha, *name, *subject;	/* name: the 12-digit short id (the results' kernel) */
};

/*
 * The commits of tree from good to bad, good first and bad last, into
 * *commits and *n (release them after, even on an error): 0, or -1 with
 * an error when good or bad is not a commit, good is not an ancestor of
 * bad, or not on bad's first-parent line.
 */
int kernel_commits(const char *tree, const char *good, const char *bad,
		   struct kernel_commit **commits, size_t *n);
void kernel_commits_release(struct kernel_commit *commits, size_t n);

#endif

/* git-tree.h - for unit tests: a tiny git repository made in the scratch folder */
#ifndef CONTEST_TEST_GIT_TREE_H
#define CONTEST_TEST_GIT_TREE_H

#include "lib/proc.h"
#include "lib/util.h"
#include "results-dir.h"

#include <errno.h>
#include <stdlib.h>
#include <unistd.h>

/* git's identity and dates fixed, no user's or system's config read */
static inline void git_tree_env(void)
{
	setenv("GIT_AUTHOR_NAME", "t", 1);
	setenv("GIT_AUTHOR_EMAIL", "t@example.org", 1);
	setenv("GIT_COMMITTER_NAME", "t", 1);
	setenv("GIT_COMMITTER_EMAIL", "t@example.org", 1);
	setenv("GIT_AUTHOR_DATE", "2026-01-01T00:00:00Z", 1);
	setenv("GIT_COMMITTER_DATE", "2026-01-01T00:00:00Z", 1);
	setenv("GIT_CONFIG_NOSYSTEM", "1", 1);
	setenv("GIT_CONFIG_GLOBAL", "/dev/null", 1);
}

/* is git there to run? */
static inline int git_usable(void)
{
	return run_cmd((char *[]){ "git", "--version", NULL },
		       &(struct spawn_opts){ .devnull_out = 1 }) == 0;
}

/*
 * git's environment set and the scratch folder made: 0, or -1 when the
 * test cannot go on (no git: skipped; no scratch folder: a setup failure)
 */
static inline int git_scratch(void)
{
	git_tree_env();
	if (!git_usable()) {
		skip("no git to make a tree with");
		return -1;
	}
	if (scratch_make() < 0) {
		setup_failed("mkdtemp under %s: %s", scratch, strerror(errno));
		return -1;
	}
	return 0;
}

/* git -C tree ARGS...: 0 when it exited 0 (its output to /dev/null) */
#define git_in(tree, ...) \
	run_cmd((char *[]){ "git", "-C", (char *)(tree), __VA_ARGS__, NULL }, \
		&(struct spawn_opts){ .devnull_out = 1 })

/* the full id of rev in tree, malloc'd, NULL when none */
static inline char *git_sha(const char *tree, const char *rev)
{
	char *sha = proc_output((char *[]){ "git", "-C", (char *)tree, "rev-parse", "--verify",
					    "-q", (char *)rev, NULL }, 4096);

	if (sha)
		trim(sha);	/* rev-parse's line has no leading blank: trimmed in place */
	return sha;
}

/* a commit in tree (under scratch) whose file "f" says text, with subject msg: 0, or -1 */
static inline int git_commit(const char *tree, const char *text, const char *msg)
{
	char *rel = xasprintf("%s/f", tree + strlen(scratch) + 1);
	int ret = put_file(rel, text) < 0 || git_in(tree, "add", "f") ||
		  git_in(tree, "commit", "-q", "-m", (char *)msg) ? -1 : 0;

	free(rel);
	return ret;
}

#endif

/* commits.c - a kernel's git tree: the commits from good to bad along the first parents (see commits.h) */
#include "kernel/commits.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

#define GIT_OUTPUT_MAX (64u << 20)

static char *git_out(const char *tree, const char *const *args)
{
	char *argv[16] = { "git", "-C", (char *)tree };
	size_t n = 3;

	while (*args && n < ARRAY_SIZE(argv) - 1)
		argv[n++] = (char *)*args++;
	argv[n] = NULL;
	return proc_output(argv, GIT_OUTPUT_MAX);
}

/* "SHA SHORT SUBJECT" lines, one a commit, appended to *commits */
static void parse_log(char *log, struct kernel_commit **commits, size_t *n)
{
	char *line, *save = NULL;

	for (line = strtok_r(log, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *sp1 = strchr(line, ' '), *sp2 = sp1 ? strchr(sp1 + 1, ' ') : NULL;
		struct kernel_commit *c;

		if (!sp1)
			continue;
		*commits = xrealloc(*commits, (*n + 1) * sizeof(**commits));
		c = &(*commits)[(*n)++];
		c->sha = xasprintf("%.*s", (int)(sp1 - line), line);
		c->name = sp2 ? xasprintf("%.*s", (int)(sp2 - sp1 - 1), sp1 + 1) : xstrdup(sp1 + 1);
		c->subject = xstrdup(sp2 ? sp2 + 1 : "");
	}
}

/* good's line, then the range's, by the same format; NULL when git log failed */
static char *range_log(const char *tree, const char *good, const char *bad)
{
	char *range = xasprintf("%s..%s", good, bad), *log, *one, *all;

	log = git_out(tree, (const char *[]){ "log", "--first-parent", "--reverse",
					      "--abbrev=12", "--format=%H %h %s", range, NULL });
	free(range);
	if (!log)
		return NULL;
	one = git_out(tree, (const char *[]){ "log", "-1", "--abbrev=12", "--format=%H %h %s",
					      good, NULL });
	all = xasprintf("%s%s", one ? one : "", log);
	free(one);
	free(log);
	return all;
}

int kernel_commits(const char *tree, const char *good_arg, const char *bad_arg,
		   struct kernel_commit **commits, size_t *n)
{
	char *good, *bad, *log;
	char *good_rev = xasprintf("%s^{commit}", good_arg), *bad_rev = xasprintf("%s^{commit}", bad_arg);
	int ret = -1, off_line = 0;

	*commits = NULL;
	*n = 0;
	good = git_out(tree, (const char *[]){ "rev-parse", "--verify", "-q", good_rev, NULL });
	bad = git_out(tree, (const char *[]){ "rev-parse", "--verify", "-q", bad_rev, NULL });
	free(good_rev);
	free(bad_rev);
	if (!good || !bad) {
		error("'%s' is not a commit of the git tree '%s'", !good ? good_arg : bad_arg, tree);
		goto out;
	}
	trim(good);
	trim(bad);
	if (run_cmd((char *[]){ "git", "-C", (char *)tree, "merge-base", "--is-ancestor",
				good, bad, NULL }, &(struct spawn_opts){ .devnull_out = 1 }) != 0) {
		error("--good %s is not an ancestor of --bad %s: nothing to bisect", good_arg,
		      bad_arg);
		goto out;
	}
	if (!(log = range_log(tree, good, bad))) {
		error("git log of '%s' failed", tree);
		goto out;
	}
	*commits = xcalloc(1, sizeof(**commits));
	parse_log(log, commits, n);
	free(log);
	if (*n >= 2) {	/* good must be on bad's first-parent line: the second's parent */
		char *parent = xasprintf("%s^1", (*commits)[1].sha);
		char *sha = git_out(tree, (const char *[]){ "rev-parse", parent, NULL });

		off_line = !sha || strcmp(trim(sha), good);
		free(sha);
		free(parent);
	}
	if (off_line || *n < 2 || strcmp((*commits)[*n - 1].sha, bad)) {
		error("%s is not on the first-parent line of %s: bisect follows first parents",
		      good_arg, bad_arg);
		goto out;
	}
	ret = 0;
out:
	free(good);
	free(bad);
	return ret;
}

void kernel_commits_release(struct kernel_commit *commits, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		free(commits[i].sha);
		free(commits[i].name);
		free(commits[i].subject);
	}
	free(commits);
}

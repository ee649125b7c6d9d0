/* t-commit-order.c - a bisection's candidates in its commits' order (results/commit-order.c):
 * by the state's commit lines, a short id, and the errors that name the file */
#include "results/commit-order.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>

#define SHA_A "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"
#define SHA_B "bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb"
#define SHA_C "cccccccccccccccccccccccccccccccccccccccc"

static const double t[] = { 10, 11 };

/* r/NAME: runs on day (read oldest first) and its env (NULL: none) */
static int candidate(const char *name, const char *day, const char *env)
{
	char *dir = xasprintf("r/%s", name), *rel = xasprintf("r/%s/env", name);
	int ret = put_runs(dir, "noload", t, 2, day) | (env ? put_file(rel, env) : 0);

	free(dir);
	free(rel);
	return ret;
}

static char *joined(char **names, size_t n)
{
	char *text = xstrdup(""), *more;

	for (size_t i = 0; i < n; i++) {
		more = xasprintf("%s%s%s", text, i ? " " : "", names[i]);
		free(text);
		text = more;
	}
	return text;
}

static void ordered(const char *dir)
{
	char *const two[] = { "bad", "good" };
	char **out = NULL, *text;
	size_t n = 0;

	ok(results_commit_order(dir, NULL, &n, &out) == 0 && n == 3, "every kernel of the folder");
	text = joined(out, n);
	is_str(text, "good mid bad", "in the state's order, good first, whatever their dates");
	free(text);
	results_names_release(out, n);

	n = 2;
	ok(results_commit_order(dir, two, &n, &out) == 0 && n == 2, "the kernels named");
	text = joined(out, n);
	is_str(text, "good bad", "put in commit order");
	free(text);
	results_names_release(out, n);
}

static void refused(const char *dir)
{
	char *const stray[] = { "stray" }, *const shorter[] = { "short" };
	char *const missing[] = { "good" };
	char **out = NULL;
	size_t n = 1;

	ok(results_commit_order(dir, stray, &n, &out) < 0 && !out,
	   "a kernel whose commit is none of the state's is refused");
	n = 1;
	ok(results_commit_order(dir, shorter, &n, &out) < 0,
	   "so is a commit shorter than 7 characters, even a prefix of one");
	n = 1;
	ok(results_commit_order(scratch, missing, &n, &out) < 0,
	   "a folder with no bisection state is refused");
}

int main(void)
{
	char *dir;

	if (scratch_make() < 0 ||
	    put_file("r/.bisect/state", "version 1\ncommit " SHA_A "\ncommit " SHA_B
		     "\nsomething else\ncommit " SHA_C "\n") < 0 ||
	    (candidate("bad", "2026-01-01", "commit: " SHA_C "\n") |
	     candidate("good", "2026-01-02", "config:\ncommit = " SHA_A "\n") |
	     candidate("mid", "2026-01-03", "commit: bbbbbbb\n")) < 0) {
		setup_failed("cannot write the bisection in %s: %s", scratch, strerror(errno));
		return tap_done();
	}
	dir = xasprintf("%s/r", scratch);
	ordered(dir);
	if ((candidate("stray", "2026-01-04", "commit: dddddddd\n") |
	     candidate("short", "2026-01-04", "commit: aaaaaa\n")) < 0)
		setup_failed("cannot write the stray kernels in %s", dir);
	refused(dir);
	free(dir);
	scratch_remove();
	return tap_done();
}

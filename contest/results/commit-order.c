/* commit-order.c - a bisection's candidates in the order of its commits (--order commit) */
#include "results/commit-order.h"
#include "results/history.h"
#include "results/store.h"
#include "results/summary.h"
#include "record/env.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

struct ranked {
	char *name;
	size_t at;	/* its commit's place in the state, good 0 */
};

static int by_place(const void *a, const void *b)
{
	const struct ranked *x = a, *y = b;

	return (x->at > y->at) - (x->at < y->at);
}

/* the commits of dir's bisection state, good first ("commit SHA" lines), NULL-ended */
static char **state_commits(const char *dir, size_t *n, char **path)
{
	char *text, *line, *save = NULL, **shas = NULL;

	*n = 0;
	*path = xasprintf("%s/.bisect/state", dir);
	text = read_text_file(*path, NULL);
	if (!text) {
		error("--order commit: cannot read '%s' (%s), so '%s' holds no bisection whose "
		      "commits give the order", *path, strerror(errno), dir);
		return NULL;
	}
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, "commit ", 7)) {
			shas = xrealloc(shas, (*n + 2) * sizeof(*shas));
			shas[(*n)++] = xstrdup(line + 7);
			shas[*n] = NULL;
		}
	free(text);
	if (!shas)
		error("--order commit: '%s' lists no commit", *path);
	return shas;
}

/* where kernel's commit is among shas[0..n), or -1 (said) */
static long kernel_place(const char *dir, const char *kernel, char *const *shas, size_t n,
			 const char *state)
{
	struct env *e = results_read_env(dir, kernel);
	const char *commit = e ? history_env_commit(e) : NULL;
	size_t len = commit ? strlen(commit) : 0;
	long at = -1;

	/* a full id, or a prefix of one (run's "commit = " may be short) */
	for (size_t i = 0; len >= 7 && i < n && at < 0; i++)
		if (!strncmp(shas[i], commit, len))
			at = (long)i;
	if (!commit)
		error("--order commit: %s/%s/env names no commit: '%s' is no bisection's candidate",
		      dir, kernel, kernel);
	else if (at < 0)
		error("--order commit: %s/%s/env's commit %s is none of '%s'", dir, kernel, commit,
		      state);
	env_free(e);
	return at;
}

int results_commit_order(const char *dir, char *const *kernels, size_t *n, char ***out)
{
	size_t nshas, nall = *n;
	char *state, **all = *n ? NULL : results_kernel_names(dir, &nall);
	char **shas = state_commits(dir, &nshas, &state);
	struct ranked *r = xcalloc(nall + 1, sizeof(*r));
	int ret = 0;

	*out = NULL;
	if (!shas || (!*n && !all))
		ret = -1;
	for (size_t i = 0; !ret && i < nall; i++) {
		long at = kernel_place(dir, all ? all[i] : kernels[i], shas, nshas, state);

		r[i].name = all ? all[i] : kernels[i];
		r[i].at = (size_t)at;
		if (at < 0)
			ret = -1;
	}
	if (!ret) {
		qsort(r, nall, sizeof(*r), by_place);
		*out = xcalloc(nall + 1, sizeof(**out));
		for (size_t i = 0; i < nall; i++)
			(*out)[i] = xstrdup(r[i].name);
		*n = nall;
	}
	free(r);
	results_names_release(all, all ? nall : 0);
	results_names_release(shas, nshas);
	free(state);
	return ret;
}

void results_names_release(char **names, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(names[i]);
	free(names);
}

/* compare-read.c - what compare and report read: runs and env files, see compare.h */
#include "results/compare.h"
#include "results/machine.h"
#include "results/store.h"
#include "sys/fingerprint.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

int compare_read(struct compare *c, const char *dir, char *const *kernels, size_t n,
		 const struct compare_opts *o)
{
	struct kernel_results *krs = xcalloc(n, sizeof(*krs));
	size_t k;

	for (k = 0; k < n; k++)
		if (results_read_kernel(dir, kernels[k], &krs[k]) < 0)
			break;
	if (k == n)
		compare_build(c, krs, n, o);	/* copies what it keeps */
	results_release_all(krs, k);
	return k == n ? 0 : -1;
}

struct sentences {
	char **s;
	size_t n;
};

static void add(struct sentences *list, char *sentence)
{
	list->s = xrealloc(list->s, (list->n + 2) * sizeof(*list->s));
	list->s[list->n++] = sentence;
	list->s[list->n] = NULL;
}

char *results_read_env(const char *dir, const char *kernel)
{
	char *path = results_path(dir, kernel, "env"), *text = read_text_file(path, NULL);

	free(path);
	return text;
}

char **results_read_envs(const char *dir, char *const *kernels, size_t n)
{
	char **envs = xcalloc(n + 1, sizeof(*envs));

	for (size_t k = 0; k < n; k++)
		envs[k] = results_read_env(dir, kernels[k]);
	return envs;
}

void results_envs_free(char **envs, size_t n)
{
	for (size_t k = 0; envs && k < n; k++)
		free(envs[k]);
	free(envs);
}

static char *read_env(const char *dir, const char *kernel, struct sentences *list)
{
	char *text = results_read_env(dir, kernel), *path;

	if (!text) {
		path = results_path(dir, kernel, "env");
		add(list, xasprintf("no env file for '%s' ('%s'): its environment cannot be "
				    "checked", kernel, path));
		free(path);
	}
	return text;
}

/* a different memory size shouts: it compares memory sizes as well as kernels */
static char *difference(const char *base, const char *new, const char *key,
			const char *env_base, const char *env_new)
{
	char *vb = fingerprint_value(env_base, key), *vn = fingerprint_value(env_new, key);
	char *sentence = !strcmp(key, "memtotal") ?
		xasprintf("MEMORY DIFFERS: '%s' had memtotal %s, '%s' had %s: this compares "
			  "memory sizes as well as kernels", new, vn, base, vb) :
		xasprintf("'%s' and '%s' were measured with different %s: '%s' against '%s'",
			  new, base, key, vn, vb);

	free(vb);
	free(vn);
	return sentence;
}

/* kernels of different machines: the first thing a reader must know */
static char *across_machines(const char *base, const char *new, const char *env_base,
			     const char *env_new)
{
	char *mb = machine_label(env_base), *mn = machine_label(env_new);
	char *sentence = xasprintf("ACROSS MACHINES: '%s' ran on %s, '%s' on %s: this compares "
				   "machines as well as kernels", new, mn, base, mb);

	free(mb);
	free(mn);
	return sentence;
}

char **compare_confounds(const char *dir, char *const *kernels, size_t n)
{
	struct sentences list = { xcalloc(1, sizeof(char *)), 0 };
	char *env_base = read_env(dir, kernels[0], &list);

	for (size_t k = 1; k < n && env_base; k++) {
		char *env_new = read_env(dir, kernels[k], &list), **keys = NULL;

		if (env_new && machine_differs(env_base, env_new))
			add(&list, across_machines(kernels[0], kernels[k], env_base, env_new));
		if (env_new && fingerprint_differences(env_base, env_new, &keys) > 0)
			for (char **key = keys; *key; key++)
				if (strcmp(*key, "host"))	/* across_machines said it */
					add(&list, difference(kernels[0], kernels[k], *key,
							      env_base, env_new));
		fingerprint_keys_free(keys);
		free(env_new);
	}
	free(env_base);
	return list.s;
}

void compare_confounds_free(char **sentences)
{
	for (char **s = sentences; s && *s; s++)
		free(*s);
	free(sentences);
}

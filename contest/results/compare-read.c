/* compare-read.c - what compare and report read: runs and env files, see compare.h */
#include "results/compare.h"
#include "results/machine.h"
#include "results/store.h"
#include "results/monitor-logs.h"
#include "sys/fingerprint.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

static int shift_cmp(const void *a, const void *b)
{
	const struct symbol_shift *x = a, *y = b;
	double dx = fabs(x->new_pct - x->base_pct), dy = fabs(y->new_pct - y->base_pct);

	return dx != dy ? (dx < dy ? 1 : -1) : strcmp(x->symbol, y->symbol);
}

static void add_shift(struct symbol_shift **list, size_t *n, const char *sym,
		      const struct monitor_profile *base, const struct monitor_profile *new)
{
	for (size_t i = 0; i < *n; i++)
		if (!strcmp((*list)[i].symbol, sym))
			return;
	*list = xrealloc(*list, (*n + 1) * sizeof(**list));
	(*list)[(*n)++] = (struct symbol_shift){ NULL, NULL, xstrdup(sym),
						 monitor_profile_sym_pct(base, sym),
						 monitor_profile_sym_pct(new, sym) };
}

/* the COMPARE_SHIFTS symbols of new whose share moved most from base's */
static void add_shifts(struct compare *c, const char *load, const char *kernel,
		       const struct monitor_profile *base, const struct monitor_profile *new)
{
	struct symbol_shift *all = NULL;
	size_t n = 0, keep;

	for (size_t i = 0; i < base->nsyms; i++)
		add_shift(&all, &n, base->syms[i].name, base, new);
	for (size_t i = 0; i < new->nsyms; i++)
		add_shift(&all, &n, new->syms[i].name, base, new);
	if (n)
		qsort(all, n, sizeof(*all), shift_cmp);
	keep = n < COMPARE_SHIFTS ? n : COMPARE_SHIFTS;
	c->shifts = xrealloc(c->shifts, (c->nshifts + keep + 1) * sizeof(*c->shifts));
	for (size_t i = 0; i < n; i++) {
		if (i < keep) {
			all[i].load = load;
			all[i].kernel = kernel;
			c->shifts[c->nshifts++] = all[i];
		} else {
			free(all[i].symbol);
		}
	}
	free(all);
}

/* per load, how each NEW kernel's profile differs from BASE's, where both have one */
static void read_shifts(struct compare *c, const char *dir)
{
	const struct report *r = &c->report;

	for (size_t t = 0; t < r->ntables && r->nkernels > 1; t++) {
		struct monitor_log base;

		monitor_log_read(dir, r->kernels[0], r->tables[t].load, &base);
		for (size_t k = 1; k < r->nkernels && base.profile.kernel > 0; k++) {
			struct monitor_log new;

			monitor_log_read(dir, r->kernels[k], r->tables[t].load, &new);
			if (new.profile.kernel > 0)
				add_shifts(c, r->tables[t].load, r->kernels[k], &base.profile,
					   &new.profile);
			monitor_log_release(&new);
		}
		monitor_log_release(&base);
	}
}

int compare_read(struct compare *c, const char *dir, char *const *kernels, size_t n,
		 const struct compare_opts *o)
{
	struct kernel_results *krs = xcalloc(n + 1, sizeof(*krs));
	int *ok = xcalloc(n + 1, sizeof(*ok)), ret = results_read_list(dir, kernels, n, krs, ok);

	free(ok);
	if (ret < 0) {	/* one that cannot be read (said) leaves nothing to compare */
		results_release_all(krs, n);
		return -1;
	}
	compare_build(c, krs, n, o);
	c->report.results = krs;	/* its rows point into them */
	c->report.nresults = n;
	read_shifts(c, dir);
	return 0;
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

/* kernel's env file parsed, or NULL, said in list, when it has none */
static struct env *read_env(const char *dir, const char *kernel, struct sentences *list)
{
	char *text = results_read_env(dir, kernel), *path;
	struct env *e;

	if (!text) {
		path = results_path(dir, kernel, "env");
		add(list, xasprintf("no env file for '%s' ('%s'): its environment cannot be "
				    "checked", kernel, path));
		free(path);
		return NULL;
	}
	e = env_parse(text, 1);
	free(text);
	return e;
}

/* a different memory size shouts: it compares memory sizes as well as kernels */
static char *difference(const char *base, const char *new, const char *key,
			const struct env *env_base, const struct env *env_new)
{
	const char *vb = env_get(env_base, key), *vn = env_get(env_new, key);

	return !strcmp(key, "memtotal") ?
		xasprintf("MEMORY DIFFERS: '%s' had memtotal %s, '%s' had %s: this compares "
			  "memory sizes as well as kernels", new, vn, base, vb) :
		xasprintf("'%s' and '%s' were measured with different %s: '%s' against '%s'",
			  new, base, key, vn, vb);
}

/* kernels of different machines: the first thing a reader must know */
static char *across_machines(const char *base, const char *new, const struct machine *mb,
			     const struct machine *mn)
{
	char *lb = machine_label(mb), *ln = machine_label(mn);
	char *sentence = xasprintf("ACROSS MACHINES: '%s' ran on %s, '%s' on %s: this compares "
				   "machines as well as kernels", new, ln, base, lb);

	free(lb);
	free(ln);
	return sentence;
}

/* each env file is parsed once: a lab compares thousands of kernels with BASE */
char **compare_confounds(const char *dir, char *const *kernels, size_t n)
{
	struct sentences list = { xcalloc(1, sizeof(char *)), 0 };
	struct env *env_base = read_env(dir, kernels[0], &list);
	struct machine base;

	machine_of(&base, env_base);
	for (size_t k = 1; k < n && env_base; k++) {
		struct env *env_new = read_env(dir, kernels[k], &list);
		struct machine new;
		char **keys = NULL;

		machine_of(&new, env_new);
		if (env_new && machine_differs(&base, &new))
			add(&list, across_machines(kernels[0], kernels[k], &base, &new));
		if (env_new && env_differences(env_base, env_new, &keys) > 0)
			for (char **key = keys; *key; key++)
				if (strcmp(*key, "host"))	/* across_machines said it */
					add(&list, difference(kernels[0], kernels[k], *key,
							      env_base, env_new));
		fingerprint_keys_free(keys);
		machine_release(&new);
		env_free(env_new);
	}
	machine_release(&base);
	env_free(env_base);
	return list.s;
}

void compare_confounds_free(char **sentences)
{
	for (char **s = sentences; s && *s; s++)
		free(*s);
	free(sentences);
}

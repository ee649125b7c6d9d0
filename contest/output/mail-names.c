/* mail-names.c - kernels' names as a mail's body shows them, see mail-names.h */
#include "output/mail-names.h"
#include "output/mail.h"
#include "results/monitor-logs.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

char **mail_names(char *const *kernels, size_t n, int warn)
{
	char **names = xcalloc(n + 1, sizeof(*names));

	for (size_t k = 0; k < n; k++) {
		names[k] = mail_ascii(kernels[k]);
		if (warn && strcmp(names[k], kernels[k]))
			warning("kernel '%s' is not ASCII: the mail's body writes it as '%s'",
				kernels[k], names[k]);
	}
	return names;
}

void mail_names_free(char **names)
{
	for (char **p = names; p && *p; p++)
		free(*p);
	free(names);
}

/* the alias's name for a kernel of the original, found by pointer */
static const char *renamed(const char *kernel, char *const *from, char *const *to, size_t n)
{
	for (size_t k = 0; k < n; k++)
		if (kernel == from[k])
			return to[k];
	return kernel;
}

/* the monitors' logs under the alias's names (shallow: the logs stay r's) */
static void alias_monitors(const struct report *r, struct report *a)
{
	struct monitor_logs *m;

	if (!r->monitors)
		return;
	m = xcalloc(1, sizeof(*m));
	m->n = r->monitors->n;
	m->logs = xcalloc(m->n + 1, sizeof(*m->logs));
	for (size_t i = 0; i < m->n; i++) {
		m->logs[i] = r->monitors->logs[i];
		for (size_t k = 0; k < r->nkernels; k++)
			if (!strcmp(m->logs[i].kernel, r->kernels[k]))
				m->logs[i].kernel = a->kernels[k];
	}
	a->monitors = m;
}

void report_alias(const struct report *r, struct report *a, char *const *names)
{
	*a = *r;
	a->kernels = xcalloc(r->nkernels, sizeof(*a->kernels));
	for (size_t k = 0; k < r->nkernels; k++)
		a->kernels[k] = xstrdup(names[k]);
	a->tables = xcalloc(r->ntables, sizeof(*a->tables));
	for (size_t i = 0; i < r->ntables; i++) {
		struct report_table *t = &a->tables[i];

		*t = r->tables[i];
		t->rows = xcalloc(t->nrows + 1, sizeof(*t->rows));
		for (size_t j = 0; j < t->nrows; j++) {
			t->rows[j] = r->tables[i].rows[j];
			t->rows[j].kernel = renamed(t->rows[j].kernel, r->kernels, a->kernels,
						    r->nkernels);
		}
	}
	alias_monitors(r, a);
}

void report_alias_release(struct report *a)
{
	for (size_t i = 0; i < a->ntables; i++)
		free(a->tables[i].rows);
	free(a->tables);
	if (a->monitors)
		free(a->monitors->logs);
	free(a->monitors);
	for (size_t k = 0; k < a->nkernels; k++)
		free(a->kernels[k]);
	free(a->kernels);
}

void compare_alias(const struct compare *c, struct compare *a, char *const *names)
{
	char *const *from = c->report.kernels;
	size_t n = c->report.nkernels;

	*a = *c;
	report_alias(&c->report, &a->report, names);
	a->rows = xcalloc(c->nrows + 1, sizeof(*a->rows));
	for (size_t i = 0; i < c->nrows; i++) {
		a->rows[i] = c->rows[i];
		a->rows[i].kernel = renamed(c->rows[i].kernel, from, a->report.kernels, n);
	}
	a->summary = xcalloc(c->nsummary + 1, sizeof(*a->summary));
	for (size_t i = 0; i < c->nsummary; i++) {
		a->summary[i] = c->summary[i];
		a->summary[i].kernel = renamed(c->summary[i].kernel, from, a->report.kernels, n);
	}
}

void compare_alias_release(struct compare *a)
{
	free(a->rows);
	free(a->summary);
	report_alias_release(&a->report);
}

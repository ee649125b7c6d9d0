/* sweep.c - see sweep.h */
#include "session/sweep.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* one --sweep: its key and its values */
struct axis {
	char *key;
	char **values;
	size_t n;
};

/* "loads", as config_set_arg reads the key: blanks around it are trimmed */
static int is_loads_key(const char *key)
{
	key += strspn(key, " \t");
	return !strncmp(key, "loads", 5) && !key[5 + strspn(key + 5, " \t")];
}

static int axis_parse(struct axis *x, const char *spec)
{
	const char *eq = strchr(spec, '=');

	memset(x, 0, sizeof(*x));
	if (!eq || eq == spec || !eq[1])
		return error("--sweep '%s': give KEY=V1,V2,...", spec);
	x->key = xasprintf("%.*s", (int)(eq - spec), spec);
	/* a point would be labelled with loads it did not run: LOAD arguments
	 * beat the key, and each point's table is of the loads run at it */
	if (is_loads_key(x->key))
		return error("--sweep '%s': loads cannot be swept; name them as LOAD "
			     "arguments, and each is run at every point", spec);
	for (const char *p = eq + 1;; p++) {
		size_t len = strcspn(p, ",");

		if (!len)
			return error("--sweep '%s': an empty value", spec);
		x->values = xrealloc(x->values, (x->n + 1) * sizeof(*x->values));
		x->values[x->n++] = xasprintf("%.*s", (int)len, p);
		p += len;
		if (!*p)
			return 0;
	}
}

static void axis_release(struct axis *x)
{
	for (size_t i = 0; i < x->n; i++)
		free(x->values[i]);
	free(x->values);
	free(x->key);
}

/* point i's name: "K1=V1,K2=V2" */
static char *point_name(const struct axis *axes, int n, size_t i)
{
	char *name = xstrdup(""), *next;

	for (int k = 0; k < n; k++) {
		next = xasprintf("%s%s%s=%s", name, k ? "," : "", axes[k].key, axes[k].values[i]);
		free(name);
		name = next;
	}
	return name;
}

static int check_axes(const struct axis *axes, int n)
{
	for (int k = 1; k < n; k++) {
		for (int j = 0; j < k; j++)
			if (!strcmp(axes[j].key, axes[k].key))
				return error("--sweep %s is given twice", axes[k].key);
		if (axes[k].n != axes[0].n)
			return error("--sweep %s has %zu values and %s %zu: keys swept together "
				     "take their values pairwise", axes[0].key, axes[0].n,
				     axes[k].key, axes[k].n);
	}
	return 0;
}

int sweep_parse(struct sweep *s, const char *const *specs, int n, struct config *cfg)
{
	struct axis *axes = xcalloc((size_t)n + 1, sizeof(*axes));
	int ret = 0;

	memset(s, 0, sizeof(*s));
	for (int k = 0; k < n && !ret; k++)
		ret = axis_parse(&axes[k], specs[k]);
	if (!ret && n)
		ret = check_axes(axes, n);
	for (size_t i = 0; !ret && n && i < axes[0].n; i++) {
		s->points = xrealloc(s->points, (i + 1) * sizeof(*s->points));
		s->points[s->npoints++] = point_name(axes, n, i);
		ret = sweep_apply(s, i, cfg);
	}
	for (int k = 0; k < n; k++)
		axis_release(&axes[k]);
	free(axes);
	if (ret)
		sweep_release(s);
	return ret;
}

int sweep_apply(const struct sweep *s, size_t i, struct config *cfg)
{
	char *point = xstrdup(s->points[i]), *save = NULL;
	int ret = 0;

	for (char *kv = strtok_r(point, ",", &save); kv && !ret; kv = strtok_r(NULL, ",", &save))
		ret = config_set_arg(cfg, kv);
	free(point);
	return ret;
}

void sweep_release(struct sweep *s)
{
	for (size_t i = 0; i < s->npoints; i++)
		free(s->points[i]);
	free(s->points);
	memset(s, 0, sizeof(*s));
}

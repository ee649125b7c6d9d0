/* report-env.c - the machine behind a report, in words, see report-env.h */
#include "output/report-env.h"
#include "results/machine.h"
#include "results/report.h"
#include "record/env.h"
#include "lib/util.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* an env value, "unknown" when absent; "23.5 GiB" from "25275973632 (23.5 GiB)" */
static char *value(const char *got)
{
	char *v, *open, *close;

	if (!got || !*got)
		return xstrdup("unknown");
	v = xstrdup(got);
	open = strchr(v, '(');
	close = open ? strchr(open, ')') : NULL;
	if (open && close && close[1] == '\0') {
		*close = '\0';
		memmove(v, open + 1, strlen(open + 1) + 1);
	}
	return v;
}

/* "make -j4" or, for make_jobs = 0, "make -j8 (4 x CPUs)"; a command has no -j */
static char *jobs_text(const struct env *env)
{
	const struct env_record *r = env_record(env);
	char *jobs = value(r->config.make_jobs), *cpus = value(r->cpus), *s;
	char *workload = value(r->config.workload);

	if (!strcmp(workload, "command"))
		s = xstrdup("no make -j");
	else if (!strcmp(jobs, "0"))
		s = xasprintf("make -j%d (4 x CPUs)", 4 * atoi(cpus));
	else
		s = xasprintf("make -j%s", jobs);
	free(jobs);
	free(cpus);
	free(workload);
	return s;
}

/* " running Linux R", R the release uname -r prints (the third word of
 * the env's uname line); "" when the env has none */
static char *release_text(const struct env *env)
{
	char *u = value(env_record(env)->uname), rel[128];
	int found = sscanf(u, "%*s %*s %127s", rel) == 1;

	free(u);
	return found ? xasprintf(" running Linux %s", rel) : xstrdup("");
}

/* "cpufreq governor ondemand"; none is said as what it means */
static char *governor_text(const struct env *env)
{
	char *g = value(env_record(env)->governor), *s;

	s = !strcmp(g, "none") ?
	    xstrdup("no cpufreq governor (the CPU's frequency is not scaled, as in most "
		    "virtual machines)") :
	    xasprintf("cpufreq governor %s", g);
	free(g);
	return s;
}

/* "2 runs per load", "2-3 runs per load": the ok runs r's rows hold (as
 * their [runs] say); the config's runs when r has none */
static char *runs_text(const struct report *r, const struct env *env)
{
	size_t lo = SIZE_MAX, hi = 0;
	char *runs, *s;

	for (size_t i = 0; r && i < r->ntables; i++)
		for (size_t j = 0; j < r->tables[i].nrows; j++) {
			size_t n = r->tables[i].rows[j].s->time.n;

			if (!n)
				continue;
			lo = n < lo ? n : lo;
			hi = n > hi ? n : hi;
		}
	if (hi == 0) {
		runs = value(env_record(env)->config.runs);
		s = xasprintf("%s run%s per load", runs, strcmp(runs, "1") ? "s" : "");
		free(runs);
		return s;
	}
	if (lo == hi)
		return xasprintf("%zu run%s per load", lo, lo == 1 ? "" : "s");
	return xasprintf("%zu-%zu runs per load", lo, hi);
}

static char *machine_text(const char *kernel, const struct env *env, const struct report *r)
{
	static const enum env_id keys[] = {
		ENV_ID_cpus, ENV_ID_cpu_model, ENV_ID_memtotal, ENV_ID_swap_total, ENV_ID_mem_limit,
		ENV_ID_cpu_limit, ENV_ID_tree, ENV_ID_tree_fs, ENV_ID_io_scheduler, ENV_ID_governor,
		ENV_ID_thp, ENV_ID_config_workload, ENV_ID_contest_version,
	};
	char *v[ARRAY_SIZE(keys)], *jobs = jobs_text(env), *s, *guest;
	char *rel = release_text(env), *gov = governor_text(env), *runs = runs_text(r, env);
	struct machine m;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(keys); i++)
		v[i] = value(env_value(env, keys[i]));
	s = xasprintf("The runs of %s were made%s on %s CPUs (%s) with %s of "
		      "memory and %s of swap; memory limit %s, CPU limit %s. The timed tree %s "
		      "is on %s, I/O scheduler %s, %s, transparent hugepages %s. Workload %s, "
		      "%s, %s, contest %s.",
		      kernel, rel, v[0], v[1], v[2], v[3], v[4], v[5], v[6], v[7], v[8], gov,
		      v[10], v[11], jobs, runs, v[12]);
	machine_of(&m, env);
	if ((guest = machine_guest_text(&m))) {	/* the CPUs and memory above are its */
		char *more = xasprintf("%s They ran in %s.", s, guest);

		free(s);
		s = more;
		free(guest);
	}
	machine_release(&m);
	for (i = 0; i < ARRAY_SIZE(keys); i++)
		free(v[i]);
	free(jobs);
	free(rel);
	free(gov);
	free(runs);
	return s;
}

/* append " KERNEL differs from BASE in: a, b.", or count it in *same; a
 * difference of knobs (a variant's --knob) is said as what was varied */
static char *differences(char *s, const char *base, const struct env *base_env,
			 const char *kernel, const struct env *env, size_t *same)
{
	char **keys = NULL, *list = xstrdup(""), *next;
	size_t listed = 0, varied = 0;

	if (env_differences(base_env, env, &keys) == 0)
		(*same)++;
	for (size_t i = 0; keys[i]; i++) {
		if (env_key_from_knobs(base_env, env, keys[i])) {
			varied++;
			continue;
		}
		next = xasprintf("%s%s%s", list, listed++ ? ", " : "", keys[i]);
		free(list);
		list = next;
	}
	if (varied) {
		next = xasprintf("%s %s ran with the knobs %s, %s with %s: what was varied.", s,
				 kernel, env_record(env)->knobs, base, env_record(base_env)->knobs);
		free(s);
		s = next;
	}
	if (listed) {
		next = xasprintf("%s %s differs from %s in: %s.", s, kernel, base, list);
		free(s);
		s = next;
	}
	fingerprint_keys_free(keys);
	free(list);
	return s;
}

/* kernels from several machines: which ran where */
static char *with_machines(char *s, struct env *const *envs, char *const *kernels, size_t n)
{
	struct machine *ms = machines_of_envs(envs, n);
	char **groups = machine_groups(ms, kernels, n), *next;
	size_t m = 0;

	while (groups && groups[m])
		m++;
	for (size_t i = 0; i < m; i++) {
		next = xasprintf("%s%s %s", s, i ? ";" : " The kernels ran on several machines:",
				 groups[i]);
		free(s);
		s = next;
	}
	if (m) {
		next = xasprintf("%s.", s);
		free(s);
		s = next;
	}
	machine_groups_free(groups);
	machine_release_all(ms, n);
	return s;
}

char *report_env_summary(struct env *const *envs, char *const *kernels, size_t n,
			 const struct report *r)
{
	const struct env *base_env = NULL, *env;
	char *s, *next, *rel;
	size_t base = 0, k, same = 0;

	for (k = 0; envs && k < n && !base_env; k++)
		if ((base_env = envs[k]))
			base = k;
	if (!base_env)
		return xasprintf("No env files: these results were written by hand or elsewhere, "
				 "so nothing is known here of the machine they were made on.");
	s = machine_text(kernels[base], base_env, r);
	for (k = 0; k < n; k++) {
		if (k == base)
			continue;
		env = envs[k];
		if (!env) {
			next = xasprintf("%s %s has no env file (written by hand or elsewhere).",
					 s, kernels[k]);
			free(s);
			s = next;
			continue;
		}
		s = differences(s, kernels[base], base_env, kernels[k], env, &same);
		rel = release_text(env);
		next = *rel ? xasprintf("%s The runs of %s were made%s.", s, kernels[k], rel) :
			      xstrdup(s);
		free(rel);
		free(s);
		s = next;
	}
	if (same && same + 1 == n)
		next = xasprintf("%s Every kernel ran on the same machine with the same settings.", s);
	else
		next = xstrdup(s);
	free(s);
	return with_machines(next, envs, kernels, n);
}

/* report-kcidb.c - the report as a KCIDB submission (KernelCI's common database)
 *
 * Schema v5.3 of kcidb-io (kcidb_io/schema/v05_03.py): a "version", then
 * one checkout and one build per kernel (a test must name the build it
 * tested, and a build its checkout; contest knows the kernel only by the
 * name it was given, so both carry that name), and one test per kernel,
 * load and metric: status DONE, the mean over the ok runs as its number
 * (value, unit), the machine from the env file as its environment. A
 * kernel's load with no ok run is one test with status ERROR.
 * Ids are "ORIGIN:KERNEL[:LOAD:METRIC]"; paths "contest.LOAD.METRIC".
 */
#include "lib/json.h"
#include "output/report-write.h"
#include "results/machine.h"
#include "results/metric.h"
#include "record/env.h"
#include "lib/util.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define KCIDB_MAJOR 5
#define KCIDB_MINOR 3

/* the env file's facts of the machine that go into a test's environment */
static const enum env_id machine_keys[] = {
	ENV_ID_host, ENV_ID_uname, ENV_ID_cpu_model, ENV_ID_cpus, ENV_ID_memtotal,
	ENV_ID_swap_total, ENV_ID_guest, ENV_ID_guest_accel, ENV_ID_guest_cpus, ENV_ID_guest_mem,
	ENV_ID_guest_qemu, ENV_ID_mem_limit, ENV_ID_cpu_limit, ENV_ID_tree_fs,
	ENV_ID_io_scheduler, ENV_ID_governor, ENV_ID_thp, ENV_ID_contest_version,
};

static json_t *id_of(const char *origin, const char *kernel, const char *load, const char *metric)
{
	char *id = load ? xasprintf("%s:%s:%s:%s", origin, kernel, load, metric) :
			  xasprintf("%s:%s", origin, kernel);
	json_t *s = json_name(id, "id");

	free(id);
	return s;
}

/* the machine: its facts in misc, one line of them as the comment; NULL without env */
static json_t *environment(const struct env *env)
{
	json_t *o, *misc;
	const char *host, *cpu, *mem;
	char *comment, *guest;
	struct machine m;

	if (!env)
		return NULL;
	o = json_object();
	misc = json_object();
	for (size_t i = 0; i < ARRAY_SIZE(machine_keys); i++) {
		const char *v = env_value(env, machine_keys[i]), *name = env_keys[machine_keys[i]].name;

		if (v)
			json_put(misc, name, json_name(v, name));
	}
	host = env_record(env)->host;
	cpu = env_record(env)->cpu_model;
	mem = env_record(env)->memtotal;
	machine_of(&m, env);
	guest = machine_guest_text(&m);
	comment = xasprintf("%s: %s, memtotal %s%s%s", host ? host : "unknown host",
			    cpu ? cpu : "unknown CPU", mem ? mem : "unknown", guest ? "; " : "",
			    guest ? guest : "");
	free(guest);
	machine_release(&m);
	json_put(o, "comment", json_name(comment, "environment"));
	json_put(o, "misc", misc);
	free(comment);
	return o;
}

/* "2026-12-05T01:02:03+00:00", or NULL when t is unknown */
static json_t *date_time(double t)
{
	time_t s;
	struct tm tm;
	char buf[40];

	/* NaN for a load with no ok run: no cast of it */
	if (!(fabs(t) < 1e15))
		return NULL;
	s = (time_t)t;
	if (!gmtime_r(&s, &tm))
		return NULL;
	strftime(buf, sizeof(buf), "%Y-%m-%dT%H:%M:%S+00:00", &tm);
	return json_string(buf);
}

struct kcidb_test {
	const char *origin, *kernel, *load, *metric;
	const struct env *env;		/* the kernel's env file, NULL none */
};

static json_t *test_object(const struct kcidb_test *t, const struct report_row *row,
			   const char *status)
{
	json_t *o = json_object(), *env = environment(t->env), *start = date_time(row->s->first_ok);
	json_t *misc = json_object();
	char *path = xasprintf("contest.%s%s%s", t->load, t->metric ? "." : "",
			       t->metric ? t->metric : "");

	json_put(o, "id", id_of(t->origin, t->kernel, t->load, t->metric ? t->metric : "status"));
	json_put(o, "origin", json_string(t->origin));
	json_put(o, "build_id", id_of(t->origin, t->kernel, NULL, NULL));
	json_put(o, "path", json_name(path, "path"));
	json_put(o, "status", json_string(status));
	if (env)
		json_put(o, "environment", env);
	if (start)
		json_put(o, "start_time", start);
	json_put(misc, "kernel", json_name(t->kernel, "kernel"));
	json_put(misc, "runs", json_integer((json_int_t)row->s->time.n));
	json_put(misc, "not_ok", json_integer((json_int_t)row->s->n_not_ok));
	json_put(o, "misc", misc);
	free(path);
	return o;
}

/* metric m's test with its number and unit; none when the value does not
 * exist (no reference: Ratio) */
static void push_metric(json_t *tests, struct kcidb_test *t, const struct report_row *row,
			enum metric_id m)
{
	const struct running_stats *s = metric_stats(row->s, m);
	double value = s ? running_stats_mean(s) : row->ratio, sd = s ? running_stats_sd(s) : NAN;
	const char *unit = metrics[m].unit;
	json_t *o, *number;

	if (!isfinite(value))
		return;
	t->metric = metrics[m].json;
	o = test_object(t, row, "DONE");
	number = json_object();
	json_put(number, "value", json_real(value));
	if (unit)
		json_put(number, "unit", json_string(unit));
	json_put(o, "number", number);
	if (isfinite(sd))
		json_put(json_object_get(o, "misc"), "sd", json_real(sd));
	json_push(tests, o);
}

/* the tests of a kernel's load, in this order */
static const enum metric_id kcidb_metrics[] = {
	METRIC_TIME, METRIC_CPU, METRIC_LOADS, METRIC_LCPU, METRIC_RATIO,
};

static void push_row(json_t *tests, struct kcidb_test *t, const struct report_row *row)
{
	if (!row->s->time.n) {
		t->metric = NULL;
		json_push(tests, test_object(t, row, "ERROR"));
		return;
	}
	for (size_t i = 0; i < ARRAY_SIZE(kcidb_metrics); i++)
		push_metric(tests, t, row, kcidb_metrics[i]);
}

/* row's kernel's env file, NULL none */
static const struct env *env_of(const struct report *r, const struct report_row *row)
{
	return r->envs && row->k < r->nkernels ? r->envs[row->k] : NULL;
}

int report_write_kcidb(const struct report *r, const struct report_opts *opts, FILE *out)
{
	json_t *doc = json_object(), *version = json_object();
	json_t *checkouts = json_array(), *builds = json_array(), *tests = json_array();
	const char *origin = opts->origin;

	json_put(version, "major", json_integer(KCIDB_MAJOR));
	json_put(version, "minor", json_integer(KCIDB_MINOR));
	json_put(doc, "version", version);
	for (size_t k = 0; k < r->nkernels; k++) {
		json_t *checkout = json_object(), *build = json_object();
		char *comment = xasprintf("kernel '%s' as contest measured it", r->kernels[k]);

		json_put(checkout, "id", id_of(origin, r->kernels[k], NULL, NULL));
		json_put(checkout, "origin", json_string(origin));
		json_put(checkout, "comment", json_name(comment, "kernel"));
		json_push(checkouts, checkout);
		json_put(build, "id", id_of(origin, r->kernels[k], NULL, NULL));
		json_put(build, "origin", json_string(origin));
		json_put(build, "checkout_id", id_of(origin, r->kernels[k], NULL, NULL));
		json_put(build, "comment", json_name(comment, "kernel"));
		json_push(builds, build);
		free(comment);
	}
	for (size_t i = 0; i < r->ntables; i++) {
		const struct report_table *tab = &r->tables[i];

		for (size_t j = 0; j < tab->nrows; j++) {
			struct kcidb_test t = { origin, tab->rows[j].kernel, tab->load, NULL,
						env_of(r, &tab->rows[j]) };

			push_row(tests, &t, &tab->rows[j]);
		}
	}
	json_put(doc, "checkouts", checkouts);
	json_put(doc, "builds", builds);
	json_put(doc, "tests", tests);
	return json_write_doc(doc, out);
}

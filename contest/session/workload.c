/* workload.c - see workload.h */
#include "session/workload.h"
#include "record/config-keys.h"
#include "lib/proc.h"
#include "loads/loads.h"
#include "loads/synthetic.h"
#include "results/store.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <sys/wait.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *workload_tree_path(const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	const char *kind = cc->main.workload;

	if (!strcmp(kind, "kernel") && *cc->main.kernel_tree)
		return xstrdup(cc->main.kernel_tree);
	if (!strcmp(kind, "synthetic"))
		return xasprintf("%s/synthetic", cc->main.work_dir);
	return xstrdup(".");
}

static char **make_argv(const char *first, const char *second, const char *third)
{
	char **argv = xcalloc(4, sizeof(*argv));
	int n = 0;

	argv[n++] = xstrdup(first);
	if (second)
		argv[n++] = xstrdup(second);
	if (third)
		argv[n++] = xstrdup(third);
	return argv;
}

static int init_make(struct workload *w, const char *target)
{
	char *jobs = xasprintf("-j%d", w->jobs);

	w->build = make_argv("make", jobs, target);
	w->clean = make_argv("make", "clean", NULL);
	free(jobs);
	w->cwd = xstrdup(w->tree);
	return 0;
}

static int init_kernel(struct workload *w, const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	const char *tree = cc->main.kernel_tree;
	char *makefile;
	int ok;

	if (!*tree)
		return error("workload = kernel needs kernel_tree (%s); "
			     "'make kernel-tree' unpacks one", config_origin(cfg, &cc->main.workload));
	makefile = xasprintf("%s/Makefile", tree);
	ok = access(makefile, R_OK) == 0;
	free(makefile);
	if (!ok)
		return error("%s: kernel_tree '%s' is not a kernel tree (no Makefile)",
			     config_origin(cfg, &cc->main.kernel_tree), tree);
	w->tree = xstrdup(tree);
	init_make(w, cc->main.make_target);
	if (*cc->main.kconfig)
		w->configure = make_argv("make", cc->main.kconfig, NULL);
	return 0;
}

static int init_command(struct workload *w, const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	const char *cmd = cc->main.command;
	const char *err = NULL;

	if (!*cmd)
		return error("workload = command needs command (%s)",
			     config_origin(cfg, &cc->main.workload));
	w->build = split_words(cmd, &err);
	if (!w->build)
		return error("%s: bad command: %s", config_origin(cfg, &cc->main.command), err);
	if (!w->build[0])
		return error("%s: command has no words", config_origin(cfg, &cc->main.command));
	w->cwd = xstrdup(".");
	w->jobs = 0;
	return 0;
}

static int init_interactive(struct workload *w, const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	char **words = split_list(cc->main.workload);
	size_t n = 0;

	for (n = 0; words[n]; n++)
		;
	w->ntasks = workload_tasks(cfg, w->tasks);
	argv_free(words);
	if (w->ntasks != n)
		return error("%s: workload is one of synthetic, kernel, command, or interactive "
			     "tasks (audio video x gaming), not both", config_origin(cfg, &cc->main.workload));
	w->task = w->tasks[0];
	w->kind = w->task->name;
	w->duration_s = cc->main.duration;
	w->rt_priority = (int)cc->main.rt_priority;
	w->task_nice = (int)cc->main.task_nice;
	w->cwd = xstrdup(".");
	w->jobs = 0;
	return 0;
}

char *workload_row_load(const char *timed, const char *load)
{
	return timed ? xasprintf("%s%c%s", timed, ROW_TASK_SEP, load) : xstrdup(load);
}

const char *workload_measured(const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);

	return strcmp(cc->main.workload, "load") ? NULL : cc->main.measure;
}

static int init_measure(struct workload *w, const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	const char *name = cc->main.measure;

	if (!*name)
		return error("workload = load needs measure, the load to time (%s)",
			     config_origin(cfg, &cc->main.workload));
	w->measure = load_find(name);
	if (!w->measure || (w->measure->flags & LOAD_NONE))
		return error("%s: measure '%s' is no load that works (see contest list)",
			     config_origin(cfg, &cc->main.measure), name);
	w->duration_s = cc->main.duration;
	w->cwd = xstrdup(".");
	w->jobs = 0;
	return 0;
}

size_t workload_tasks(const struct config *cfg, const struct itask **tasks)
{
	const struct contest_config *cc = contest_config(cfg);
	char **w = split_list(cc->main.workload);
	size_t n = 0;

	for (size_t i = 0; w[i] && n < 8; i++)
		if (itask_find(w[i]))
			tasks[n++] = itask_find(w[i]);
	argv_free(w);
	return n;
}

void workload_set_task(struct workload *w, const struct itask *task)
{
	if (!w->task_arg)
		return;
	free(w->build[w->task_arg]);
	w->build[w->task_arg] = xstrdup(task->name);
}

_Static_assert(CONFIG_METRICS_MAX == OWN_METRICS && sizeof(((struct workload *)0)->metric_names) ==
	       OWN_NAMES_SIZE, "runs.tsv has a column for each metric key");

/* the metric keys' specs (each checked as it was set) and their names */
static void init_metrics(struct workload *w, const struct config *cfg)
{
	const struct config_metrics *m = &contest_config(cfg)->main.metric;
	const char *const *specs = m->v;
	size_t n = m->n, len = 0;

	snprintf(w->metric_names, sizeof(w->metric_names), "-");
	for (size_t i = 0; i < n; i++) {
		char label[64];

		if (metric_spec_parse(specs[i], &w->metrics[w->nmetrics]))
			continue;	/* not so: config.c refused it */
		metric_spec_label(&w->metrics[w->nmetrics++], label, sizeof(label));
		len += (size_t)snprintf(w->metric_names + len, sizeof(w->metric_names) - len,
					"%s%s", i ? "," : "", label);
	}
}

int workload_init(struct workload *w, const struct config *cfg)
{
	const struct contest_config *cc = contest_config(cfg);
	long long jobs = cc->main.make_jobs;

	const char *kind = cc->main.workload;

	memset(w, 0, sizeof(*w));
	init_metrics(w, cfg);
	w->kind = kind;
	w->jobs = jobs > 0 ? (int)jobs : 4 * ncpus_usable();
	if (workload_tasks(cfg, w->tasks))
		return init_interactive(w, cfg);
	if (strchr(kind, ' ') || strchr(kind, ',') || !*kind)
		return error("%s: workload is one of synthetic, kernel or command, or a list of "
			     "interactive tasks (audio video x gaming)", config_origin(cfg, &cc->main.workload));
	if (!strcmp(w->kind, "kernel"))
		return init_kernel(w, cfg);
	if (!strcmp(w->kind, "command"))
		return init_command(w, cfg);
	if (!strcmp(w->kind, "load"))
		return init_measure(w, cfg);
	w->tree = workload_tree_path(cfg);
	return init_make(w, NULL);
}

/*
 * The timer's oversleep at idle, under the task's own scheduling: in a
 * child, so that the driver keeps its own; before any load has started.
 */
static int measure_floor(struct workload *w)
{
	int fds[2], status;
	double floor_us = NAN;
	char why[200];
	pid_t pid;

	if (pipe(fds) < 0)
		return error("cannot create a pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		return error("cannot fork: %s", strerror(errno));
	if (pid == 0) {
		close(fds[0]);
		if (itask_sched(w->rt_priority, w->task_nice, why, sizeof(why)) < 0) {
			if (write(fds[1], why, strlen(why) + 1) < 0)
				_exit(1);
			_exit(1);
		}
		floor_us = itask_floor(w->task, 200);
		_exit(write(fds[1], &floor_us, sizeof(floor_us)) == sizeof(floor_us) ? 0 : 1);
	}
	close(fds[1]);
	memset(why, 0, sizeof(why));
	if (read(fds[0], why, sizeof(why) - 1) == sizeof(floor_us))
		memcpy(&floor_us, why, sizeof(floor_us));
	close(fds[0]);
	while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
		;
	if (isnan(floor_us) || status != 0)
		return error("cannot measure the timer's oversleep for %s: %s", w->task->name,
			     why[0] ? why : "the child died");
	w->floor_us = floor_us;
	return 0;
}

static int prepare_interactive(struct workload *w)
{
	/*
	 * This very binary, by the link the kernel keeps to it: a make that
	 * replaces bin/contest while a session runs must not leave the rest
	 * of its runs naming a deleted file.
	 */
	const char *self = "/proc/self/exe";
	char duration[32], floor_s[32], prio[16], nice_s[16];

	if (measure_floor(w) < 0)
		return -1;
	info("%s: the timer oversleeps %.1f us at idle; each latency is less that",
	     w->ntasks > 1 ? "the interactive tasks" : w->task->name,
	     w->floor_us);
	snprintf(duration, sizeof(duration), "%g", w->duration_s);
	snprintf(floor_s, sizeof(floor_s), "%.1f", w->floor_us);
	snprintf(prio, sizeof(prio), "%d", w->rt_priority);
	snprintf(nice_s, sizeof(nice_s), "%d", w->task_nice);
	argv_free(w->build);
	w->build = xcalloc(14, sizeof(*w->build));
	{
		const char *argv[] = { self, "interact", "--samples", "--duration", duration,
				       "--floor", floor_s, "--rt-priority", prio, "--nice", nice_s,
				       w->task->name, NULL };

		/* the task's name, last: workload_set_task() swaps it */
		w->task_arg = ARRAY_SIZE(argv) - 2;

		for (size_t i = 0; argv[i]; i++)
			w->build[i] = xstrdup(argv[i]);
	}
	return 0;
}

/* "-s LOAD.KEY=VALUE" for each of the load's own keys, as the session's config has them */
static size_t measure_sets(const struct workload *w, const struct config *cfg, char **argv)
{
	size_t n = 0;

	for (const struct config_option *o = w->measure->options; o && o->name; o++) {
		argv[n++] = xstrdup("-s");
		argv[n++] = xasprintf("%s.%s=%s", w->measure->name, o->name,
				      config_text(cfg, w->measure->name, o));
	}
	return n;
}

/*
 * The measured load prepared once, untimed, as a background load is; the
 * timed argv `contest measure` with the load's keys and the session's ram
 */
static int prepare_measure(struct workload *w, const struct config *cfg, const char *scratch_root,
			   uint64_t ram, uint64_t swap)
{
	struct load_env *env = &w->measure_env;
	char why[512];
	size_t n = 0, nopts = 0;

	memset(env, 0, sizeof(*env));
	contest_load_env(env, cfg, w->measure->name);
	env->ram = ram;
	env->swap = swap;
	env->ncpus = ncpus_usable();
	w->measure_scratch = xasprintf("%s/measure-%s", scratch_root, w->measure->name);
	env->scratch = w->measure_scratch;
	if (mkdir_p(w->measure_scratch, 0755) < 0)
		return error("cannot create '%s': %s", w->measure_scratch, strerror(errno));
	if (w->measure->supported && w->measure->supported(env, why, sizeof(why)) < 0)
		return error("measure = %s cannot run here: %s", w->measure->name, why);
	info("preparing the measured load %s", w->measure->name);
	if (w->measure->prepare && w->measure->prepare(env) < 0)
		return error("measure = %s: prepare failed", w->measure->name);
	for (const struct config_option *o = w->measure->options; o && o->name; o++)
		nopts++;
	argv_free(w->build);
	w->build = xcalloc(10 + 2 * nopts, sizeof(*w->build));
	/* this very binary, as prepare_interactive execs it: a make cannot pull it away */
	w->build[n++] = xstrdup("/proc/self/exe");
	w->build[n++] = xstrdup("measure");
	w->build[n++] = xstrdup("--duration");
	w->build[n++] = xasprintf("%g", w->duration_s);
	w->build[n++] = xstrdup("--scratch");
	w->build[n++] = xstrdup(w->measure_scratch);
	w->build[n++] = xstrdup("-s");
	w->build[n++] = xasprintf("ram=%llu", (unsigned long long)ram);
	n += measure_sets(w, cfg, w->build + n);
	w->build[n++] = xstrdup(w->measure->name);
	return 0;
}

void workload_cleanup(struct workload *w)
{
	if (!w->measure_scratch)
		return;
	if (w->measure->cleanup)
		w->measure->cleanup(&w->measure_env);
	free(w->measure_scratch);
	w->measure_scratch = NULL;
}

int workload_prepare(struct workload *w, const struct config *cfg, const char *log,
		     const char *scratch_root, uint64_t ram, uint64_t swap)
{
	const struct contest_config *cc = contest_config(cfg);
	struct spawn_opts o = { .cwd = w->cwd, .out = log, .devnull_out = !log,
				.truncate_out = 1, .build_env = 1 };
	char how[PROC_STATUS_LEN];
	int rc;

	if (!strcmp(w->kind, "synthetic")) {
		if (mkdir_p(cc->main.work_dir, 0755) < 0)
			return error("cannot create '%s': %s", cc->main.work_dir,
				     strerror(errno));
		return synthetic_generate(w->tree, (int)cc->main.synthetic_dirs,
					  (int)cc->main.synthetic_files,
					  (int)cc->main.synthetic_funcs);
	}
	if (w->task)
		return prepare_interactive(w);
	if (w->measure)
		return prepare_measure(w, cfg, scratch_root, ram, swap);
	if (!w->configure)
		return 0;
	info("configuring '%s': make %s", w->tree, w->configure[1]);
	rc = run_cmd(w->configure, &o);
	if (rc != 0)
		return error("'make %s' in '%s' %s%s%s", w->configure[1], w->tree,
			     proc_status_text(rc, how, sizeof(how)), log ? "; see " : "", log ? log : "");
	return 0;
}

void workload_release(struct workload *w)
{
	workload_cleanup(w);
	free(w->tree);
	free(w->cwd);
	argv_free(w->build);
	argv_free(w->clean);
	argv_free(w->configure);
	for (size_t i = 0; i < w->nmetrics; i++)
		metric_spec_free(&w->metrics[i]);
	memset(w, 0, sizeof(*w));
}

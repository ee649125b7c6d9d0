/* calibration.c - this machine's drift between sessions, see calibration.h */
#include "results/calibration.h"
#include "sys/fingerprint.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/* the machine, as far as a drift carries over: what env says of it */
static const char *const machine_keys[] = { "cpu_model", "cpus", "memtotal" };
/* what was timed: a drift of one workload says little of another's */
static const char *const workload_keys[] = {
	"config.workload", "config.command", "config.measure", "config.kernel_tree",
	"config.make_target", "config.kconfig",
};
/* its size: the session's speed factor is relative, so it carries over */
static const char *const size_keys[] = {
	"config.synthetic_dirs", "config.synthetic_files", "config.synthetic_funcs",
	"config.make_jobs", "config.duration",
};

/* a session's noload Time on the log scale, by the delta method */
static int log_stats(const struct kernel_results *kr, struct running_stats *out)
{
	const struct load_summary *ls = kernel_results_load(kr, "noload");
	double mean;

	if (!ls || ls->time.n < 2 || !((mean = running_stats_mean(&ls->time)) > 0))
		return 0;
	out->n = ls->time.n;
	out->mean = log(mean);
	out->m2 = ls->time.m2 / (mean * mean);
	return 1;
}

int calibration_read(const char *dir, struct calibration *cal)
{
	char *cdir = xasprintf("%s/%s", dir, CALIBRATION_DIR), *newest = NULL;
	struct kernel_results *krs = NULL;
	struct running_stats *logs;
	struct stat st;
	size_t n = 0;
	double m2 = 0;
	int ret = 0;

	memset(cal, 0, sizeof(*cal));
	cal->tau2 = cal->tau_df = cal->within_pct = cal->tau2_low = cal->tau2_high = NAN;
	if (stat(cdir, &st) < 0 && errno == ENOENT) {
		free(cdir);
		return 0;
	}
	ret = results_read_all(cdir, &krs, &n);
	logs = xcalloc(n + 1, sizeof(*logs));
	for (size_t i = 0; i < n; i++) {
		if (!log_stats(&krs[i], &logs[cal->sessions]))
			continue;
		m2 += logs[cal->sessions].m2;
		cal->runs += logs[cal->sessions++].n;
		newest = krs[i].name;	/* oldest first */
	}
	cal->within_pct = cal->runs > cal->sessions ?
			  100.0 * sqrt(m2 / (double)(cal->runs - cal->sessions)) : NAN;
	if (cal->sessions >= 2) {
		cal->tau2 = drift_tau2(logs, cal->sessions, &cal->tau_df);
		drift_tau2_interval(logs, cal->sessions, CALIBRATION_LEVEL, &cal->tau2_low,
				    &cal->tau2_high);
	}
	if (newest) {
		char *path = xasprintf("%s/%s/env", cdir, newest);

		cal->env = read_regular_file_warn(path, NULL);	/* a FIFO would hang */
		free(path);
	}
	free(logs);
	results_release_all(krs, n);
	free(cdir);
	return ret;
}

void calibration_release(struct calibration *cal)
{
	free(cal->env);
	memset(cal, 0, sizeof(*cal));
}

double calibration_drift_pct(double tau2)
{
	return 100.0 * (exp(sqrt(tau2)) - 1.0);
}

int calibration_too_small(const struct calibration *cal)
{
	return !isfinite(cal->tau2_high) || !isfinite(cal->within_pct) ||
	       calibration_drift_pct(cal->tau2_high) >= cal->within_pct;
}

/*
 * The first of keys in which the two env files differ, or NULL. A key
 * neither says is the same where absent_same (an older env without it),
 * else a difference (a machine both must name).
 */
static const char *first_difference(const struct env *a, const struct env *b,
				    const char *const *keys, size_t nkeys, int absent_same)
{
	for (size_t i = 0; i < nkeys; i++) {
		const char *va = env_get(a, keys[i]), *vb = env_get(b, keys[i]);
		int same = va && vb ? !strcmp(va, vb) : !va && !vb && absent_same;

		if (!same)
			return keys[i];
	}
	return NULL;
}

#define DIFFERENCE(a, b, keys, absent_same) \
	first_difference(a, b, keys, ARRAY_SIZE(keys), absent_same)

void compare_opts_calibrate(struct compare_opts *o, const char *dir, const struct env *base_env)
{
	struct calibration cal;
	struct env *cal_env;
	const char *key;

	if (calibration_read(dir, &cal) < 0 || !cal.sessions) {
		calibration_release(&cal);
		return;
	}
	cal_env = cal.env ? env_parse(cal.env, 1) : NULL;	/* its own file, parsed once */
	if (isnan(cal.tau2))
		warning("'%s/%s' has %zu session, 2 or more are needed: run contest calibrate "
			"again", dir, CALIBRATION_DIR, cal.sessions);
	else if (!base_env || !cal.env)
		warning("the calibration is not used: no env file says which machine %s",
			!cal.env ? "it was measured on" : "BASE was measured on");
	else if ((key = DIFFERENCE(cal_env, base_env, machine_keys, 0)))
		warning("the calibration is not used: it was measured on another machine "
			"(its %s differs from BASE's)", key);
	else if ((key = DIFFERENCE(cal_env, base_env, workload_keys, 1)))
		warning("the calibration is not used: it was measured on another workload "
			"(its %s differs from BASE's)", key);
	else {
		if ((key = DIFFERENCE(cal_env, base_env, size_keys, 1)))
			warning("the calibration was measured at another size of this workload "
				"(its %s differs from BASE's): its drift is used as a relative "
				"figure, since a session's speed scales a larger run alike", key);
		o->tau2 = cal.tau2_high;
		o->tau_df = INFINITY;
		o->tau2_est = cal.tau2;
		o->tau2_low = cal.tau2_low;
	}
	env_free(cal_env);
	calibration_release(&cal);
}

const char *calibration_workload_difference(const struct env *a, const struct env *b)
{
	const char *key = DIFFERENCE(a, b, workload_keys, 1);

	return key ? key : DIFFERENCE(a, b, size_keys, 1);
}

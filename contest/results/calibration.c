/* calibration.c - this machine's drift between sessions, see calibration.h */
#include "results/calibration.h"
#include "record/env.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

/*
 * What a calibration must match BASE on, env's table's flags (record/
 * env.h): ENV_CAL_MACHINE, the machine, as far as a drift carries over;
 * ENV_CAL_WORKLOAD, what was timed: a drift of one workload says little
 * of another's; ENV_CAL_SIZE, its size: the session's speed factor is
 * relative, so it carries over.
 */

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

/*
 * The name of the first key with flag (in the table's order) in which
 * the two env files differ, or NULL. A key neither says is the same
 * where absent_same (an older env without it), else a difference (a
 * machine both must name).
 */
static const char *first_difference(const struct env *a, const struct env *b, unsigned flag,
				    int absent_same)
{
	for (size_t i = 0; i < ENV_NKEYS; i++) {
		const char *va, *vb;
		int same;

		if (!(env_keys[i].flags & flag))
			continue;
		va = env_value(a, (enum env_id)i);
		vb = env_value(b, (enum env_id)i);
		same = va && vb ? !strcmp(va, vb) : !va && !vb && absent_same;
		if (!same)
			return env_keys[i].name;
	}
	return NULL;
}

/* the newest session's env, the reference of calibrate -n 0 */
static const struct env *newest_env(struct env *const *envs, size_t n)
{
	for (size_t i = n; i-- > 0;)
		if (envs[i])
			return envs[i];
	return NULL;
}

/* each usable session's env file (warning when it cannot be read), parsed */
static struct env **read_envs(const char *cdir, const struct kernel_results *krs,
			      const struct running_stats *logs, size_t n)
{
	struct env **envs = xcalloc(n + 1, sizeof(*envs));

	for (size_t i = 0; i < n; i++) {
		char *path, *text;

		if (!logs[i].n)
			continue;
		path = xasprintf("%s/%s/env", cdir, krs[i].name);
		text = read_regular_file_warn(path, NULL);	/* a FIFO would hang */
		envs[i] = text ? env_parse(text, 1) : NULL;
		free(text);
		free(path);
	}
	return envs;
}

/*
 * Why the session of env e is left out, its first key that differs in
 * *key; CALIBRATION_LEFT: used. Left out when not like's machine or
 * workload (like NULL: nothing to tell them by), or not size's size (NULL:
 * any). A machine key neither names is a difference from BASE's
 * (like_is_base), not between two sessions that both lack it.
 */
static enum calibration_left left_why(const struct env *e, const struct env *like,
				       int like_is_base, const struct env *size, const char **key)
{
	*key = NULL;
	if (!like)
		return CALIBRATION_LEFT;
	if (!e)
		return LEFT_NO_ENV;
	if ((*key = first_difference(e, like, ENV_CAL_MACHINE, !like_is_base)))
		return LEFT_MACHINE;
	if ((*key = first_difference(e, like, ENV_CAL_WORKLOAD, 1)))
		return LEFT_WORKLOAD;
	if (size && (*key = first_difference(e, size, ENV_CAL_SIZE, 1)))
		return LEFT_SIZE;
	return CALIBRATION_LEFT;
}

/* the size the sessions pooled must share: like's where some session of
 * its machine and workload has it, else (NULL) the newest such session's */
static const struct env *pooled_size(struct env *const *envs, const struct running_stats *logs,
				     size_t n, const struct env *like, int like_is_base)
{
	const char *key;

	for (size_t i = 0; i < n; i++)
		if (logs[i].n && left_why(envs[i], like, like_is_base, like, &key) ==
				 CALIBRATION_LEFT)
			return like;
	return NULL;
}

/* the drift and the noise of the used sessions' logs[0..n) */
static void estimate(struct calibration *cal, const struct running_stats *logs, size_t n)
{
	double m2 = 0;

	for (size_t i = 0; i < n; i++) {
		m2 += logs[i].m2;
		cal->runs += logs[i].n;
	}
	cal->sessions = n;
	cal->within_pct = cal->runs > cal->sessions ?
			  100.0 * sqrt(m2 / (double)(cal->runs - cal->sessions)) : NAN;
	if (cal->sessions >= 2) {
		cal->tau2 = drift_tau2(logs, cal->sessions, &cal->tau_df);
		drift_tau2_interval(logs, cal->sessions, CALIBRATION_LEVEL, &cal->tau2_low,
				    &cal->tau2_high);
	}
}

int calibration_read(const char *dir, struct calibration *cal, const struct env *like)
{
	char *cdir = xasprintf("%s/%s", dir, CALIBRATION_DIR);
	struct kernel_results *krs = NULL;
	struct running_stats *logs, *used;
	const struct env *size = NULL, *ref;
	struct env **envs;
	struct stat st;
	size_t n = 0, nused = 0;
	int ret = 0;

	memset(cal, 0, sizeof(*cal));
	cal->tau2 = cal->tau_df = cal->within_pct = cal->tau2_low = cal->tau2_high = NAN;
	if (stat(cdir, &st) < 0 && errno == ENOENT) {
		free(cdir);
		return 0;
	}
	ret = results_read_all(cdir, &krs, &n);
	logs = xcalloc(n + 1, sizeof(*logs));
	used = xcalloc(n + 1, sizeof(*used));
	for (size_t i = 0; i < n; i++)
		if (!log_stats(&krs[i], &logs[i]))
			logs[i].n = 0;	/* fewer than 2 ok runs: not a session to count */
	envs = read_envs(cdir, krs, logs, n);
	ref = like ? like : newest_env(envs, n);
	size = pooled_size(envs, logs, n, ref, like != NULL);
	for (size_t i = n; i-- > 0;) {	/* newest first: the newest used may set the size */
		enum calibration_left why;
		const char *key;

		if (!logs[i].n)
			continue;
		why = left_why(envs[i], ref, like != NULL, size, &key);
		if (why != CALIBRATION_LEFT) {
			if (!cal->left[why]++)
				cal->left_key[why] = key;
			cal->left_out++;
			continue;
		}
		size = size ? size : envs[i];
		used[nused++] = logs[i];
		if (!cal->env) {
			cal->env = envs[i];
			envs[i] = NULL;
		}
	}
	estimate(cal, used, nused);
	for (size_t i = 0; i < n; i++)
		env_free(envs[i]);
	free(envs);
	free(used);
	free(logs);
	results_release_all(krs, n);
	free(cdir);
	return ret;
}

void calibration_release(struct calibration *cal)
{
	env_free(cal->env);
	memset(cal, 0, sizeof(*cal));
}

char *calibration_left_text(const struct calibration *cal, const char *than)
{
	char *text = NULL, *part, *next;
	size_t said = 0;

	for (int why = 0; why < CALIBRATION_LEFT; why++) {
		size_t n = cal->left[why];
		const char *key = cal->left_key[why];

		if (!n)
			continue;
		part = why == LEFT_NO_ENV ?
		       xasprintf("%zu with no env file to say which machine", n) :
		       why == LEFT_SIZE ?
		       xasprintf("%zu of another size of the workload (its %s differs)", n, key) :
		       xasprintf("%zu %s another %s (its %s differs from %s)", n,
				 why == LEFT_MACHINE ? "on" : "of",
				 why == LEFT_MACHINE ? "machine" : "workload", key, than);
		said += n;
		next = xasprintf("%s%s%s", text ? text : "", !text ? "" :
				 said == cal->left_out ? " and " : ", ", part);
		free(text);
		free(part);
		text = next;
	}
	return text;
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

/* a warning of the calibration: said now (said NULL), else kept in *said */
static void say(char ***said, char *text)
{
	size_t n = 0;

	if (!said) {
		warning("%s", text);
		free(text);
		return;
	}
	while (*said && (*said)[n])
		n++;
	*said = xrealloc(*said, (n + 2) * sizeof(**said));
	(*said)[n] = text;
	(*said)[n + 1] = NULL;
}

/* say which sessions of cal the drift leaves out, and why */
static void warn_left_out(const struct calibration *cal, char ***said)
{
	char *why = calibration_left_text(cal, "BASE's");

	if (!why)
		return;
	if (cal->sessions)
		say(said, xasprintf("the calibration leaves out %zu of its %zu sessions: %s; "
				    "its drift is of the %zu measured on BASE's machine and "
				    "workload", cal->left_out, cal->left_out + cal->sessions, why,
				    cal->sessions));
	else
		say(said, xasprintf("the calibration is not used: none of its %zu session%s "
				    "was measured on BASE's machine and workload: %s",
				    cal->left_out, cal->left_out == 1 ? "" : "s", why));
	free(why);
}

void compare_opts_calibrate_said(struct compare_opts *o, const char *dir,
				  const struct env *base_env, char ***said)
{
	struct calibration cal;
	const char *key;

	if (calibration_read(dir, &cal, base_env) < 0 || !(cal.sessions + cal.left_out)) {
		calibration_release(&cal);
		return;
	}
	if (!base_env) {
		say(said, xstrdup("the calibration is not used: no env file says which "
				  "machine BASE was measured on"));
	} else {
		warn_left_out(&cal, said);
		if (cal.sessions && isnan(cal.tau2))
			say(said, xasprintf("'%s/%s' has %zu session of BASE's machine and "
					    "workload, 2 or more are needed: run contest "
					    "calibrate again", dir, CALIBRATION_DIR, cal.sessions));
	}
	if (base_env && !isnan(cal.tau2)) {
		/* cal.env is the newest used session's: its machine and workload are BASE's */
		if ((key = first_difference(cal.env, base_env, ENV_CAL_SIZE, 1)))
			say(said, xasprintf("the calibration was measured at another size of "
					    "this workload (its %s differs from BASE's): its "
					    "drift is used as a relative figure, since a "
					    "session's speed scales a larger run alike", key));
		o->tau2 = cal.tau2_high;
		o->tau_df = INFINITY;
		o->tau2_est = cal.tau2;
		o->tau2_low = cal.tau2_low;
	}
	calibration_release(&cal);
}

void compare_opts_calibrate(struct compare_opts *o, const char *dir, const struct env *base_env)
{
	compare_opts_calibrate_said(o, dir, base_env, NULL);
}

const char *calibration_workload_difference(const struct env *a, const struct env *b)
{
	const char *key = first_difference(a, b, ENV_CAL_WORKLOAD, 1);

	return key ? key : first_difference(a, b, ENV_CAL_SIZE, 1);
}

/* t-calibration.c - which calibration sessions the drift pools (results/calibration.c):
 * the machine, workload and size they must share, why one is left out, and what
 * compare is given */
#include "results/calibration.h"
#include "record/env.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>
#include <math.h>

#define MACHINE "cpu_model: Box 9000\ncpus: 2\nmemtotal: 1000000000\n"
#define WORK(cmd, jobs) "config:\nworkload = command\ncommand = " cmd "\nmake_jobs = " jobs "\n"

static const char base_text[] = "host: base\n" MACHINE WORK("make", "2");

/* session NAME of r/.calibration: noload runs of times[0..n) on day, its env (NULL: none) */
static int session(const char *name, const double *times, size_t n, const char *day,
		   const char *env)
{
	char *dir = xasprintf("r/%s/%s", CALIBRATION_DIR, name), *rel = xasprintf("%s/env", dir);
	int ret = put_runs(dir, "noload", times, n, day);

	if (!ret && env)
		ret = put_file(rel, env);
	free(rel);
	free(dir);
	return ret;
}

static int sessions(void)
{
	static const double s1[] = { 100, 101, 102 }, s2[] = { 103, 104, 105 };
	static const double two[] = { 90, 91 }, one[] = { 100 };

	return session("s1", s1, 3, "2026-01-01", "host: s1\n" MACHINE WORK("make", "2")) |
	       session("s2", s2, 3, "2026-01-02", "host: s2\n" MACHINE WORK("make", "2")) |
	       session("s3", two, 2, "2026-01-03",
		       "cpu_model: Other\ncpus: 2\nmemtotal: 1000000000\n" WORK("make", "2")) |
	       session("s4", two, 2, "2026-01-04", MACHINE WORK("dd", "2")) |
	       session("s5", one, 1, "2026-01-05", MACHINE WORK("make", "2")) |
	       session("s6", two, 2, "2026-01-06", NULL) |
	       session("s7", two, 2, "2026-01-07", "host: s7\n" MACHINE WORK("make", "4"));
}

/* the drift of the sessions like BASE, and what is left out and why */
static void like_base(const char *dir, const struct env *base)
{
	struct calibration cal;
	double within = 100.0 * sqrt((2.0 / (101.0 * 101) + 2.0 / (104.0 * 104)) / 4);
	char *text;

	ok(calibration_read(dir, &cal, base) == 0, "the sessions are read");
	ok(cal.sessions == 2 && cal.runs == 6, "two sessions of BASE's machine, workload and size");
	ok(cal.left_out == 4 && cal.left[LEFT_NO_ENV] == 1 && cal.left[LEFT_MACHINE] == 1 &&
	   cal.left[LEFT_WORKLOAD] == 1 && cal.left[LEFT_SIZE] == 1,
	   "left out: one without env, one per other machine, workload, size; one run is no session");
	is_str(cal.left_key[LEFT_MACHINE], "cpu_model", "another machine by its CPU model");
	is_str(cal.left_key[LEFT_WORKLOAD], "config.command", "another workload by its command");
	is_str(cal.left_key[LEFT_SIZE], "config.make_jobs", "another size by its jobs");
	ok(fabs(cal.within_pct - within) < 1e-9, "the noise within a session pooled on the log scale");
	ok(isfinite(cal.tau2) && cal.tau2_low <= cal.tau2 && cal.tau2 <= cal.tau2_high,
	   "a drift with its interval around it");
	is_str(env_record(cal.env)->host, "s2", "the env kept is the newest used session's");
	text = calibration_left_text(&cal, "BASE's");
	is_str(text, "1 with no env file to say which machine, 1 on another machine (its "
	       "cpu_model differs from BASE's), 1 of another workload (its config.command "
	       "differs from BASE's) and 1 of another size of the workload (its "
	       "config.make_jobs differs)", "what is left out, said");
	free(text);
	calibration_release(&cal);
}

/* like NULL: the newest session with an env sets machine, workload and size */
static void like_newest(const char *dir)
{
	struct calibration cal;

	calibration_read(dir, &cal, NULL);
	ok(cal.sessions == 1 && cal.left[LEFT_SIZE] == 2 && cal.left[LEFT_NO_ENV] == 1,
	   "without BASE the newest session's size is the one pooled");
	ok(isnan(cal.tau2), "one session: no drift");
	is_str(env_record(cal.env)->host, "s7", "and its env is the one kept");
	calibration_release(&cal);
}

static void given_to_compare(const char *dir, const struct env *base, const struct env *other)
{
	struct compare_opts o;
	struct calibration cal;
	char **said = NULL;

	calibration_read(dir, &cal, base);
	compare_opts_init(&o);
	compare_opts_calibrate_said(&o, dir, base, &said);
	ok(o.tau2 == cal.tau2_high && isinf(o.tau_df) && o.tau2_est == cal.tau2 &&
	   o.tau2_low == cal.tau2_low, "compare tests with the interval's upper end, as a bound");
	ok(said && said[0] && strstr(said[0], "leaves out 4 of its 6 sessions") && !said[1],
	   "and is told what was left out");
	compare_confounds_free(said);
	calibration_release(&cal);

	said = NULL;
	compare_opts_init(&o);
	compare_opts_calibrate_said(&o, dir, other, &said);
	ok(isnan(o.tau2), "no session of BASE's machine: no drift given");
	ok(said && said[0] && strstr(said[0], "not used: none of its 6 sessions"),
	   "and why it is not used");
	compare_confounds_free(said);

	said = NULL;
	compare_opts_init(&o);
	compare_opts_calibrate_said(&o, dir, NULL, &said);
	ok(said && said[0] && strstr(said[0], "no env file says which machine BASE"),
	   "BASE without env: not used, said");
	compare_confounds_free(said);
}

static void rules(const struct env *base)
{
	struct calibration cal = { .tau2_high = 0.0001, .within_pct = 2 };
	struct env *other = env_parse(MACHINE WORK("dd", "4"), 1);
	struct env *bigger = env_parse(MACHINE WORK("make", "8"), 1);

	ok(fabs(calibration_drift_pct(0.01) - 100 * (exp(0.1) - 1)) < 1e-12,
	   "the drift in percent: 100 (e^tau - 1)");
	ok(!calibration_too_small(&cal), "an upper end below the noise rules out a drift");
	cal.within_pct = 0.5;
	ok(calibration_too_small(&cal), "one at or above it cannot");
	cal.within_pct = NAN;
	ok(calibration_too_small(&cal), "nor can an unknown noise");
	is_str(calibration_workload_difference(base, other), "config.command",
	       "the workload's difference before its size's");
	is_str(calibration_workload_difference(base, bigger), "config.make_jobs",
	       "a size's difference when the workload is the same");
	ok(!calibration_workload_difference(base, base), "none between the same work");
	env_free(other);
	env_free(bigger);
}

int main(void)
{
	struct env *base = env_parse(base_text, 1);
	struct env *other = env_parse("cpu_model: Elsewhere\n" WORK("make", "2"), 1);
	struct calibration cal;
	char *dir;

	if (scratch_make() < 0 || sessions() != 0) {
		setup_failed("cannot write the sessions in %s: %s", scratch, strerror(errno));
		return tap_done();
	}
	dir = xasprintf("%s/r", scratch);
	ok(calibration_read(scratch, &cal, base) == 0 && cal.sessions == 0 && !cal.left_out,
	   "no calibration folder: no sessions, no error");
	calibration_release(&cal);
	like_base(dir, base);
	like_newest(dir);
	given_to_compare(dir, base, other);
	rules(base);
	env_free(base);
	env_free(other);
	free(dir);
	scratch_remove();
	return tap_done();
}

/* t-compare-read.c - what compare reads besides the runs (results/compare-read.c): the
 * sentences of what may confound a comparison, and no verdict across accelerators */
#include "results/compare.h"
#include "record/env.h"
#include "lib/util.h"
#include "tap.h"
#include "results-dir.h"

#include <errno.h>

#define HOST "host: box\ncpu_model: Box 9000\ncpus: 2\n"

static const struct {
	const char *name, *env;
	int slow;
} kernels[] = {
	{ "a", HOST "memtotal: 1000000000\ngovernor: performance\n", 0 },
	{ "b", HOST "memtotal: 2000000000\ngovernor: powersave\n", 1 },
	{ "c", HOST "memtotal: 1000000000\ngovernor: performance\nguest: qemu-tcg\n", 0 },
	{ "d", NULL, 0 },
	{ "e", HOST "bisect_tree: /git\nguest_image: /img/e\ncommit: e\n", 0 },
	{ "f", HOST "bisect_tree: /git\nguest_image: /img/f\ncommit: f\n", 0 },
	{ "g", HOST "bisect_tree: /other\nguest_image: /img/g\ncommit: g\n", 0 },
};

/* each kernel's runs, interleaved with the others' (one session), and its env */
static int write_kernels(void)
{
	static const double fast[] = { 100, 101, 102, 100, 101, 102 };
	static const double slow[] = { 120, 121, 122, 120, 121, 122 };
	int ret = 0;

	for (size_t i = 0; i < ARRAY_SIZE(kernels); i++) {
		char *dir = xasprintf("r/%s", kernels[i].name), *env = xasprintf("%s/env", dir);

		ret |= put_runs_at(dir, "noload", kernels[i].slow ? slow : fast, 6, "2026-01-01",
				   (int)i % 2);
		if (kernels[i].env)
			ret |= put_file(env, kernels[i].env);
		free(dir);
		free(env);
	}
	return ret;
}

/* the confounds of two kernels as their env files say them */
static char **confounds(const char *dir, const char *a, const char *b)
{
	char *const names[] = { (char *)a, (char *)b };
	struct env *envs[2];
	char **said;

	for (size_t i = 0; i < 2; i++)
		envs[i] = results_read_env(dir, names[i]);
	said = compare_confounds(dir, names, envs, 2);
	env_free(envs[0]);
	env_free(envs[1]);
	return said;
}

static size_t count(char **said)
{
	size_t n = 0;

	while (said && said[n])
		n++;
	return n;
}

static void sentences(const char *dir)
{
	char **said = confounds(dir, "a", "b");

	ok(count(said) == 2, "two differences, two sentences");
	is_str(said[0], "MEMORY DIFFERS: 'b' had memtotal 2000000000, 'a' had 1000000000: this "
	       "compares memory sizes as well as kernels", "a memory size shouts, first");
	is_str(said[1], "'b' and 'a' were measured with different governor: 'powersave' against "
	       "'performance'", "another key is said with both values");
	compare_confounds_free(said);

	said = confounds(dir, "a", "d");
	ok(count(said) == 1 && strstr(said[0], "no env file for 'd'"), "NEW without env, said");
	compare_confounds_free(said);
	said = confounds(dir, "d", "a");
	ok(count(said) == 1 && strstr(said[0], "no env file for 'd'"),
	   "BASE without env: that alone is said");
	compare_confounds_free(said);

	said = confounds(dir, "e", "f");
	ok(count(said) == 0, "two candidates of one bisection differ by their image unsaid");
	compare_confounds_free(said);
	said = confounds(dir, "e", "g");
	ok(count(said) == 1 && strstr(said[0], "different guest_image"),
	   "kernels of two bisections are told their images differ");
	compare_confounds_free(said);

	said = confounds(dir, "a", "c");
	ok(count(said) >= 1 && !strncmp(said[0], "NO VERDICT ACROSS ACCELERATORS: 'c' ran in ", 43),
	   "an emulated CPU against bare metal is said first");
	compare_confounds_free(said);
}

/* kernel's main row in c, NULL when none */
static const struct compare_row *row_of(const struct compare *c, const char *kernel)
{
	for (size_t i = 0; i < c->nrows; i++)
		if (!strcmp(c->rows[i].kernel, kernel) && c->rows[i].main)
			return &c->rows[i];
	return NULL;
}

static void verdicts(const char *dir)
{
	char *const ab[] = { "a", "b" }, *const ac[] = { "a", "c" }, *const az[] = { "a", "z" };
	struct compare_opts o;
	struct compare c;
	char **said = NULL;
	struct env *envs[2] = { results_read_env(dir, "a"), results_read_env(dir, "c") };
	unsigned char *no = compare_no_verdict(envs, 2);
	const struct compare_row *row;

	ok(!no[0] && no[1], "no verdict for the kernel under an emulated CPU");
	free(no);
	env_free(envs[0]);
	env_free(envs[1]);

	compare_opts_init(&o);
	if (compare_read_inputs(&c, dir, ab, 2, &o, 0, &said) < 0) {
		setup_failed("compare_read_inputs of a and b in %s", dir);
		return;
	}
	row = row_of(&c, "b");
	ok(row && compare_has_verdict(row) && row->verdict.kind == VERDICT_WORSE,
	   "b, 20%% slower in one session, is worse");
	ok(count(said) == 2 && !strncmp(said[0], "MEMORY DIFFERS", 14),
	   "and the confounds come with it");
	compare_confounds_free(said);
	compare_release(&c);

	compare_read_inputs(&c, dir, ac, 2, &o, 0, &said);
	row = row_of(&c, "c");
	ok(row && !compare_has_verdict(row), "c, under an emulated CPU, is given no verdict");
	compare_confounds_free(said);
	compare_release(&c);

	ok(compare_read(&c, dir, az, 2, &o) < 0, "a kernel that cannot be read leaves no comparison");
}

int main(void)
{
	char *dir;

	if (!(dir = scratch_results(write_kernels)))
		return tap_done();
	sentences(dir);
	verdicts(dir);
	free(dir);
	scratch_remove();
	return tap_done();
}

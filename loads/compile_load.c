/* compile_load.c - the compile as a background load: the synthetic tree
 * built again and again, as interbench's "compile" load and contest's own
 * workload, so that an interactive task can be measured under a kernel
 * compile
 *
 * prepare generates the tree the config's synthetic_* keys describe (the
 * tree workload = synthetic times) in the load's scratch directory; each
 * unit is `make clean` then `make -jJOBS` there; its progress is the files
 * compiled, counted from the command lines make echoes, so that Loads has a
 * fraction in a window shorter than a build. The load's CPU (LCPU%) is the
 * compilers' and make's, reaped through load_reap.
 */
#include "loads/load.h"
#include "loads/synthetic.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* the load's keys, its [compile_load] section */
struct compile_keys {
	long long jobs;
};

static const struct config_option compile_options[] = {
	LOAD_KEY(struct compile_keys, jobs, OPT_INT, "0", "make -j jobs; 0 means 4 x CPUs", NULL, 0, 4096),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int compile_supported(const struct load_env *env, char *why, size_t whylen)
{
	(void)env;
	if (load_find_program("make") || load_find_program("cc")) {
		snprintf(why, whylen, "make and cc are needed (apt-get install make gcc)");
		return -1;
	}
	return 0;
}

static int compile_prepare(struct load_env *env)
{
	char *tree = load_path(env, "tree");
	int ret = synthetic_generate(tree, env->synthetic_dirs, env->synthetic_files,
				     env->synthetic_funcs);

	free(tree);
	return ret;
}

/* make -jJOBS in tree, each compile it echoes ("cc ... -c ...") one unit of progress */
static int build(struct load_env *env, char *const argv[], const char *tree)
{
	char line[4096];
	int fds[2], status;
	FILE *out;
	pid_t pid;

	if (pipe(fds) < 0)
		load_fail(env, "cannot make a pipe: %s", strerror(errno));
	pid = load_fork();
	if (pid < 0)
		load_fail(env, "cannot fork make: %s", strerror(errno));
	if (pid == 0) {
		close(fds[0]);
		if (dup2(fds[1], STDOUT_FILENO) < 0 || dup2(fds[1], STDERR_FILENO) < 0 ||
		    chdir(tree) < 0)
			_exit(127);
		execvp(argv[0], argv);
		_exit(127);
	}
	close(fds[1]);
	out = fdopen(fds[0], "r");
	if (!out)
		load_fail(env, "cannot read make's output: %s", strerror(errno));
	while (fgets(line, sizeof(line), out))
		if (strstr(line, " -c "))
			load_progress(env, 1);
	fclose(out);
	while (load_reap(env->ctr, pid, &status) < 0)
		if (errno != EINTR)
			return -1;
	return status;
}

static int compile_run(struct load_env *env)
{
	long long n = ((const struct compile_keys *)env->opts)->jobs;
	char *tree = load_path(env, "tree");
	char jobs[32];
	char *clean[] = { "make", "clean", NULL }, *make[] = { "make", jobs, NULL };
	int status;

	snprintf(jobs, sizeof(jobs), "-j%lld", n > 0 ? n : 4LL * env->ncpus);
	/* the files of a build: a .c a file in each directory, and init/main.c */
	load_set_per_unit(env, (uint64_t)env->synthetic_dirs * (uint64_t)env->synthetic_files + 1);
	for (;;) {
		status = load_exec(env, clean, tree, NULL);
		if (status != 0)
			load_fail_exec(env, "make clean", status, NULL);
		status = build(env, make, tree);
		if (status != 0)
			load_fail_exec(env, "make", status, NULL);
		load_unit_done(env);
	}
}

static void compile_cleanup(struct load_env *env)
{
	char *tree = load_path(env, "tree");

	rm_rf(tree);
	free(tree);
}

const struct load load_compile_load = {
	.name = "compile_load",
	.unit = "build of the synthetic tree",
	.work_unit = "files compiled",
	.help = "the synthetic tree's make clean and make -jJOBS, again and again (interbench's compile)",
	.options = compile_options,
	.options_size = sizeof(struct compile_keys),
	.supported = compile_supported,
	.prepare = compile_prepare,
	.run = compile_run,
	.cleanup = compile_cleanup,
};

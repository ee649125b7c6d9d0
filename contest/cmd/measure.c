/* measure.c - contest measure: one load alone, its work in a fixed duration
 *
 * What `contest run` times for workload = load (measure = LOAD): the
 * session prepares the load in its scratch directory, runs this command
 * as its workload with the load's keys, and reads the summary line from
 * its log (session/measure.h). Alone, it prepares a scratch directory of
 * its own under the config's work_dir and removes it afterwards.
 */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "loads/loads.h"
#include "session/measure.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest measure [-c CONF] [-s KEY=VALUE]... [--duration SECONDS]\n"
	"                       [--scratch DIR] LOAD\n";

static const char intro_text[] =
	"\n"
	"Run one load (see contest list) for SECONDS and print the units of work it\n"
	"finished (tworead_load: block pairs read), its finer work (bytes) and the\n"
	"units a second, on one line starting \"measure:\". The load's own keys come\n"
	"from the config and -s LOAD.KEY=VALUE. With --scratch, DIR holds the load as\n"
	"its prepare left it (what `contest run` does for workload = load); without,\n"
	"the load is prepared in a directory of its own under work_dir first,\n"
	"untimed, and removed after.\n";

static const char tail_text[] =
	"Exit status: 0 measured, 1 the measurement failed (said on the summary line),\n"
	"2 bad usage.\n";

static volatile sig_atomic_t stop;

static void on_signal(int sig)
{
	stop = sig;
}

/* the load's own directory when none was given: prepared here, untimed */
static char *own_scratch(const struct load *l, const char *work_dir, struct load_env *env)
{
	char *dir;

	if (mkdir_p(work_dir, 0755) < 0) {
		error("cannot create '%s': %s", work_dir, strerror(errno));
		return NULL;
	}
	dir = scratch_make(work_dir, "measure");
	if (!dir)
		return NULL;
	env->scratch = dir;
	if (l->prepare && l->prepare(env) < 0) {
		scratch_remove(dir);
		free(dir);
		return NULL;
	}
	return dir;
}

static int measure(const struct load *l, struct load_env *env, double duration)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct measure_result r;
	char why[256];

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (l->supported && l->supported(env, why, sizeof(why)) < 0) {
		memset(&r, 0, sizeof(r));
		snprintf(r.failed, sizeof(r.failed), "%s cannot run here: %.200s", l->name, why);
	} else {
		measure_load(l, env, duration, &stop, &r);
	}
	measure_result_print(stdout, &r);
	return r.failed[0] ? EXIT_RUN_FAILED : 0;
}

int cmd_measure(int argc, char **argv)
{
	struct cli_args c;
	double duration = 30;
	const char *scratch = NULL;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&c.conf),
		CLI_OPT_SET(&c.sets),
		{ .long_name = "duration", .type = ARG_NUMBER, .value = &duration,
		  .argname = "SECONDS", .min = 0, .max = 86400, .bounds = ARG_OPEN_MIN,
		  .help = "how long the load runs (default 30)" },
		{ .long_name = "scratch", .type = ARG_STRING, .value = &scratch, .argname = "DIR",
		  .help = "the load's prepared directory (default: prepare one)" },
		OPTION_END,
	};
	struct load_env env;
	const struct load *l;
	struct config *cfg = NULL;
	char *own = NULL;
	int status, first;

	cli_args_init(&c, argc);
	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status >= 0)
		goto out;
	status = EXIT_USAGE;
	if (first != argc - 1) {
		usage_error(usage_text, "measure takes one LOAD");
		goto out;
	}
	l = load_find(argv[first]);
	if (!l || (l->flags & LOAD_NONE)) {
		error("'%s' is no load that works: see contest list", argv[first]);
		goto out;
	}
	cfg = cli_config(&c);
	if (!cfg)
		goto out;
	memset(&env, 0, sizeof(env));
	contest_load_env(&env, cfg, l->name);
	env.scratch = scratch;
	env.ram = contest_ram(contest_config(cfg));
	env.swap = meminfo_bytes("SwapFree");
	env.ncpus = ncpus_usable();
	if (!scratch && !(own = own_scratch(l, contest_config(cfg)->main.work_dir, &env))) {
		status = EXIT_RUN_FAILED;
		goto out;
	}
	status = cli_close_stdout(measure(l, &env, duration));
	if (own) {
		if (l->cleanup)
			l->cleanup(&env);
		scratch_remove(own);
		free(own);
	}
out:
	config_free(cfg);
	cli_args_release(&c);
	return status;
}

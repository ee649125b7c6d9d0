/* dbench_load.c - the real dbench with 16 x CPUs clients in scratch, again and again (contest 0.61)
 *
 * One unit is one completed dbench run of `time` seconds (plus its own
 * start-up and cleanup). dbench's output goes to a log in scratch, kept
 * only for the last run, so a failure can say what dbench said.
 */
#include "loads/load.h"
#include "lib/util.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#define DBENCH_DIR "dbench"
#define DBENCH_LOG "dbench.log"

/* the load's keys, its [dbench_load] section */
struct dbench_keys {
	const char *dbench;
	const char *loadfile;
	long long clients;
	double time;
};

static const struct config_option dbench_options[] = {
	LOAD_KEY(struct dbench_keys, dbench, OPT_STR, "dbench", "the dbench binary (Debian package dbench), looked up on PATH", NULL, 0, 0),
	LOAD_KEY(struct dbench_keys, loadfile, OPT_PATH, "/usr/share/dbench/client.txt", "dbench's load file (-c)", NULL, 0, 0),
	LOAD_KEY(struct dbench_keys, clients, OPT_INT, "0", "dbench clients; 0 means 16 x CPUs", NULL, 0, 65536),
	LOAD_KEY(struct dbench_keys, time, OPT_DURATION, "10s", "each dbench run's time limit (-t, whole seconds)", NULL, 1, 86400),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static int dbench_supported(const struct load_env *env, char *why, size_t whylen)
{
	const struct dbench_keys *k = env->opts;
	const char *bin = k->dbench, *loadfile = k->loadfile;

	if (load_find_program(bin) < 0) {
		snprintf(why, whylen, "'%s' not found (install the dbench package or set dbench)", bin);
		return -1;
	}
	if (!*loadfile || access(loadfile, R_OK) < 0) {
		snprintf(why, whylen, "load file '%s' not readable (set loadfile)", loadfile);
		return -1;
	}
	return 0;
}

static void dbench_cleanup(struct load_env *env)
{
	char *dir = load_path(env, DBENCH_DIR), *log = load_path(env, DBENCH_LOG);

	/* a killed dbench leaves its clients/ tree behind */
	if (rm_rf(dir) < 0)
		warning("cannot remove '%s': %s", dir, strerror(errno));
	unlink(log);
	free(dir);
	free(log);
}

static int dbench_prepare(struct load_env *env)
{
	char *dir = load_path(env, DBENCH_DIR);
	int ret = 0;

	dbench_cleanup(env);
	if (mkdir(dir, 0755) < 0)
		ret = error("cannot make '%s': %s", dir, strerror(errno));
	free(dir);
	return ret;
}

static int dbench_run(struct load_env *env)
{
	const struct dbench_keys *k = env->opts;
	long long clients = k->clients;
	double t = ceil(k->time);
	char *dir = load_path(env, DBENCH_DIR), *log = load_path(env, DBENCH_LOG);
	char *time_arg = xasprintf("%d", (int)t);
	char *clients_arg = xasprintf("%lld", clients > 0 ? clients : 16LL * env->ncpus);
	char *argv[] = { (char *)k->dbench, "-D", dir,
			 "-c", (char *)k->loadfile, "-t", time_arg, clients_arg, NULL };

	for (;;) {
		int st;

		if (truncate(log, 0) < 0 && errno != ENOENT)
			load_fail(env, "cannot truncate '%s': %s", log, strerror(errno));
		st = load_exec(env, argv, NULL, log);
		if (st != 0)
			load_fail_exec(env, "dbench", st, log);
		load_unit_done(env);
	}
}

const struct load load_dbench_load = {
	.name = "dbench_load",
	.unit = "dbench run completed",
	.help = "dbench -t TIME with 16 x CPUs clients (Debian's dbench and client.txt) in scratch, again and again",
	.options = dbench_options,
	.options_size = sizeof(struct dbench_keys),
	.supported = dbench_supported,
	.prepare = dbench_prepare,
	.run = dbench_run,
	.cleanup = dbench_cleanup,
};

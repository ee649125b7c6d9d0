/* ctar_load.c - tar cf of the workload's tree into a scratch file, again and again (contest 0.61) */
#include "loads/load.h"
#include "lib/util.h"

#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

#define CTAR_ARCHIVE "ctar.tar"
#define CTAR_LOG "ctar.log"

static void ctar_cleanup(struct load_env *env)
{
	char *archive = load_path(env, CTAR_ARCHIVE), *log = load_path(env, CTAR_LOG);

	unlink(archive);
	unlink(log);
	free(archive);
	free(log);
}

static int ctar_prepare(struct load_env *env)
{
	ctar_cleanup(env);	/* a stale archive from a crash */
	return 0;
}

static int ctar_run(struct load_env *env)
{
	char *archive = load_path(env, CTAR_ARCHIVE), *log = load_path(env, CTAR_LOG);

	for (;;) {
		/* tar truncates the archive itself; unit = one archive written */
		int st = load_tar_tree(env, archive, log);

		if (st)
			load_fail_exec(env, "tar", st, log);
		load_unit_done(env);
	}
}

const struct load load_ctar_load = {
	.name = "ctar_load",
	.unit = "archive written",
	.help = "tar cf of the workload's tree into a scratch file, again and again",
	.supported = load_check_tree,
	.prepare = ctar_prepare,
	.run = ctar_run,
	.cleanup = ctar_cleanup,
};

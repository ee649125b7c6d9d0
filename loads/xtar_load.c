/* xtar_load.c - extract a tarball of the workload's tree, again and again (contest 0.61)
 *
 * The tarball is made once, untimed, in prepare; each unit removes the
 * previous copy and extracts afresh, so both the unlinks and the writes
 * are part of the load.
 */
#include "loads/load.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#define XTAR_ARCHIVE "xtar.tar"
#define XTAR_DIR "x"
#define XTAR_LOG "xtar.log"

static void xtar_cleanup(struct load_env *env)
{
	char *archive = load_path(env, XTAR_ARCHIVE), *dir = load_path(env, XTAR_DIR);
	char *log = load_path(env, XTAR_LOG);

	unlink(archive);
	unlink(log);
	if (rm_rf(dir) < 0)
		warning("cannot remove '%s': %s", dir, strerror(errno));
	free(archive);
	free(dir);
	free(log);
}

static int xtar_prepare(struct load_env *env)
{
	char *archive = load_path(env, XTAR_ARCHIVE);
	int st = load_tar_tree(env, archive, NULL);
	char how[PROC_STATUS_LEN];

	if (st)
		error("cannot make '%s' from the tree '%s': tar %s", archive, env->tree,
		      proc_status_text(st, how, sizeof(how)));
	free(archive);
	if (st)
		xtar_cleanup(env);
	return st ? -1 : 0;
}

static int xtar_run(struct load_env *env)
{
	char *archive = load_path(env, XTAR_ARCHIVE), *dir = load_path(env, XTAR_DIR);
	char *log = load_path(env, XTAR_LOG);
	char *argv[] = { "tar", "xf", archive, "-C", dir, NULL };
	struct stat st_archive;

	if (stat(archive, &st_archive) < 0)
		load_fail(env, "cannot stat '%s': %s", archive, strerror(errno));
	/* the work is the archive's bytes: the same tree must give the same tarball */
	load_set_per_unit(env, (uint64_t)st_archive.st_size);
	for (;;) {
		int st;

		if (rm_rf(dir) < 0)
			load_fail(env, "cannot remove '%s': %s", dir, strerror(errno));
		if (mkdir(dir, 0755) < 0)
			load_fail(env, "cannot make '%s': %s", dir, strerror(errno));
		if (truncate(log, 0) < 0 && errno != ENOENT)
			load_fail(env, "cannot truncate '%s': %s", log, strerror(errno));
		st = load_exec(env, argv, NULL, log);
		if (st != 0)
			load_fail_exec(env, "tar", st, log);
		load_progress(env, (uint64_t)st_archive.st_size);
		load_unit_done(env);
	}
}

const struct load load_xtar_load = {
	.name = "xtar_load",
	.unit = "tree extracted",
	.work_unit = "bytes",
	.help = "extract a tarball of the workload's tree (made untimed) into scratch, again and again",
	.supported = load_check_tree,
	.prepare = xtar_prepare,
	.run = xtar_run,
	.cleanup = xtar_cleanup,
};

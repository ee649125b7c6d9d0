/* rerun-boot.c - contest rerun of a guest's session: its recorded image booted again (see rerun-boot.h) */
#include "guest/rerun-boot.h"
#include "record/config-keys.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <unistd.h>

#define RERUN_PREFIX ".rerun-"

/*
 * The recorded config as a file the guest's contest reads with -c:
 * RESULTS/.rerun-PID.XXXXXX/config (the guest sees RESULTS, a QEMU guest
 * too), the directory a scratch one (sys/scratch.h: a forced exit
 * removes it). The file stays open, locked (flock), in *fd while the
 * rerun lives: what tells a later rerun it is not a dead one's. The
 * directory in *dir and the file's path, or NULL said.
 */
static char *config_file(const struct rerun *r, char **dir, int *fd)
{
	const char *results = contest_config(r->cfg)->main.results;
	char *prefix = xasprintf("%s%d", RERUN_PREFIX, (int)getpid()), *path = NULL, *text;
	int ok;

	*dir = scratch_make(results, prefix);
	free(prefix);
	if (!*dir)
		return NULL;
	path = xasprintf("%s/config", *dir);
	text = config_dump_text(r->cfg);
	*fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	ok = *fd >= 0 && flock(*fd, LOCK_EX) == 0 && write_all(*fd, text, strlen(text)) == 0;
	if (!ok) {
		error("cannot write the recorded config to '%s': %s", path, strerror(errno));
		if (*fd >= 0)
			close(*fd);
		*fd = -1;
		scratch_remove(*dir);
		free(*dir);
		*dir = NULL;
		free(path);
		path = NULL;
	}
	free(text);
	return path;
}

/* a rerun's directory path with no rerun behind it: its config's lock is
 * free (the rerun that held it is gone, on any host sharing RESULTS);
 * before there was a config, its PID is not one here */
static int dead_rerun(const char *path, int pid)
{
	char *conf = xasprintf("%s/config", path);
	int fd = open(conf, O_RDONLY | O_CLOEXEC), dead;

	if (fd >= 0) {
		dead = flock(fd, LOCK_EX | LOCK_NB) == 0;
		close(fd);
	} else {
		dead = errno == ENOENT && kill(pid, 0) < 0 && errno == ESRCH;
	}
	free(conf);
	return dead;
}

/* RESULTS/.rerun-PID.* of a rerun that could not remove it (SIGKILL) */
static void remove_dead(const char *results)
{
	DIR *d = opendir(results);
	struct dirent *e;

	while (d && (e = readdir(d))) {
		char *path, *marker, dot;
		int pid;

		if (sscanf(e->d_name, RERUN_PREFIX "%d%c", &pid, &dot) != 2 || dot != '.' || pid <= 0)
			continue;
		path = xasprintf("%s/%s", results, e->d_name);
		marker = xasprintf("%s/%s", path, SCRATCH_MARKER);
		/* not marked: not ours, left alone */
		if (access(marker, F_OK) == 0 && dead_rerun(path, pid) && scratch_remove(path) == 0)
			info("removed '%s': a rerun killed before it could", path);
		free(marker);
		free(path);
	}
	if (d)
		closedir(d);
}

int rerun_boot(const struct rerun *r, struct boot_ran *ran)
{
	const struct rerun_guest *g = &r->guest;
	char *dir, *conf, *kernel;
	int lock;
	const char **argv, *env[] = { g->kernel_env, NULL };
	struct boot_opts bo;
	struct boot_passthrough pt;
	struct config *host;
	int nargs = 0, status;

	memset(ran, 0, sizeof(*ran));
	remove_dead(contest_config(r->cfg)->main.results);
	if (!(conf = config_file(r, &dir, &lock)))
		return EXIT_USAGE;
	while (g->boot_args[nargs])
		nargs++;
	/* run -c CONF LOAD...: what run --boot hands the contest in the guest */
	argv = xcalloc((size_t)r->nloads + 4, sizeof(*argv));
	argv[0] = "run";
	argv[1] = "-c";
	argv[2] = conf;
	for (int i = 0; i < r->nloads; i++)
		argv[3 + i] = r->loads[i];
	pt = (struct boot_passthrough){ 3 + r->nloads, (char **)argv, r->loads, r->nloads };
	boot_opts_init(&bo, nargs + r->nloads + 4);	/* own[] covers argv */
	kernel = xasprintf("%s=%s", r->variant.name, g->image);
	bo.kernels[bo.nkernels++] = kernel;
	for (int i = 0; i < nargs; i++) {
		bo.arg_kernel[bo.nargs] = -1;
		bo.args[bo.nargs++] = g->boot_args[i];
	}
	bo.mem = g->mem;
	bo.cpus = g->kind && strcmp(g->kind, "uml") ? g->cpus : NULL;
	bo.disk = g->disk;
	bo.timeout = g->timeout;
	bo.kernel_env = env;
	/* the recorded accelerator for the host's boot alone: the guest's
	 * config (conf) stays the recorded one, guest_accel = auto too */
	host = config_copy(r->cfg);
	if (!g->accel || config_set_field(host, &contest_config(host)->main.guest_accel,
					  g->accel, "the env's guest") == 0)
		status = boot_run(host, &bo, &pt, ran);
	else
		status = EXIT_USAGE;
	config_free(host);
	scratch_remove(dir);
	close(lock);
	free(dir);
	boot_opts_release(&bo);
	free(kernel);
	free(argv);
	free(conf);
	return status;
}

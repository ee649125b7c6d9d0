/* rerun-boot.c - contest rerun of a guest's session: its recorded image booted again (see rerun-boot.h) */
#include "guest/rerun-boot.h"
#include "record/config-keys.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/*
 * The recorded config as a file the guest's contest reads with -c:
 * RESULTS/.rerun.XXXXXX (the guest sees RESULTS, a QEMU guest too); its
 * path, or NULL said
 */
static char *config_file(const struct rerun *r)
{
	char *path = xasprintf("%s/.rerun.XXXXXX", contest_config(r->cfg)->main.results);
	char *text = config_dump_text(r->cfg);
	int fd = mkstemp(path), ok = fd >= 0 && write_all(fd, text, strlen(text)) == 0;

	if (fd >= 0 && close(fd) < 0)
		ok = 0;
	if (!ok) {
		error("cannot write the recorded config to '%s': %s", path, strerror(errno));
		if (fd >= 0)
			unlink(path);
		free(path);
		path = NULL;
	}
	free(text);
	return path;
}

int rerun_boot(const struct rerun *r, struct boot_ran *ran)
{
	const struct rerun_guest *g = &r->guest;
	char *conf = config_file(r), *kernel;
	const char **argv, *env[] = { g->kernel_env, NULL };
	struct boot_opts bo;
	struct boot_passthrough pt;
	struct config *host;
	int nargs = 0, status;

	memset(ran, 0, sizeof(*ran));
	if (!conf)
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
	unlink(conf);
	boot_opts_release(&bo);
	free(kernel);
	free(argv);
	free(conf);
	return status;
}

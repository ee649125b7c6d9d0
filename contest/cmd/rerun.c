/* cmd/rerun.c - contest rerun: a kernel's session again, as its env recorded it */
#include "record/config-keys.h"
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "guest/rerun-boot.h"
#include "lib/owner.h"
#include "results/summary.h"
#include "session/rerun.h"
#include "session/rounds.h"
#include "show/show.h"
#include "lib/util.h"

#include <stdio.h>

static const char usage_text[] =
	"usage: contest rerun [-c CONF] [-s KEY=VALUE]... [-r DIR] [-k NEW] KERNEL\n";

static const char intro_text[] =
	"\n"
	"Run KERNEL's session again exactly as DIR/KERNEL/env recorded it: its config\n"
	"(the env's config section alone; -c and -s only find DIR), loads, knobs,\n"
	"rounds, --until-sd and runs, into DIR/NEW (default: KERNEL, its runs\n"
	"appended). First a warning for every way this machine differs from the\n"
	"recorded one (another machine, another running kernel, each fact of the\n"
	"fingerprint) and for what an older env file does not say. A run --boot\n"
	"guest's session (a bisection's candidate) boots the recorded image again\n"
	"as recorded (guest kind, accelerator, vCPUs, memory, disk, timeout, boot\n"
	"arguments); an image that is gone is named with how to build it again.\n";

static const char tail_text[] =
	"Exit status: as contest run's: 0 every run ok, 1 a run was not ok, 2 bad\n"
	"usage or an env file that cannot be run again (or that another user than\n"
	"you or root owns or may write, or whose folders are; or a guest's image\n"
	"that is gone), 130/143/129 interrupted.\n";

/* a guest's session: its image booted again (rerun-boot.h), then its table as run --boot's */
static int rerun_guest(const char *dir, const struct rerun *r)
{
	struct boot_ran ran;
	int status = rerun_boot(r, &ran);
	struct show_ran how = { .tables = ran.n > 0, .where = 1 };

	status = show_ran(dir, (const char *const *)ran.names, ran.n, &how, status);
	boot_ran_release(&ran);
	return status;
}

static int rerun(const char *dir, const char *kernel, const char *name, int argc, char **argv)
{
	struct run_request rq;
	struct run_result res = { 0 };
	struct show_ran how;
	struct rerun r;
	int status;

	if (results_check_kernel(dir, kernel) < 0 || (name && check_kernel_name(name) < 0))
		return EXIT_USAGE;
	if (rerun_prepare(&r, dir, kernel, name) < 0) {
		rerun_release(&r);
		return EXIT_USAGE;
	}
	for (char **s = r.differences; *s; s++)
		warning("this machine differs from %s's env: %s", kernel, *s);
	for (char **s = r.lacks; *s; s++)
		warning("%s", *s);
	if (r.guest.kind) {
		status = rerun_guest(dir, &r);
		rerun_release(&r);
		return status;
	}
	rerun_request(&r, &rq, argc, argv);
	session_run(&rq, &res);
	how = (struct show_ran){ res.tables, res.where, res.alpha, res.margin, 0, 0 };
	status = show_ran(dir, (const char *const *)&r.variant.name, 1, &how, res.status);
	rerun_release(&r);
	return status;
}

int cmd_rerun(int argc, char **argv)
{
	struct cli_args ca;
	const char *name = NULL;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&ca.conf),
		CLI_OPT_SET(&ca.sets),
		CLI_OPT_RESULTS(&ca.results),
		{ .short_name = 'k', .type = ARG_STRING, .value = &name, .argname = "NEW",
		  .help = "the new session's kernel name (default: KERNEL's, appended)" },
		OPTION_END,
	};
	struct config *cfg = NULL;
	int status, first;

	cli_args_init(&ca, argc);
	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status < 0 && argc - first != 1)
		status = usage_error(usage_text, "rerun takes one KERNEL");
	else if (status < 0 && !(cfg = cli_config(&ca)))
		status = EXIT_USAGE;
	if (cfg)
		status = cli_close_stdout(rerun(contest_config(cfg)->main.results, argv[first], name,
						argc, argv));
	config_free(cfg);
	cli_args_release(&ca);
	return status;
}

/* bisect.c - contest bisect: which commit made it slower, every step a test
 *
 * The options and what is printed; the work is guest/bisect.h's (the
 * driver, its builds, rounds and state; kernel/ the commits and builds),
 * the decisions results/bisect.c's.
 */
#include "guest/bisect.h"
#include "guest/boot.h"
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "output/bisect-text.h"
#include "output/mail.h"
#include "show/show.h"
#include "loads/loads.h"
#include "results/sequential.h"
#include "record/config-keys.h"
#include "session/session.h"
#include "lib/config.h"
#include "lib/proc.h"
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest bisect --tree DIR --good REV --bad REV [-c CONF]\n"
	"                      [-s KEY=VALUE]... [-r DIR] [--load LOAD] [--metric METRIC]\n"
	"                      [--build CMD | --config-fragment F] [--alpha P]\n"
	"                      [--max-rounds N] [--resume] [--vm-mem SIZE]\n"
	"                      [--boot-arg ARG]... [--format text|mail]\n"
	"                      [--from ADDRESS] [--to ADDRESS] [LOAD...]\n";

static const char intro_text[] =
	"\n"
	"Find the commit of the git tree DIR, from --good to --bad (first parent),\n"
	"that made LOAD slower. Good and bad are measured first, in interleaved\n"
	"rounds, and bad must be decided worse. Then each step builds the midpoint\n"
	"(out of tree, one build directory reused), boots it as a user-mode-linux\n"
	"guest and measures it in interleaved rounds beside the nearest good and bad\n"
	"commits until two one-sided tests place it, with the chance of any wrong\n"
	"placement over the whole bisection held at --alpha. The culprit is checked\n"
	"against its parent before it is named. Every candidate's runs are stored\n"
	"in the results directory as SHORT-ID like any kernel's; its .bisect/state\n"
	"keeps every decided step, so --resume after Ctrl-C goes on without\n"
	"measuring one again.\n";

static const char tail_text[] =
	"\n"
	"--build CMD runs in the checked-out tree (CONTEST_BUILD_DIR names the build\n"
	"directory to reuse) and prints the image to boot on its last stdout line.\n"
	"A commit that fails to build or boot is skipped, as git bisect skip does.\n"
	"Exit status: 0 culprit named, 5 a range of commits (a midpoint that could\n"
	"not be placed, skips, or a last check not decided), 6 refused: bad not\n"
	"decided worse than good, 1 an error on the way, 2 bad usage, 130/143/129\n"
	"interrupted (decided steps kept for --resume).\n";

enum bisect_format { BISECT_TEXT, BISECT_MAIL };
#define BISECT_FORMAT_WORDS "text|mail"

struct bisect_args {
	struct cli_args ca;
	struct bisect_request rq;
	struct boot_opts boot;
	int max_rounds;
	int format;			/* enum bisect_format */
	const char *from, *to;		/* --format mail's headers */
};

static int boot_opt(const struct option_spec *o, const char *arg, int first, int end)
{
	struct bisect_args *a = o->value;

	boot_option(&a->boot, o->id, arg, first, end);
	return 0;
}

/*
 * What the guests' sessions are given: "run", -c CONF and each -s (the
 * loads follow in rq->loads); -r and -n are boot_run's own.
 */
static void inner_args(struct bisect_args *a)
{
	int n = 0;

	a->rq.argv = xcalloc((size_t)(2 * a->ca.sets.n + 4), sizeof(*a->rq.argv));
	a->rq.argv[n++] = "run";
	if (a->ca.conf) {
		a->rq.argv[n++] = "-c";
		a->rq.argv[n++] = (char *)a->ca.conf;
	}
	for (int i = 0; i < a->ca.sets.n; i++) {
		a->rq.argv[n++] = "-s";
		a->rq.argv[n++] = (char *)a->ca.sets.v[i];
	}
	a->rq.argc = n + a->rq.nloads;
}

/*
 * --format mail: stdout is the message alone (piped to sendmail -t, a line
 * before From: would be read as a header), so whatever the bisection
 * prints there (its plan, steps, the guests' tables, the outcome) goes to
 * stderr until stdout_back(). The real stdout's descriptor, or -1 (said).
 */
static int progress_to_stderr(void)
{
	int fd;

	fflush(stdout);
	fd = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
	if (fd < 0 || dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
		error("cannot set stdout aside for the mail: %s", strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return fd;
}

static int stdout_back(int fd)
{
	int ret = fflush(stdout) == 0 && dup2(fd, STDOUT_FILENO) >= 0 ? 0 : -1;

	if (ret < 0)
		error("cannot restore stdout for the mail: %s", strerror(errno));
	close(fd);
	return ret;
}

/*
 * --build's program, found now rather than at the first commit: a path
 * with a '/' is taken from where contest runs (the command itself runs in
 * the tree, where scripts/... would be the kernel's own), a bare name on
 * PATH. *build becomes the command with that path absolute (in *owned);
 * -1 (said) when it cannot run, as it would fail at every commit and be
 * taken for a commit that does not build.
 */
static int resolve_build(const char **build, char **owned)
{
	const char *err = NULL;
	char **w = split_words(*build, &err), cwd[4096];
	int ret = -1;

	if (!w || !w[0]) {
		error("--build: %s", err ? err : "no command");
		goto out;
	}
	if (strchr(w[0], '/') && w[0][0] != '/') {
		char *abs;

		if (!getcwd(cwd, sizeof(cwd))) {
			error("--build: cannot read the current directory: %s", strerror(errno));
			goto out;
		}
		abs = xasprintf("%s/%s", cwd, w[0]);
		free(w[0]);
		w[0] = abs;
	}
	if (strchr(w[0], '/') ? access(w[0], X_OK) < 0 : proc_find_program(w[0]) < 0) {
		error("--build: cannot run '%s'%s", w[0], strchr(w[0], '/') ?
		      " (not an executable file)" : ": not on PATH");
		goto out;
	}
	*owned = sh_command((const char *const *)w);
	*build = *owned;
	ret = 0;
out:
	argv_free(w);
	return ret;
}

static int host_config(struct bisect_args *a)
{
	struct config *cfg = contest_config_new();
	const struct config_main *m = &contest_config(cfg)->main;

	a->rq.cfg = cfg;
	if (cli_load_config(cfg, a->ca.conf, a->ca.sets.v, a->ca.sets.n) < 0 ||
	    (a->ca.results && config_set_field(cfg, &m->results, a->ca.results, "-r") < 0) ||
	    config_set_field(cfg, &m->runs, "1", "a round of bisect") < 0 ||
	    session_absolute_paths(cfg) < 0)
		return -1;
	for (int i = 0; i < a->rq.nloads; i++)
		if (!load_find(a->rq.loads[i]))
			return error("unknown load '%s' (see contest list)", a->rq.loads[i]);
	if (a->rq.load && !load_find(a->rq.load))
		return error("--load: unknown load '%s' (see contest list)", a->rq.load);
	return 0;
}

/*
 * A named culprit as the kernel test robot mails it: the culprit's parent
 * against the culprit, both measured in the last check's interleaved
 * rounds, focused on the load and metric the bisection judged by. No
 * culprit (a range, a refusal): no mail, said on stderr.
 */
static int bisect_mail(const struct bisect_args *a, const struct bisect_done *d,
		       const struct show_pair *pair, const char *slower)
{
	const struct kernel_commit *lo = &d->commits[d->res.lo], *hi = &d->commits[d->res.hi];
	const struct kernel_commit *good = &d->commits[0], *bad = &d->commits[d->n - 1];
	char *found = xasprintf("contest bisect found it among the %zu commit%s from %s to %s "
				"(first parent) in %zu step%s: %s was first confirmed %+.1f%% "
				"slower than %s by %s on %s, in %zu interleaved rounds in all; then "
				"%s was decided worse than its parent %s, the two columns below.",
				d->n - 1, d->n == 2 ? "" : "s", good->name, bad->name, d->res.steps,
				d->res.steps == 1 ? "" : "s", bad->name, d->res.change_pct,
				good->name, d->metric ? d->metric : "its main metric", d->load,
				d->res.rounds, hi->name, lo->name);
	char *why = slower ? xasprintf("%s By their profiles (the perf-profile.self rows, a test "
				       "per kernel function): %s.", found, slower) : NULL;
	struct lkp_args m = {
		.dir = d->results, .base = lo->name, .head = hi->name,
		.commit = hi->sha, .subject = hi->subject,
		.load = d->load, .metric = d->metric, .from = a->from, .to = a->to,
		.found = why ? why : found,
	};
	int ret;

	if (d->res.outcome != BISECT_CULPRIT) {
		bisect_text_no_mail(stderr);
		free(found);
		free(why);
		return 0;
	}
	ret = show_pair_lkp(pair, &m, stdout) ? -1 : 0;
	free(found);
	free(why);
	return ret;
}

int cmd_bisect(int argc, char **argv)
{
	struct bisect_args a = { .max_rounds = BISECT_MAX_ROUNDS };
	struct bisect_done d;
	struct show_pair pair;
	char *build = NULL, *slower = NULL;
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&a.ca.conf),
		CLI_OPT_SET(&a.ca.sets),
		CLI_OPT_RESULTS(&a.ca.results),
		{ .long_name = "tree", .type = ARG_STRING, .value = &a.rq.tree, .argname = "DIR",
		  .help = "the kernel's git tree" },
		{ .long_name = "good", .type = ARG_STRING, .value = &a.rq.good, .argname = "REV",
		  .help = "a commit without the regression" },
		{ .long_name = "bad", .type = ARG_STRING, .value = &a.rq.bad, .argname = "REV",
		  .help = "a later commit with it" },
		{ .long_name = "load", .type = ARG_STRING, .value = &a.rq.load, .argname = "LOAD",
		  .help = "the load to judge by (default: the first LOAD, else the\n"
			  "config's first)" },
		{ .long_name = "metric", .type = ARG_STRING, .value = &a.rq.metric,
		  .argname = "METRIC",
		  .help = "Time, Latency, Work, CPU%... (default: the load's main one)" },
		{ .long_name = "build", .type = ARG_STRING, .value = &a.rq.build, .argname = "CMD",
		  .help = "build with CMD (words, no shell) in the checked-out tree;\n"
			  "its last stdout line is the image (default: a UML kernel)" },
		{ .long_name = "config-fragment", .type = ARG_STRING, .value = &a.rq.fragment,
		  .argname = "F", .help = "the default UML build: F on top of its config" },
		{ .long_name = "alpha", .type = ARG_NUMBER, .value = &a.rq.opts.alpha,
		  .argname = "P", .min = 0, .max = 0.5, .bounds = ARG_OPEN_MIN | ARG_OPEN_MAX,
		  .help = "the chance of any wrong placement over the bisection\n"
			  "(default 0.05)" },
		{ .long_name = "max-rounds", .type = ARG_INT, .value = &a.max_rounds, .argname = "N",
		  .min = SEQUENTIAL_FIRST_ROUND, .max = BISECT_MAX_CAP,
		  .help = "a step's cap in interleaved rounds (default 30)" },
		{ .long_name = "resume", .type = ARG_FLAG, .value = &a.rq.resume,
		  .help = "go on with the bisection recorded in DIR/.bisect/state" },
		BOOT_SPEC_("boot-arg", BOOT_OPT_ARG, "ARG",
			   "one more guest kernel argument; repeatable", &a, boot_opt),
		BOOT_SPEC_("vm-mem", BOOT_OPT_MEM, "SIZE", "guest memory (default 1G)", &a,
			   boot_opt),
		BOOT_SPEC_("vm-disk", BOOT_OPT_DISK, "SIZE",
			   "the guest's sparse scratch disk (default 8G)", &a, boot_opt),
		BOOT_SPEC_("vm-timeout", BOOT_OPT_TIMEOUT, "D",
			   "kill a guest that adds no row for D (default 1h)", &a, boot_opt),
		CLI_OPT_FORMAT(&a.format, BISECT_FORMAT_WORDS,
			       "text (default); mail: the culprit as the kernel test\n"
			       "robot mails it, on stdout (the text goes to stderr)"),
		{ .long_name = "from", .type = ARG_STRING, .value = &a.from, .argname = "ADDRESS",
		  .help = "mail: From: (as compare --format mail)" },
		{ .long_name = "to", .type = ARG_STRING, .value = &a.to, .argname = "ADDRESS",
		  .help = "mail: To: (default none)" },
		OPTION_END,
	};
	int status, first, mail_fd = -1, culprit, paired = 0;

	cli_args_init(&a.ca, argc);
	boot_opts_init(&a.boot, argc);
	bisect_opts_init(&a.rq.opts);
	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status >= 0)
		goto out;
	if (!a.rq.tree || !a.rq.good || !a.rq.bad) {
		status = usage_error(usage_text, "bisect needs --tree DIR, --good REV and --bad REV");
		goto out;
	}
	if ((a.from || a.to) && a.format != BISECT_MAIL) {
		status = usage_error(usage_text, "--from and --to go with --format mail");
		goto out;
	}
	if (a.format == BISECT_MAIL && mail_check_addresses(a.from, a.to) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	if (a.rq.build && a.rq.fragment) {
		status = usage_error(usage_text, "--config-fragment goes with the default build, "
				     "not --build");
		goto out;
	}
	if (a.rq.build && resolve_build(&a.rq.build, &build) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	a.rq.opts.max_rounds = (size_t)a.max_rounds;
	a.rq.loads = argv + first;
	a.rq.nloads = argc - first;
	a.rq.boot = &a.boot;
	inner_args(&a);
	if (host_config(&a) < 0) {
		status = EXIT_USAGE;
		goto out;
	}
	if (a.format == BISECT_MAIL && (mail_fd = progress_to_stderr()) < 0) {
		status = EXIT_RUN_FAILED;
		goto out;
	}
	status = bisect_drive(&a.rq, &d);
	if (d.commits && (d.res.rounds || status == 0 || status == EXIT_BISECT_RANGE ||
			  status == EXIT_BISECT_REFUSED))
		bisect_text_write(stdout, &d);
	/* the culprit and its parent read once, for its functions and the mail */
	culprit = d.commits && status == 0 && d.res.outcome == BISECT_CULPRIT;
	if (culprit && show_pair_read(&pair, d.results, d.commits[d.res.lo].name,
				      d.commits[d.res.hi].name, NULL) == 0)
		paired = 1;
	if (paired && (slower = show_pair_slower(&pair, d.load)))
		bisect_text_slower(stdout, slower);
	if (mail_fd >= 0 && stdout_back(mail_fd) < 0)
		status = EXIT_RUN_FAILED;
	else if (mail_fd >= 0 && culprit && !paired)
		status = EXIT_RUN_FAILED;
	else if (mail_fd >= 0 && d.commits && status == 0 &&
		 bisect_mail(&a, &d, paired ? &pair : NULL, slower) < 0)
		status = EXIT_RUN_FAILED;
	if (paired)
		show_pair_release(&pair);
	free(slower);
	bisect_done_release(&d);
	status = cli_close_stdout(status);
out:
	free(build);
	config_free(a.rq.cfg);
	free(a.rq.argv);
	boot_opts_release(&a.boot);
	cli_args_release(&a.ca);
	return status;
}

/* calibrate.c - contest calibrate: this machine's drift between sessions */
#include "cmd/cli.h"
#include "record/config-keys.h"
#include "cmd/cmds.h"
#include "results/calibration.h"
#include "results/report.h"
#include "output/calibration-text.h"
#include "session/request.h"
#include "session/rounds.h"
#include "session/session.h"
#include "show/show.h"
#include "sys/signals.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static const char usage_text[] =
	"usage: contest calibrate [-c CONF] [-s KEY=VALUE]... [-r DIR] [-n SESSIONS]\n"
	"                         [--runs N]\n";

static const char intro_text[] =
	"\n"
	"Measure this machine's drift between sessions: run the same kernel's noload\n"
	"in SESSIONS separate `contest run` sessions of N runs each, one after the\n"
	"other, into DIR/.calibration/ (each session a folder of its own, its output\n"
	"in calibrate.log there), then print the drift and the run-to-run noise.\n"
	"Later calibrations add sessions to the same place, so sessions of other\n"
	"hours and boots count too, those of the newest session's machine and workload\n"
	"alone. compare uses the drift for kernels whose runs were not interleaved,\n"
	"from the sessions of BASE's machine and workload; -n 0 prints the calibration\n"
	"DIR has.\n";

static const char tail_text[] =
	"Exit status: 0 calibrated (or printed), 1 a session failed, 2 bad usage,\n"
	"128+N stopped by signal N (finished sessions are kept).\n";

struct calibrate_args {
	struct cli_args ca;
	int sessions, runs;
};

/* the command line of one session, as `contest run` would be given it
 * (the plan --resume reads records it), into cdir as kernel name */
static char **session_argv(const struct calibrate_args *a, const char *cdir, const char *name,
			   char *runs, int *argc)
{
	char **argv = xcalloc((size_t)(2 * a->ca.sets.n + 11), sizeof(*argv));
	int n = 0;

	argv[n++] = "run";
	if (a->ca.conf) {
		argv[n++] = "-c";
		argv[n++] = (char *)a->ca.conf;
	}
	for (int i = 0; i < a->ca.sets.n; i++) {
		argv[n++] = "-s";
		argv[n++] = (char *)a->ca.sets.v[i];
	}
	argv[n++] = "-r";
	argv[n++] = (char *)cdir;
	argv[n++] = "-k";
	argv[n++] = (char *)name;
	argv[n++] = "-n";
	argv[n++] = runs;
	argv[n++] = "noload";
	*argc = n;
	return argv;
}

/* its config: -c and -s, then its runs and results as run's -n and -r */
static struct config *session_config(const struct calibrate_args *a, const char *cdir,
				     const char *runs)
{
	struct config *cfg = contest_config_new();
	const struct config_main *m = &contest_config(cfg)->main;

	if (cli_load_config(cfg, a->ca.conf, a->ca.sets.v, a->ca.sets.n) < 0 ||
	    config_set_field(cfg, &m->runs, runs, "-n") < 0 ||
	    config_set_field(cfg, &m->results, cdir, "-r") < 0 || session_absolute_paths(cfg) < 0) {
		config_free(cfg);
		return NULL;
	}
	return cfg;
}

/* the session's tables and where its rows went, into out, as run prints
 * them; the status, exit_failed when they could not be written */
static int print_session(const char *dir, const char *name, const struct run_result *res,
			 FILE *out)
{
	struct report_opts opts;
	int status = res->status;

	report_opts_init(&opts);
	if (res->tables && report_print_kernels(dir, &name, 1, &opts, out) < 0)
		status = exit_failed(status);
	if (fflush(out) != 0)	/* before the line after them */
		status = exit_failed(status);
	if (res->where)
		show_where(dir, &name, 1);
	return status;
}

/* stdout and stderr onto fd, the originals saved (-1: none); 0, or -1 (said) */
static int output_to(int fd, int saved[2])
{
	fflush(stdout);
	fflush(stderr);
	for (int i = 0; i < 2; i++) {
		saved[i] = fcntl(i + 1, F_DUPFD_CLOEXEC, 3);
		if (saved[i] < 0 || dup2(fd, i + 1) < 0)
			return error("cannot send the session's output on: %s", strerror(errno));
	}
	return 0;
}

/* and back */
static void output_back(int saved[2])
{
	fflush(stderr);
	for (int i = 0; i < 2; i++)
		if (saved[i] >= 0) {
			dup2(saved[i], i + 1);
			close(saved[i]);
		}
}

/*
 * Session name into cdir, everything it says (its messages and what its
 * programs print) and its tables appended to log, as a child `contest run`
 * with its output there wrote them: the exit status it would exit with.
 */
static int session_logged(const struct calibrate_args *a, const char *cdir, const char *name,
			  const char *log)
{
	char runs[16];
	struct variant v = { .name = name };
	struct run_request rq = { .variants = &v, .nvariants = 1, .loads = (char *[]){ "noload" },
				  .nloads = 1, .until_sd = NAN, .margin = NAN };
	struct run_result res = { 0 };
	struct config *cfg = NULL;
	int fd = open_write_file(log, O_APPEND, 0644), saved[2] = { -1, -1 };
	int status = EXIT_RUN_FAILED;
	FILE *out;

	if (fd < 0) {
		error("cannot open '%s': %s", log, file_strerror(errno));
		return EXIT_RUN_FAILED;
	}
	/* the tables through a stream of their own, fully buffered as run's
	 * stdout into a file is: the messages meanwhile come first */
	if (output_to(fd, saved) < 0 || !(out = fdopen(fd, "a"))) {
		output_back(saved);
		close(fd);
		return EXIT_RUN_FAILED;
	}
	snprintf(runs, sizeof(runs), "%d", a->runs);
	rq.argv = session_argv(a, cdir, name, runs, &rq.argc);
	cfg = session_config(a, cdir, runs);
	if (!cfg || check_kernel_name(name) < 0) {
		status = EXIT_USAGE;
	} else {
		rq.cfgs = (const struct config *const *)&cfg;
		session_run(&rq, &res);
		status = print_session(contest_config(cfg)->main.results, name, &res, out);
	}
	if (fclose(out) != 0 && status == 0) {
		error("cannot write '%s': %s", log, strerror(errno));
		status = EXIT_RUN_FAILED;
	}
	output_back(saved);
	config_free(cfg);
	free(rq.argv);
	return status;
}

/* one session, its output in calibrate.log; 0, or the status to exit with (said) */
static int run_session(const struct calibrate_args *a, const char *cdir, int i)
{
	char name[64], stamp[32], how[PROC_STATUS_LEN];
	char *log = xasprintf("%s/calibrate.log", cdir);
	time_t now = time(NULL);
	int status;

	strftime(stamp, sizeof(stamp), "%Y%m%dT%H%M%S", gmtime(&now));
	snprintf(name, sizeof(name), "s-%s-%d", stamp, i + 1);
	info("calibration session %d of %d: %s (%d noload runs)", i + 1, a->sessions, name,
	     a->runs);
	/* in this process: a signal winds the session down as run's own, and
	 * its finished runs are kept */
	status = session_logged(a, cdir, name, log);
	if (status != 0 && !run_interrupted)
		error("calibration session %s %s (its output: '%s')", name,
		      proc_status_text(W_EXITCODE(status, 0), how, sizeof(how)), log);
	free(log);
	if (run_interrupted)
		return exit_signal(run_interrupted);
	return status == 0 ? 0 : EXIT_RUN_FAILED;
}

static int show(const char *dir)
{
	struct calibration cal;

	if (calibration_read(dir, &cal, NULL) < 0)
		return EXIT_RUN_FAILED;
	calibration_text_write(stdout, dir, &cal);
	calibration_release(&cal);
	return 0;
}

static int calibrate(const struct calibrate_args *a, const char *dir)
{
	char *cdir = xasprintf("%s/%s", dir, CALIBRATION_DIR);
	int status = 0;

	if (mkdir_p(cdir, 0755) < 0) {
		error("cannot make '%s': %s", cdir, strerror(errno));
		free(cdir);
		return EXIT_RUN_FAILED;
	}
	signals_install();
	for (int i = 0; i < a->sessions && !status; i++)
		status = run_session(a, cdir, i);
	free(cdir);
	if (status)
		return status;
	return show(dir);
}

int cmd_calibrate(int argc, char **argv)
{
	struct calibrate_args a = { .sessions = 6, .runs = 5 };
	const struct option_spec opts[] = {
		CLI_OPT_CONF(&a.ca.conf),
		CLI_OPT_SET(&a.ca.sets),
		CLI_OPT_RESULTS(&a.ca.results),
		{ .short_name = 'n', .type = ARG_INT, .value = &a.sessions, .argname = "SESSIONS",
		  .min = 0, .max = 100, .help = "sessions to run (default 6; 0: print only)" },
		{ .long_name = "runs", .type = ARG_INT, .value = &a.runs, .argname = "N",
		  .min = 2, .max = 1000, .help = "noload runs in each session (default 5)" },
		OPTION_END,
	};
	struct config *cfg = NULL;
	int status, first;

	cli_args_init(&a.ca, argc);
	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status < 0 && first < argc) {
		status = usage_error(usage_text, "calibrate takes no operand ('%s')", argv[first]);
	} else if (status < 0) {
		cfg = cli_config(&a.ca);
		status = EXIT_USAGE;
	}
	if (cfg)
		status = cli_close_stdout(calibrate(&a, contest_config(cfg)->main.results));
	config_free(cfg);
	cli_args_release(&a.ca);
	return status;
}

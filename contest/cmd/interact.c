/* interact.c - contest interact: one simulated interactive task, alone
 *
 * What `contest run` times for workload = audio | video | x | gaming: the
 * session runs this command as its workload, with the floor it measured
 * before the load started, and reads the summary line from its log.
 */
#include "cmd/cli.h"
#include "cmd/cmds.h"
#include "session/interactive.h"
#include "lib/util.h"

#include <math.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const char usage_text[] =
	"usage: contest interact [--duration SECONDS] [--rt-priority N] [--nice N]\n"
	"                        [--floor US] [--samples] TASK\n";

static const char intro_text[] =
	"\n"
	"Run one of interbench's simulated interactive tasks for SECONDS and print\n"
	"its wake-up latency (mean, sample SD, p99, max, in microseconds, less the\n"
	"timer's idle oversleep), the share of the CPU it wanted that it got, and\n"
	"the deadlines it met (gaming: the frames a second it reached) on one line\n"
	"starting \"interactive:\". TASK: audio (50 ms period, 5% of a CPU), video\n"
	"(60 frames a second, 40%), x (100 ms frames wanting 0 to 100% and back),\n"
	"gaming (10 ms frames back to back). Without --floor the oversleep is\n"
	"measured first, over 0.2 s, so run it on an idle machine; `contest run`\n"
	"measures it before the load starts.\n";

static const char tail_text[] =
	"Exit status: 0 measured, 1 the measurement failed (said on the summary line),\n"
	"2 bad usage.\n";

static volatile int stop;

static void on_signal(int sig)
{
	(void)sig;
	stop = 1;
}

struct interact_args {
	double duration, floor_us;
	int rt_priority, nice, samples;
};

static int interact(const struct interact_args *a, const struct itask *t)
{
	struct sigaction sa = { .sa_handler = on_signal };
	struct itask_result r;
	double floor_us = a->floor_us;
	char why[200];

	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	if (itask_sched(a->rt_priority, a->nice, why, sizeof(why)) < 0) {
		memset(&r, 0, sizeof(r));
		snprintf(r.failed, sizeof(r.failed), "%s", why);
		itask_result_print(stdout, &r);
		return EXIT_RUN_FAILED;
	}
	if (floor_us < 0)
		floor_us = itask_floor(t, 200);
	itask_run(t, a->duration, floor_us, &stop, a->samples ? stdout : NULL, &r);
	itask_result_print(stdout, &r);
	return r.failed[0] ? EXIT_RUN_FAILED : 0;
}

int cmd_interact(int argc, char **argv)
{
	struct interact_args a = { .duration = 30, .floor_us = -1 };
	const struct option_spec opts[] = {
		{ .long_name = "duration", .type = ARG_NUMBER, .value = &a.duration,
		  .argname = "SECONDS", .min = 0, .max = 86400, .bounds = ARG_OPEN_MIN,
		  .help = "how long the task runs (default 30)" },
		{ .long_name = "rt-priority", .type = ARG_INT, .value = &a.rt_priority,
		  .argname = "N", .min = 0, .max = 99,
		  .help = "run SCHED_FIFO at priority N (default 0: SCHED_OTHER)" },
		{ .long_name = "nice", .type = ARG_INT, .value = &a.nice, .argname = "N",
		  .min = -20, .max = 19, .help = "the nice value without --rt-priority (default 0)" },
		{ .long_name = "floor", .type = ARG_NUMBER, .value = &a.floor_us, .argname = "US",
		  .min = 0, .max = 1e6, .help = "the timer's idle oversleep to take off each latency "
		  "(default: measure it first)" },
		{ .long_name = "samples", .type = ARG_FLAG, .value = &a.samples,
		  .help = "print every latency first, one \"lat US\" line each" },
		OPTION_END,
	};
	const struct itask *t;
	int status, first;

	status = cli_parse(argc, argv, opts, 0, usage_text, intro_text, tail_text, &first);
	if (status >= 0)
		return status;
	if (first != argc - 1)
		return usage_error(usage_text, "interact takes one TASK: audio, video, x or gaming");
	t = itask_find(argv[first]);
	if (!t) {
		error("unknown task '%s': audio, video, x or gaming", argv[first]);
		return EXIT_USAGE;
	}
	return cli_close_stdout(interact(&a, t));
}

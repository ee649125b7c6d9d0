/* bisect.h - contest bisect's request and what came of it; the driver's files
 *
 * bisect_drive() (bisect-drive.c) lists the commits from --good to --bad
 * (kernel/commits.h: along the first parents) and hands them to
 * bisect_run() (results/bisect.h, which decides every step) with the
 * three things it asks of a driver, each in a file of its own:
 *
 *  - prepare (bisect-build.c): a commit's image. kernel/build.h checks
 *    the commit out into one git worktree (WORK/bisect-src) and builds it
 *    into one build directory (WORK/bisect-build) reused from step to
 *    step: a user-mode-linux kernel by default, or --build CMD. The image
 *    is copied to RESULTS/.bisect/images/NAME (the next build overwrites
 *    the build directory's). A build that fails, or a guest that never
 *    boots, skips the commit as git bisect skip does.
 *  - round (bisect-rounds.c): one boot of each commit's guest in the
 *    order given (boot.h's boot_run, one run of each LOAD), the runs
 *    stored under RESULTS/NAME like any kernel's, NAME the commit's
 *    12-digit short id; env records bisect_tree, bisect_commit and
 *    bisect_subject.
 *  - placed (bisect-progress.c): the progress line and its ETA; the plan
 *    and the estimate are there too.
 *
 * All of it by path, so work_dir and the results must be ours (or root's)
 * and written by no one else, bisect-src, bisect-build and .bisect made
 * by mkdir, never a symlink (make_own_dir, owner.h): another user cannot
 * point them at a repository or folder of ours.
 *
 * Every build's outcome and every measured round is appended to
 * RESULTS/.bisect/state as it is known (its lines and checks:
 * bisect-state.h). bisect_run() is deterministic
 * given its measurements, so --resume runs it again from the start and
 * answers its rounds from the state file, in order, until the file ends:
 * no decided step (nor a round of the step in flight) is measured again,
 * and the bisection goes on exactly where it was stopped.
 */
#ifndef CONTEST_GUEST_BISECT_H
#define CONTEST_GUEST_BISECT_H

#include <stdio.h>

#include "guest/boot.h"
#include "lib/config.h"
#include "results/bisect.h"

struct bisect_request {
	struct config *cfg;	/* the host's: results, work_dir; runs is made 1 */
	const char *tree, *good, *bad;
	const char *load;	/* the load judged by; NULL: the first LOAD, else the config's first */
	const char *metric;	/* a compare metric's label; NULL: the load's main one */
	const char *build;	/* --build CMD; NULL: the default UML build */
	const char *fragment;	/* --config-fragment F of the default build */
	int resume;
	struct bisect_opts opts;
	const struct boot_opts *boot;	/* --vm-mem, --boot-arg... (its kernels unused) */
	int argc;		/* "run" and the -c and -s the guests' sessions take */
	char **argv;
	char **loads;		/* the LOADs each run runs (none: --load's) */
	int nloads;
};

/*
 * Run the bisection; d gets what came of it (release it after). The exit
 * status: 0 culprit named, EXIT_BISECT_RANGE a range, EXIT_BISECT_REFUSED
 * bad not decided worse, EXIT_USAGE bad usage or a tree that cannot be
 * bisected (nothing measured), EXIT_RUN_FAILED an error on the way,
 * 128+SIG interrupted (every decided step kept for --resume).
 */
int bisect_drive(const struct bisect_request *rq, struct bisect_done *d);
void bisect_done_release(struct bisect_done *d);

#endif

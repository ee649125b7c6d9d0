/* bisect.h - contest bisect's work: commits, builds, guests, rounds, state
 *
 * bisect_drive() lists the commits from --good to --bad (git rev-list
 * --first-parent: each candidate a state of the mainline that was built
 * and tested, a culprit inside a merged branch named as its merge),
 * and hands them to bisect_run() (results/bisect.h, which decides every
 * step) with the three things it asks of a driver:
 *
 *  - prepare: check the commit out into one git worktree (WORK/bisect-src)
 *    and build it into one build directory (WORK/bisect-build) reused from
 *    step to step, so a step after the first rebuilds only what changed:
 *    by default a user-mode-linux kernel (ARCH=um defconfig, what a guest
 *    needs, --config-fragment on top), or --build CMD run in the checked
 *    out tree, whose last stdout line is the image. The image is copied
 *    to RESULTS/.bisect/images/NAME (the next build overwrites the build
 *    directory's). A build that fails, or a guest that never boots, skips
 *    the commit as git bisect skip does.
 *  - round: one boot of each commit's guest in the order given (boot.h's
 *    boot_run, one run of each LOAD), the runs stored under RESULTS/NAME
 *    like any kernel's, NAME the commit's 12-digit short id; env records
 *    bisect_tree, bisect_commit and bisect_subject.
 *  - placed: the progress line and its ETA.
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

/* a commit of the range, 0 good, n - 1 bad */
struct bisect_commit {
	char *sha, *name, *subject;	/* name: the 12-digit short id, the results' kernel */
};

struct bisect_done {
	struct bisect_result res;	/* res.outcome says what was found */
	struct bisect_commit *commits;
	size_t n;
	char *load;			/* judged by */
	const char *metric;		/* the metric's label, NULL: not yet known */
	char *results;
	int skipped;			/* commits that could not be built or booted */
	double build_s, run_s;		/* wall time in builds, in guests' runs */
	size_t builds, boots;
	double wall_s;
	size_t max_rounds;		/* a step's cap */
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

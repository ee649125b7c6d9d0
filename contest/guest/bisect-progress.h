/* bisect-progress.h - what a bisection says as it goes: its plan, its estimate, a line a step
 *
 * On stdout: the plan (commits, steps, builds, runs, the rule) before the
 * first step, and a line a placed step with the range left and an ETA;
 * the estimate of the whole, once a round has been timed, on stderr.
 */
#ifndef CONTEST_GUEST_BISECT_PROGRESS_H
#define CONTEST_GUEST_BISECT_PROGRESS_H

#include <stddef.h>

struct bisect_driver;

void bisect_print_plan(const struct bisect_driver *dr);

/* the hours the whole will take, from the builds and runs timed so far */
void bisect_estimate(struct bisect_driver *dr);

/* bisect_ops' placed (results/bisect.h), ctx a struct bisect_driver */
void bisect_placed(void *ctx, size_t i, int bad, size_t rounds);

#endif

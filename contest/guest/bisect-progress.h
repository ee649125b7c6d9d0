/* bisect-progress.h - what a bisection says as it goes: its plan, its estimate, a line a step
 *
 * On stdout: the plan (commits, steps, builds, runs, the rule) before the
 * first step, what the confirmation says a step can see, and a line a
 * placed step with the range left and an ETA;
 * the estimate of the whole, once a round has been timed, on stderr.
 */
#ifndef CONTEST_GUEST_BISECT_PROGRESS_H
#define CONTEST_GUEST_BISECT_PROGRESS_H

#include <stddef.h>

struct bisect_driver;

void bisect_print_plan(const struct bisect_driver *dr);

/* the hours the whole will take, from the builds and runs timed so far */
void bisect_estimate(struct bisect_driver *dr);

/* bisect_ops' placed (results/bisect.h), ctx a struct bisect_driver; a
 * step not placed adds what it measured, what it could see and what
 * would help */
void bisect_placed(void *ctx, size_t i, int bad, size_t rounds);

/* bisect_ops' confirmed: good to bad's change, the runs' variation and
 * the smallest difference a step can place within the cap */
void bisect_confirmed(void *ctx);

/* the bisection's elapsed time, the sessions before this one's included */
double bisect_elapsed(const struct bisect_driver *dr);

#endif

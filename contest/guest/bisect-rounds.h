/* bisect-rounds.h - how a step is measured: a round boots a guest of each commit, or the state answers
 *
 * A round's value for a commit is the judged metric of the run it added
 * (inverted when higher is better, so lower is always better), 0 when it
 * added none. A commit whose guest did not boot or run is skipped as git
 * bisect skip does, and the bisection starts again from the state. On
 * --resume the state's rounds answer, in order, until it ends.
 */
#ifndef CONTEST_GUEST_BISECT_ROUNDS_H
#define CONTEST_GUEST_BISECT_ROUNDS_H

#include <stddef.h>

/*
 * bisect_ops' round (results/bisect.h), ctx a struct bisect_driver: the
 * k commits idx measured once each into t; -1 when the bisection stops
 * or starts again
 */
int bisect_round(void *ctx, const size_t *idx, size_t k, double *t);

#endif

/* sequential.h - run --until-decided: looking after every round without inflating false alarms
 *
 * Interleaved rounds are added one at a time and the verdict (verdict.h,
 * on the paired estimate) is looked at after each round from
 * SEQUENTIAL_FIRST_ROUND on, up to a cap of max_rounds: K =
 * max_rounds - SEQUENTIAL_FIRST_ROUND + 1 looks. Testing every look at
 * alpha would cry wolf far more often than alpha overall, so the looks
 * share alpha by an alpha-spending function (Lan and DeMets), here the
 * power family with exponent 2:
 *   spent(k) = alpha * (k / K)^2,  cumulative over looks 1..k,
 * and look k tests at the increment
 *   alpha_k = spent(k) - spent(k - 1) = alpha * (2k - 1) / K^2.
 * The increments sum to alpha, so by the union bound the chance that any
 * look falsely rejects is at most alpha whatever the looks share (the
 * bound is conservative: later looks reuse earlier rounds). The square
 * spends little on the first looks, when three or four rounds could
 * only see a large difference anyway, and most near the cap. The same
 * increments serve the difference test and the equivalence test (TOST),
 * so each of "better/worse" and "same" keeps its own overall alpha: pass
 * alpha_k as verdict_opts.alpha, and stop at the first decided verdict.
 */
#ifndef CONTEST_SEQUENTIAL_H
#define CONTEST_SEQUENTIAL_H

#include <stddef.h>

/* no look before this many rounds: fewer give a t with 1 degree of freedom */
enum { SEQUENTIAL_FIRST_ROUND = 3 };

/* K, the looks a cap of max_rounds rounds allows; 0 below SEQUENTIAL_FIRST_ROUND */
size_t sequential_looks(size_t max_rounds);
/* k, the look made after the given round (1 after round 3); 0: no look yet */
size_t sequential_look(size_t round);
/* alpha_k of look k of at most K looks: alpha (2k - 1) / K^2; 0 unless 1 <= k <= K */
double sequential_alpha(size_t look, size_t looks, double alpha);

#endif

/* rounds.h - `contest run`'s sessions: variants in rounds, --until-decided
 *
 * session_run() is the one entry a command that runs sessions calls (run,
 * and a later bisect in a loop): variants in rounds when the request has
 * them, else a session at each sweep point, else one session. Variants on
 * one boot: round r runs one session of one run per load for each
 * variant, its knobs set around it, the variants in order on odd rounds
 * and in reverse on even ones (A B, B A: balanced against a drift within
 * the round). Rounds share the hour, so compare sees the variants' runs as
 * interleaved. --until-decided adds rounds until every table's main
 * verdict against the first variant is decided (results/sequential.h
 * spends alpha over the looks), at most --max-rounds.
 */
#ifndef CONTEST_ROUNDS_H
#define CONTEST_ROUNDS_H

#include <stddef.h>

#include "results/compare.h"
#include "session/request.h"

/* --until-decided's cap on rounds when --max-rounds is not given */
#define UNTIL_DECIDED_ROUNDS 20

/* run rq; its exit status, also in res with what to print */
int session_run(const struct run_request *rq, struct run_result *res);

/* the variant that runs k-th (0-based) of n in round r (0-based) */
int session_round_variant(int r, int k, int n);

/*
 * --until-decided on a comparison at round of rounds: how many NEW rows'
 * main verdict (Time; an interactive task's Latency; a measured load's
 * Work; a loaded compile's Ratio) is not yet better, worse or same; each
 * is said at the last round. 0: decided.
 */
size_t until_decided_open(const struct compare *c, size_t round, size_t rounds);

#endif

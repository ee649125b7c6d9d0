/* ktap.h - a session's runs as KTAP version 1, for TAP runners
 *
 * `contest run --format ktap` prints this on stdout: the version line, the
 * plan (one test case per planned run), then one result line per run as it
 * finishes, ok when its status is ok, its measurements as diagnostic lines
 * before it (Documentation/dev-tools/ktap.rst). Progress stays on stderr.
 */
#ifndef CONTEST_KTAP_H
#define CONTEST_KTAP_H

#include "results/store.h"

#include <stddef.h>
#include <stdio.h>

/* "KTAP version 1" and the plan "1..planned"; planned 0: the plan comes last */
void ktap_header(FILE *out, size_t planned);
/* the plan after the test cases, when they were not known at the start */
void ktap_plan(FILE *out, size_t n);
/* test case n (1-based) for the run in rec, flushed so a runner sees it at once */
void ktap_run(FILE *out, size_t n, const char *kernel, const struct run_record *rec);

#endif

/* report-env.h - the machine behind a report, in words, from the env files
 *
 * The mail and the HTML page open with one paragraph on where the runs were
 * made: CPUs, memory, swap, limits, the tree and its filesystem, the I/O
 * scheduler, governor and THP, the workload, make -j and runs per load
 * (from the rows),
 * taken from the first kernel's env file; then, for every other kernel,
 * what its env file says differently (env_differences), or that a
 * kernel has no env file (results written by hand or elsewhere). It reads
 * nothing: envs[k] is kernels[k]'s parsed env file (record/env.h, as
 * results/ read it), NULL where a kernel has none; envs itself may be NULL.
 */
#ifndef CONTEST_REPORT_ENV_H
#define CONTEST_REPORT_ENV_H

#include <stddef.h>

/* malloc'd sentences on one line (the caller wraps or escapes them); the
 * runs per load are those r's rows hold ("2", "2-3"), the config's runs
 * where r is NULL or has none */
struct env;
struct report;
char *report_env_summary(struct env *const *envs, char *const *kernels, size_t n,
			 const struct report *r);

#endif

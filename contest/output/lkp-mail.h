/* lkp-mail.h - two kernels compared as the kernel test robot mails it
 *
 * Intel's 0-day robot (LKP) reports a regression on LKML in a layout
 * kernel people read every day: a Subject "[contest] SHA: METRIC N%
 * regression", "contest noticed a N% regression of METRIC on:", the
 * commit, testcase, config and compiler (the kernel's: env's kernel_config
 * and kernel_compiler, which a bisection's candidates record), test
 * machine (the host, and a guest's CPUs and memory) and parameters lines
 * (the workload, its compiler, the runs compared),
 * then a table with the base and the head as columns: per metric the
 * base's mean and relative SD, the %change, the head's mean and relative
 * SD, and the metric's name at the right. To that layout this mail adds
 * what the robot never prints, each row's MDE and verdict (compare.h),
 * in two columns before the name, and orders the rows by verdict (worse,
 * better, changed, same, undecided, none), then by the size of the
 * change; and it ends with "To reproduce:", the `contest rerun` commands
 * of both sessions.
 *
 * A metric is named contest.LOAD.KEY: KEY is metric.h's JSON key (its
 * runs.tsv column where it has none), a pressure's or a monitor's runs.tsv
 * column (psi_io_some_us, steal_s, pgmajfault), perf-profile.self.SYMBOL
 * for a kernel symbol's share of the kernel's profile samples in percent
 * (results/symbols.h: those decided worse or better, and the 5 others
 * tested that moved most; such a row is in focus only when named).
 * ASCII, no line over MAIL_WIDTH columns but the table's rows, each one
 * line of whitespace-separated fields:
 *
 *   MEAN +- SD% CHANGE% MEAN +- SD% MDE VERDICT contest.LOAD.KEY
 */
#ifndef CONTEST_LKP_MAIL_H
#define CONTEST_LKP_MAIL_H

#include <stdio.h>

#include "results/compare.h"

struct lkp_mail {
	/* the head's commit id and subject; NULL: env's "commit" and
	 * "subject" lines, else the kernel's name and no subject */
	const char *commit, *subject;
	/* the row in focus, its load and metric (a label, JSON key or
	 * column of metric.h); NULL: the largest change judged worse, else
	 * the first row */
	const char *load, *metric;
	const char *dir;	/* the results directory, for "To reproduce" */
	const char *from, *to;	/* mail.h's headers; NULL: the defaults */
	/* how the head was found (a bisection, its confirmation), a
	 * paragraph after the commit line; NULL: none */
	const char *found;
};

/*
 * The mail of c (two kernels: BASE and the head) on out; envs[0..2) their
 * parsed env files (NULL where one has none), confounds compare's
 * warnings (NULL-terminated, or NULL). 0; or -1 (said) on a write error
 * or when the load and metric in focus name no row.
 */
struct env;
int compare_write_lkp(const struct compare *c, struct env *const *envs, char *const *confounds,
		      const struct lkp_mail *m, FILE *out);

#endif

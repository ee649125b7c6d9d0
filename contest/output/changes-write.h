/* changes-write.h - contest changes' writers: text, csv, json, mail, html
 *
 * Text: a block per series, "LOAD: METRIC [UNIT], N kernels (R runs),
 * SESSIONS", the least change it can see, then a line per change point:
 * "step LAST -> FIRST  MEAN -> MEAN UNIT  +P% [LOW%, HIGH%]  p P" (a
 * ramp: "ramp FIRST .. LAST" and its line's ends), and under it the
 * `contest bisect` command where both kernels' env files name a commit.
 * With a thousand kernels or more a name is followed by its position,
 * "k0037 [#38]", so that a change can be placed in the series.
 * CSV: one row per change point, a row of kind "none" for a series
 * without, "blind" for one that cannot test. JSON: per series its
 * figures and its change points. Mail (changes-mail.c): one digest of
 * every change in the kernel test robot's layout. HTML (changes-html.c):
 * a page of history charts.
 */
#ifndef CONTEST_CHANGES_WRITE_H
#define CONTEST_CHANGES_WRITE_H

#include <stdio.h>

#include "results/history.h"
#include "results/report.h"

#define CHANGES_FORMATS(FIRST, NEXT) \
	FIRST(TEXT, "text") NEXT(CSV, "csv") NEXT(JSON, "json") NEXT(MAIL, "mail") NEXT(HTML, "html")
#define CHANGES_FORMAT_ID(id, word) FORMAT_ID(CHANGES_, id)
enum changes_format { CHANGES_FORMATS(CHANGES_FORMAT_ID, CHANGES_FORMAT_ID) };
#define CHANGES_FORMAT_WORDS CHANGES_FORMATS(FORMAT_WORD_FIRST, FORMAT_WORD_NEXT)

struct changes_write_opts {
	enum changes_format format;
	double min_change_pct;	/* what "too few runs" is measured against */
	const char *from, *to;	/* mail */
	const char *dir;	/* mail: the results folder, to name it */
};

/* text, csv or json: 0, or -1 on a write error */
int changes_write(const struct history *h, const struct changes_write_opts *o, FILE *out);

/* the `contest bisect` command for change point cp, into buf; NULL when
 * its kernels' env files do not both name a commit, or it does not fit */
const char *changes_bisect_command(const struct history *h, const struct change_point *cp,
				   char *buf, size_t size);

/* "regression", "improvement" or "change" of cp in metric m */
const char *changes_word(const struct change_point *cp, enum metric_id m);

#endif

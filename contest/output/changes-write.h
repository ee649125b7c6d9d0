/* changes-write.h - contest changes' writers: text, csv, json, mail, html
 *
 * Text: a block per series, "LOAD: METRIC [UNIT], N kernels (R runs),
 * SESSIONS", the least change it can see, then a line per change point:
 * "step LAST -> FIRST  MEAN -> MEAN UNIT  +P% [LOW%, HIGH%]  p P" (a
 * ramp: "ramp FIRST .. LAST" and its line's ends); under a step where
 * it is, "between A and B (95%, N positions), most likely LAST -> FIRST"
 * (its confidence set, changes.h), and the `contest bisect` command
 * from A to B where both kernels' env files name a commit.
 * With a thousand kernels or more a name is followed by its position,
 * "k0037 [#38]", so that a change can be placed in the series.
 * CSV: one row per change point (set_before, set_after, set_width: the
 * set), a row of kind "none" for a series
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

/* p as "p 0.0012", or "p < 1e-16" below CHANGES_P_FLOOR */
#define CHANGES_P_FLOOR 1e-16
const char *changes_p_text(double p, char *buf, size_t size);

/* "1 kernel", "2 kernels" */
const char *changes_plural(size_t n, const char *word, char *buf, size_t size);

/* a series whose least visible change is this (percent) or more cannot
 * see a change: it says so rather than promise one */
#define CHANGES_BLIND_PCT 100.0

/* "regression", "improvement" or "change" of cp in metric m */
const char *changes_word(const struct change_point *cp, enum metric_id m);

#endif

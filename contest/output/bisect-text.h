/* bisect-text.h - contest bisect's outcome as text, and contest judge's line for a step
 *
 * The culprit (its id, subject and commit, the change bad shows against
 * good), or the range that may hold it, or a refusal with the MDE the
 * rounds reached and what would see the change, or where a stopped one
 * stood; then a line of totals. Commit subjects are the tree's text and
 * may hold an escape sequence: they are written escaped (escaped.h).
 */
#ifndef CONTEST_OUTPUT_BISECT_TEXT_H
#define CONTEST_OUTPUT_BISECT_TEXT_H

#include <stdio.h>

#include "results/bisect.h"

/* seconds as "1:02:03" into buf, which it returns (0 where s is not a
 * positive number): the progress lines' elapsed and ETA, the totals' */
const char *bisect_text_hms(double s, char *buf, size_t len);

/* d's outcome on out (with --format mail, stdout is set aside: stderr) */
void bisect_text_write(FILE *out, const struct bisect_done *d);

/* which functions the culprit made slower (show_pair_slower's
 * sentence; the symbols are a profile's text, escaped) */
void bisect_text_slower(FILE *out, const char *text);

/* that a bisection with no culprit makes no mail */
void bisect_text_no_mail(FILE *out);

/* judge's answer for candidate on load: "CAND: bad on LOAD", "good", "between...", "cannot tell" */
void bisect_text_judged(FILE *out, const char *candidate, enum bisect_side side,
			const char *load);

#endif

/* compare-write.h - compare's writers: text, csv, json
 *
 * They read only the struct compare they are given (results/compare.h).
 * The mail is output/compare-mail.h.
 */
#ifndef CONTEST_COMPARE_WRITE_H
#define CONTEST_COMPARE_WRITE_H

#include <stdio.h>

#include "results/compare.h"

/* Writers: 0, or -1 when out reports a write error (error printed) */
int compare_write_text(const struct compare *c, FILE *out);
int compare_write_csv(const struct compare *c, FILE *out);
int compare_write_json(const struct compare *c, FILE *out);
/*
 * A row's cells as compare's tables print them, in buf or a constant:
 * p ("n=1", "same", "missing" where no test was made, "" on BASE's row),
 * MDE (">" before a floor; ">50%" above COMPARE_MDE_CAP_PCT), Diff
 * ("+1.2%"), the verdict's name ("" on BASE's row, "-" where a side is
 * missing or the row is untested: p and MDE "-" too).
 */
const char *compare_p_cell(char *buf, size_t size, const struct compare_row *row);
const char *compare_mde_cell(char *buf, size_t size, const struct compare_row *row);
const char *compare_diff_cell(char *buf, size_t size, const struct compare_row *row);
const char *compare_verdict_cell(const struct compare_row *row);
/* an undecided row's reason and what would decide it (compare_runs_for_mde),
 * as text, page and mail print it under the table; malloc'd */
char *compare_undecided_text(const struct compare *c, const struct compare_row *row);
/* why c's alpha is not compare's 0.05, as a phrase to follow it (" (look 3
 * of 10 of run --until-decided, ...)"), "" when it is not a look's; malloc'd */
char *compare_alpha_why(const struct compare *c);
/* compare_write_text()'s output, malloc'd; NULL on error (printed); brief:
 * for a mail, its opening paragraphs cut to a legend of a few lines */
char *compare_text(const struct compare *c, int brief);

#endif

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
/* compare_write_text()'s output, malloc'd; NULL on error (printed) */
char *compare_text(const struct compare *c);

#endif

/* mail-names.h - kernels' names as a mail's body shows them
 *
 * The body of a mail is ASCII (mail.h), so a kernel's name with other
 * bytes in it is written with them as \xNN. That is done to the names
 * before the tables are laid out, not to the finished text, so that the
 * columns stay aligned: the writers lay out an alias of their report or
 * comparison whose kernels bear the names to show (rows copied, the rest
 * shared). The real names stay for reading results and for the headers.
 */
#ifndef CONTEST_MAIL_NAMES_H
#define CONTEST_MAIL_NAMES_H

#include <stddef.h>

#include "results/compare.h"
#include "results/report.h"

/* mail_ascii of each of kernels[0..n); with warn, a warning for each name
 * that changes, naming it. NULL-terminated; free with mail_names_free. */
char **mail_names(char *const *kernels, size_t n, int warn);
void mail_names_free(char **names);

/* a with r's kernels named names[k] (copied); release with report_alias_release */
void report_alias(const struct report *r, struct report *a, char *const *names);
void report_alias_release(struct report *a);
/* the same for a comparison: its rows, summaries and report */
void compare_alias(const struct compare *c, struct compare *a, char *const *names);
void compare_alias_release(struct compare *a);

#endif

/* compare-hooks.h - where the mail and the HTML page take compare's verdicts
 *
 * With two or more kernels, report --format mail and --format html show
 * the significant differences `contest compare` finds (BASE is kernels[0],
 * NEW the others). Each hook writes its whole section, heading included,
 * or nothing; the mail's text must be ASCII within 80 columns, the HTML's
 * escaped. compare-hooks.c holds the definitions until compare.c provides
 * them. 0, or -1 (error printed).
 */
#ifndef CONTEST_COMPARE_HOOKS_H
#define CONTEST_COMPARE_HOOKS_H

#include <stddef.h>
#include <stdio.h>

int compare_write_mail_section(const char *dir, char *const *kernels, size_t n, FILE *out);
int compare_write_html_section(const char *dir, char *const *kernels, size_t n, FILE *out);

#endif

/* compare-mail.h - compare's verdicts in a mail to a list
 *
 * compare_write_mail_section() is the part of a mail that says whether the
 * differences are real, shared by report --format mail (after the tables,
 * with two or more kernels) and compare --format mail: which kernels were
 * compared and with how many ok runs, every confound the env files show
 * (confounds: compare_confounds()'s sentences, NULL for none), then
 * compare's brief text (compare_text(c, 1)): a legend, the tables. All of it within MAIL_WIDTH columns
 * (mail.h); kernels' names as mail-names.h shows them, any other byte
 * outside ASCII left to mail_write().
 *
 * skip_load, when not NULL, is a load the mail's tables already show
 * (report's noload): its rows are left out of the section.
 *
 * compare_write_mail() is the whole message of compare --format mail:
 * headers, the machine paragraph (report-env.h, from envs[k], the parsed
 * env file of c's kernel k or NULL), then the section.
 *
 * Both read nothing: c is built (compare_read_inputs()), its kernels[0] BASE, and
 * it has two kernels or more. 0, or -1 (error printed).
 */
#ifndef CONTEST_COMPARE_MAIL_H
#define CONTEST_COMPARE_MAIL_H

#include <stddef.h>
#include <stdio.h>

#include "output/mail.h"

#include "results/compare.h"

int compare_write_mail_section(const struct compare *c, char *const *confounds,
			       const char *skip_load, FILE *out);
struct env;
int compare_write_mail(const struct compare *c, struct env *const *envs, char *const *confounds,
		       const char *from, const char *to, FILE *out);

#endif

/* compare-mail.h - compare's verdicts in a mail to a list
 *
 * compare_write_mail_section() is the part of a mail that says whether the
 * differences are real, shared by report --format mail (after the tables,
 * with two or more kernels) and compare --format mail: which kernels were
 * compared and with how many ok runs, what * and ** mean, every confound
 * the env files show (compare_confounds), then compare's text. All of it
 * within MAIL_WIDTH columns (mail.h); kernels' names as mail-names.h
 * shows them, any other byte outside ASCII left to mail_write().
 *
 * compare_write_mail() is the whole message of compare --format mail:
 * headers, the machine paragraph (report-env.h, from envs[k], kernels[k]'s
 * env text or NULL), then the section.
 *
 * kernels[0] is BASE, kernels[1..n) the NEW ones, n >= 2. 0, or -1 (error
 * printed).
 */
#ifndef CONTEST_COMPARE_MAIL_H
#define CONTEST_COMPARE_MAIL_H

#include <stddef.h>
#include <stdio.h>

#include "output/mail.h"

int compare_write_mail_section(const char *dir, char *const *kernels, size_t n, double alpha,
			       FILE *out);
int compare_write_mail(const char *dir, char *const *kernels, char *const *envs, size_t n,
		       double alpha, const char *from, const char *to, FILE *out);

#endif

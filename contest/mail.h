/* mail.h - a plain-text message for a mailing list, ready for sendmail -t
 *
 * What report --format mail and compare --format mail share. A list wants
 * plain ASCII, no tabs and no line over MAIL_WIDTH columns: every byte
 * outside printable ASCII becomes '?', paragraphs are wrapped (by the
 * caller, with mail_wrap) and a long table line is folded (mail_fold).
 */
#ifndef CONTEST_MAIL_H
#define CONTEST_MAIL_H

#include <stddef.h>
#include <stdio.h>

enum { MAIL_WIDTH = 80, MAIL_PARA_WIDTH = 72 };

struct mail_headers {
	const char *from;	/* NULL: $EMAIL, else user@host */
	const char *to;		/* NULL: no To: */
	const char *subject;
};

/* greedy word wrap of one paragraph to width, indent before every line;
 * a word longer than the line (a long path) is cut */
void mail_wrap(FILE *out, const char *text, size_t width, const char *indent);

/* text as it is, but a line wider than MAIL_WIDTH is broken at its last
 * blank before the limit and goes on indented by four */
void mail_fold(FILE *out, const char *text);

size_t mail_widest_line(const char *text);

/* "PREFIX K1 vs K2 vs ...", malloc'd */
char *mail_subject(const char *prefix, char *const *kernels, size_t n);

/*
 * The headers (From, To when given, Subject, Date in UTC or from
 * SOURCE_DATE_EPOCH, MIME us-ascii 7bit), a blank line, then body, made
 * ASCII in place. 0, or -1 on a write error (printed).
 */
int mail_write(FILE *out, const struct mail_headers *h, char *body);

#endif

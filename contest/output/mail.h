/* mail.h - a plain-text message for a mailing list, ready for sendmail -t
 *
 * What report --format mail and compare --format mail share. A list wants
 * plain ASCII, no tabs and no line over MAIL_WIDTH columns: in the body
 * every byte outside printable ASCII becomes the four characters \xNN
 * (mail_ascii; a kernel's name is written so before the tables are laid
 * out, mail-names.h, so that their columns stay aligned), paragraphs are
 * wrapped (by the caller, with mail_wrap) and a long table line is folded
 * (mail_fold). In a header a word holding non-ASCII is an RFC 2047 encoded
 * word (=?UTF-8?Q?...?=) when it is valid UTF-8, else written as in the
 * body; a control character in a header value is refused, since a
 * newline would start a header of its own.
 */
#ifndef CONTEST_MAIL_H
#define CONTEST_MAIL_H

#include <stddef.h>
#include <stdio.h>

enum { MAIL_WIDTH = 80, MAIL_PARA_WIDTH = 72 };

struct mail_headers {
	/* NULL: $EMAIL; else git config's user.name <user.email>; else
	 * user@host, with the passwd entry's name when it has one */
	const char *from;
	const char *to;		/* NULL: no To: */
	const char *subject;
	int wide_table;		/* a table's rows may be wider than MAIL_WIDTH
				 * (they stay parseable): no warning */
};

/* a command for the reader to paste: its words quoted for the shell
 * (sh-quote.h) after indent, broken between words with " \\" so that
 * no line is over MAIL_WIDTH (a word longer stays whole: never cut) */
void mail_command(FILE *out, const char *const *words, const char *indent);

/* greedy word wrap of one paragraph to width, indent before every line;
 * a word longer than the line (a long path) is cut; text as mail_ascii
 * writes it */
void mail_wrap(FILE *out, const char *text, size_t width, const char *indent);

/* text as it is (as mail_ascii writes it), but a line wider than
 * MAIL_WIDTH is broken at its last blank before the limit and goes on
 * indented by four */
void mail_fold(FILE *out, const char *text);

size_t mail_widest_line(const char *text);

/* "PREFIX K1 vs K2 vs ...", malloc'd */
char *mail_subject(const char *prefix, char *const *kernels, size_t n);

/* s with every byte outside printable ASCII but '\n' as \xNN; malloc'd */
char *mail_ascii(const char *s);

/* 0; or -1 with an error naming what (--from...) when value holds a
 * control character (below 0x20, or 0x7f) */
int mail_check_header(const char *what, const char *value);
/* --from (else $EMAIL) and --to as mail_check_header, and any word with an
 * '@' in it ASCII: 0, or -1 (printed). For option parsing: bad usage. */
int mail_check_addresses(const char *from, const char *to);

/*
 * The headers (From, To when given, Subject, Date in UTC or from
 * SOURCE_DATE_EPOCH, MIME us-ascii 7bit), a blank line, then body as
 * mail_ascii writes it. 0; or -1 on a write error or a header value that
 * holds a control character (printed; nothing written then).
 */
int mail_write(FILE *out, const struct mail_headers *h, const char *body);

#endif

/* mail.c - a plain-text message for a mailing list, see mail.h */
#include "output/mail.h"
#include "lib/membuf.h"
#include "lib/proc.h"
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

char *mail_ascii(const char *s)
{
	return escape_text(s, ESCAPE_KEEP_NEWLINE);
}

static void wrap_ascii(FILE *out, const char *text, size_t width, const char *indent)
{
	size_t room = width - strlen(indent), col = 0;

	while (*text) {
		size_t len;

		text += strspn(text, " ");
		len = strcspn(text, " ");
		if (!len)
			break;
		if (col && col + 1 + len > room) {
			fputc('\n', out);
			col = 0;
		}
		while (len > room) {	/* only when col == 0 */
			fprintf(out, "%s%.*s\n", indent, (int)room, text);
			text += room;
			len -= room;
		}
		fprintf(out, "%s%.*s", col ? " " : indent, (int)len, text);
		col += (col ? 1 : 0) + len;
		text += len;
	}
	if (col)
		fputc('\n', out);
}

static void fold_ascii(FILE *out, const char *text)
{
	enum { INDENT = 4 };

	while (*text) {
		size_t len = strcspn(text, "\n"), room = MAIL_WIDTH, first = 1;
		const char *line = text;

		text += len + (text[len] == '\n');
		while (len > room) {
			size_t cut = room;

			while (cut > 0 && line[cut] != ' ')
				cut--;
			if (cut == 0)
				cut = room;	/* one word longer than the line: cut it */
			fprintf(out, "%*s%.*s\n", first ? 0 : INDENT, "", (int)cut, line);
			while (line[cut] == ' ')
				cut++;
			line += cut;
			len -= cut;
			room = MAIL_WIDTH - INDENT;
			first = 0;
		}
		fprintf(out, "%*s%.*s\n", first ? 0 : INDENT, "", (int)len, line);
	}
}

/* both escape first, so that the widths they keep are the widths printed */
void mail_wrap(FILE *out, const char *text, size_t width, const char *indent)
{
	char *ascii = mail_ascii(text);

	wrap_ascii(out, ascii, width, indent);
	free(ascii);
}

void mail_command(FILE *out, const char *const *words, const char *indent)
{
	size_t col = strlen(indent);

	fputs(indent, out);
	for (size_t i = 0; words[i]; i++) {
		char *w = sh_quote(words[i]);
		size_t len = strlen(w);

		if (i && col + 1 + len + 2 > MAIL_WIDTH) {
			fprintf(out, " \\\n%s    ", indent);
			col = strlen(indent) + 4;
		} else if (i) {
			fputc(' ', out);
			col++;
		}
		fputs(w, out);
		col += len;
		free(w);
	}
	fputc('\n', out);
}

void mail_fold(FILE *out, const char *text)
{
	char *ascii = mail_ascii(text);

	fold_ascii(out, ascii);
	free(ascii);
}

size_t mail_widest_line(const char *s)
{
	size_t widest = 0;

	while (*s) {
		size_t len = strcspn(s, "\n");

		if (len > widest)
			widest = len;
		s += len + (s[len] == '\n');
	}
	return widest;
}

char *mail_subject(const char *prefix, char *const *kernels, size_t n)
{
	char *subject = xstrdup(prefix), *next;

	for (size_t k = 0; k < n; k++) {
		next = xasprintf("%s%s%s", subject, k ? " vs " : " ", kernels[k]);
		free(subject);
		subject = next;
	}
	return subject;
}

/* git config's value of key (trimmed, malloc'd), NULL when unset */
static char *git_config(const char *key)
{
	char *argv[] = { "git", "config", "--get", (char *)key, NULL }, *out = proc_output(argv, 256);
	char *value = out && *trim(out) ? xstrdup(trim(out)) : NULL;

	free(out);
	return value;
}

/* the passwd entry's name (its gecos field up to a comma), NULL when it
 * has none or it is only the login name again */
static char *passwd_name(const struct passwd *pw)
{
	size_t len = pw && pw->pw_gecos ? strcspn(pw->pw_gecos, ",") : 0;

	if (!len || (strlen(pw->pw_name) == len && !strncmp(pw->pw_gecos, pw->pw_name, len)))
		return NULL;
	return xasprintf("%.*s", (int)len, pw->pw_gecos);
}

/* "NAME <address>", or the address alone without a name; frees both */
static char *named(char *name, char *address)
{
	char *from = name ? xasprintf("%s <%s>", name, address) : xstrdup(address);

	free(name);
	free(address);
	return from;
}

/* mail.h: $EMAIL; else git's user.name <user.email>, as git send-email takes
 * it; else user@host, named by the passwd entry when it names one */
static char *default_from(void)
{
	const char *email = getenv("EMAIL");
	struct passwd *pw = getpwuid(geteuid());
	char host[256] = "localhost", *git;

	if (email && *email)
		return xstrdup(email);
	if ((git = git_config("user.email")))
		return named(git_config("user.name"), git);
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	return named(passwd_name(pw), xasprintf("%s@%s", pw ? pw->pw_name : "root", host));
}

/* RFC 2822, in UTC; SOURCE_DATE_EPOCH fixes it for reproducible output */
static void mail_date(char *buf, size_t size)
{
	const char *fixed = getenv("SOURCE_DATE_EPOCH");
	time_t t = fixed && *fixed ? (time_t)strtoll(fixed, NULL, 10) : time(NULL);
	static const char *const days[] = { "Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat" };
	static const char *const months[] = { "Jan", "Feb", "Mar", "Apr", "May", "Jun",
					      "Jul", "Aug", "Sep", "Oct", "Nov", "Dec" };
	struct tm tm;

	gmtime_r(&t, &tm);	/* the names by hand: no locale can change them */
	snprintf(buf, size, "%s, %02d %s %04d %02d:%02d:%02d +0000", days[tm.tm_wday],
		 tm.tm_mday, months[tm.tm_mon], tm.tm_year + 1900, tm.tm_hour, tm.tm_min,
		 tm.tm_sec);
}

int mail_check_header(const char *what, const char *value)
{
	char *shown;

	for (const unsigned char *p = (const unsigned char *)value; *p; p++)
		if (*p < 0x20 || *p == 0x7f) {
			shown = escape_text(value, 0);
			error("bad %s '%s': a mail header cannot hold control characters", what, shown);
			free(shown);
			return -1;
		}
	return 0;
}

/* an address is ASCII (a name before it may be UTF-8: it is encoded) */
static int check_address(const char *what, const char *value)
{
	const char *p = value;

	if (mail_check_header(what, value) < 0)
		return -1;
	while (*p) {
		size_t len = strcspn(p, " ");
		const char *at = memchr(p, '@', len);

		for (size_t i = 0; at && i < len; i++)
			if ((unsigned char)p[i] >= 0x80)
				return error("bad %s '%s': an address must be ASCII (a name before "
					     "<address> may be UTF-8)", what, value);
		p += len + strspn(p + len, " ");
	}
	return 0;
}

int mail_check_addresses(const char *from, const char *to)
{
	const char *email = getenv("EMAIL");

	if (from && check_address("--from", from) < 0)
		return -1;
	if (!from && email && *email && check_address("$EMAIL", email) < 0)
		return -1;
	return to ? check_address("--to", to) : 0;
}

/* RFC 2047's Q encoding keeps these as they are, even in a phrase (From:) */
static int q_safe(unsigned char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
	       strchr("!*+-/", c);
}

/* valid UTF-8 as RFC 2047 encoded words, each at most 75 characters and
 * holding whole characters (a reader joins them: the blanks between them
 * do not show) */
static void encode_word(FILE *out, const char *w, size_t len)
{
	enum { ROOM = 75 - 12 };	/* less "=?UTF-8?Q?" and "?=" */
	size_t used = 0;

	fputs("=?UTF-8?Q?", out);
	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq_len(w + i), cost = 0;

		for (size_t k = 0; k < n; k++)
			cost += q_safe((unsigned char)w[i + k]) ? 1 : 3;
		if (used && used + cost > ROOM) {
			fputs("?= =?UTF-8?Q?", out);
			used = 0;
		}
		for (size_t k = 0; k < n; k++, i++)
			fprintf(out, q_safe((unsigned char)w[i]) ? "%c" : "=%02X", (unsigned char)w[i]);
		used += cost;
	}
	fputs("?=", out);
}

/* 1 when w[0..len) is ASCII, 2 when valid UTF-8 with some non-ASCII, 0 neither */
static int word_form(const char *w, size_t len)
{
	int ascii = 1;

	for (size_t i = 0; i < len;) {
		size_t n = utf8_seq_len(w + i);

		if (!n || i + n > len)
			return 0;
		ascii &= n == 1;
		i += n;
	}
	return ascii ? 1 : 2;
}

/* the words from w on that are UTF-8 with non-ASCII in them, with the blanks
 * between them: one run to encode, since blanks between encoded words vanish */
static size_t encoded_run(const char *w)
{
	size_t end = 0;

	for (const char *p = w; *p;) {
		size_t len = strcspn(p, " ");

		if (word_form(p, len) != 2)
			break;
		end = (size_t)(p + len - w);
		p += len + strspn(p + len, " ");
	}
	return end;
}

/* value as a header carries it: runs of words with non-ASCII in them
 * encoded when they are UTF-8, other bytes outside ASCII as \xNN; malloc'd */
static char *header_value(const char *value)
{
	struct membuf m;
	FILE *out = membuf_open(&m);

	for (const char *p = value; *p;) {
		size_t blanks = strspn(p, " "), len = encoded_run(p + blanks);
		const char *w = p + blanks;
		char *copy, *ascii;

		fprintf(out, "%.*s", (int)blanks, p);
		if (len) {
			encode_word(out, w, len);
		} else {
			len = strcspn(w, " ");
			copy = xasprintf("%.*s", (int)len, w);
			ascii = mail_ascii(copy);	/* ASCII as it is, other bytes as \xNN */
			fputs(ascii, out);
			free(copy);
			free(ascii);
		}
		p = w + len;
	}
	return membuf_close(&m, 1);
}

/* a header folded at spaces (RFC 2822 2.2.3): continuation lines start with one */
static void write_header(FILE *out, const char *name, const char *value)
{
	char *encoded = header_value(value), *line = xasprintf("%s: %s", name, encoded), *p = line;

	while (strlen(p) > MAIL_WIDTH - 2) {
		char *cut = p + MAIL_WIDTH - 2;

		while (cut > p + 1 && *cut != ' ')
			cut--;
		if (cut <= p + 1)
			break;	/* one long word: RFC 2822 allows up to 998 */
		fprintf(out, "%.*s\n", (int)(cut - p), p);
		p = cut;	/* the space starts the continuation line */
	}
	fprintf(out, "%s\n", p);
	free(line);
	free(encoded);
}

int mail_write(FILE *out, const struct mail_headers *h, const char *body)
{
	char *from = h->from ? xstrdup(h->from) : default_from(), date[64], *text;

	/* a newline in a value would start a header of its own (Bcc:) */
	if (mail_check_header("From: value", from) < 0 ||
	    (h->to && mail_check_header("To: value", h->to) < 0) ||
	    mail_check_header("Subject: value", h->subject) < 0) {
		free(from);
		return -1;
	}
	mail_date(date, sizeof(date));
	write_header(out, "From", from);
	if (h->to)
		write_header(out, "To", h->to);
	write_header(out, "Subject", h->subject);
	write_header(out, "Date", date);
	fputs("MIME-Version: 1.0\n"
	      "Content-Type: text/plain; charset=us-ascii\n"
	      "Content-Transfer-Encoding: 7bit\n\n", out);
	free(from);
	text = mail_ascii(body);
	fputs(text, out);
	if (!h->wide_table && mail_widest_line(text) > MAIL_WIDTH)
		warning("a line of the mail is %zu columns wide", mail_widest_line(text));
	free(text);
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the mail: %s", strerror(errno));
	return 0;
}

/* mail.c - a plain-text message for a mailing list, see mail.h */
#include "mail.h"
#include "util.h"

#include <errno.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

/* printable ASCII only, in place: mail bodies are us-ascii, 7bit */
static void to_ascii(char *s)
{
	for (; *s; s++)
		if (*s != '\n' && (*s < 0x20 || *s > 0x7e))
			*s = '?';
}

void mail_wrap(FILE *out, const char *text, size_t width, const char *indent)
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

void mail_fold(FILE *out, const char *text)
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

static char *default_from(void)
{
	const char *email = getenv("EMAIL");
	struct passwd *pw = getpwuid(geteuid());
	char host[256] = "localhost";

	if (email && *email)
		return xstrdup(email);
	gethostname(host, sizeof(host) - 1);
	host[sizeof(host) - 1] = '\0';
	return xasprintf("%s@%s", pw ? pw->pw_name : "root", host);
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

/* a header folded at spaces (RFC 2822 2.2.3): continuation lines start with one */
static void write_header(FILE *out, const char *name, const char *value)
{
	char *line = xasprintf("%s: %s", name, value), *p = line;

	to_ascii(line);
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
}

int mail_write(FILE *out, const struct mail_headers *h, char *body)
{
	char *from = h->from ? xstrdup(h->from) : default_from(), date[64];

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
	to_ascii(body);
	fputs(body, out);
	if (mail_widest_line(body) > MAIL_WIDTH)
		warning("a line of the mail is %zu columns wide", mail_widest_line(body));
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write the mail: %s", strerror(errno));
	return 0;
}

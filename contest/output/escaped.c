/* escaped.c - text shown to a terminal, its control bytes escaped, see escaped.h */
#include "output/escaped.h"
#include "lib/util.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* what an escaping stream has not written yet: the last line, unfinished */
struct escaping {
	FILE *out;
	char *line;
	size_t len, cap;
};

enum { ESCAPE_TEXT = ESCAPE_KEEP_NEWLINE | ESCAPE_KEEP_UTF8 };

/* every whole line at once: a line ends in '\n', never inside a UTF-8 sequence */
static ssize_t escaping_write(void *cookie, const char *buf, size_t size)
{
	struct escaping *e = cookie;
	size_t cut;
	char c;

	if (e->len + size + 1 > e->cap) {
		e->cap = 2 * (e->len + size + 1);
		e->line = xrealloc(e->line, e->cap);
	}
	memcpy(e->line + e->len, buf, size);
	e->len += size;
	for (cut = e->len; cut > 0 && e->line[cut - 1] != '\n'; cut--)
		;
	if (!cut)
		return (ssize_t)size;
	c = e->line[cut];
	e->line[cut] = '\0';
	fput_escaped(e->out, e->line, ESCAPE_TEXT);
	e->line[cut] = c;
	memmove(e->line, e->line + cut, e->len - cut);
	e->len -= cut;
	return (ssize_t)size;
}

static int escaping_close(void *cookie)
{
	struct escaping *e = cookie;

	if (e->len) {
		e->line[e->len] = '\0';
		fput_escaped(e->out, e->line, ESCAPE_TEXT);
	}
	free(e->line);
	free(e);
	return 0;
}

FILE *escaped_open(FILE *out)
{
	struct escaping *e = xcalloc(1, sizeof(*e));
	FILE *f;

	e->out = out;
	f = fopencookie(e, "w", (cookie_io_functions_t){ .write = escaping_write,
							   .close = escaping_close });
	if (!f)
		die(EXIT_NO_MEMORY, "out of memory");
	return f;
}

int escaped_close(FILE *f, FILE *out, const char *what)
{
	fclose(f);	/* its writes cannot fail: out's errors are out's */
	if (fflush(out) == EOF || ferror(out))
		return error("cannot write %s: %s", what, strerror(errno));
	return 0;
}

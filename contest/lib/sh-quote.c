/* sh-quote.c - words of a command printed for the user to paste, see sh-quote.h */
#include "lib/sh-quote.h"
#include "lib/util.h"

#include <stdlib.h>
#include <string.h>

/* a character no shell (sh, bash, zsh) reads as more than itself; '='
 * but first ("=cmd" is zsh's path of cmd), '~' never (a home) */
static int safe(const char *word, const char *c)
{
	return (*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z') || (*c >= '0' && *c <= '9') ||
	       strchr("-_./,:+@%", *c) || (*c == '=' && c != word);
}

char *sh_quote(const char *word)
{
	size_t n = 0, quotes = 0;
	char *out, *o;

	for (const char *c = word; *c; c++) {
		n++;
		quotes += *c == '\'';
	}
	for (const char *c = word; *c && safe(word, c); c++)
		if (!c[1])
			return xstrdup(word);
	o = out = xmalloc(n + 3 * quotes + 3);
	*o++ = '\'';
	for (const char *c = word; *c; c++) {
		if (*c == '\'') {
			memcpy(o, "'\\''", 4);
			o += 4;
		} else {
			*o++ = *c;
		}
	}
	*o++ = '\'';
	*o = '\0';
	return out;
}

char *sh_command(const char *const *words)
{
	size_t len = 1;
	char **q, *out, *o;
	size_t n = 0;

	while (words[n])
		n++;
	q = xcalloc(n + 1, sizeof(*q));
	for (size_t i = 0; i < n; i++) {
		q[i] = sh_quote(words[i]);
		len += strlen(q[i]) + 1;
	}
	o = out = xmalloc(len);
	for (size_t i = 0; i < n; i++) {
		o = stpcpy(o, q[i]);
		if (i + 1 < n)
			*o++ = ' ';
		free(q[i]);
	}
	*o = '\0';
	free(q);
	return out;
}

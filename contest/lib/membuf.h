/* membuf.h - a stdio stream into a malloc'd string
 *
 * For writers that print to a FILE * when the caller wants the text (to
 * measure, fold or escape it first). membuf_open() dies when out of
 * memory; membuf_close() returns the text, to free, or frees it and
 * returns NULL when keep is 0 (the writer failed).
 */
#ifndef CONTEST_MEMBUF_H
#define CONTEST_MEMBUF_H

#include <stddef.h>
#include <stdio.h>

struct membuf {
	char *text;
	size_t len;
	FILE *f;
};

FILE *membuf_open(struct membuf *m);
char *membuf_close(struct membuf *m, int keep);

#endif

/* membuf.c - a stdio stream into a malloc'd string, see membuf.h */
#include "lib/membuf.h"
#include "lib/util.h"

#include <stdlib.h>

FILE *membuf_open(struct membuf *m)
{
	m->text = NULL;
	m->len = 0;
	m->f = open_memstream(&m->text, &m->len);
	if (!m->f)
		die(EXIT_NO_MEMORY, "out of memory");
	return m->f;
}

char *membuf_close(struct membuf *m, int keep)
{
	fclose(m->f);	/* a memory stream fails only for memory, at open or write */
	if (!keep) {
		free(m->text);
		m->text = NULL;
	}
	return m->text;
}

/* html-page.h - what contest's pages share: escaping, and writing
 * DIR/index.html so that a reader never sees half a page */
#ifndef CONTEST_HTML_PAGE_H
#define CONTEST_HTML_PAGE_H

#include <stdio.h>

/* what marks a page as contest's, so that -o DIR may write over it (page-dir.h) */
#define HTML_PAGE_GENERATOR "<meta name=\"generator\" content=\"contest "

/* s with &, <, >, " and ' escaped for HTML text and attributes */
void html_escape(FILE *out, const char *s);

/*
 * Write DIR/index.html by write(page, data): into DIR/index.html.tmp,
 * made anew (never through a symlink), then renamed over it; its path
 * goes to out. 0, or -1 (said).
 */
int html_page_publish(const char *dir, int (*write)(FILE *page, const void *data),
		      const void *data, FILE *out);

#endif

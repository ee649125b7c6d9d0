/* html-page.c - escaping and publishing a page, see html-page.h */
#include "output/html-page.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

void html_escape(FILE *out, const char *s)
{
	for (; *s; s++) {
		switch (*s) {
		case '&': fputs("&amp;", out); break;
		case '<': fputs("&lt;", out); break;
		case '>': fputs("&gt;", out); break;
		case '"': fputs("&quot;", out); break;
		case '\'': fputs("&#39;", out); break;
		default:
			fputc((unsigned char)*s < 0x20 ? '?' : *s, out);
		}
	}
}

/* DIR/index.html.tmp, made anew (O_EXCL, never through a symlink) in DIR
 * checked (open_own_dir()): NULL, said */
static FILE *open_page_tmp(int dir_fd, const char *tmp)
{
	int flags = O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC;
	int fd = openat(dir_fd, "index.html.tmp", flags, 0666);
	FILE *page;

	/* one left by a killed run, or planted: the name is removed, not followed */
	if (fd < 0 && errno == EEXIST && unlinkat(dir_fd, "index.html.tmp", 0) == 0)
		fd = openat(dir_fd, "index.html.tmp", flags, 0666);
	if (fd < 0 || !(page = fdopen(fd, "w"))) {
		error("cannot write '%s': %s", tmp, strerror(errno));
		if (fd >= 0)
			close(fd);
		return NULL;
	}
	return page;
}

int html_page_publish(const char *dir, int (*write)(FILE *page, const void *data),
		      const void *data, FILE *out)
{
	char *path = xasprintf("%s/index.html", dir);
	char *tmp = xasprintf("%s.tmp", path);
	int dir_fd = open_own_dir(dir), ret = -1;
	FILE *page = dir_fd >= 0 ? open_page_tmp(dir_fd, tmp) : NULL;

	if (page) {
		ret = write(page, data);
		if (fclose(page) == EOF || ret < 0)
			ret = error("cannot write '%s': %s", tmp, strerror(errno));
		else if (renameat(dir_fd, "index.html.tmp", dir_fd, "index.html") < 0)
			ret = error("cannot rename '%s' to '%s': %s", tmp, path, strerror(errno));
		else
			fprintf(out, "%s\n", path);
		if (ret < 0)
			unlinkat(dir_fd, "index.html.tmp", 0);
	}
	if (dir_fd >= 0)
		close(dir_fd);
	free(path);
	free(tmp);
	return ret;
}

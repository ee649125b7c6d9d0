/* page-dir.c - may a generated page go into a directory? See page-dir.h */
#include "lib/page-dir.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* is dir/index.html a page we wrote? Its head carries generator. */
static int our_page(const char *dir, const char *generator)
{
	char *path = xasprintf("%s/index.html", dir), head[4096];
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC), ours = 0;
	struct stat st;
	ssize_t n;

	free(path);
	if (fd < 0)
		return 0;
	if (fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
	    (n = pread(fd, head, sizeof(head) - 1, 0)) > 0) {
		head[n] = '\0';
		ours = strstr(head, generator) != NULL;
	}
	close(fd);
	return ours;
}

static int empty_dir(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	int empty = 1;

	if (!d)
		return 0;
	while (empty && (e = readdir(d)))
		empty = !strcmp(e->d_name, ".") || !strcmp(e->d_name, "..");
	closedir(d);
	return empty;
}

int page_dir_check(const char *dir, const char *generator)
{
	char real[PATH_MAX];
	struct stat st;

	if (!realpath(dir, real))
		return errno == ENOENT ? 0 : error("cannot use '%s': %s", dir, strerror(errno));
	if (!strcmp(real, "/"))
		return error("refusing to write a page into '/': give -o a directory of its own");
	if (stat(real, &st) < 0 || !S_ISDIR(st.st_mode))
		return error("cannot write a page into '%s': not a directory", dir);
	if (check_own_dir(dir) < 0)
		return -1;
	if (!empty_dir(real) && !our_page(real, generator))
		return error("refusing to write a page into '%s': it is not empty and holds no page "
			     "contest wrote; give a new or empty directory", dir);
	return 0;
}

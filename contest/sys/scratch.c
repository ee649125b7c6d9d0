/* scratch.c - see scratch.h */
#include "sys/scratch.h"
#include "sys/cleanup.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

struct linux_dirent64 {
	unsigned long long d_ino;
	long long d_off;
	unsigned short d_reclen;
	unsigned char d_type;
	char d_name[];
};

/* rm -rf of name inside dirfd with system calls only: no malloc, no stdio. 0 when gone. */
static int remove_at(int dirfd, const char *name, int depth)
{
	char buf[4096];
	long n;
	int fd, removed = 1;

	if (unlinkat(dirfd, name, 0) == 0 || errno == ENOENT)
		return 0;
	if (depth > 64)
		return -1;
	fd = openat(dirfd, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
	if (fd < 0)
		return -1;
	/* entries removed while reading may shift the rest: read again while that helps */
	while (removed) {
		removed = 0;
		lseek(fd, 0, SEEK_SET);
		while ((n = syscall(SYS_getdents64, fd, buf, sizeof(buf))) > 0)
			for (long off = 0; off < n;) {
				struct linux_dirent64 *d = (struct linux_dirent64 *)(buf + off);

				off += d->d_reclen;
				if (strcmp(d->d_name, ".") && strcmp(d->d_name, "..") &&
				    remove_at(fd, d->d_name, depth + 1) == 0)
					removed = 1;
			}
	}
	close(fd);
	return unlinkat(dirfd, name, AT_REMOVEDIR) == 0 || errno == ENOENT ? 0 : -1;
}

static void scratch_undo(const char *path, long id)
{
	(void)id;
	remove_at(AT_FDCWD, path, 0);
}

/* only a directory with contest's marker in it is ever removed recursively */
static int remove_marked(const char *dir)
{
	char *marker = xasprintf("%s/%s", dir, SCRATCH_MARKER);
	int ret = 0;

	if (access(marker, F_OK) == 0) {
		if (rm_rf(dir) < 0)
			ret = error("cannot remove '%s': %s", dir, strerror(errno));
	} else if (errno != ENOENT || access(dir, F_OK) == 0) {
		ret = error("not removing '%s': it has no %s marker", dir, SCRATCH_MARKER);
	}
	free(marker);
	return ret;
}

static const struct cleanup_kind scratch_kind = {
	.name = "scratch", .undo = scratch_undo, .remove_leftover = remove_marked,
};
CLEANUP_KIND(scratch_kind)

char *scratch_make(const char *parent, const char *prefix)
{
	char *dir = xasprintf("%s/%s.XXXXXX", parent, prefix), *marker;
	int fd;

	if (mkdir_p(parent, 0755) < 0 || !mkdtemp(dir)) {
		error("cannot create a scratch directory in '%s': %s", parent, strerror(errno));
		free(dir);
		return NULL;
	}
	marker = xasprintf("%s/%s", dir, SCRATCH_MARKER);
	fd = open(marker, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
	if (fd < 0) {
		error("cannot create '%s': %s", marker, strerror(errno));
		rmdir(dir);
		free(dir);
		dir = NULL;
	} else {
		close(fd);
		cleanup_add(&scratch_kind, dir, 1);
	}
	free(marker);
	return dir;
}

int scratch_remove(const char *dir)
{
	if (!dir)
		return 0;
	if (remove_marked(dir) < 0)
		return -1;
	cleanup_del(&scratch_kind, dir);
	return 0;
}

int scratch_register(const char *dir)
{
	return cleanup_add(&scratch_kind, dir, 1);
}

void scratch_forget(const char *dir)
{
	cleanup_del(&scratch_kind, dir);
}

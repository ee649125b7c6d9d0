/* handover.c - see handover.h */
#include "sys/handover.h"
#include "lib/owner.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* an entry below RESULTS/KERNEL before the session: a path alone could be
 * replaced, an inode alone reused by a file the session makes */
struct handover_seen {
	ino_t ino;
	char *path;		/* "." for KERNEL itself, "./logs/..." below */
};

#define DIR_FLAGS (O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)

/* ---- before ---- */

/* name is one that mkdir_p makes as a directory of its own */
static int plain_name(const char *name)
{
	return *name && strcmp(name, ".") && strcmp(name, "..");
}

void handover_begin(struct handover *h, const char *results, const char *kernel)
{
	char *p = xstrdup(results), *slash;
	struct stat st;

	memset(h, 0, sizeof(*h));
	h->active = invoked_by_sudo();
	h->results = xstrdup(results);
	h->kernel = xstrdup(kernel);
	while (h->active && lstat(p, &st) < 0 && errno == ENOENT) {
		slash = strrchr(p, '/');
		if (plain_name(slash ? slash + 1 : p)) {
			h->made = xrealloc(h->made, (h->nmade + 1) * sizeof(*h->made));
			memmove(h->made + 1, h->made, h->nmade++ * sizeof(*h->made));
			h->made[0] = xstrdup(slash ? slash + 1 : p);
		}
		if (!slash || slash == p) {
			p[!slash ? 0 : 1] = '\0';
			break;
		}
		*slash = '\0';
	}
	if (!*p) {
		free(p);
		p = xstrdup(".");
	}
	h->base = p;
}

static int by_inode_path(const void *pa, const void *pb)
{
	const struct handover_seen *a = pa, *b = pb;

	if (a->ino != b->ino)
		return a->ino < b->ino ? -1 : 1;
	return strcmp(a->path, b->path);
}

/* ---- walking RESULTS/KERNEL ---- */

typedef int (*visit_fn)(struct handover *h, int dirfd, const char *name, const char *path,
			const struct stat *st);

static int walk(struct handover *h, int fd, const char *path, visit_fn fn);

/* one entry of the directory at dirfd: below it first when it is one */
static int visit(struct handover *h, int dirfd, const char *name, const char *dir, visit_fn fn)
{
	char *path = xasprintf("%s/%s", dir, name);
	struct stat st;
	int ret = 0, sub;

	if (fstatat(dirfd, name, &st, AT_SYMLINK_NOFOLLOW) < 0) {
		ret = errno == ENOENT ? 0 : -1;
	} else if (st.st_dev == h->kdev) {	/* a mount below is not the session's */
		if (S_ISDIR(st.st_mode)) {
			sub = openat(dirfd, name, DIR_FLAGS);
			if (sub < 0)
				ret = errno == ENOENT ? 0 : -1;
			else
				ret = walk(h, sub, path, fn);
		}
		if (ret == 0)
			ret = fn(h, dirfd, name, path, &st);
	}
	free(path);
	return ret;
}

/* every entry below the directory open at fd (which it closes) */
static int walk(struct handover *h, int fd, const char *path, visit_fn fn)
{
	DIR *d = fdopendir(fd);
	struct dirent *de;
	int ret = 0;

	if (!d) {
		close(fd);
		return -1;
	}
	while (ret == 0 && (errno = 0, de = readdir(d)))
		if (strcmp(de->d_name, ".") && strcmp(de->d_name, ".."))
			ret = visit(h, dirfd(d), de->d_name, path, fn);
	if (ret == 0 && errno)
		ret = -1;
	closedir(d);
	return ret;
}

/* RESULTS/KERNEL open, through RESULTS as handover_note found it; -1 with
 * errno (ENOENT: not there, ESTALE: RESULTS is another directory now) */
static int open_kdir(struct handover *h, int noting)
{
	int fd = open(h->results, O_RDONLY | O_DIRECTORY | O_CLOEXEC), kfd;
	struct stat st;

	if (fd < 0)
		return -1;
	if (fstat(fd, &st) < 0 || (!noting && (st.st_dev != h->dev || st.st_ino != h->ino))) {
		int e = errno;

		close(fd);
		errno = noting ? e : ESTALE;
		return -1;
	}
	h->dev = st.st_dev;
	h->ino = st.st_ino;
	kfd = openat(fd, h->kernel, DIR_FLAGS);
	close(fd);
	return kfd;
}

/* ---- noting what is there ---- */

static int note_one(struct handover *h, int dirfd, const char *name, const char *path,
		    const struct stat *st)
{
	(void)dirfd;
	(void)name;
	if (h->nseen == h->cap) {
		h->cap = h->cap ? 2 * h->cap : 64;
		h->seen = xrealloc(h->seen, h->cap * sizeof(*h->seen));
	}
	h->seen[h->nseen].ino = st->st_ino;
	h->seen[h->nseen++].path = xstrdup(path);
	return 0;
}

int handover_note(struct handover *h)
{
	struct stat st;
	int fd, ret;

	if (!h->active)
		return 0;
	fd = open_kdir(h, 1);
	if (fd < 0 && errno == ENOENT && h->ino)
		return 0;	/* RESULTS is there, KERNEL is not: all in it will be new */
	if (fd < 0 || fstat(fd, &st) < 0) {
		if (fd >= 0)
			close(fd);
		return error("cannot read '%s/%s': %s", h->results, h->kernel, strerror(errno));
	}
	h->kdev = st.st_dev;
	note_one(h, fd, ".", ".", &st);
	ret = walk(h, fd, ".", note_one);
	if (ret < 0)
		return error("cannot read '%s/%s': %s", h->results, h->kernel, strerror(errno));
	qsort(h->seen, h->nseen, sizeof(*h->seen), by_inode_path);
	return 0;
}

/* ---- giving what is new ---- */

static int seen_before(const struct handover *h, ino_t ino, const char *path)
{
	struct handover_seen key = { ino, (char *)path };

	return h->nseen && bsearch(&key, h->seen, h->nseen, sizeof(*h->seen), by_inode_path);
}

/* name in dirfd, when the session made it: root's, and not a link to a file from elsewhere */
static int give_one(struct handover *h, int dirfd, const char *name, const char *path,
		    const struct stat *st)
{
	if (seen_before(h, st->st_ino, path) || st->st_uid != geteuid() ||
	    (!S_ISDIR(st->st_mode) && st->st_nlink > 1))
		return 0;
	if (fchownat(dirfd, name, invoking_uid(), invoking_gid(), AT_SYMLINK_NOFOLLOW) < 0 &&
	    errno != ENOENT)
		return -1;
	return 0;
}

/* RESULTS/KERNEL itself, open at fd (closed on error) */
static int give_top(struct handover *h, int fd, const struct stat *st)
{
	if (seen_before(h, st->st_ino, ".") || st->st_uid != geteuid())
		return 0;
	if (fchown(fd, invoking_uid(), invoking_gid()) == 0)
		return 0;
	close(fd);
	return -1;
}

/* RESULTS and the parents of it that the session made, from base down */
static int give_made(struct handover *h)
{
	int fd = open(h->base, O_RDONLY | O_DIRECTORY | O_CLOEXEC), ret = 0;
	struct stat st;

	for (size_t i = 0; fd >= 0 && ret == 0 && i < h->nmade; i++) {
		const char *name = h->made[i];
		int sub;

		if (fstatat(fd, name, &st, AT_SYMLINK_NOFOLLOW) < 0 || !S_ISDIR(st.st_mode))
			break;
		if (st.st_uid == geteuid() &&
		    fchownat(fd, name, invoking_uid(), invoking_gid(), AT_SYMLINK_NOFOLLOW) < 0)
			ret = error("cannot give '%s' to uid %d: %s", name, (int)invoking_uid(),
				    strerror(errno));
		sub = openat(fd, name, DIR_FLAGS);
		close(fd);
		fd = sub;
	}
	if (fd >= 0)
		close(fd);
	return ret;
}

int handover_give(struct handover *h)
{
	struct stat st;
	int fd, ret;

	if (!h->active || !h->ino)
		return 0;	/* not under sudo, or stopped before anything was written */
	ret = give_made(h);
	fd = open_kdir(h, 0);
	if (fd < 0 && errno == ENOENT)
		return ret;
	if (fd >= 0 && fstat(fd, &st) < 0) {
		int e = errno;

		close(fd);
		fd = -1;
		errno = e;
	} else if (fd >= 0 && h->kdev && st.st_dev != h->kdev) {
		close(fd);	/* another filesystem mounted there since */
		fd = -1;
		errno = ESTALE;
	}
	if (fd < 0)
		return error("cannot give '%s/%s' to uid %d: %s", h->results, h->kernel,
			     (int)invoking_uid(), errno == ESTALE ?
			     "it is not the directory the session started in" : strerror(errno));
	h->kdev = st.st_dev;
	if (give_top(h, fd, &st) < 0 || walk(h, fd, ".", give_one) < 0)
		return error("cannot give '%s/%s' to uid %d: %s", h->results, h->kernel,
			     (int)invoking_uid(), strerror(errno));
	return ret;
}

void handover_release(struct handover *h)
{
	for (size_t i = 0; i < h->nmade; i++)
		free(h->made[i]);
	for (size_t i = 0; i < h->nseen; i++)
		free(h->seen[i].path);
	free(h->made);
	free(h->seen);
	free(h->base);
	free(h->results);
	free(h->kernel);
	memset(h, 0, sizeof(*h));
}

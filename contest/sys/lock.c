/* lock.c - see lock.h */
#include "sys/lock.h"
#include "sys/lock-record.h"
#include "sys/cleanup.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- what a dead session left ---- */

/* 1 when it is still what was judged; 0 when gone meanwhile (with its parent) */
static int unchanged(const struct leftover *it)
{
	struct stat st;

	if (lstat(it->path, &st) < 0)
		return errno == ENOENT ? 0 : error("cannot examine '%s': %s", it->path, strerror(errno));
	if (st.st_dev != it->dev || st.st_ino != it->ino)
		return error("not removing '%s': it was replaced while being checked", it->path);
	return 1;
}

/* say what is not removed, and why */
static void refuse(const struct leftover *it, const char *lockpath)
{
	if (it->verdict == LEFT_IGNORE)
		warning("%s:%zu: ignoring '%s': %s", lockpath, it->line, it->word, it->why);
	else
		warning("not %s '%.*s': %s", it->kind == LEFT_KNOB ? "restoring" : "removing",
			(int)strcspn(it->path, "\t"), it->path, it->why);
}

/* act on one judged line */
static void clean_one(const struct leftover *it, const char *lockpath)
{
	int ret;

	if (it->verdict != LEFT_REMOVE) {
		refuse(it, lockpath);
		return;
	}
	ret = it->kind == LEFT_KNOB ? 1 : unchanged(it);	/* a file of the kernel's */
	if (ret == 0)
		return;	/* removed with its parent */
	if (ret > 0)
		ret = cleanup_leftover(it->word, it->path);
	if (it->kind == LEFT_KNOB)	/* "PATH<TAB>ORIGINAL" */
		info("  knob %.*s%s '%s'", (int)strcspn(it->path, "\t"), it->path,
		     ret < 0 ? ": failed to restore" : ": restored to",
		     it->path + strcspn(it->path, "\t") + 1);
	else
		info("  %s %s%s", it->word, it->path, ret < 0 ? " (failed)" : ": removed");
}

/*
 * Act on a dead session's record, once judged (lock-record.h): the lines
 * in order, then the knobs newest first, so that a knob set twice ends at
 * the value it had before the first (the older line's original).
 */
static void clean_leftovers(const struct lock_record *rec, const char *lockpath)
{
	int n = 0;

	for (size_t pass = 0; pass < 2; pass++) {
		for (size_t j = 0; j < rec->n; j++) {
			const struct leftover *it = &rec->items[pass ? rec->n - 1 - j : j];

			if (it->verdict == LEFT_GONE || (it->kind == LEFT_KNOB) != (pass == 1))
				continue;
			if (n++ == 0)
				info("an earlier session (pid %ld) died without cleaning up (%s); "
				     "removing what it left:", rec->pid, lockpath);
			clean_one(it, lockpath);
		}
	}
}

/* this user's, and writable by no one else */
static int alone(const struct stat *st)
{
	return st->st_uid == geteuid() && !(st->st_mode & 022);
}

#define RECORD_MAX (1 << 20)

/* the record as the descriptor holding the lock reads it: no second open by
 * path, which a user who can rename in the directory could answer with
 * another file; NULL when empty or unreadable */
static char *record_text(int fd)
{
	size_t len = 0, cap = 4096;
	char *text = xmalloc(cap);
	ssize_t n;

	while (len < RECORD_MAX) {
		if (cap - len < 2)
			text = xrealloc(text, cap *= 2);
		n = pread(fd, text + len, cap - len - 1, (off_t)len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n <= 0)
			break;
		len += (size_t)n;
	}
	text[len] = '\0';
	if (!len) {
		free(text);
		return NULL;
	}
	return text;
}

/* the record of the lock held at fd, opened in the directory dfd (work_dir) */
static void read_record(int fd, int dfd, const char *path, const char *work_dir)
{
	char *text = record_text(fd);
	struct lock_record rec;
	struct stat ds, fs;
	int trusted;

	test_pause("lock-record");
	trusted = fstat(fd, &fs) == 0 && S_ISREG(fs.st_mode) && alone(&fs) &&
		  fstat(dfd, &ds) == 0 && alone(&ds);
	if (text) {
		lock_record_parse(&rec, text, work_dir, trusted);
		clean_leftovers(&rec, path);
		lock_record_release(&rec);
	}
	free(text);
}

/* ---- the lock ---- */

static int holder_pid(int fd)
{
	char line[64];
	ssize_t n = pread(fd, line, sizeof(line) - 1, 0);
	int pid = 0;

	if (n > 0) {
		line[n] = '\0';
		sscanf(line, "pid %d", &pid);
	}
	return pid;
}

/* the fd still names LOCK_NAME in dfd (a releasing session may have unlinked it) */
static int same_file(int fd, int dfd)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && fstatat(dfd, LOCK_NAME, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
	       a.st_dev == b.st_dev && a.st_ino == b.st_ino;
}

int lock_take(struct session_lock *l, const char *dir, const char *what, int leftovers)
{
	char pidline[32];
	int dfd;

	l->fd = -1;
	l->path = xasprintf("%s/%s", dir, LOCK_NAME);
	if (mkdir_p(dir, 0755) < 0)
		return error("cannot create '%s': %s", dir, strerror(errno));
	/* the lock is opened in the directory judged (read_record), not by path */
	dfd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (dfd < 0)
		return error("cannot open '%s': %s", dir, strerror(errno));
	for (int tries = 0; tries < 10; tries++) {
		l->fd = openat(dfd, LOCK_NAME, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
		if (l->fd < 0) {
			error("cannot open '%s': %s", l->path, strerror(errno));
			close(dfd);
			return -1;
		}
		if (flock(l->fd, LOCK_EX | LOCK_NB) < 0) {
			int e = errno, pid = holder_pid(l->fd);

			close(l->fd);
			close(dfd);
			l->fd = -1;
			if (e != EWOULDBLOCK)
				return error("cannot lock '%s': %s", l->path, strerror(e));
			return error("the %s '%s' is in use by another contest run (pid %d)",
				     what, dir, pid);
		}
		if (same_file(l->fd, dfd))
			break;
		close(l->fd);	/* taken from a file just unlinked: try the new one */
		l->fd = -1;
	}
	if (l->fd < 0) {
		close(dfd);
		return error("cannot lock '%s': it keeps being replaced", l->path);
	}
	if (leftovers)
		read_record(l->fd, dfd, l->path, dir);
	close(dfd);
	snprintf(pidline, sizeof(pidline), "pid %d\n", (int)getpid());
	if (ftruncate(l->fd, 0) < 0 || pwrite(l->fd, pidline, strlen(pidline), 0) < 0)
		return error("cannot write '%s': %s", l->path, strerror(errno));
	return 0;
}

void lock_release(struct session_lock *l, int keep)
{
	if (l->fd >= 0) {
		if (!keep)
			unlink(l->path);	/* while still held: see same_file */
		close(l->fd);
		l->fd = -1;
	}
	free(l->path);
	l->path = NULL;
}

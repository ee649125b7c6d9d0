/* lock.c - see lock.h */
#include "sys/lock.h"
#include "sys/lock-record.h"
#include "sys/cleanup.h"
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

/* act on a dead session's record, once judged (lock-record.h) */
static void clean_leftovers(const struct lock_record *rec, const char *lockpath)
{
	int n = 0;

	for (size_t i = 0; i < rec->n; i++) {
		const struct leftover *it = &rec->items[i];
		int ret;

		if (it->verdict == LEFT_GONE)
			continue;
		if (n++ == 0)
			info("an earlier session (pid %ld) died without cleaning up (%s); "
			     "removing what it left:", rec->pid, lockpath);
		if (it->verdict != LEFT_REMOVE) {
			refuse(it, lockpath);
			continue;
		}
		ret = it->kind == LEFT_KNOB ? 1 : unchanged(it);	/* a file of the kernel's */
		if (ret == 0)
			continue;	/* removed with its parent */
		if (ret > 0)
			ret = cleanup_leftover(it->word, it->path);
		if (it->kind == LEFT_KNOB)	/* "PATH<TAB>ORIGINAL" */
			info("  knob %.*s%s '%s'", (int)strcspn(it->path, "\t"), it->path,
			     ret < 0 ? ": failed to restore" : ": restored to",
			     it->path + strcspn(it->path, "\t") + 1);
		else
			info("  %s %s%s", it->word, it->path, ret < 0 ? " (failed)" : ": removed");
	}
}

static void read_record(const char *path, const char *work_dir)
{
	char *text = read_regular_file(path, NULL);
	struct lock_record rec;

	if (text && *text) {
		lock_record_parse(&rec, text, work_dir);
		clean_leftovers(&rec, path);
		lock_record_release(&rec);
	}
	free(text);
}

/* ---- the lock ---- */

static int holder_pid(const char *path)
{
	char line[64];
	int pid = 0;

	if (read_line_file(path, line, sizeof(line)) == 0)
		sscanf(line, "pid %d", &pid);
	return pid;
}

/* the fd still names the file at path (a releasing session may have unlinked it) */
static int same_file(int fd, const char *path)
{
	struct stat a, b;

	return fstat(fd, &a) == 0 && stat(path, &b) == 0 && a.st_dev == b.st_dev &&
	       a.st_ino == b.st_ino;
}

int lock_take(struct session_lock *l, const char *dir, const char *what, int leftovers)
{
	char pidline[32];

	l->fd = -1;
	l->path = xasprintf("%s/%s", dir, LOCK_NAME);
	if (mkdir_p(dir, 0755) < 0)
		return error("cannot create '%s': %s", dir, strerror(errno));
	for (int tries = 0; tries < 10; tries++) {
		l->fd = open(l->path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, 0644);
		if (l->fd < 0)
			return error("cannot open '%s': %s", l->path, strerror(errno));
		if (flock(l->fd, LOCK_EX | LOCK_NB) < 0) {
			int pid = holder_pid(l->path);

			close(l->fd);
			l->fd = -1;
			if (errno != EWOULDBLOCK)
				return error("cannot lock '%s': %s", l->path, strerror(errno));
			return error("the %s '%s' is in use by another contest run (pid %d)",
				     what, dir, pid);
		}
		if (same_file(l->fd, l->path))
			break;
		close(l->fd);	/* taken from a file just unlinked: try the new one */
		l->fd = -1;
	}
	if (l->fd < 0)
		return error("cannot lock '%s': it keeps being replaced", l->path);
	if (leftovers)
		read_record(l->path, dir);
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

/* knob.c - files under /proc/sys and /sys set for a variant, see knob.h */
#include "sys/knob.h"
#include "sys/cleanup.h"
#include "lib/config.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- the machine-wide lock of a knob (knob.h) ---- */

#define HELD_MAX 32

static struct held {
	char path[4096];		/* the knob */
	char *lock;			/* its lock file */
	volatile sig_atomic_t fd;	/* -1: the slot is free */
	int refs;
} held[HELD_MAX] = { [0 ... HELD_MAX - 1] = { .fd = -1 } };

static char *lock_dir(void)
{
	return geteuid() == 0 ? xstrdup(KNOB_LOCK_DIR) :
				xasprintf("/tmp/contest-knobs-%d", (int)geteuid());
}

static struct held *held_of(const char *path)
{
	for (int i = 0; i < HELD_MAX; i++)
		if (held[i].fd >= 0 && !strcmp(held[i].path, path))
			return &held[i];
	return NULL;
}

/* this user's, and writable by no one else */
static int alone(const struct stat *st)
{
	return st->st_uid == geteuid() && !(st->st_mode & 022);
}

/* a knob lock's text, up to size - 1 bytes */
static void lock_text(int fd, char *buf, size_t size)
{
	ssize_t n = pread(fd, buf, size - 1, 0);

	buf[n > 0 ? n : 0] = '\0';
}

static int write_value(const char *path, const char *value);
static void unhold(const char *path);

/*
 * A knob lock just taken that holds "knob PATH<TAB>ORIGINAL": its session
 * died (SIGKILL) with the knob set, or about to be. The lock file and its
 * directory are this user's alone (checked), so the line is contest's own:
 * write the original back.
 */
static void restore_stale(int fd, const char *path)
{
	char text[8192], *line = xasprintf("\nknob %s\t", path), *at, *value;
	int pid = 0;

	lock_text(fd, text, sizeof(text));
	sscanf(text, "pid %d", &pid);
	at = strstr(text, line);
	if (at) {
		value = at + strlen(line);
		value[strcspn(value, "\n")] = '\0';
		if (knob_value_ok(value) && write_value(path, value) == 0)
			info("an earlier session (pid %d) died with '%s' set: restored to '%s'",
			     pid, path, value);
	}
	free(line);
}

/* the lock file's whole text: "pid N", and the knob's original while it is set */
static int lock_write(const struct held *h, const char *original)
{
	char *text = original ? xasprintf("pid %d\nknob %s\t%s\n", (int)getpid(), h->path, original)
			      : xasprintf("pid %d\n", (int)getpid());
	int ret = 0;

	if (ftruncate(h->fd, 0) < 0 || pwrite(h->fd, text, strlen(text), 0) != (ssize_t)strlen(text) ||
	    fdatasync(h->fd) < 0)
		ret = error("cannot write '%s': %s", h->lock, strerror(errno));
	free(text);
	return ret;
}

/* open and flock name in dfd, retrying while a releasing session unlinks it */
static int lock_open(int dfd, const char *name, const char *lock, const char *verb,
		     const char *path)
{
	struct stat a, b;
	char text[64];

	for (int tries = 0; tries < 10; tries++) {
		int fd = openat(dfd, name, O_RDWR | O_CREAT | O_NOFOLLOW | O_CLOEXEC, 0644), pid = 0;

		if (fd < 0)
			return error("cannot open '%s': %s", lock, strerror(errno));
		if (flock(fd, LOCK_EX | LOCK_NB) < 0) {
			int e = errno;

			lock_text(fd, text, sizeof(text));
			sscanf(text, "pid %d", &pid);
			close(fd);
			if (e == EWOULDBLOCK)
				return error("cannot %s '%s': another contest session (pid %d) is "
					     "using it", verb, path, pid);
			return error("cannot lock '%s': %s", lock, strerror(e));
		}
		if (fstat(fd, &a) == 0 && fstatat(dfd, name, &b, AT_SYMLINK_NOFOLLOW) == 0 &&
		    a.st_dev == b.st_dev && a.st_ino == b.st_ino) {
			if (S_ISREG(a.st_mode) && alone(&a))
				return fd;
			close(fd);
			return error("cannot %s '%s': its lock '%s' is not this user's alone", verb,
				     path, lock);
		}
		close(fd);	/* taken from a file just unlinked: try the new one */
	}
	return error("cannot lock '%s': it keeps being replaced", lock);
}

/* take path's lock, or one more hold of it; verb says what for in errors */
static int hold(const char *path, const char *verb)
{
	struct held *h = held_of(path);
	char *dir, *lock, name[64];
	struct stat st;
	int dfd, fd = -1;

	if (h) {
		h->refs++;
		return 0;
	}
	for (int i = 0; i < HELD_MAX && !h; i++)
		if (held[i].fd < 0)
			h = &held[i];
	if (!h || strlen(path) >= sizeof(h->path))
		return error("cannot %s '%s': too many knobs", verb, path);
	snprintf(name, sizeof(name), "knob-%016llx.lock",
		 (unsigned long long)hash_bytes(14695981039346656037ULL, path, strlen(path)));
	dir = lock_dir();
	lock = xasprintf("%s/%s", dir, name);
	if (mkdir_p(dir, 0755) < 0 || (dfd = open(dir, O_RDONLY | O_DIRECTORY | O_NOFOLLOW |
						   O_CLOEXEC)) < 0) {
		error("cannot %s '%s': cannot make '%s': %s", verb, path, dir, strerror(errno));
		free(dir);
		free(lock);
		return -1;
	}
	if (fstat(dfd, &st) < 0 || !alone(&st))
		error("cannot %s '%s': '%s' is not this user's alone", verb, path, dir);
	else
		fd = lock_open(dfd, name, lock, verb, path);
	close(dfd);
	free(dir);
	if (fd < 0) {
		free(lock);
		return -1;
	}
	memcpy(h->path, path, strlen(path) + 1);
	h->lock = lock;
	h->refs = 1;
	restore_stale(fd, path);
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* the path before the fd */
	h->fd = fd;
	if (lock_write(h, NULL) < 0) {
		unhold(path);
		return -1;
	}
	return 0;
}

/* one hold less; the last drops the lock, and its file */
static void unhold(const char *path)
{
	struct held *h = held_of(path);
	int fd;

	if (!h || --h->refs > 0)
		return;
	unlink(h->lock);	/* while still held: see lock_open */
	fd = h->fd;
	h->fd = -1;
	close(fd);
	free(h->lock);
	h->lock = NULL;
}

int knob_hold(const struct knob *k)
{
	return hold(k->path, "set");
}

void knob_unhold(const struct knob *k)
{
	unhold(k->path);
}

/* the registry's item: "PATH<TAB>ORIGINAL", as the lock record has it */
static int split_item(const char *item, char *path, size_t size, const char **value)
{
	const char *tab = strchr(item, '\t');
	size_t len = tab ? (size_t)(tab - item) : 0;

	if (!tab || len >= size)
		return -1;
	memcpy(path, item, len);
	path[len] = '\0';
	*value = tab + 1;
	return 0;
}

/* the registry's undo on a forced exit: system calls on the stack only */
static void knob_undo(const char *item, long id)
{
	char path[4096];
	const char *value;
	int fd;

	(void)id;
	if (split_item(item, path, sizeof(path), &value) < 0)
		return;
	fd = open(path, O_WRONLY | O_CLOEXEC);
	if (fd >= 0) {
		if (write(fd, value, strlen(value)) < 0) {
			/* nothing more a forced exit can do */
		}
		close(fd);
	}
	for (int i = 0; i < HELD_MAX; i++)	/* written back: its lock need not say it */
		if (held[i].fd >= 0 && !strcmp(held[i].path, path) && ftruncate(held[i].fd, 0) < 0) {
			/* the next session writes the same original again */
		}
}

/*
 * A file that offers its choices ("none [mq-deadline] kyber bfq", as
 * /sys/block/DEV/queue/scheduler and THP's do) refuses another with
 * EINVAL alone: the error then lists what it offers
 */
static int refused(const char *path, const char *value, int err)
{
	char *text = err == EINVAL ? read_regular_file(path, NULL) : NULL;
	int ret;

	if (text && strchr(text, '[')) {
		size_t len = strcspn(text, "\n");

		while (len && text[len - 1] == ' ')
			len--;
		text[len] = '\0';
		ret = error("cannot write '%s' to '%s': %s; it offers: %s", value, path,
			    strerror(err), text);
	} else {
		ret = error("cannot write '%s' to '%s': %s", value, path, strerror(err));
	}
	free(text);
	return ret;
}

static int write_value(const char *path, const char *value)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC), ret = 0;

	if (fd < 0)
		return error("cannot open '%s': %s", path, strerror(errno));
	if (write_all(fd, value, strlen(value)) < 0)
		ret = refused(path, value, errno);
	close(fd);
	return ret;
}

/* a dead session's knob, judged contest's (lock-record.c): write it back */
static int knob_remove_leftover(const char *item)
{
	char path[4096];
	const char *value;

	int ret;

	if (split_item(item, path, sizeof(path), &value) < 0)
		return error("bad knob record '%s'", item);
	if (hold(path, "restore") < 0)	/* not under a live session's feet */
		return -1;
	ret = write_value(path, value);
	unhold(path);
	return ret;
}

static const struct cleanup_kind knob_kind = {
	.name = "knob", .undo = knob_undo, .remove_leftover = knob_remove_leftover,
};
CLEANUP_KIND(knob_kind)

int knob_value_ok(const char *value)
{
	size_t n = strlen(value);

	if (!n || n >= KNOB_VALUE_MAX)
		return 0;
	for (const unsigned char *p = (const unsigned char *)value; *p; p++)
		if (*p < 0x20 || *p == 0x7f)
			return 0;
	return 1;
}

int knob_path_ok(const char *path, char *resolved)
{
	struct stat st;

	if (!realpath(path, resolved) || stat(resolved, &st) < 0 || !S_ISREG(st.st_mode))
		return 0;
	return !strncmp(resolved, "/proc/sys/", 10) || !strncmp(resolved, "/sys/", 5);
}

int knob_parse(struct knob *k, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char path[4096];

	memset(k, 0, sizeof(*k));
	if (!eq || eq == arg || (size_t)(eq - arg) >= sizeof(path))
		return error("bad --knob '%s': it wants PATH=VALUE", arg);
	memcpy(path, arg, (size_t)(eq - arg));
	path[eq - arg] = '\0';
	if (!knob_value_ok(eq + 1))
		return error("bad --knob '%s': the value must be printable text, 1 to %d bytes",
			     arg, KNOB_VALUE_MAX - 1);
	if (!knob_path_ok(path, k->path))
		return error("bad --knob '%s': '%s' is not a file under /proc/sys or /sys",
			     arg, path);
	if (access(k->path, W_OK) < 0)
		return error("bad --knob '%s': cannot write '%s': %s", arg, k->path,
			     strerror(errno));
	snprintf(k->value, sizeof(k->value), "%s", eq + 1);
	snprintf(k->given, sizeof(k->given), "%s", path);
	return 0;
}

int knob_read(const char *path, char *buf, size_t size)
{
	if (read_active_choice(path, buf, size) < 0)
		return error("cannot read '%s': %s", path, strerror(errno));
	return 0;
}

static char *item_of(const struct knob *k)
{
	return xasprintf("%s\t%s", k->path, k->original);
}

/* the original into k: refused when it could not be written back whole */
static int read_original(struct knob *k)
{
	char buf[4096];

	if (knob_read(k->path, buf, sizeof(buf)) < 0)
		return -1;
	if (strlen(buf) >= sizeof(k->original))
		return error("cannot set '%s': its value (%zu bytes or more) is too long to restore "
			     "(at most %d)", k->path, strlen(buf), KNOB_VALUE_MAX - 1);
	if (!knob_value_ok(buf))
		return error("cannot set '%s': its value '%s' could not be restored", k->path, buf);
	memcpy(k->original, buf, strlen(buf) + 1);
	return 0;
}

int knob_set(struct knob *k)
{
	char now[KNOB_VALUE_MAX], *item;

	if (hold(k->path, "set") < 0)
		return -1;
	/* on record (its lock, the work directory's) before it is written */
	if (read_original(k) < 0 || lock_write(held_of(k->path), k->original) < 0) {
		unhold(k->path);
		return -1;
	}
	item = item_of(k);
	cleanup_add(&knob_kind, item, 1);
	if (write_value(k->path, k->value) < 0 ||
	    (test_pause("knob-set"), knob_read(k->path, now, sizeof(now))) < 0) {
		write_value(k->path, k->original);
		cleanup_del(&knob_kind, item);
		lock_write(held_of(k->path), NULL);
		unhold(k->path);
		free(item);
		return -1;
	}
	free(item);
	k->set = 1;
	if (strcmp(now, k->value))
		warning("'%s' reads '%s' after '%s' was written to it", k->path, now, k->value);
	return 0;
}

int knob_restore(struct knob *k)
{
	char *item;
	int ret;

	if (!k->set)
		return 0;
	ret = write_value(k->path, k->original);
	item = item_of(k);
	cleanup_del(&knob_kind, item);
	free(item);
	if (ret == 0)
		lock_write(held_of(k->path), NULL);
	unhold(k->path);
	k->set = 0;
	return ret;
}

char **knob_line_words(const char *line)
{
	char *copy = xstrdup(strcmp(line, "none") ? line : ""), *save = NULL;
	char **words = xcalloc(strlen(copy) + 1, sizeof(*words));
	size_t n = 0;

	for (char *t = strtok_r(copy, " ", &save); t; t = strtok_r(NULL, " ", &save))
		if (!strchr(t, '=') && n)	/* strtok_r cut a value: join it again */
			words[n - 1][strlen(words[n - 1])] = ' ';
		else
			words[n++] = t;
	for (size_t i = 0; i < n; i++)	/* each its own, now the joins are done */
		words[i] = xstrdup(words[i]);
	free(copy);
	return words;
}

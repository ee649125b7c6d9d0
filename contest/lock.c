/* lock.c - see lock.h */
#include "lock.h"
#include "cgroup.h"
#include "util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <unistd.h>

#define LOCK_NAME ".contest.lock"

/* ---- what a dead session left ---- */

static int kill_procs(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *procs, *text, *p;

	(void)st;
	(void)ftw;
	if (flag != FTW_D)
		return 0;
	procs = xasprintf("%s/cgroup.procs", path);
	text = read_text_file(procs, NULL);
	for (p = text; p && *p; p++) {
		long pid = strtol(p, &p, 10);

		if (pid > 1)
			kill((pid_t)pid, SIGKILL);
		if (!*p)
			break;
	}
	free(text);
	free(procs);
	return 0;
}

static int rmdir_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		cgroup_rmdir(path);
	return 0;
}

/* kill what is still in a cgroup tree and remove it, children first */
static int remove_cgroup(const char *dir)
{
	const char *base = strrchr(dir, '/');

	if (!base || strncmp(base + 1, "contest-", 8) || strncmp(dir, "/sys/fs/cgroup/", 15))
		return error("not removing '%s': not a contest cgroup", dir);
	/* again: a task forked while the procs were read escaped the first kill */
	for (int tries = 0; tries < 4 && access(dir, F_OK) == 0; tries++) {
		nftw(dir, kill_procs, 16, FTW_PHYS);
		nftw(dir, rmdir_one, 16, FTW_DEPTH | FTW_PHYS);
	}
	if (access(dir, F_OK) == 0)
		return error("cannot remove cgroup '%s': %s", dir, strerror(errno));
	return 0;
}

static int remove_swap(const char *file)
{
	if (swapoff(file) < 0 && errno != EINVAL && errno != ENOENT)
		return error("cannot swapoff '%s': %s", file, strerror(errno));
	if (unlink(file) < 0 && errno != ENOENT)
		return error("cannot remove '%s': %s", file, strerror(errno));
	return 0;
}

/* only a directory with contest's marker in it is ever removed recursively */
static int remove_scratch(const char *dir)
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

/* act on a dead session's record: "pid N" then "KIND PATH" lines */
static void clean_leftovers(char *text, const char *lockpath)
{
	char *save = NULL, *line;
	long pid = 0;
	int n = 0;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *path = strchr(line, ' ');
		int ret;

		if (!path)
			continue;
		*path++ = '\0';
		if (!strcmp(line, "pid")) {
			pid = strtol(path, NULL, 10);
			continue;
		}
		if (path[0] != '/')
			continue;	/* only absolute paths were ever recorded */
		if (access(path, F_OK) < 0 && errno == ENOENT)
			continue;	/* removed in time (the record only grows) */
		if (!strcmp(line, "cgroup"))
			ret = remove_cgroup(path);
		else if (!strcmp(line, "swap"))
			ret = remove_swap(path);
		else if (!strcmp(line, "scratch"))
			ret = remove_scratch(path);
		else
			continue;
		if (n++ == 0)
			info("an earlier session (pid %ld) died without cleaning up (%s); "
			     "removing what it left:", pid, lockpath);
		info("  %s %s%s", line, path, ret < 0 ? " (failed)" : ": removed");
	}
}

static void read_record(const char *path)
{
	char *text = read_text_file(path, NULL);

	if (text && *text)
		clean_leftovers(text, path);
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
		read_record(l->path);
	snprintf(pidline, sizeof(pidline), "pid %d\n", (int)getpid());
	if (ftruncate(l->fd, 0) < 0 || pwrite(l->fd, pidline, strlen(pidline), 0) < 0)
		return error("cannot write '%s': %s", l->path, strerror(errno));
	return 0;
}

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
	}
	free(marker);
	return dir;
}

int scratch_remove(const char *dir)
{
	return dir ? remove_scratch(dir) : 0;
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

/* cleanup.c - see cleanup.h
 *
 * Slots live in static storage. A slot is filled, then published by
 * setting `used` last (a volatile sig_atomic_t), so a signal handler
 * never sees half an item. Order among items is kept by a sequence
 * number, so cgroups are removed newest (innermost) first.
 */
#include "sys/cleanup.h"
#include "sys/cgroup.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/swap.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

struct cleanup_item {
	volatile sig_atomic_t used;
	enum cleanup_kind kind;
	pid_t pgid;
	unsigned long seq;
	char path[4096];
};

static struct cleanup_item items[CLEANUP_MAX];
static unsigned long next_seq = 1;
static int record_fd = -1;
static pid_t owner;	/* the process whose registry this is; 0 before the first item */

void cleanup_set_record(int fd)
{
	record_fd = fd;
}

/* the "KIND PATH" line the next session reads (lock.c); only what outlives us */
void cleanup_record(enum cleanup_kind kind, const char *path)
{
	static const char *const names[] = {
		[CLEANUP_CGROUP] = "cgroup", [CLEANUP_SWAP] = "swap", [CLEANUP_SCRATCH] = "scratch",
	};
	const char *name = kind < ARRAY_SIZE(names) ? names[kind] : NULL;
	char *line;

	if (record_fd < 0 || !name || path[0] != '/')
		return;
	line = xasprintf("%s %s\n", name, path);
	if (lseek(record_fd, 0, SEEK_END) < 0 || write_all(record_fd, line, strlen(line)) < 0 ||
	    fdatasync(record_fd) < 0)
		warning("cannot record '%s' for a later session: %s", path, strerror(errno));
	free(line);
}

/* die(): undo what this process registered; a forked child's die leaves it be */
static void on_die(void)
{
	if (getpid() != owner || !cleanup_count())
		return;
	info("cleaning up");
	cleanup_run_all();
	cgroup_cleanup_all();	/* v2: the driver goes home, and its leaf and contest's group go */
}

static void adopt(void)
{
	if (owner)
		return;
	owner = getpid();
	die_hook = on_die;
}

static struct cleanup_item *free_slot(void)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (!items[i].used)
			return &items[i];
	warning("too many things to clean up: one of them may be left behind on a forced exit");
	return NULL;
}

static void publish(struct cleanup_item *it)
{
	it->seq = next_seq++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* the fields before `used` */
	it->used = 1;
}

int cleanup_add_pgroup(pid_t pgid)
{
	struct cleanup_item *it;

	if (pgid <= 0 || !(it = free_slot()))
		return -1;
	adopt();
	it->kind = CLEANUP_PGROUP;
	it->pgid = pgid;
	it->path[0] = '\0';
	publish(it);
	return 0;
}

int cleanup_add_path(enum cleanup_kind kind, const char *path)
{
	struct cleanup_item *it;

	if (kind == CLEANUP_PGROUP || !path || !*path)
		return -1;
	if (strlen(path) >= sizeof(it->path))
		return error("path too long to clean up: '%s'", path);
	cleanup_record(kind, path);	/* on disk first: even when the registry is full */
	if (!(it = free_slot()))
		return -1;
	adopt();
	it->kind = kind;
	it->pgid = 0;
	memcpy(it->path, path, strlen(path) + 1);
	publish(it);
	return 0;
}

void cleanup_del_pgroup(pid_t pgid)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (items[i].used && items[i].kind == CLEANUP_PGROUP && items[i].pgid == pgid) {
			items[i].used = 0;
			return;
		}
}

void cleanup_del_path(enum cleanup_kind kind, const char *path)
{
	for (int i = CLEANUP_MAX - 1; i >= 0; i--)
		if (items[i].used && items[i].kind == kind && !strcmp(items[i].path, path)) {
			items[i].used = 0;
			return;
		}
}

int cleanup_count(void)
{
	int n = 0;

	for (int i = 0; i < CLEANUP_MAX; i++)
		n += items[i].used != 0;
	return n;
}

/* ---- the signal-safe undo ---- */

static void nap_10ms(void)
{
	struct timespec ts = { 0, 10 * 1000 * 1000 };

	nanosleep(&ts, NULL);
}

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

static void undo(struct cleanup_item *it)
{
	switch (it->kind) {
	case CLEANUP_PGROUP:
		kill(-it->pgid, SIGKILL);
		break;
	case CLEANUP_TEMP:
		unlink(it->path);
		break;
	case CLEANUP_SCRATCH:
		remove_at(AT_FDCWD, it->path, 0);
		break;
	case CLEANUP_SWAP:
		swapoff(it->path);
		unlink(it->path);
		break;
	case CLEANUP_CGROUP:
		/* killed processes take a moment to leave the group */
		for (int tries = 0; tries < 100; tries++) {
			if (rmdir(it->path) == 0 || errno != EBUSY)
				break;
			nap_10ms();
		}
		break;
	}
	it->used = 0;
}

/* the newest registered item of a kind class, or NULL */
static struct cleanup_item *newest(int pgroups)
{
	struct cleanup_item *best = NULL;

	for (int i = 0; i < CLEANUP_MAX; i++) {
		struct cleanup_item *it = &items[i];

		if (!it->used || (it->kind == CLEANUP_PGROUP) != pgroups)
			continue;
		if (!best || it->seq > best->seq)
			best = it;
	}
	return best;
}

void cleanup_run_all(void)
{
	int saved = errno;
	struct cleanup_item *it;

	while ((it = newest(1)))
		undo(it);	/* nothing may still run in what is removed next */
	while ((it = newest(0)))
		undo(it);
	errno = saved;
}

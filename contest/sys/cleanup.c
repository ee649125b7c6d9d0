/* cleanup.c - see cleanup.h
 *
 * Slots live in static storage. A slot is filled, then published by
 * setting `used` last (a volatile sig_atomic_t), so a signal handler
 * never sees half an item. Order among items is kept by a sequence
 * number, so later items (inner cgroups) are undone first.
 */
#include "sys/cleanup.h"
#include "lib/util.h"

#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define KINDS_MAX 16

struct cleanup_item {
	volatile sig_atomic_t used;
	const struct cleanup_kind *kind;
	long id;
	unsigned long seq;
	char path[4096];
};

static struct cleanup_item items[CLEANUP_MAX];
static unsigned long next_seq = 1;
static int record_fd = -1;
static pid_t owner;	/* the process whose registry this is; 0 before the first item */
static const struct cleanup_kind *kinds[KINDS_MAX];

void cleanup_kind_register(const struct cleanup_kind *kind)
{
	for (int i = 0; i < KINDS_MAX; i++)
		if (!kinds[i] || kinds[i] == kind) {
			kinds[i] = kind;
			return;
		}
}

void cleanup_set_record(int fd)
{
	record_fd = fd;
}

/* the "KIND PATH" line the next session reads (lock.c) */
static void record(const struct cleanup_kind *kind, const char *path)
{
	char *line;

	if (record_fd < 0 || !kind->name || path[0] != '/')
		return;
	line = xasprintf("%s %s\n", kind->name, path);
	if (lseek(record_fd, 0, SEEK_END) < 0 || write_all(record_fd, line, strlen(line)) < 0 ||
	    fdatasync(record_fd) < 0)
		warning("cannot record '%s' for a later session: %s", path, strerror(errno));
	free(line);
}

int cleanup_leftover(const char *word, const char *path)
{
	for (int i = 0; i < KINDS_MAX && kinds[i]; i++)
		if (kinds[i]->name && kinds[i]->remove_leftover && !strcmp(kinds[i]->name, word))
			return kinds[i]->remove_leftover(path);
	return error("cannot remove '%s': no kind of leftover is called '%s'", path, word);
}

/* die(): undo what this process registered; a forked child's die leaves it be */
static void on_die(void)
{
	if (getpid() != owner || !cleanup_count())
		return;
	info("cleaning up");
	cleanup_run_all();
}

static struct cleanup_item *take_slot(void)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (!items[i].used) {
			if (!owner) {
				owner = getpid();
				die_hook = on_die;
			}
			return &items[i];
		}
	warning("too many things to clean up: one of them may be left behind on a forced exit");
	return NULL;
}

static void publish(struct cleanup_item *it, const struct cleanup_kind *kind)
{
	it->kind = kind;
	it->seq = next_seq++;
	__atomic_signal_fence(__ATOMIC_SEQ_CST);	/* the fields before `used` */
	it->used = 1;
}

int cleanup_add(const struct cleanup_kind *kind, const char *path, int on_record)
{
	struct cleanup_item *it;

	if (!path || !*path)
		return -1;
	if (strlen(path) >= sizeof(it->path))
		return error("path too long to clean up: '%s'", path);
	if (on_record)
		record(kind, path);	/* on disk first: even when the registry is full */
	if (!(it = take_slot()))
		return -1;
	it->id = 0;
	memcpy(it->path, path, strlen(path) + 1);
	publish(it, kind);
	return 0;
}

int cleanup_add_id(const struct cleanup_kind *kind, long id)
{
	struct cleanup_item *it;

	if (!(it = take_slot()))
		return -1;
	it->id = id;
	it->path[0] = '\0';
	publish(it, kind);
	return 0;
}

void cleanup_del(const struct cleanup_kind *kind, const char *path)
{
	for (int i = CLEANUP_MAX - 1; i >= 0; i--)
		if (items[i].used && items[i].kind == kind && !strcmp(items[i].path, path)) {
			items[i].used = 0;
			return;
		}
}

void cleanup_del_id(const struct cleanup_kind *kind, long id)
{
	for (int i = 0; i < CLEANUP_MAX; i++)
		if (items[i].used && items[i].kind == kind && !items[i].path[0] && items[i].id == id) {
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

/* the newest registered item among the kinds marked first (or not), or NULL */
static struct cleanup_item *newest(int first)
{
	struct cleanup_item *best = NULL;

	for (int i = 0; i < CLEANUP_MAX; i++) {
		struct cleanup_item *it = &items[i];

		if (!it->used || !it->kind->first != !first)
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

	for (int first = 1; first >= 0; first--)
		while ((it = newest(first))) {
			it->used = 0;	/* before: an undo that exits must not come back to it */
			it->kind->undo(it->path, it->id);
		}
	errno = saved;
}

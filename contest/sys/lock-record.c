/* lock-record.c - judge a dead session's lock record, see lock-record.h */
#include "sys/lock-record.h"
#include "sys/knob.h"
#include "sys/swap.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define CGROUP_ROOT "/sys/fs/cgroup/"
#define CGROUP_SUPER_MAGIC_ 0x27e0eb
#define CGROUP2_SUPER_MAGIC_ 0x63677270

static const char *const inner_groups[] = { "session", "compile", "load", "driver" };

/* "contest-" then digits, then end or "-driver" at s + len: 1 plain, 2 driver, 0 neither */
static int contest_group(const char *s, size_t len)
{
	size_t digits;

	if (len < 9 || strncmp(s, "contest-", 8))
		return 0;
	digits = strspn(s + 8, "0123456789");
	if (!digits || digits > 10)
		return 0;
	if (8 + digits == len)
		return 1;
	return 8 + digits + 7 == len && !strncmp(s + 8 + digits, "-driver", 7) ? 2 : 0;
}

static int inner_group(const char *s, size_t len)
{
	for (size_t i = 0; i < ARRAY_SIZE(inner_groups); i++)
		if (strlen(inner_groups[i]) == len && !strncmp(s, inner_groups[i], len))
			return 1;
	return 0;
}

int lock_cgroup_name_ok(const char *rel)
{
	int state = 0;	/* 0: no contest group yet, 1: inside one, 2: after a driver leaf */

	while (*rel) {
		size_t len = strcspn(rel, "/");
		int which = contest_group(rel, len);

		if (which)
			state = which;
		else if (!len || !strncmp(rel, ".", len) || !strncmp(rel, "..", len))
			return 0;
		else if (state == 1 && inner_group(rel, len))
			state = 1;
		else
			state = 0;	/* a group of someone else's, below or above ours */
		rel += len;
		if (*rel == '/' && *++rel == '\0')
			return 0;
	}
	return state != 0;
}

/* lstat that tells "not there" (1) from there (0, st filled) and trouble (-1) */
static int look(const char *path, struct stat *st)
{
	if (lstat(path, st) == 0)
		return 0;
	return errno == ENOENT || errno == ENOTDIR ? 1 : -1;
}

/* is dir (resolved) "/", the work directory or one of the directories holding it? */
static int holds_work_dir(const char *dir, const char *work_dir)
{
	size_t len = strlen(dir);

	return !strcmp(dir, "/") ||
	       (!strncmp(work_dir, dir, len) && (!work_dir[len] || work_dir[len] == '/'));
}

static void judge_scratch(struct leftover *it, const char *work_dir, struct stat *st)
{
	char *marker = xasprintf("%s/%s", it->path, SCRATCH_MARKER), real[PATH_MAX];
	struct stat ms;

	it->verdict = LEFT_REFUSE;
	if (!S_ISDIR(st->st_mode))
		it->why = "not a contest scratch directory: not a directory";
	else if (lstat(marker, &ms) < 0 || !S_ISREG(ms.st_mode))
		it->why = "it has no " SCRATCH_MARKER " marker";
	else if (!realpath(it->path, real))
		it->why = "it cannot be resolved";
	else if (holds_work_dir(real, work_dir))
		it->why = "it holds the work directory";
	else
		it->verdict = LEFT_REMOVE;
	free(marker);
}

/* is path WORK_DIR/contest.swap, both resolved? */
static int default_swap_path(const char *path, const char *work_dir)
{
	char *copy = xstrdup(path), *slash = strrchr(copy, '/'), dir[PATH_MAX], work[PATH_MAX];
	int same;

	*slash = '\0';
	same = !strcmp(slash + 1, "contest.swap") && realpath(*copy ? copy : "/", dir) &&
	       realpath(work_dir, work) && !strcmp(dir, work);
	free(copy);
	return same;
}

static void judge_swap(struct leftover *it, const char *work_dir, struct stat *st)
{
	char label[17], real[PATH_MAX];
	int header = S_ISREG(st->st_mode) ? swap_read_label(it->path, label) : 0;

	it->verdict = LEFT_REFUSE;
	it->why = "not a contest swap file";
	if (!S_ISREG(st->st_mode))
		it->why = "not a contest swap file: not a regular file";
	else if (header == 1 && !strcmp(label, SWAP_LABEL))
		it->verdict = LEFT_REMOVE;
	else if (default_swap_path(it->path, work_dir)) {
		if (realpath(it->path, real) && !swap_listed(real) && !swap_listed(it->path))
			it->verdict = LEFT_REMOVE;
		else
			it->why = "an active swap area without contest's label";
	}
}

static void judge_cgroup(struct leftover *it, struct stat *st)
{
	char real[PATH_MAX];
	struct statfs fs;

	it->verdict = LEFT_REFUSE;
	it->why = "not a contest cgroup";
	if (!realpath(it->path, real) || strncmp(real, CGROUP_ROOT, strlen(CGROUP_ROOT)))
		return;
	if (statfs(real, &fs) < 0 || (fs.f_type != CGROUP_SUPER_MAGIC_ &&
				      fs.f_type != CGROUP2_SUPER_MAGIC_))
		it->why = "not a contest cgroup: not on a cgroup filesystem";
	else if (lstat(real, st) < 0 || !S_ISDIR(st->st_mode))
		it->why = "not a contest cgroup: not a directory";
	else if (lock_cgroup_name_ok(real + strlen(CGROUP_ROOT))) {
		free(it->path);
		it->path = xstrdup(real);
		it->verdict = LEFT_REMOVE;
	}
}

/*
 * A knob line writes a value into a file of /proc/sys or /sys, so it is
 * believed only from a trusted record (lock-record.h): one no one else
 * could have written. The path must be resolved already (knob_set records
 * it so) and the value printable.
 */
static void judge_knob(struct leftover *it, int trusted)
{
	char *tab = strchr(it->path, '\t'), path[PATH_MAX], real[PATH_MAX];
	size_t len = tab ? (size_t)(tab - it->path) : 0;

	it->verdict = LEFT_REFUSE;
	if (!tab || len >= sizeof(path)) {
		it->why = "not a knob: no value";
	} else if (memcpy(path, it->path, len), path[len] = '\0', !knob_value_ok(tab + 1)) {
		it->why = "not a knob: its value is not printable text";
	} else if (!knob_path_ok(path, real) || strcmp(real, path)) {
		it->why = "not a knob: not a file under /proc/sys or /sys";
	} else if (!trusted) {
		it->why = "the lock record is not this user's alone";
	} else {
		it->verdict = LEFT_REMOVE;
	}
}

static void judge(struct leftover *it, const char *work_dir, int trusted)
{
	struct stat st;
	int there;

	if (it->kind == LEFT_KNOB) {
		judge_knob(it, trusted);
		return;
	}
	if (it->kind == LEFT_UNKNOWN) {
		it->verdict = LEFT_IGNORE;
		it->why = "unknown kind";
		return;
	}
	if (it->path[0] != '/') {
		it->verdict = LEFT_REFUSE;
		it->why = "not an absolute path";
		return;
	}
	there = look(it->path, &st);
	it->verdict = there > 0 ? LEFT_GONE : LEFT_REFUSE;
	it->why = "it cannot be examined";
	if (there)
		return;
	if (it->kind == LEFT_SCRATCH)
		judge_scratch(it, work_dir, &st);
	else if (it->kind == LEFT_SWAP)
		judge_swap(it, work_dir, &st);
	else
		judge_cgroup(it, &st);
	it->dev = st.st_dev;
	it->ino = st.st_ino;
}

static enum leftover_kind kind_of(const char *word)
{
	static const char *const words[] = {
		[LEFT_CGROUP] = "cgroup", [LEFT_SWAP] = "swap", [LEFT_SCRATCH] = "scratch",
		[LEFT_KNOB] = "knob",
	};

	for (size_t k = 0; k < ARRAY_SIZE(words); k++)
		if (!strcmp(word, words[k]))
			return (enum leftover_kind)k;
	return LEFT_UNKNOWN;
}

/* "pid N", or else one item */
static void parse_line(struct lock_record *rec, char *line, size_t lineno, const char *work_dir,
		       int trusted)
{
	char *path = strchr(line, ' '), *end;
	struct leftover *it;

	if (path)
		*path++ = '\0';
	if (!strcmp(line, "pid") && path) {
		long pid = strtol(path, &end, 10);

		if (end != path && !*end && pid > 0)
			rec->pid = pid;
		return;
	}
	rec->items = xrealloc(rec->items, (rec->n + 1) * sizeof(*rec->items));
	it = memset(&rec->items[rec->n++], 0, sizeof(*it));
	it->kind = kind_of(line);
	it->word = xstrdup(line);
	it->path = xstrdup(path ? path : "");
	it->line = lineno;
	if (!path && it->kind != LEFT_UNKNOWN) {
		it->verdict = LEFT_IGNORE;
		it->why = "no path";
		return;
	}
	judge(it, work_dir, trusted);
}

void lock_record_parse(struct lock_record *rec, const char *text, const char *work_dir,
		       int trusted)
{
	char *copy = xstrdup(text), *line = copy;

	memset(rec, 0, sizeof(*rec));
	for (size_t lineno = 1; *line; lineno++) {
		char *end = line + strcspn(line, "\n");
		int last = !*end;

		*end = '\0';
		if (*line)
			parse_line(rec, line, lineno, work_dir, trusted);
		if (last)
			break;
		line = end + 1;
	}
	free(copy);
}

void lock_record_release(struct lock_record *rec)
{
	for (size_t i = 0; i < rec->n; i++) {
		free(rec->items[i].word);
		free(rec->items[i].path);
	}
	free(rec->items);
	memset(rec, 0, sizeof(*rec));
}

/* cleanup.h - the one registry of what a session must undo, walked on any exit
 *
 * Each kind of thing a session makes outside the process (a process
 * group, a cgroup, a swap file, a scratch directory) is described once,
 * by the module that makes it, as a struct cleanup_kind: its name in the
 * lock record, its signal-safe undo, and its removal when a later session
 * finds it left over. The registry knows no kind; it keeps the items.
 *
 * A module registers an item right after making it and forgets it right
 * after undoing it the ordinary way. On a forced exit (die(): cleanup
 * runs in the process that registered, not in a forked child) the
 * registry undoes whatever is still registered using only
 * async-signal-safe system calls on static storage: process groups
 * (kinds marked first) before anything else, then the rest newest first,
 * so a child cgroup goes before its parent.
 *
 * Registration is done by the main flow only (not from signal handlers);
 * cleanup_run_all may interrupt it at any point and sees a slot either
 * whole or not at all.
 *
 * The registry is also what survives a SIGKILL: once a record file is
 * handed over (cleanup_set_record: the work directory's lock, lock.h),
 * every item registered with record set is appended to it as a
 * "KIND PATH" line. The next session judges each line (lock-record.h)
 * and hands the ones proved contest's back here (cleanup_leftover), to
 * the kind of that name.
 */
#ifndef CONTEST_CLEANUP_H
#define CONTEST_CLEANUP_H

#include <sys/types.h>

struct cleanup_kind {
	const char *name;	/* the lock record's KIND word; NULL: never on record */
	/* undo one item (its path, or its id for an item without one);
	 * async-signal-safe, static storage only, errno may be changed */
	void (*undo)(const char *path, long id);
	/* remove what a dead session's record line names, judged contest's:
	 * 0, or -1 with the error printed; NULL: the kind is never recorded */
	int (*remove_leftover)(const char *path);
	int first;		/* undone before every other kind: nothing may still run */
};

#define CLEANUP_MAX 64		/* slots; registration beyond warns and is not kept */

/* Make kind known by its name, for cleanup_leftover; every kind module
 * does this from a constructor (CLEANUP_KIND below). At most 16 kinds. */
void cleanup_kind_register(const struct cleanup_kind *kind);
#define CLEANUP_KIND(kind) \
	static void __attribute__((constructor)) register_##kind(void) \
	{ cleanup_kind_register(&kind); }

/* Append every recorded path registered from now on to the file open at
 * fd (synced); -1 stops it. The fd stays the caller's. */
void cleanup_set_record(int fd);

/* Register a path of kind, on record too when record is set (and the path
 * is absolute). 0, or -1 (full, too long); on record even when full. */
int cleanup_add(const struct cleanup_kind *kind, const char *path, int record);
/* Register an item known by a number (a process group's id), never on record */
int cleanup_add_id(const struct cleanup_kind *kind, long id);
/* Forget an item: it was undone the ordinary way. Unknown items are ignored. */
void cleanup_del(const struct cleanup_kind *kind, const char *path);
void cleanup_del_id(const struct cleanup_kind *kind, long id);

/* A judged line of a dead session's record: the kind named word removes
 * path. 0; -1 when it could not (printed) or no kind has that name. */
int cleanup_leftover(const char *word, const char *path);

/*
 * Undo everything registered and forget it: the kinds marked first, then
 * the rest newest first. Async-signal-safe; errno is preserved.
 */
void cleanup_run_all(void);

/* How many items are registered (for tests and for a last check) */
int cleanup_count(void);

#endif

/* cleanup.h - the one registry of what a session must undo, walked on any exit
 *
 * Every module that makes something outside the process that must not
 * outlive the session (a process group, a cgroup directory, a swap file, a
 * scratch directory, a temporary file) registers it here right after making
 * it and unregisters it right after undoing it the ordinary way. On a
 * forced exit (a second Ctrl-C) the signal handler calls cleanup_run_all(),
 * which undoes whatever is still registered using only async-signal-safe
 * system calls on static storage.
 *
 * Registration is done by the main flow only (not from signal handlers);
 * cleanup_run_all may interrupt it at any point and sees a slot either
 * whole or not at all.
 *
 * The registry is also what survives a SIGKILL: once a record file is
 * handed over (cleanup_set_record: the work directory's lock, lock.h),
 * every cgroup, swap file and scratch directory registered is appended
 * to it as a "KIND PATH" line, which the next session acts on. And die()
 * undoes what is registered, then what cgroup.c made (cgroup_cleanup_all:
 * v2's driver leaf and contest's own group), in the process that
 * registered it (a forked child that dies leaves the session's things alone).
 */
#ifndef CONTEST_CLEANUP_H
#define CONTEST_CLEANUP_H

#include <sys/types.h>

enum cleanup_kind {
	CLEANUP_PGROUP,		/* a process group: SIGKILL to -pgid */
	CLEANUP_CGROUP,		/* a cgroup directory: rmdir once its processes are gone */
	CLEANUP_SWAP,		/* a swap file: swapoff, then unlink */
	CLEANUP_SCRATCH,	/* a scratch directory: removed with everything in it */
	CLEANUP_TEMP,		/* a temporary file: unlink */
};

#define CLEANUP_MAX 64		/* slots; registration beyond warns and is not kept */

/* Append every cgroup, swap and scratch path registered from now on to
 * the file open at fd (synced); -1 stops it. The fd stays the caller's. */
void cleanup_set_record(int fd);
/* only the record: for what this process undoes another way (v2's
 * contest group, which the driver must leave first: cgroup.c) */
void cleanup_record(enum cleanup_kind kind, const char *path);

/* Register a process group (pgid > 0). 0, or -1 when the registry is full. */
int cleanup_add_pgroup(pid_t pgid);
/* Register a path of the given kind (not CLEANUP_PGROUP). 0 or -1 (full, too long). */
int cleanup_add_path(enum cleanup_kind kind, const char *path);
/* Forget an item: it was undone the ordinary way. Unknown items are ignored. */
void cleanup_del_pgroup(pid_t pgid);
void cleanup_del_path(enum cleanup_kind kind, const char *path);

/*
 * Undo everything registered and forget it: SIGKILL every process group
 * first, then the rest newest first (so a child cgroup goes before its
 * parent): unlink temporary files, remove scratch directories, swapoff and
 * unlink swap files, rmdir cgroups (waiting up to about a second each for
 * killed processes to leave).
 * Async-signal-safe; errno is preserved.
 */
void cleanup_run_all(void);

/* How many items are registered (for tests and for a last check) */
int cleanup_count(void);

#endif

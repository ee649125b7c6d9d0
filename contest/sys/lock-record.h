/* lock-record.h - what a dead session's lock record may have removed
 *
 * The work directory's lock file holds "pid N" and one "KIND PATH" line
 * for each thing its session made (lock.h). Anyone who can write that file
 * can write any path into it, so a line is only believed when what it
 * names proves to be contest's:
 *   scratch  a directory (no symlink) holding the SCRATCH_MARKER file;
 *   swap     a regular file (no symlink) whose swap header carries
 *            SWAP_LABEL (swap.h), or WORK_DIR/contest.swap when it is not
 *            in use as swap: a system's active swap without the label is
 *            never touched;
 *   cgroup   resolved (realpath), a directory on a cgroup filesystem
 *            below /sys/fs/cgroup whose name is one contest gives
 *            (lock_cgroup_name_ok);
 *   knob     "PATH<TAB>ORIGINAL": PATH resolved, a file below /proc/sys
 *            or /sys, ORIGINAL printable, and the record trusted: the
 *            lock file and the work directory holding it this user's and
 *            writable by no one else (knob.h), since the line writes into
 *            the kernel's settings. The caller tells (lock.c: fstat of
 *            the very descriptor the record was read through, and of the
 *            directory it was opened in), never a second look by path.
 * lock_record_parse() only reads: it parses the text and judges every line
 * against the filesystem as it is, removing nothing. lock.c acts on the
 * verdicts.
 */
#ifndef CONTEST_LOCK_RECORD_H
#define CONTEST_LOCK_RECORD_H

#include <stddef.h>
#include <sys/types.h>

#include "sys/scratch.h"	/* SCRATCH_MARKER */

enum leftover_kind { LEFT_CGROUP, LEFT_SWAP, LEFT_SCRATCH, LEFT_KNOB, LEFT_UNKNOWN };

/* the lock file in the work directory (and the results directory) */
#define LOCK_NAME ".contest.lock"

enum leftover_verdict {
	LEFT_REMOVE,	/* contest's, and there: remove it */
	LEFT_GONE,	/* not there (already removed): nothing to do */
	LEFT_REFUSE,	/* there, but not proved contest's: why says why */
	LEFT_IGNORE,	/* a line of no known kind, or malformed: why says why */
};

struct leftover {
	enum leftover_kind kind;
	char *word;		/* the line's KIND as written */
	char *path;		/* as written; for a cgroup to remove, resolved */
	enum leftover_verdict verdict;
	const char *why;	/* LEFT_REFUSE, LEFT_IGNORE: a static phrase */
	size_t line;		/* 1-based, in the record */
	dev_t dev;		/* LEFT_REMOVE: what was judged, so that the */
	ino_t ino;		/* remover can tell it was not replaced since */
};

struct lock_record {
	long pid;		/* the "pid N" line; 0 without one */
	struct leftover *items;
	size_t n;
};

/* Parse and judge text (the record; NUL-terminated) of a lock in work_dir;
 * trusted: no one but this user could have written it (knob lines) */
void lock_record_parse(struct lock_record *rec, const char *text, const char *work_dir,
		       int trusted);
void lock_record_release(struct lock_record *rec);

/* Is rel, a cgroup's path below its hierarchy's mount, one contest makes?
 * Its last "contest-PID" or "contest-PID-driver" component, followed only
 * by contest's inner groups (session, compile, load, driver). */
int lock_cgroup_name_ok(const char *rel);

#endif

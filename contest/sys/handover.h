/* handover.h - under sudo, the invoking user gets what the session made in the results, and only that
 *
 * A session run through sudo (owner.h) hands the invoking user what it
 * made below RESULTS/KERNEL, and RESULTS and its parents when it made them.
 * What was there before stays as it was: `sudo contest run -r / -k etc`
 * must not give /etc away. Nothing is followed: entries are reached with
 * openat(O_NOFOLLOW) and changed with AT_SYMLINK_NOFOLLOW, a filesystem
 * mounted below is left alone, only root's entries (the session's own) are
 * given, a file with other links is not, and RESULTS must still be the
 * directory noted before the session wrote anything.
 */
#ifndef CONTEST_HANDOVER_H
#define CONTEST_HANDOVER_H

#include <stddef.h>
#include <sys/types.h>

struct handover_seen;

struct handover {
	int active;			/* under sudo; else every call does nothing */
	char *base;			/* the deepest parent of RESULTS that existed */
	char **made;			/* the directories below base to RESULTS that did not */
	size_t nmade;
	char *results, *kernel;
	dev_t dev;			/* RESULTS, as handover_note found it; */
	ino_t ino;			/* 0 before */
	dev_t kdev;			/* RESULTS/KERNEL's filesystem */
	struct handover_seen *seen;	/* what RESULTS/KERNEL held: inode and path, sorted */
	size_t nseen, cap;
};

/* before anything is made: which of results and its parents are missing */
void handover_begin(struct handover *h, const char *results, const char *kernel);
/* after the session's locks, before it writes in RESULTS/KERNEL: what is
 * there already. 0, or -1 (error printed) when it cannot be read */
int handover_note(struct handover *h);
/* hand over what was made since handover_begin; 0 or -1 (error printed) */
int handover_give(struct handover *h);
void handover_release(struct handover *h);

#endif

/* knob.h - a file under /proc/sys or /sys that a variant sets for its runs
 *
 * A variant (run -k NAME --knob PATH=VALUE) writes its knobs before its
 * runs and the original values back after: the ordinary way
 * (knob_restore), on a forced exit (the cleanup registry's undo, which is
 * signal-safe), and after a SIGKILL by the next session, from the work
 * directory's lock record, whose line is "knob PATH<TAB>ORIGINAL".
 *
 * A knob's value is what reading the file gives, but for a file that lists
 * its choices with the current one in brackets ("none [mq-deadline] kyber
 * bfq", an I/O scheduler; "always [madvise] never", transparent hugepages):
 * there it is the bracketed word. A knob is checked by reading it back.
 *
 * One session at a time on a knob, machine-wide: a session holds
 * KNOB_LOCK_DIR/knob-HASH.lock (HASH of the knob's resolved path) with
 * flock(2) from before it reads the original until it has written it
 * back, and another is refused, naming the holder's pid (else it would
 * take the first one's value for the original). While the knob is set the
 * file also says "knob PATH<TAB>ORIGINAL", written before the knob is:
 * a session that takes a lock holding that line (its holder was killed)
 * writes the original back first. The directory (root's: /run/contest;
 * another user's: /tmp/contest-knobs-UID) and the file must be this
 * user's alone, or the knob is refused.
 */
#ifndef CONTEST_KNOB_H
#define CONTEST_KNOB_H

#include <stddef.h>

#define KNOB_VALUE_MAX 256
#define KNOB_LOCK_DIR "/run/contest"

struct knob {
	char path[4096];		/* resolved, below /proc/sys or /sys */
	char given[4096];		/* as the command line gave it */
	char value[KNOB_VALUE_MAX];	/* what the variant writes */
	char original[KNOB_VALUE_MAX];	/* what was there: knob_set() reads it */
	int set;			/* written, not restored yet */
};

/*
 * "PATH=VALUE" into k: PATH must resolve to a writable regular file below
 * /proc/sys or /sys, VALUE be printable and at most KNOB_VALUE_MAX - 1
 * bytes. 0, or -1 with the error printed.
 */
int knob_parse(struct knob *k, const char *arg);
/* env's knobs line ("PATH=VALUE ...", "none": none) as its PATH=VALUE
 * words, NULL-terminated (argv_free them): a word without '=' goes on
 * the value before it, so a value with spaces keeps them as written (a
 * first word without '=' stays a word, for the caller to refuse) */
char **knob_line_words(const char *line);

/* the knob's value now (see above) into buf; 0, or -1 (error printed) */
int knob_read(const char *path, char *buf, size_t size);

/*
 * Take the knob's lock (or hold it once more), read the original (refused
 * when longer than KNOB_VALUE_MAX - 1 bytes or not printable: it could not
 * be written back), put it on record (the knob's lock; the registry, and
 * the work directory's record when one is set), write the value and read
 * it back. 0; -1 (said) with nothing left changed.
 */
int knob_set(struct knob *k);

/* Write the original back, forget the knob and drop its hold. 0, or -1 (said). */
int knob_restore(struct knob *k);

/* Hold the knob's lock across several knob_set/knob_restore (holds nest),
 * so that no other session takes it in between. 0, or -1 (said). */
int knob_hold(const struct knob *k);
void knob_unhold(const struct knob *k);

/* Is value printable text of at most KNOB_VALUE_MAX - 1 bytes? */
int knob_value_ok(const char *value);

/* Does path resolve (into resolved, PATH_MAX bytes) to a regular file
 * below /proc/sys or /sys? */
int knob_path_ok(const char *path, char *resolved);

#endif

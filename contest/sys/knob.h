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
 */
#ifndef CONTEST_KNOB_H
#define CONTEST_KNOB_H

#include <stddef.h>

#define KNOB_VALUE_MAX 256

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

/* the knob's value now (see above) into buf; 0, or -1 (error printed) */
int knob_read(const char *path, char *buf, size_t size);

/*
 * Read the original, register the knob with the registry (on record when
 * a record is set), write the value and read it back. 0; -1 (said) with
 * nothing left changed.
 */
int knob_set(struct knob *k);

/* Write the original back and forget the knob. 0, or -1 (said). */
int knob_restore(struct knob *k);

/* Is value printable text of at most KNOB_VALUE_MAX - 1 bytes? */
int knob_value_ok(const char *value);

/* Does path resolve (into resolved, PATH_MAX bytes) to a regular file
 * below /proc/sys or /sys? */
int knob_path_ok(const char *path, char *resolved);

#endif

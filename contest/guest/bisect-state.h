/* bisect-state.h - contest bisect's state file: what it records, and what --resume checks of it
 *
 * RESULTS/.bisect/state is text, a line each: the magic line, then the
 * options the bisection was started with (tree, load, metric, alpha,
 * max-rounds), its commits (good first), and as they become known every
 * build's outcome ("build SHA ok SIZE SEC NSEC": the image's size and
 * mtime, to know it again; "build SHA skip WHY") and every measured round
 * ("round K IDX... VALUE...", the values in the order of the commits),
 * and as each session of it ends, its elapsed seconds ("session SECONDS":
 * the bisection's elapsed time goes on across --resume).
 *
 * --resume believes the rounds, so it takes a state only when its options
 * are the ones given again and every value is a finite number >= 0 (0 is
 * a run that failed, which the round does not count). An image a build
 * line recorded is used only when it is still the file built (a regular
 * file of ours that no one else may write, its size and mtime the ones
 * recorded); else it is built again.
 */
#ifndef CONTEST_GUEST_BISECT_STATE_H
#define CONTEST_GUEST_BISECT_STATE_H

#include <stddef.h>
#include <sys/stat.h>

#include "lib/util.h"

#define BISECT_STATE_MAGIC "contest-bisect 1"

enum bisect_built { BUILT_UNKNOWN, BUILT_OK, BUILT_SKIP };

/* a measured round, as the state file keeps it: t[i] is commit idx[i]'s */
struct bisect_rec {
	size_t k, idx[3];
	double t[3];
};

/* an image as built, to know it again: its size and mtime */
struct bisect_stamp {
	int known;
	long long size, sec;
	long nsec;
};

/* what a state must have been started with to be resumed */
struct bisect_state_opts {
	const char *tree, *load;
	const char *metric;	/* a metric's label; NULL: the load's main one */
	double alpha;
	size_t max_rounds;
	const char *const *shas;	/* the commits', good first */
	size_t n;
};

/* a state as read: per commit, its build and image; the rounds in order */
struct bisect_state {
	enum bisect_built *built;
	struct bisect_stamp *stamps;
	struct bisect_rec *recs;
	size_t nrecs;
	double before_s;	/* the sessions' elapsed seconds, summed */
	size_t sessions;	/* their "session" lines */
};

/* the lines a new state starts with, malloc'd */
char *bisect_state_header(const struct bisect_state_opts *o);

/*
 * Read the state's text (path names it in messages; text is cut into
 * lines) into st, whose built and stamps hold o->n each, zeroed: 0, or
 * -1 with an error naming path and line (another bisection's state, an
 * option that differs, a value that is not a finite number >= 0).
 */
int bisect_state_parse(struct bisect_state *st, const char *path, char *text,
		       const struct bisect_state_opts *o);

/*
 * Open the state at path: with resume, read it into st (as
 * bisect_state_parse, and only a regular file of ours that no one else
 * may write); else start it with bisect_state_header's lines, refusing
 * one already there. 0, or -1 with an error.
 */
int bisect_state_open(struct bisect_state *st, const char *path, int resume,
		      const struct bisect_state_opts *o);

/* append a line (or lines) to the state at path, synced: 0, or -1 with an error */
int bisect_state_append(const char *path, const char *fmt, ...) PRINTF(2, 3);

/* the stamp of an image by its stat */
void bisect_stamp_of(struct bisect_stamp *s, const struct stat *st);

/*
 * Is the image at path still the one built, as s recorded it? NULL yes;
 * else why not (static text).
 */
const char *bisect_image_changed(const char *path, const struct bisect_stamp *s);

#endif

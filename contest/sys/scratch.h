/* scratch.h - scratch directories, as items of the cleanup registry
 *
 * The scratch root is mkdtemp'd with SCRATCH_MARKER in it, and only a
 * directory holding the marker is ever removed when a dead session's
 * record names it. A forced exit removes every registered scratch
 * directory with all in it, symlinks unlinked, never followed.
 */
#ifndef CONTEST_SCRATCH_H
#define CONTEST_SCRATCH_H

/* the marker file in every scratch root contest makes: only a directory
 * holding it is ever removed recursively */
#define SCRATCH_MARKER ".contest-scratch"

/* mkdtemp PARENT/PREFIX.XXXXXX with the marker in it, registered (and on
 * record); NULL on error (printed) */
char *scratch_make(const char *parent, const char *prefix);
/* remove a directory scratch_make made, with all in it, and forget it:
 * 0 or -1 (printed; it stays registered) */
int scratch_remove(const char *dir);
/* a directory made otherwise (a load's, inside the root): registered and
 * on record, forgotten once removed */
int scratch_register(const char *dir);
void scratch_forget(const char *dir);

#endif

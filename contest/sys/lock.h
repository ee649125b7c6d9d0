/* lock.h - one session per directory, and what a dead session left behind
 *
 * A session holds DIR/.contest.lock with flock(2) (the work directory and
 * the results directory each get one). The kernel drops a flock when its
 * holder dies, however it dies, so a lock that can be taken is never stale.
 * The work directory's lock file also records, one "KIND PATH" line each,
 * what the session made outside the results: its cgroups, its swap file,
 * its scratch directories (the cleanup registry writes them as they are
 * registered: cleanup_set_record in cleanup.h). A session that finds such
 * lines in a lock it could take knows their maker died without cleaning
 * up; lock-record.h judges each line, and what proves to be contest's goes
 * back to the registry (cleanup_leftover), to the kind named on the line.
 */
#ifndef CONTEST_LOCK_H
#define CONTEST_LOCK_H

struct session_lock {
	int fd;			/* -1 when not held */
	char *path;
};

/*
 * Take DIR/.contest.lock (making DIR); what names DIR in messages ("work
 * directory"). 0; or -1 with an error naming the running session's pid.
 * With leftovers set, a dead session's record is acted on: its processes
 * killed, its cgroups, swap file and scratch removed, and stderr says so;
 * what the record names but is not contest's stays, with a warning.
 */
int lock_take(struct session_lock *l, const char *dir, const char *what, int leftovers);
/* drop the lock, and its file unless keep (something could not be removed:
 * the record stays for the next session); fine on a lock not held */
void lock_release(struct session_lock *l, int keep);

#endif

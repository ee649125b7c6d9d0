/* settle.h - the machine settled before each run: caches flushed, CPUs quiet
 *
 * Before its timed part a run flushes the page cache (`flush`; sync, then
 * drop_caches where contest may write it) and waits, at most quiet_wait,
 * until the CPUs are quiet_idle % idle over half a second. The session's
 * naps (that wait's, the load's lead) wake on a signal and keep the
 * progress line drawn.
 */
#ifndef CONTEST_SETTLE_H
#define CONTEST_SETTLE_H

#include "loads/load.h"
#include "session/session.h"

/* flush the page cache before a run of l: "drop", "sync" (dropping it
 * was refused: said once a session) or "none", as runs.tsv's flush says */
const char *settle_flush(struct session *s, const struct load *l);
/* wait for a quiet machine; the seconds waited */
double settle_quiet(struct session *s);
/* sleep secs, waking on a signal; on a terminal the progress line is
 * redrawn every second, else it sleeps in one go (no needless wake-ups) */
void settle_nap(struct session *s, double secs);

#endif

/* signals.h - the one signal handler and stop flag of `run`, `run --boot` and calibrate
 *
 * SIGINT, SIGTERM, SIGHUP (Ctrl-C, kill, a closed terminal):
 *  - the first one sets run_interrupted to its number. Every wait and loop
 *    of the session looks at it: the run in flight stops and is recorded
 *    as aborted (a guest is killed), finished runs are kept, what the
 *    session made is taken down the ordinary way, and the command exits
 *    128 + that number. No SA_RESTART: a blocked wait returns to look.
 *  - a second one, and any after it, is absorbed: it writes "contest:
 *    cleaning up, please wait" to stderr and changes nothing, so it cannot
 *    cut short the removal of RAM-sized files or busy cgroups. SIGKILL
 *    still ends contest at once; the next session then removes what is
 *    left, from the work directory's lock record (lock.h).
 * SIGCONT bumps run_continued: a run timed across a stop (SIGSTOP,
 * Ctrl-Z) measured the stop too. SIGPIPE is ignored (a write says EPIPE).
 * Children start with the default handlers (proc.h).
 */
#ifndef CONTEST_SIGNALS_H
#define CONTEST_SIGNALS_H

#include <signal.h>

/* the signal that asked the session to stop, 0 none: the one stop flag */
extern volatile sig_atomic_t run_interrupted;
/* how many times the driver was stopped and continued */
extern volatile sig_atomic_t run_continued;

/* Install the handlers above, and make proc_wait (proc.h) watch run_interrupted */
void signals_install(void);

#endif

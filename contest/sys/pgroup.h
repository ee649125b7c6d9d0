/* pgroup.h - the session's process groups, as an item of the cleanup registry
 *
 * A load, a compile or a guest runs in a process group of its own; until
 * it is reaped the registry holds it, and a forced exit SIGKILLs the
 * whole group before anything else is undone (nothing may still run in
 * what is removed next). Never on record: a group dies with the session
 * (every child has SIGKILL as its parent-death signal, proc.h).
 */
#ifndef CONTEST_PGROUP_H
#define CONTEST_PGROUP_H

#include <sys/types.h>

/* Register the process group pgid (> 0): 0, or -1 (full, or no group) */
int pgroup_register(pid_t pgid);
/* It was reaped the ordinary way */
void pgroup_forget(pid_t pgid);

#endif

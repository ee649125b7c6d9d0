/* pgroup.c - see pgroup.h */
#include "sys/pgroup.h"
#include "sys/cleanup.h"

#include <signal.h>

static void pgroup_undo(const char *path, long pgid)
{
	(void)path;
	kill(-(pid_t)pgid, SIGKILL);
}

static const struct cleanup_kind pgroup_kind = {
	.name = NULL, .undo = pgroup_undo, .first = 1,
};
CLEANUP_KIND(pgroup_kind)

int pgroup_register(pid_t pgid)
{
	return pgid > 0 ? cleanup_add_id(&pgroup_kind, pgid) : -1;
}

void pgroup_forget(pid_t pgid)
{
	cleanup_del_id(&pgroup_kind, pgid);
}

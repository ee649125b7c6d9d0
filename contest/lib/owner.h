/* owner.h - who contest works for: names safe as paths, the invoking user
 *
 * Under sudo (root with SUDO_UID and SUDO_GID set) the invoking user is the
 * one who ran sudo: the results are handed to them, and a contest.conf in
 * the current directory is read only when it is theirs (or root's).
 */
#ifndef CONTEST_OWNER_H
#define CONTEST_OWNER_H

#include <sys/types.h>

/* a name that becomes one path component (a kernel name): 0, or -1 with an
 * error saying why; what names it in the message ("kernel name") */
int check_name(const char *what, const char *name);
/* the one check of a kernel name, wherever one comes in (run -k, report,
 * compare, plot, --reference, a guest's -k NAME=IMAGE) */
int check_kernel_name(const char *name);

/* the invoking user's uid and gid: SUDO_UID/SUDO_GID when root under sudo */
uid_t invoking_uid(void);
gid_t invoking_gid(void);

/* may path (a config file found in the current directory) be read? 1 yes;
 * 0 no, with a warning saying why it is skipped */
int trusted_file(const char *path);

/* root under sudo, with SUDO_UID and SUDO_GID set: what it makes in the
 * results is the invoking user's (handover.h) */
int invoked_by_sudo(void);

#endif

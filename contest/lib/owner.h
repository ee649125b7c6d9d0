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

/*
 * May contest do what path says (a file or folder another user could
 * have made, read as root: rerun's env, whose command it runs)? As for
 * trusted_file(): 0 when path belongs to this user, root or the invoking
 * user and neither its group nor others may write it; else -1 with an
 * error beginning with doing ("cannot rerun 'k'") and naming path and its
 * owner.
 */
int check_trusted(const char *path, const char *doing);

/*
 * An output directory (plot -o, report --format html -o) must be one only
 * contest's user may write: its owner is us, root or the invoking user, and
 * neither its group nor others may write it. Else another user could plant
 * or replace what root then runs or writes through (a gnuplot script, a
 * symlink). check_own_dir: 0 when dir is such a directory or does not exist
 * yet, -1 with an error naming dir. open_own_dir: dir made if missing
 * (0755), opened and checked by its descriptor, so what is checked is what
 * is written into: an O_DIRECTORY descriptor, or -1 with an error.
 */
int check_own_dir(const char *dir);
int open_own_dir(const char *dir);

/*
 * A directory contest makes and then works in by path (bisect's work tree,
 * build directory and state): made if missing and checked as check_own_dir
 * checks, else -1 with an error naming dir, its owner and hint (what to do
 * instead). nofollow, for one inside a directory so checked: made by mkdir
 * and looked at by lstat, so a symlink planted there is refused, not
 * followed (only we may then replace it).
 */
int make_own_dir(const char *dir, int nofollow, const char *hint);

struct stat;
/* what st says is ours (us, root or the invoking user) and no one else may write */
int owned_alone(const struct stat *st);

/* root under sudo, with SUDO_UID and SUDO_GID set: what it makes in the
 * results is the invoking user's (handover.h) */
int invoked_by_sudo(void);

#endif

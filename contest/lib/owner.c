/* owner.c - see owner.h */
#include "lib/owner.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <pwd.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

int check_name(const char *what, const char *name)
{
	if (!*name)
		return error("bad %s '': it is empty", what);
	if (strlen(name) > 200)
		return error("bad %s '%.40s...': longer than 200 characters", what, name);
	if (strchr(name, '/') || !strcmp(name, "..") || !strcmp(name, "."))
		return error("bad %s '%s': it must not contain '/' or be '.' or '..'", what, name);
	if (name[0] == '-' || name[0] == '.')
		return error("bad %s '%s': it must not start with '-' or '.'", what, name);
	for (const unsigned char *p = (const unsigned char *)name; *p; p++)
		if (*p < 0x20 || *p == 0x7f || *p == ' ')
			return error("bad %s '%s': no blanks or control characters", what, name);
	return 0;
}

int check_kernel_name(const char *name)
{
	return check_name("kernel name", name);
}

/* SUDO_UID or SUDO_GID, honoured only when we are root: outside text, so parsed strictly */
static long sudo_id(const char *var)
{
	const char *v = getuid() == 0 ? getenv(var) : NULL;
	char *end;
	long id;

	if (!v || !*v || strlen(v) > 10)
		return -1;
	errno = 0;
	id = strtol(v, &end, 10);
	return *end || errno || id < 0 || id > 0x7fffffff ? -1 : id;
}

uid_t invoking_uid(void)
{
	long id = sudo_id("SUDO_UID");

	return id >= 0 ? (uid_t)id : getuid();
}

gid_t invoking_gid(void)
{
	long id = sudo_id("SUDO_GID");

	return id >= 0 ? (gid_t)id : getgid();
}

/* st's owner is one contest works for: this user, root or the invoking user */
static int owned_by_us(const struct stat *st)
{
	return st->st_uid == geteuid() || st->st_uid == 0 || st->st_uid == invoking_uid();
}

int trusted_file(const char *path)
{
	uid_t me = invoking_uid();
	struct stat st;

	if (stat(path, &st) < 0)
		return 0;
	if (!owned_by_us(&st)) {
		warning("ignoring './%s': it belongs to uid %d, not to you (uid %d); "
			"read it with -c if you trust it", path, (int)st.st_uid, (int)me);
		return 0;
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH)) {
		warning("ignoring './%s': others may write it (mode %03o); "
			"read it with -c if you trust it", path, (unsigned)(st.st_mode & 0777));
		return 0;
	}
	return 1;
}

int check_trusted(const char *path, const char *doing)
{
	struct stat st;
	struct passwd *pw;

	if (stat(path, &st) < 0)
		return error("%s: cannot stat '%s': %s", doing, path, strerror(errno));
	if (!owned_by_us(&st)) {
		pw = getpwuid(st.st_uid);
		return error("%s: '%s' belongs to uid %d (%s), not to you (uid %d) or root; "
			     "contest runs only what you or root wrote", doing, path,
			     (int)st.st_uid, pw ? pw->pw_name : "no user", (int)invoking_uid());
	}
	if (st.st_mode & (S_IWGRP | S_IWOTH))
		return error("%s: others may write '%s' (mode %03o); contest runs only what "
			     "you or root wrote", doing, path, (unsigned)(st.st_mode & 07777));
	return 0;
}

int invoked_by_sudo(void)
{
	return sudo_id("SUDO_UID") >= 0 && sudo_id("SUDO_GID") >= 0;
}

int owned_alone(const struct stat *st)
{
	return owned_by_us(st) && !(st->st_mode & (S_IWGRP | S_IWOTH));
}

/* may contest write into dir, whose stat is st? 0, or -1 naming dir, its
 * owner and what to do instead (hint) */
static int own_dir_stat(const char *dir, const struct stat *st, const char *hint)
{
	if (S_ISLNK(st->st_mode))
		return error("refusing to use '%s': a symbolic link, which contest does not "
			     "follow here; %s", dir, hint);
	if (!S_ISDIR(st->st_mode))
		return error("cannot write into '%s': not a directory", dir);
	if (!owned_by_us(st))
		return error("refusing to write into '%s': it belongs to uid %d, not to you "
			     "(uid %d) or root; %s", dir, (int)st->st_uid, (int)invoking_uid(),
			     hint);
	if (st->st_mode & (S_IWGRP | S_IWOTH))
		return error("refusing to write into '%s': others may write it (mode %03o); "
			     "%s", dir, (unsigned)(st->st_mode & 07777), hint);
	return 0;
}

#define OUTPUT_HINT "give -o a directory of your own"

int check_own_dir(const char *dir)
{
	struct stat st;

	if (stat(dir, &st) < 0)
		return errno == ENOENT ? 0 : error("cannot use '%s': %s", dir, strerror(errno));
	return own_dir_stat(dir, &st, OUTPUT_HINT);
}

int open_own_dir(const char *dir)
{
	struct stat st;
	int fd;

	if (mkdir_p(dir, 0755) < 0)
		return error("cannot create '%s': %s", dir, strerror(errno));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0)
		return error("cannot open '%s': %s", dir, strerror(errno));
	if (fstat(fd, &st) < 0) {
		error("cannot stat '%s': %s", dir, strerror(errno));
		close(fd);
		return -1;
	}
	if (own_dir_stat(dir, &st, OUTPUT_HINT) < 0) {
		close(fd);
		return -1;
	}
	return fd;
}

int make_own_dir(const char *dir, int nofollow, const char *hint)
{
	struct stat st;

	if (nofollow ? (mkdir(dir, 0755) < 0 && errno != EEXIST) : mkdir_p(dir, 0755) < 0)
		return error("cannot create '%s': %s", dir, strerror(errno));
	if ((nofollow ? lstat(dir, &st) : stat(dir, &st)) < 0)
		return error("cannot use '%s': %s", dir, strerror(errno));
	return own_dir_stat(dir, &st, hint);
}

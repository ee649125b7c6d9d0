/* cgroup.c - the session's cgroups (see cgroup.h)
 *
 * v1: the session group is made in the memory, cpu and cpuacct hierarchies
 * (cpu only when a quota is asked); the load's child group "load" is made
 * in memory (so the limit stays shared, hierarchically) and cpuacct (for
 * its CPU time). v2: TOP/session with memory.max and cpu.max, the driver
 * in TOP/driver (TOP/NAME-driver in a delegated group) meanwhile; since v2
 * allows processes only in leaves once controllers are on for children, the
 * compile sits in SESSION/compile and the load in SESSION/load, and the
 * driver leaves TOP itself.
 *
 * Each version's code is its own, gathered in its table (cgroup-ops.h);
 * the public functions at the end do what the versions share.
 */
#include "sys/cgroup.h"
#include "sys/cgroup-ops.h"
#include "sys/cleanup.h"
#include "lib/mounts.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <ftw.h>
#include <inttypes.h>
#include <math.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#define CG_PATH 512
#define CFS_PERIOD_US 100000
#define CFS_QUOTA_MIN_US 1000	/* the kernel rejects quotas below 1 ms */

/*
 * v2: the driver leaves its own group for a leaf of contest's group, and
 * goes back when done. What that takes is kept here, formatted in
 * advance, so that the signal path needs only open, write and close.
 */
static char home_procs[CG_PATH + 16];	/* the original group's cgroup.procs */
static char home_pid[24];
static char undo_file[CG_PATH + 32];	/* a delegated group's subtree_control ... */
static char undo_value[64];		/* ... and what turns our controllers off again */
static volatile sig_atomic_t away;

static int write_raw(const char *path, const char *value, size_t len)
{
	int fd = open(path, O_WRONLY), ret;

	if (fd < 0)
		return -1;
	ret = write(fd, value, len) == (ssize_t)len ? 0 : -1;
	close(fd);
	return ret;
}

/* back to the original group; a delegated one must have no controllers on first */
static void go_home(void)
{
	if (!away)
		return;
	if (undo_file[0] && undo_value[0])
		write_raw(undo_file, undo_value, strlen(undo_value));
	if (write_raw(home_procs, home_pid, strlen(home_pid)) == 0)
		away = 0;
}

/*
 * Three kinds in the cleanup registry. A group only the session's
 * processes are in (session, compile, load; v1's): what is still in it
 * is killed (v2's cgroup.kill), then it goes. A group the driver itself
 * lives in (contest's group, the driver's leaf): it only goes, once the
 * driver is home. And the way home, which comes first, being newer.
 */
static void session_group_undo(const char *dir, long id)
{
	static char kill_file[CG_PATH + 16];
	size_t n = strlen(dir);

	(void)id;
	if (n + sizeof("/cgroup.kill") <= sizeof(kill_file)) {
		memcpy(kill_file, dir, n);
		memcpy(kill_file + n, "/cgroup.kill", sizeof("/cgroup.kill"));
		write_raw(kill_file, "1", 1);	/* v1 has none: nothing happens */
	}
	cgroup_rmdir(dir);
}

static void driver_group_undo(const char *dir, long id)
{
	(void)id;
	cgroup_rmdir(dir);
}

static void home_undo(const char *path, long id)
{
	(void)path;
	(void)id;
	go_home();
}

static int kill_procs(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	char *procs, *text, *p;

	(void)st;
	(void)ftw;
	if (flag != FTW_D)
		return 0;
	procs = xasprintf("%s/cgroup.procs", path);
	text = read_text_file(procs, NULL);
	for (p = text; p && *p; p++) {
		long pid = strtol(p, &p, 10);

		if (pid > 1)
			kill((pid_t)pid, SIGKILL);
		if (!*p)
			break;
	}
	free(text);
	free(procs);
	return 0;
}

static int rmdir_one(const char *path, const struct stat *st, int flag, struct FTW *ftw)
{
	(void)st;
	(void)ftw;
	if (flag == FTW_DP)
		cgroup_rmdir(path);
	return 0;
}

/* a dead session's group, judged contest's: kill what is in the tree, remove it children first */
static int cgroup_remove_leftover(const char *dir)
{
	/* again: a task forked while the procs were read escaped the first kill */
	for (int tries = 0; tries < 4 && access(dir, F_OK) == 0; tries++) {
		nftw(dir, kill_procs, 16, FTW_PHYS | FTW_MOUNT);
		nftw(dir, rmdir_one, 16, FTW_DEPTH | FTW_PHYS | FTW_MOUNT);
	}
	if (access(dir, F_OK) == 0)
		return error("cannot remove cgroup '%s': %s", dir, strerror(errno));
	return 0;
}

static const struct cleanup_kind session_group_kind = {
	.name = "cgroup", .undo = session_group_undo, .remove_leftover = cgroup_remove_leftover,
};
static const struct cleanup_kind driver_group_kind = {
	.name = "cgroup", .undo = driver_group_undo, .remove_leftover = cgroup_remove_leftover,
};
static const struct cleanup_kind home_kind = { .name = NULL, .undo = home_undo };
CLEANUP_KIND(session_group_kind)

/* is word one of the sep-separated words of list? */
static int has_word(const char *list, const char *word, const char *seps)
{
	size_t wlen = strlen(word);

	while (*list) {
		size_t n = strcspn(list, seps);

		if (n == wlen && !strncmp(list, word, n))
			return 1;
		list += n;
		list += strspn(list, seps);
	}
	return 0;
}

/* our group's path in the hierarchy with controller ctl (v1), or the unified one (ctl NULL) */
static int own_group_path(const char *ctl, char *out, size_t size)
{
	char *text = read_text_file("/proc/self/cgroup", NULL), *line, *save = NULL;
	int ret = -1;

	if (!text)
		return -1;
	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *ctls = strchr(line, ':'), *path;

		if (!ctls || !(path = strchr(ctls + 1, ':')))
			continue;
		*ctls++ = '\0';	/* line: the hierarchy id */
		*path++ = '\0';
		if (ctl ? has_word(ctls, ctl, ",") : (!strcmp(line, "0") && !*ctls)) {
			ret = snprintf(out, size, "%s", path) < (int)size ? 0 : -1;
			break;
		}
	}
	free(text);
	return ret;
}

/* does m mount the hierarchy wanted: v1's with controller ctl, or v2's (ctl NULL)? */
static int cgroup_mount(const struct mount *m, const char *ctl)
{
	return ctl ? !strcmp(m->fstype, "cgroup") && has_word(m->super, ctl, ",")
		   : !strcmp(m->fstype, "cgroup2");
}

/*
 * The directory of our own group: the mount point of the hierarchy plus
 * our path in it, less the part of the hierarchy above the mount's root
 * (a container may see only a subtree). mount_out (CG_PATH bytes, or
 * NULL) gets the mount point: the top of the hierarchy we can see.
 */
static int own_group_dir(const char *ctl, char *out, size_t size, char *mount_out)
{
	char path[CG_PATH];
	struct mount_table t;
	int ret = -1;

	if (own_group_path(ctl, path, sizeof(path)) < 0 || mounts_read(&t) < 0)
		return -1;
	for (size_t i = 0; i < t.n; i++) {
		const struct mount *m = &t.m[i];
		size_t rlen = strcmp(m->root, "/") ? strlen(m->root) : 0;

		if (!cgroup_mount(m, ctl))
			continue;
		if (strncmp(path, m->root, rlen) || (path[rlen] && path[rlen] != '/'))
			continue;
		ret = snprintf(out, size, "%s%s", m->dir, path + rlen) < (int)size ? 0 : -1;
		if (mount_out && snprintf(mount_out, CG_PATH, "%s", m->dir) >= CG_PATH)
			ret = -1;
		break;
	}
	mounts_free(&t);
	if (!ret) {
		size_t n = strlen(out);

		while (n > 1 && out[n - 1] == '/')
			out[--n] = '\0';
	}
	return ret;
}

static int join(char *out, const char *dir, const char *name)
{
	if (snprintf(out, CG_PATH, "%s/%s", dir, name) >= CG_PATH)
		return error("cgroup path too long: '%s/%s'", dir, name);
	return 0;
}

/* mkdir a group and register it (on record or not); a leftover empty group of that name is reused */
static int make_group(const char *dir, const struct cleanup_kind *kind, int record)
{
	if (mkdir(dir, 0755) < 0 && errno != EEXIST)
		return -1;
	cleanup_del(kind, dir);	/* made twice (cpu and cpuacct mounted together): once */
	cleanup_add(kind, dir, record);
	return 0;
}

static void forget_group(const char *dir)
{
	cleanup_del(&session_group_kind, dir);
	cleanup_del(&driver_group_kind, dir);
}

/* write a value to DIR/FILE; -1 with errno */
static int cg_write(const char *dir, const char *file, const char *value)
{
	char path[CG_PATH + 64];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return write_text_file(path, value);
}

static int cg_write_pid(const char *dir, pid_t pid)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%d", (int)pid);
	if (cg_write(dir, "cgroup.procs", buf) < 0)
		return error("cannot move pid %d into cgroup '%s': %s", (int)pid, dir, strerror(errno));
	return 0;
}

/* the number after "key " in a "key value" per line file; -1 when missing */
static long long cg_read_key(const char *dir, const char *file, const char *key)
{
	char path[CG_PATH + 64], *text, *p;
	size_t klen = strlen(key);
	long long v = -1;

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	text = read_text_file(path, NULL);
	if (!text)
		return -1;
	for (p = text; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, key, klen) && p[klen] == ' ') {
			v = strtoll(p + klen + 1, NULL, 10);
			break;
		}
	free(text);
	return v;
}

int cgroup_rmdir(const char *dir)
{
	struct timespec pause = { 0, 20 * 1000 * 1000 };

	for (int tries = 0; rmdir(dir) < 0; tries++) {
		if (errno == ENOENT)
			return 0;
		if (errno != EBUSY || tries >= 50)
			return -1;
		nanosleep(&pause, NULL);
	}
	return 0;
}

static int remove_group(char *dir)
{
	if (!dir[0])
		return 0;
	if (cgroup_rmdir(dir) < 0) {
		if (errno == EBUSY)
			warning("cannot remove cgroup '%s': processes are still in it", dir);
		else
			warning("cannot remove cgroup '%s': %s", dir, strerror(errno));
		return -1;
	}
	forget_group(dir);
	dir[0] = '\0';
	return 0;
}

static const char *why_not(int err)
{
	return err == EACCES || err == EPERM || err == EROFS ? " (cgroup limits need root)" : "";
}

/* the session's version's table; none's for a session with no group */
static const struct cgroup_ops *ops(const struct cgroup_session *cg)
{
	return cg->ops ? cg->ops : &cgroup_none_ops;
}

/* the load's groups, before a pid moves into them: made where the session has one? */
static int load_made(const struct cgroup_session *cg, pid_t pid)
{
	if ((cg->mem_dir[0] && !cg->load_mem[0]) || (cg->acct_dir[0] && !cg->load_acct[0]))
		return error("cannot move pid %d into the load's cgroup: it was not created", (int)pid);
	return 0;
}

/* a session with no group: nothing to join, count or kill; what is still named goes */
static int none_attach(const struct cgroup_session *cg, pid_t pid)
{
	(void)cg;
	(void)pid;
	return 0;
}

static int none_load_create(struct cgroup_session *cg)
{
	(void)cg;
	return 0;
}

static double none_load_cpu_s(const struct cgroup_session *cg)
{
	(void)cg;
	return -1;
}

static int none_load_kill(const struct cgroup_session *cg)
{
	(void)cg;
	return -1;
}

static long long none_local_oom_kills(const char *dir)
{
	(void)dir;
	return 0;
}

static long long none_oom_kills(const struct cgroup_session *cg)
{
	(void)cg;
	return -1;
}

static void no_announce(const struct cgroup_session *cg)
{
	(void)cg;
}

/* the groups named in cg->mem_dir, cpu_dir and acct_dir: v1's, and what a session with none left */
static void remove_named_groups(struct cgroup_session *cg)
{
	remove_group(cg->mem_dir);
	if (!strcmp(cg->cpu_dir, cg->acct_dir))
		cg->acct_dir[0] = '\0';	/* one group in a shared hierarchy */
	remove_group(cg->cpu_dir);
	remove_group(cg->acct_dir);
}

/*
 * Make the session group in one v1 hierarchy. required: a limit depends
 * on it, so failing is an error; otherwise the group is simply not made.
 */
static int v1_make(char *dir, const char *ctl, const char *name, int required)
{
	char base[CG_PATH];

	dir[0] = '\0';
	if (own_group_dir(ctl, base, sizeof(base), NULL) < 0) {
		if (required)
			return error("cannot use cgroups: neither cgroup v2 with the memory controller "
				     "nor a cgroup v1 '%s' hierarchy is available", ctl);
		return 0;
	}
	if (join(dir, base, name) < 0)
		return -1;
	if (make_group(dir, &session_group_kind, 1) < 0) {
		int e = errno;

		if (required)
			error("cannot create cgroup '%s': %s%s", dir, strerror(e), why_not(e));
		dir[0] = '\0';
		return required ? -1 : 0;
	}
	return 0;
}

static int set_mem_limit_v1(const struct cgroup_session *cg)
{
	char buf[32];

	snprintf(buf, sizeof(buf), "%" PRIu64, cg->mem_limit);
	if (cg_write(cg->mem_dir, "memory.limit_in_bytes", buf) < 0)
		return error("cannot set mem_limit: cannot write '%s/memory.limit_in_bytes': %s",
			     cg->mem_dir, strerror(errno));
	return 0;
}

static long long cfs_quota_us(double cpus)
{
	long long q = llround(cpus * CFS_PERIOD_US);

	return q < CFS_QUOTA_MIN_US ? CFS_QUOTA_MIN_US : q;
}

static int set_cpu_limit_v1(const struct cgroup_session *cg)
{
	char buf[32];

	if (cg_write(cg->cpu_dir, "cpu.cfs_period_us", "100000") < 0)
		return error("cannot set cpu_limit: cannot write '%s/cpu.cfs_period_us': %s",
			     cg->cpu_dir, strerror(errno));
	snprintf(buf, sizeof(buf), "%lld", cfs_quota_us(cg->cpu_limit));
	/* EINVAL here usually means a parent group has a smaller quota */
	if (cg_write(cg->cpu_dir, "cpu.cfs_quota_us", buf) < 0)
		return error("cannot set cpu_limit: cannot write %s to '%s/cpu.cfs_quota_us': %s",
			     buf, cg->cpu_dir, strerror(errno));
	return 0;
}

/* the session groups below the driver's own; the limits come next (set_*_limit_v1) */
static int v1_init(struct cgroup_session *cg, const char *name, const char *base, const char *mnt)
{
	int want_mem = cg->mem_limit > 0, want_cpu = cg->cpu_limit > 0;

	(void)base;
	(void)mnt;
	if (v1_make(cg->mem_dir, "memory", name, want_mem) < 0)
		return -1;
	if (want_cpu && v1_make(cg->cpu_dir, "cpu", name, 1) < 0)
		return -1;
	if (v1_make(cg->acct_dir, "cpuacct", name, 0) < 0)
		return -1;
	cg->version = cg->mem_dir[0] || cg->cpu_dir[0] || cg->acct_dir[0] ? 1 : 0;
	return 0;
}

/* is ctl a word of DIR/FILE (cgroup.controllers or cgroup.subtree_control)? */
static int v2_listed(const char *dir, const char *file, const char *ctl)
{
	char path[CG_PATH + 32], line[256];

	snprintf(path, sizeof(path), "%s/%s", dir, file);
	return read_line_file(path, line, sizeof(line)) == 0 && has_word(line, ctl, " ");
}

static int v2_enabled(const char *base, const char *ctl)
{
	return v2_listed(base, "cgroup.subtree_control", ctl);
}

static int set_mem_limit_v2(const struct cgroup_session *cg)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%" PRIu64, cg->mem_limit);
	if (cg_write(cg->mem_dir, "memory.max", buf) < 0)
		return error("cannot set mem_limit: cannot write '%s/memory.max': %s",
			     cg->mem_dir, strerror(errno));
	return 0;
}

static int set_cpu_limit_v2(const struct cgroup_session *cg)
{
	char buf[64];

	snprintf(buf, sizeof(buf), "%lld %d", cfs_quota_us(cg->cpu_limit), CFS_PERIOD_US);
	if (cg_write(cg->mem_dir, "cpu.max", buf) < 0)
		return error("cannot set cpu_limit: cannot write '%s' to '%s/cpu.max': %s",
			     buf, cg->mem_dir, strerror(errno));
	return 0;
}

static int v2_init(struct cgroup_session *cg, const char *base, const char *name)
{
	char compile[CG_PATH];

	if (cg->cpu_limit > 0 && !v2_enabled(base, "cpu"))
		return error("cannot set cpu_limit: the cpu controller is not enabled in "
			     "'%s/cgroup.subtree_control'", base);
	if (join(cg->mem_dir, base, name) < 0 || join(compile, cg->mem_dir, "compile") < 0)
		return -1;
	cg->version = 2;	/* from here on the session has groups */
	if (make_group(cg->mem_dir, &session_group_kind, 1) < 0 ||
	    make_group(compile, &session_group_kind, 0) < 0) {
		int e = errno;

		if (!cg->mem_limit && !(cg->cpu_limit > 0)) {
			cgroup_session_release(cg);
			return 0;
		}
		return error("cannot create cgroup '%s': %s%s", compile, strerror(e), why_not(e));
	}
	return 0;
}

/* DIR/cgroup.subtree_control: turn on each of ctls ("memory cpu") not on yet */
static int v2_enable(const char *dir, const char *ctls, char *done, size_t size)
{
	char word[16], buf[32];

	for (const char *p = ctls; *p; p += strspn(p, " ")) {
		size_t n = strcspn(p, " ");

		snprintf(word, sizeof(word), "%.*s", (int)n, p);
		p += n;
		if (v2_enabled(dir, word))
			continue;
		snprintf(buf, sizeof(buf), "+%s", word);
		if (cg_write(dir, "cgroup.subtree_control", buf) < 0)
			return error("cannot enable the %s controller in '%s/cgroup.subtree_control': %s",
				     word, dir, strerror(errno));
		if (done && strlen(done) + n + 3 < size)
			snprintf(done + strlen(done), size - strlen(done), " -%s", word);
	}
	return 0;
}

/* the controllers a session needs, as "memory cpu"; "" when only accounting */
static void v2_needed(const struct cgroup_session *cg, char *out, size_t size)
{
	snprintf(out, size, "%s%s", cg->mem_limit ? "memory " : "", cg->cpu_limit > 0 ? "cpu" : "");
}

/* which of the needed controllers is missing from DIR/cgroup.controllers, or NULL */
static const char *v2_missing(const struct cgroup_session *cg, const char *dir)
{
	if (cg->mem_limit && !v2_listed(dir, "cgroup.controllers", "memory"))
		return "memory";
	if (cg->cpu_limit > 0 && !v2_listed(dir, "cgroup.controllers", "cpu"))
		return "cpu";
	return NULL;
}

/* may this user make groups below base and enable controllers there? */
static int v2_delegated(const char *base)
{
	char procs[CG_PATH + 32], ctl[CG_PATH + 32];

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", base);
	snprintf(ctl, sizeof(ctl), "%s/cgroup.subtree_control", base);
	return access(base, W_OK) == 0 && access(procs, W_OK) == 0 && access(ctl, W_OK) == 0;
}

/*
 * Move the driver from base into a leaf, remembering the way home. In a
 * group of our own (root) the leaf is TOP/driver, on record with TOP. In a
 * delegated group, which other sessions may share, it is TOP/NAME-driver,
 * this session's alone, and on record by itself (before the move, so a
 * SIGKILL right after it is covered): the next session removes it if this
 * one is killed.
 */
static int v2_leave_home(struct cgroup_session *cg, const char *base, const char *name)
{
	char leaf[96];

	if (cg->top_made)
		snprintf(leaf, sizeof(leaf), "driver");
	else
		snprintf(leaf, sizeof(leaf), "%.80s-driver", name);
	if (join(cg->driver_dir, cg->top_dir, leaf) < 0 ||
	    make_group(cg->driver_dir, &driver_group_kind, !cg->top_made) < 0)
		return error("cannot create cgroup '%s': %s", cg->driver_dir, strerror(errno));
	snprintf(home_procs, sizeof(home_procs), "%s/cgroup.procs", base);
	snprintf(home_pid, sizeof(home_pid), "%d", (int)getpid());
	away = 1;	/* before the move: a signal right after it must still go home */
	cleanup_add_id(&home_kind, 0);
	if (cg_write_pid(cg->driver_dir, getpid()) < 0) {
		away = 0;
		cleanup_del_id(&home_kind, 0);
		return -1;
	}
	return 0;
}

static int v2_cannot(const struct cgroup_session *cg, const char *base)
{
	if (!cg->mem_limit && !(cg->cpu_limit > 0))
		return 0;	/* nothing asked: no accounting group, LCPU% from /proc */
	return error("cannot use cgroups: contest is not root and its cgroup '%s' is not delegated "
		     "to it; run as root, or under 'systemd-run --user --scope -p Delegate=yes "
		     "contest run ...'", base);
}

/*
 * cgroup v2 the supported way. The limits go on TOP/session (compile and
 * load in its children), and since a group with controllers on for its
 * children may hold no process itself, the driver moves to TOP/driver.
 * As root, TOP is a new group at the top of the hierarchy, where every
 * controller can be enabled; otherwise it is our own group, if delegated
 * to us (systemd-run --user --scope -p Delegate=yes).
 */
static int v2_top_init(struct cgroup_session *cg, const char *base, const char *mnt,
		       const char *name)
{
	char need[32];
	const char *missing;

	v2_needed(cg, need, sizeof(need));
	if (!need[0] && access(mnt, W_OK) < 0)
		return 0;	/* a read-only hierarchy (a container), and no limit asked */
	if (geteuid() == 0) {
		if ((missing = v2_missing(cg, mnt)))
			return error("cannot use cgroups: the %s controller is not in '%s/cgroup.controllers'",
				     missing, mnt);
		if (v2_enable(mnt, need, NULL, 0) < 0 || join(cg->top_dir, mnt, name) < 0)
			return -1;
		cg->version = 2;	/* from here on the session has groups */
		cg->top_made = 1;
		/* on record: the driver's leaf is in it */
		if (make_group(cg->top_dir, &driver_group_kind, 1) < 0)
			return error("cannot create cgroup '%s': %s%s", cg->top_dir, strerror(errno),
				     why_not(errno));
	} else {
		if (!v2_delegated(base))
			return v2_cannot(cg, base);
		if ((missing = v2_missing(cg, base)))
			return error("cannot use cgroups: the %s controller is not delegated to '%s' "
				     "(see its cgroup.controllers)", missing, base);
		snprintf(cg->top_dir, sizeof(cg->top_dir), "%s", base);
		cg->version = 2;
	}
	if (v2_leave_home(cg, base, name) < 0)
		return -1;
	if (strcmp(cg->top_dir, base) == 0) {
		snprintf(undo_file, sizeof(undo_file), "%s/cgroup.subtree_control", base);
		undo_value[0] = '\0';
	}
	if (v2_enable(cg->top_dir, need, undo_file[0] ? undo_value : NULL, sizeof(undo_value)) < 0)
		return -1;
	return v2_init(cg, cg->top_dir, strcmp(cg->top_dir, base) ? "session" : name);
}

/* anything the driver started after it moved goes home with it */
static void v2_others_home(const struct cgroup_session *cg)
{
	char procs[CG_PATH + 32], buf[24], *text, *p, *end;

	snprintf(procs, sizeof(procs), "%s/cgroup.procs", cg->driver_dir);
	text = read_text_file(procs, NULL);
	for (p = text; p; p = end) {
		long v = strtol(p, &end, 10);

		if (end == p)
			break;
		snprintf(buf, sizeof(buf), "%ld", v);
		if (v != (long)getpid())
			write_text_file(home_procs, buf);
	}
	free(text);
}

/* the driver's way back, then its leaf and contest's group */
static void v2_come_home(struct cgroup_session *cg)
{
	if (cg->driver_dir[0]) {
		v2_others_home(cg);
		go_home();
		if (away)
			warning("cannot move contest back to its cgroup ('%s'): %s", home_procs,
				strerror(errno));
		else
			cleanup_del_id(&home_kind, 0);
		remove_group(cg->driver_dir);
	}
	undo_file[0] = '\0';
	if (cg->top_made)
		remove_group(cg->top_dir);
	cg->top_dir[0] = '\0';
	cg->top_made = 0;
}

/* v2_top_init; when only accounting was at stake, carry on without */
static int v2_create(struct cgroup_session *cg, const char *name, const char *base,
		     const char *mnt)
{
	int ret = v2_top_init(cg, base, mnt, name);

	if (ret < 0 && !cg->mem_limit && !(cg->cpu_limit > 0)) {
		warning("no cgroup for the load: LCPU%% from a /proc scan");
		ret = 0;
		cgroup_session_release(cg);
	}
	return ret;
}

static void v2_announce(const struct cgroup_session *cg)
{
	info("cgroup v2: compile and load in '%s', the driver in '%s'", cg->mem_dir,
	     cg->driver_dir);
}

int cgroup_session_init(struct cgroup_session *cg, const char *name,
			uint64_t mem_limit, double cpu_limit)
{
	char base[CG_PATH], mnt[CG_PATH], defname[64];
	const struct cgroup_ops *o;
	int ret;

	memset(cg, 0, sizeof(*cg));
	cg->mem_limit = mem_limit;
	cg->cpu_limit = cpu_limit > 0 ? cpu_limit : 0;
	if (!name) {
		snprintf(defname, sizeof(defname), "contest-%d", (int)getpid());
		name = defname;
	}
	/* v2 when its hierarchy has the memory controller at all (a hybrid
	 * host's /sys/fs/cgroup/unified has none: v1 does the work there) */
	if (own_group_dir(NULL, base, sizeof(base), mnt) == 0 &&
	    v2_listed(mnt, "cgroup.controllers", "memory"))
		o = &cgroup_v2_ops;
	else
		o = &cgroup_v1_ops;
	cg->ops = o;	/* before anything is made: release goes by it */
	ret = o->create(cg, name, base, mnt);
	if (ret == 0 && cg->mem_limit)
		ret = o->set_memory_limit(cg);
	if (ret == 0 && cg->cpu_limit > 0)
		ret = o->set_cpu_limit(cg);
	if (ret < 0)
		cgroup_session_release(cg);
	else if (!cg->version)
		cg->ops = NULL;		/* nothing made, and no limit asked */
	else
		o->announce(cg);
	return ret;
}

static int v2_compile_dir(const struct cgroup_session *cg, char *out)
{
	return join(out, cg->mem_dir, "compile");
}

static int v1_enter(const struct cgroup_session *cg, pid_t pid)
{
	if (cg->mem_dir[0] && cg_write_pid(cg->mem_dir, pid) < 0)
		return -1;
	if (cg->cpu_dir[0] && cg_write_pid(cg->cpu_dir, pid) < 0)
		return -1;
	if (cg->acct_dir[0] && cg_write_pid(cg->acct_dir, pid) < 0)
		return -1;
	return 0;
}

static int v2_enter(const struct cgroup_session *cg, pid_t pid)
{
	char compile[CG_PATH];

	return v2_compile_dir(cg, compile) < 0 ? -1 : cg_write_pid(compile, pid);
}

int cgroup_enter(const struct cgroup_session *cg, pid_t pid)
{
	return ops(cg)->attach(cg, pid);
}

static int make_load_group(char *out, const char *session)
{
	if (!session[0])
		return 0;
	if (join(out, session, "load") < 0)
		return -1;
	if (make_group(out, &session_group_kind, 0) < 0) {
		int e = errno;

		error("cannot create cgroup '%s': %s", out, strerror(e));
		out[0] = '\0';
		return -1;
	}
	return 0;
}

static int v1_load_create(struct cgroup_session *cg)
{
	if (make_load_group(cg->load_mem, cg->mem_dir) < 0)
		return -1;
	/* cpu and cpuacct may be mounted together: then it is one group */
	if (cg->load_mem[0] && !strcmp(cg->mem_dir, cg->acct_dir)) {
		memcpy(cg->load_acct, cg->load_mem, sizeof(cg->load_acct));
		return 0;
	}
	return make_load_group(cg->load_acct, cg->acct_dir);
}

/* one group for all: load_acct is load_mem */
static int v2_load_create(struct cgroup_session *cg)
{
	if (make_load_group(cg->load_mem, cg->mem_dir) < 0)
		return -1;
	memcpy(cg->load_acct, cg->load_mem, sizeof(cg->load_acct));
	return 0;
}

int cgroup_load_create(struct cgroup_session *cg)
{
	return ops(cg)->load_create(cg);
}

static int v1_load_enter(const struct cgroup_session *cg, pid_t pid)
{
	if (load_made(cg, pid) < 0)
		return -1;
	/* the quota group first: when cpu and cpuacct share a hierarchy the
	 * move into load_acct (a child of it) must come last */
	if (cg->cpu_dir[0] && cg_write_pid(cg->cpu_dir, pid) < 0)
		return -1;
	if (cg->load_mem[0] && cg_write_pid(cg->load_mem, pid) < 0)
		return -1;
	if (cg->load_acct[0] && strcmp(cg->load_acct, cg->load_mem) && cg_write_pid(cg->load_acct, pid) < 0)
		return -1;
	return 0;
}

static int v2_load_enter(const struct cgroup_session *cg, pid_t pid)
{
	if (load_made(cg, pid) < 0)
		return -1;
	if (cg->load_mem[0] && cg_write_pid(cg->load_mem, pid) < 0)
		return -1;
	return 0;
}

int cgroup_load_enter(const struct cgroup_session *cg, pid_t pid)
{
	return ops(cg)->load_attach(cg, pid);
}

static double v1_load_cpu_s(const struct cgroup_session *cg)
{
	char path[CG_PATH + 32], line[64];

	snprintf(path, sizeof(path), "%s/cpuacct.usage", cg->load_acct);
	if (read_line_file(path, line, sizeof(line)) < 0)
		return -1;
	return (double)strtoull(line, NULL, 10) / 1e9;	/* nanoseconds */
}

static double v2_load_cpu_s(const struct cgroup_session *cg)
{
	long long usec = cg_read_key(cg->load_acct, "cpu.stat", "usage_usec");

	return usec < 0 ? -1 : (double)usec / 1e6;
}

double cgroup_load_cpu_s(const struct cgroup_session *cg)
{
	if (!cg->load_acct[0])
		return -1;
	return ops(cg)->load_cpu_s(cg);
}

/* v2's cgroup.kill (5.14+) also gets what forks while being killed; v1 has none */
static int v2_load_kill(const struct cgroup_session *cg)
{
	if (!cg->load_mem[0])
		return -1;
	return cg_write(cg->load_mem, "cgroup.kill", "1");
}

int cgroup_load_kill(const struct cgroup_session *cg)
{
	return ops(cg)->load_kill(cg);
}

/* append the pids in DIR/cgroup.procs not yet in pids[] */
static int add_pids(const char *dir, pid_t *pids, int n, int max)
{
	char path[CG_PATH + 32], *text, *p, *end;

	snprintf(path, sizeof(path), "%s/cgroup.procs", dir);
	text = read_text_file(path, NULL);
	if (!text)
		return -1;
	for (p = text; n < max; p = end) {
		long v = strtol(p, &end, 10);
		int seen = 0;

		if (end == p)
			break;
		for (int i = 0; i < n; i++)
			seen |= pids[i] == (pid_t)v;
		if (!seen)
			pids[n++] = (pid_t)v;
	}
	free(text);
	return n;
}

int cgroup_load_pids(const struct cgroup_session *cg, pid_t *pids, int max)
{
	int n = 0;

	if (!cg->load_mem[0] && !cg->load_acct[0])
		return -1;
	if (cg->load_mem[0] && (n = add_pids(cg->load_mem, pids, n, max)) < 0)
		return -1;
	if (cg->load_acct[0] && strcmp(cg->load_acct, cg->load_mem) &&
	    (n = add_pids(cg->load_acct, pids, n, max)) < 0)
		return -1;
	return n;
}

/*
 * OOM kills charged to one group alone. The kernel counts a kill in the
 * victim's own memcg; v1 does not propagate it to parents, and v2's
 * memory.events does unless mounted with memory_localevents, so read the
 * local counters and sum over the groups.
 */
static long long v1_local_oom_kills(const char *dir)
{
	return dir[0] ? cg_read_key(dir, "memory.oom_control", "oom_kill") : 0;
}

static long long v2_local_oom_kills(const char *dir)
{
	return dir[0] ? cg_read_key(dir, "memory.events.local", "oom_kill") : 0;
}

static long long local_oom_kills(const struct cgroup_session *cg, const char *dir)
{
	return ops(cg)->local_oom_kills(dir);
}

static long long v1_oom_kills(const struct cgroup_session *cg)
{
	long long sum = cg->oom_kills_gone, n;

	if ((n = v1_local_oom_kills(cg->mem_dir)) < 0)
		return -1;
	sum += n;
	if ((n = v1_local_oom_kills(cg->load_mem)) > 0)
		sum += n;
	return sum;
}

static long long v2_oom_kills(const struct cgroup_session *cg)
{
	char compile[CG_PATH];
	long long sum = cg->oom_kills_gone, n;

	if ((n = v2_local_oom_kills(cg->mem_dir)) < 0) {
		/* no memory.events.local (before 5.2): the hierarchical count */
		n = cg_read_key(cg->mem_dir, "memory.events", "oom_kill");
		return n < 0 ? -1 : n;
	}
	sum += n;
	if (v2_compile_dir(cg, compile) == 0 && (n = v2_local_oom_kills(compile)) > 0)
		sum += n;
	if ((n = v2_local_oom_kills(cg->load_mem)) > 0)
		sum += n;
	return sum;
}

long long cgroup_oom_kills(const struct cgroup_session *cg)
{
	if (!cg->mem_dir[0])
		return -1;
	return ops(cg)->oom_kills(cg);
}

void cgroup_load_remove(struct cgroup_session *cg)
{
	long long kills = cg->load_mem[0] ? local_oom_kills(cg, cg->load_mem) : 0;
	int shared = !strcmp(cg->load_acct, cg->load_mem);

	if (cg->load_mem[0] && remove_group(cg->load_mem) == 0 && kills > 0)
		cg->oom_kills_gone += kills;	/* keep the session's count from dropping */
	if (shared)
		memcpy(cg->load_acct, cg->load_mem, sizeof(cg->load_acct));
	else
		remove_group(cg->load_acct);
}

/* compile, the session group, then the driver home and contest's group */
static void v2_release(struct cgroup_session *cg)
{
	char compile[CG_PATH];

	if (cg->mem_dir[0] && v2_compile_dir(cg, compile) == 0)
		remove_group(compile);
	remove_group(cg->mem_dir);
	v2_come_home(cg);
}

void cgroup_session_release(struct cgroup_session *cg)
{
	cgroup_load_remove(cg);
	ops(cg)->destroy(cg);
	cg->version = 0;
	cg->ops = NULL;
}

const struct cgroup_ops cgroup_v1_ops = {
	.create = v1_init,
	.set_memory_limit = set_mem_limit_v1,
	.set_cpu_limit = set_cpu_limit_v1,
	.announce = no_announce,	/* nothing moved: the groups are below the driver's */
	.attach = v1_enter,
	.load_create = v1_load_create,
	.load_attach = v1_load_enter,
	.load_cpu_s = v1_load_cpu_s,
	.load_kill = none_load_kill,	/* v1 has no cgroup.kill */
	.local_oom_kills = v1_local_oom_kills,
	.oom_kills = v1_oom_kills,
	.destroy = remove_named_groups,
};

const struct cgroup_ops cgroup_v2_ops = {
	.create = v2_create,
	.set_memory_limit = set_mem_limit_v2,
	.set_cpu_limit = set_cpu_limit_v2,
	.announce = v2_announce,
	.attach = v2_enter,
	.load_create = v2_load_create,
	.load_attach = v2_load_enter,
	.load_cpu_s = v2_load_cpu_s,
	.load_kill = v2_load_kill,
	.local_oom_kills = v2_local_oom_kills,
	.oom_kills = v2_oom_kills,
	.destroy = v2_release,
};

/* never chosen: no create and no limits */
const struct cgroup_ops cgroup_none_ops = {
	.announce = no_announce,
	.attach = none_attach,
	.load_create = none_load_create,
	.load_attach = none_attach,
	.load_cpu_s = none_load_cpu_s,
	.load_kill = none_load_kill,
	.local_oom_kills = none_local_oom_kills,
	.oom_kills = none_oom_kills,
	.destroy = remove_named_groups,
};

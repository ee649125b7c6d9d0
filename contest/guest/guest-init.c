/* guest-init.c - the first process of a --boot guest (cmd/guest-init.c
 * checks that it is and calls guest_init)
 *
 * The guest kernel runs contest itself as init (init=/path/to/contest
 * -- guest-init DIR), so nothing is ever built from a shell string: the
 * host leaves in DIR (its private directory, seen through hostfs or the
 * read-only 9p root) the argv and environment of the inner `contest run`
 * (NUL-separated), the directory to run it in, where the scratch disk
 * goes and its device, and, in a QEMU guest, the writable 9p shares. This
 * mounts what a session needs, runs it with its output relayed to the
 * console, writes DIR/status ("exit N" or "signal N") and powers the
 * guest off.
 */
#include "guest/boot.h"
#include "record/env.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/reboot.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* 9p mount options of the writable shares: writes go straight to the host */
#define SHARE_OPTS "trans=virtio,version=9p2000.L,msize=262144,cache=mmap"

/* a file of NUL-terminated strings as a NULL-terminated vector */
static char **read_vector(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *text, **v;
	size_t len, n = 0;

	text = read_text_file(path, &len);
	free(path);
	if (!text)
		return NULL;
	v = xcalloc(len + 1, sizeof(*v));
	for (size_t i = 0; i < len; i += strlen(text + i) + 1)
		v[n++] = text + i;
	if (!n) {
		free(text);
		free(v);
		errno = EINVAL;
		return NULL;
	}
	return v;
}

static char *read_string(const char *dir, const char *name)
{
	char *path = xasprintf("%s/%s", dir, name), *s = read_text_file(path, NULL);

	free(path);
	return s;
}

static int mount_one(const char *src, const char *target, const char *type, const char *data)
{
	mkdir(target, 0755);
	if (mount(src, target, type, 0, data) < 0)
		return error("cannot mount %s on '%s': %s", type, target, strerror(errno));
	return 0;
}

/*
 * A QEMU guest's / is read-only: DIR/shares lists "TAG PATH" for the
 * private directory, results and work_dir, parents first, each mounted
 * read-write over its read-only view. No file (UML): nothing to mount.
 */
static int mount_shares(const char *dir)
{
	char *text = read_string(dir, "shares"), *line, *save = NULL;
	int ret = 0;

	if (!text)
		return errno == ENOENT ? 0 : error("cannot read '%s/shares': %s", dir, strerror(errno));
	for (line = strtok_r(text, "\n", &save); line && !ret; line = strtok_r(NULL, "\n", &save)) {
		char *path = strchr(line, ' ');

		if (!path)
			ret = error("bad line in '%s/shares': '%s'", dir, line);
		else {
			*path++ = '\0';
			if (mount(line, path, "9p", 0, SHARE_OPTS) < 0)
				ret = error("cannot mount the 9p share '%s' on '%s': %s", line, path,
					    strerror(errno));
		}
	}
	free(text);
	return ret;
}

/*
 * proc and sysfs; cgroup v2 (a guest kernel has no v1 mounts); /dev/shm
 * (devtmpfs, which the kernel mounts, has none); the writable shares; the
 * scratch disk over work_dir/scratch with a tmp/ there for TMPDIR: / is
 * the host's, so /tmp would be the host's too.
 */
static int guest_mounts(const char *dir, const char *disk, const char *scratch)
{
	char *tmp;
	int ret = 0;

	if (mount_one("proc", "/proc", "proc", NULL) < 0 ||
	    mount_one("sysfs", "/sys", "sysfs", NULL) < 0)
		return -1;
	if (mount_one("cgroup2", "/sys/fs/cgroup", "cgroup2", NULL) < 0)
		warning("no cgroups in the guest");
	if (mount_one("shm", "/dev/shm", "tmpfs", "mode=1777") < 0 || mount_shares(dir) < 0)
		return -1;
	if (mount_one(disk, scratch, "ext4", NULL) < 0)
		return -1;
	tmp = xasprintf("%s/tmp", scratch);
	if (mkdir(tmp, 01777) < 0 && errno != EEXIST)
		ret = error("cannot create '%s': %s", tmp, strerror(errno));
	free(tmp);
	return ret;
}

/*
 * The loads' disk is the scratch disk, not the tree's (hostfs has no
 * scheduler): its I/O scheduler joins the guest lines of the env file,
 * since a kernel's default scheduler is one of the things compared.
 */
static void add_scratch_scheduler(char **env, const char *disk)
{
	char active[256];
	char *path = xasprintf("/sys/block/%s/queue/scheduler", strrchr(disk, '/') + 1);

	if (read_active_choice(path, active, sizeof(active)) < 0)
		snprintf(active, sizeof(active), "unknown");
	free(path);
	for (; *env; env++)
		if (!strncmp(*env, "CONTEST_GUEST=", 14))
			*env = xasprintf("%s%s: %s\n", *env, ENV_KEY(guest_scratch_scheduler), active);
}

/* the session's stdout and stderr through a pipe to the console, which is
 * a tty: the inner contest then prints plain lines, not a redrawn status */
static pid_t start_session(char **argv, char **envp, int *out)
{
	int fds[2];
	pid_t pid;

	if (pipe2(fds, O_CLOEXEC) < 0)
		return error("cannot make a pipe: %s", strerror(errno));
	pid = fork();
	if (pid < 0)
		return error("cannot fork: %s", strerror(errno));
	if (pid == 0) {
		int null = open("/dev/null", O_RDONLY);

		dup2(null, 0);
		dup2(fds[1], 1);
		dup2(fds[1], 2);
		execve(argv[0], argv, envp);
		fprintf(stderr, "error: cannot run '%s': %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	close(fds[1]);
	*out = fds[0];
	return pid;
}

/* relay until every writer is gone, then reap everything; the session's status */
static int relay_and_wait(pid_t pid, int in)
{
	char buf[4096];
	ssize_t n;
	int status = 0, st;
	pid_t w;

	while ((n = read(in, buf, sizeof(buf))) != 0) {
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0 || write_all(1, buf, (size_t)n) < 0)
			break;
	}
	close(in);
	while ((w = wait(&st)) > 0 || (w < 0 && errno == EINTR))
		if (w == pid)
			status = st;
	return status;
}

/* run it, relaying its output; how it ended, as DIR/status says it */
static void run_session(char **args, char **env, char *status, size_t size)
{
	int st, out = -1;
	pid_t pid = start_session(args, env, &out);

	if (pid < 0) {
		snprintf(status, size, "error cannot start the session\n");
		return;
	}
	st = relay_and_wait(pid, out);
	if (WIFSIGNALED(st))
		snprintf(status, size, "signal %d\n", WTERMSIG(st));
	else
		snprintf(status, size, "exit %d\n", WEXITSTATUS(st));
	sync();
}

static void write_status(const char *dir, const char *text)
{
	char *path = xasprintf("%s/status", dir);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);

	if (fd < 0 || write_all(fd, text, strlen(text)) < 0 || fsync(fd) < 0)
		error("cannot write '%s': %s", path, strerror(errno));
	if (fd >= 0)
		close(fd);
	free(path);
}

static void __attribute__((noreturn)) power_off(void)
{
	sync();
	reboot(RB_POWER_OFF);
	for (;;)
		pause();	/* PID 1 must not exit: that would panic the guest */
}

void guest_init(const char *dir)
{
	char **args, **env, *cwd, *scratch, *disk, status[64];

	args = read_vector(dir, "argv");
	env = read_vector(dir, "environ");
	cwd = read_string(dir, "cwd");
	scratch = read_string(dir, "scratch");
	disk = read_string(dir, "disk");
	if (!args || !env || !cwd || !scratch || !disk || !strchr(disk, '/')) {
		error("cannot read the session from '%s': %s", dir, strerror(errno));
		snprintf(status, sizeof(status), "error cannot read the session\n");
	} else if (guest_mounts(dir, disk, scratch) < 0 || chdir(cwd) < 0) {
		snprintf(status, sizeof(status), "error cannot set up the guest\n");
	} else {
		add_scratch_scheduler(env, disk);
		run_session(args, env, status, sizeof(status));
		if (umount(scratch) < 0)
			warning("cannot unmount '%s': %s", scratch, strerror(errno));
	}
	write_status(dir, status);
	power_off();
}

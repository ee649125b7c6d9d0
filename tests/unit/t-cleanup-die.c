/* t-cleanup-die.c - die() undoes what its process registered, and only that
 *
 * A process registers a real process group (a sleeping child) and a
 * scratch tree, with a record file handed to the registry, then dies: the
 * group is killed, the tree is gone, stderr says "cleaning up", and the
 * record held the scratch path. Then a session's registry and a forked
 * child that dies: the child must leave the session's group and scratch
 * alone.
 */
#include "tap.h"
#include "sleeper.h"
#include "sys/cleanup.h"
#include "sys/pgroup.h"
#include "sys/scratch.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static char dir[256];

/* 1 when the group is gone within about 2 s (an orphan is reaped by init) */
static int group_gone(pid_t pgid)
{
	struct timespec ts = { 0, 20 * 1000 * 1000 };

	for (int i = 0; i < 100; i++) {
		if (kill(-pgid, 0) < 0 && errno == ESRCH)
			return 1;
		nanosleep(&ts, NULL);
	}
	return 0;
}

/* in a child: register a group and a scratch tree (recorded), then die */
static void owner_dies(const char *scratch, const char *record, const char *err, int pipefd)
{
	int fd = open(record, O_RDWR | O_CREAT | O_TRUNC, 0644);
	pid_t g;

	dup2(open(err, O_WRONLY | O_CREAT | O_TRUNC, 0644), 2);
	mkdir_p(scratch, 0755);
	cleanup_set_record(fd);
	g = sleeper_group();
	pgroup_register(g);
	scratch_register(scratch);
	if (write(pipefd, &g, sizeof(g)) != sizeof(g))
		_exit(9);
	die(4, "a test death");
}

int main(void)
{
	char *scratch, *record, *err, *text;
	pid_t pid, g = 0, mine;
	int st, fds[2];

	snprintf(dir, sizeof(dir), "/tmp/t-cleanup-die.XXXXXX");
	if (!mkdtemp(dir) || pipe(fds) < 0) {
		perror("setup");
		return 1;
	}
	scratch = xasprintf("%s/scratch", dir);
	record = xasprintf("%s/record", dir);
	err = xasprintf("%s/err", dir);

	pid = fork();
	if (pid == 0)
		owner_dies(scratch, record, err, fds[1]);
	ok(read(fds[0], &g, sizeof(g)) == sizeof(g) && g > 0, "the dying process made a group");
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 4,
	   "die() exits with its status");
	ok(group_gone(g), "its registered process group was killed");
	ok(access(scratch, F_OK) < 0 && errno == ENOENT, "its scratch tree was removed");
	text = read_text_file(err, NULL);
	ok(text && strstr(text, "fatal: a test death\n") && strstr(text, "cleaning up"),
	   "stderr says why, then that it cleans up");
	free(text);
	text = read_text_file(record, NULL);
	ok(text && strstr(text, "scratch ") && strstr(text, scratch) && !strstr(text, "pgroup"),
	   "the record file held the scratch path (and no process group)");
	free(text);

	/* this process is a session now; its forked child dies */
	mkdir_p(scratch, 0755);
	mine = sleeper_group();
	pgroup_register(mine);
	scratch_register(scratch);
	pid = fork();
	if (pid == 0) {
		dup2(open("/dev/null", O_WRONLY), 2);
		die(5, "a child's death");
	}
	ok(waitpid(pid, &st, 0) == pid && WIFEXITED(st) && WEXITSTATUS(st) == 5,
	   "a forked child's die() exits");
	ok(kill(-mine, 0) == 0, "the session's process group is left alone");
	ok(access(scratch, F_OK) == 0, "and so is its scratch");
	cleanup_run_all();
	ok(waitpid(mine, &st, 0) == mine && WIFSIGNALED(st), "the owner still undoes them itself");

	rm_rf(dir);
	free(scratch);
	free(record);
	free(err);
	return tap_done();
}

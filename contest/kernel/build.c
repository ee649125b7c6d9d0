/* build.c - how a commit is built: checkout, the build directory's stamp, kbuild or --build (see build.h) */
#include "kernel/build.h"
#include "kernel/uml-fp.h"
#include "sys/signals.h"
#include "lib/config.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

/* what a guest kernel needs on top of ARCH=um defconfig (as scripts/uml-kernel.sh) */
static const char guest_needs[] =
	"CONFIG_HOSTFS=y\nCONFIG_BLK_DEV_UBD=y\nCONFIG_EXT4_FS=y\nCONFIG_TMPFS=y\n"
	"CONFIG_DEVTMPFS=y\nCONFIG_DEVTMPFS_MOUNT=y\nCONFIG_CGROUPS=y\nCONFIG_MEMCG=y\n"
	"CONFIG_CGROUP_SCHED=y\nCONFIG_FAIR_GROUP_SCHED=y\nCONFIG_CFS_BANDWIDTH=y\n"
	"CONFIG_CGROUP_PIDS=y\nCONFIG_SWAP=y\nCONFIG_PSI=y\nCONFIG_MAGIC_SYSRQ=y\n"
	"CONFIG_KERNEL_STACK_ORDER=3\n";

int kbuild_bootable(const char *path)
{
	unsigned char h[0x206];
	int fd = open(path, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, h, sizeof(h));

	if (fd >= 0)
		close(fd);
	return (n >= 4 && !memcmp(h, "\177ELF", 4)) ||
	       (n == (ssize_t)sizeof(h) && !memcmp(h + 0x202, "HdrS", 4));
}

struct build_fds {
	int out, err;
};

static int build_hook(void *arg)
{
	const struct build_fds *f = arg;

	return dup2(f->out, 1) < 0 || dup2(f->err, 2) < 0;
}

/* argv in cwd, stdout and stderr appended to the build log; 0 when it exited 0 */
static int build_step(const struct kbuild *b, char *const *argv, const char *cwd)
{
	char how[PROC_STATUS_LEN];
	int status = run_cmd(argv, &(struct spawn_opts){ .cwd = cwd, .out = b->log,
							  .build_env = 1 });

	if (status != 0 && !run_interrupted)
		warning("%s %s", argv[0], proc_status_text(status, how, sizeof(how)));
	return status == 0 ? 0 : -1;
}

/*
 * What the build directory was configured from: the guest's needs, then
 * the fragment's text. The same as the last configuration's stamp: later
 * steps keep the .config (olddefconfig settles it for each commit), so
 * they are incremental; different (a first step, a configuration cut
 * short, another bisection with another fragment): configure anew.
 */
static char *config_stamp(const struct kbuild *b)
{
	size_t len;
	char *frag = b->fragment ? read_regular_file(b->fragment, &len) : NULL;
	char *stamp = xasprintf("contest bisect: ARCH=um defconfig\n%s%s", guest_needs,
				frag ? frag : "");

	free(frag);
	return stamp;
}

static int write_text(const char *path, const char *text)
{
	int fd = open_write_file(path, O_TRUNC, 0644);

	if (fd < 0 || write_all(fd, text, strlen(text)) < 0) {
		error("cannot write '%s': %s", path, strerror(errno));
		if (fd >= 0)
			close(fd);
		return -1;
	}
	return close(fd);
}

/* the default: a user-mode-linux kernel of the tree in src, built out of tree in dir */
static char *build_uml(const struct kbuild *b)
{
	char *cfg = xasprintf("%s/.config", b->dir), *needs, *jobs, *o, *image = NULL;
	char *stamp_path = xasprintf("%s/contest-config.stamp", b->dir);
	char *stamp = config_stamp(b), *was = read_regular_file(stamp_path, &(size_t){ 0 });
	char *merge = xasprintf("%s/scripts/kconfig/merge_config.sh", b->src);

	o = xasprintf("O=%s", b->dir);
	jobs = xasprintf("-j%d", ncpus());
	needs = xasprintf("%s/contest-guest.config", b->dir);
	if (access(cfg, F_OK) < 0 || !was || strcmp(was, stamp)) {
		unlink(stamp_path);	/* until this configuration is whole */
		if (write_text(needs, guest_needs) < 0 ||
		    build_step(b, (char *[]){ "make", "-s", "-C", (char *)b->src, o, "ARCH=um",
					      "defconfig", NULL }, NULL) < 0 ||
		    build_step(b, (char *[]){ merge, "-m", "-O", (char *)b->dir, cfg, needs,
					      (char *)b->fragment, NULL }, b->dir) < 0)
			goto out;
	}
	if (build_step(b, (char *[]){ "make", "-s", "-C", (char *)b->src, o, "ARCH=um",
				      "olddefconfig", NULL }, NULL) < 0 || uml_fp_fit(b->src, b->dir) < 0 ||
	    build_step(b, (char *[]){ "make", "-s", "-C", (char *)b->src, o, "ARCH=um", jobs,
				      "linux", NULL }, NULL) < 0 || uml_fp_check(b->dir) < 0)
		goto out;
	if ((!was || strcmp(was, stamp)) && write_text(stamp_path, stamp) < 0)
		goto out;
	image = xasprintf("%s/linux", b->dir);
out:
	free(merge);
	free(stamp_path);
	free(stamp);
	free(was);
	free(cfg);
	free(needs);
	free(jobs);
	free(o);
	return image;
}

/* --build's last stdout line, made absolute from src; NULL none */
static char *last_line(const struct kbuild *b)
{
	size_t len;
	char *text = read_regular_file(b->out, &len), *image = NULL, *last;

	if (text) {
		while (len && (text[len - 1] == '\n' || text[len - 1] == ' '))
			text[--len] = '\0';
		last = strrchr(text, '\n') ? strrchr(text, '\n') + 1 : text;
		if (*last)
			image = xstrdup(last);
		free(text);
	}
	if (image && *image != '/') {
		char *abs = xasprintf("%s/%s", b->src, image);

		free(image);
		image = abs;
	}
	return image;
}

/* --build CMD in src, CONTEST_BUILD_DIR the reused build directory: its last stdout line */
static char *build_cmd(const struct kbuild *b, int *fatal)
{
	const char *err = NULL;
	char **argv = split_words(b->cmd, &err), *image = NULL;
	char *env[] = { xasprintf("CONTEST_BUILD_DIR=%s", b->dir), NULL };
	struct build_fds f = { -1, -1 };
	int status;

	f.out = open_write_file(b->out, O_TRUNC, 0644);
	f.err = open_write_file(b->log, O_APPEND, 0644);
	if (!argv || !argv[0] || f.out < 0 || f.err < 0) {
		error("--build: %s", err ? err : argv ? "cannot open its output" : "no command");
		*fatal = 1;
		goto out;
	}
	status = run_cmd(argv, &(struct spawn_opts){ .cwd = b->src, .env_add = (const char **)env,
						      .child_hook = build_hook, .hook_arg = &f });
	if (status != 0) {
		char how[PROC_STATUS_LEN];

		if (run_interrupted)
			goto out;
		if (WIFEXITED(status) && (WEXITSTATUS(status) == 126 || WEXITSTATUS(status) == 127)) {
			/* the command could not run at all: not this commit's fault */
			error("--build: %s %s: it could not run, so no commit is skipped for "
			      "it; the bisection stops", argv[0],
			      proc_status_text(status, how, sizeof(how)));
			*fatal = 1;
			goto out;
		}
		warning("--build: %s %s", argv[0], proc_status_text(status, how, sizeof(how)));
		goto out;
	}
	if (!(image = last_line(b)))
		warning("--build printed no image path on its last line");
out:
	if (f.out >= 0)
		close(f.out);
	if (f.err >= 0)
		close(f.err);
	argv_free(argv);
	free(env[0]);
	return image;
}

/* check the commit out into src (one worktree, reused) */
static int checkout(const struct kbuild *b, const char *sha)
{
	char *dotgit = xasprintf("%s/.git", b->src);
	struct stat st;
	int made = lstat(dotgit, &st) == 0;

	free(dotgit);
	/* not a worktree yet (the caller made it empty): git -C would find the
	 * repository of a folder above and check out --force there; --quiet:
	 * no "Updating files: N%" filling the build log */
	if (!made) {
		build_step(b, (char *[]){ "git", "-C", (char *)b->tree, "worktree", "prune",
					  NULL }, NULL);
		return build_step(b, (char *[]){ "git", "-C", (char *)b->tree, "worktree",
						 "add", "--quiet", "--detach", "--force", (char *)b->src,
						 (char *)sha, NULL }, NULL);
	}
	return build_step(b, (char *[]){ "git", "-C", (char *)b->src, "checkout", "-q",
					 "--detach", "--force", (char *)sha, NULL }, NULL);
}

char *kbuild_commit(const struct kbuild *b, const char *sha, const char *subject,
		    int *fatal)
{
	FILE *log;

	if ((log = fopen(b->log, "a"))) {
		fprintf(log, "==== %s %s\n", sha, subject);
		fclose(log);
	}
	if (checkout(b, sha) < 0)
		return NULL;
	return b->cmd ? build_cmd(b, fatal) : build_uml(b);
}

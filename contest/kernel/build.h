/* build.h - how a commit is built: one worktree, one reused build directory, kbuild or --build
 *
 * The commit is checked out into one git worktree (src) and built into
 * one build directory reused from commit to commit, so a build after the
 * first rebuilds only what changed: by default a user-mode-linux kernel
 * (ARCH=um defconfig, what a guest needs, the fragment on top), or the
 * --build command run in the checked out tree, whose last stdout line is
 * the image. Every step's output is appended to the build log.
 *
 * All of it by path: the caller makes src and dir directories of its own
 * that no one else may write (make_own_dir, owner.h).
 */
#ifndef CONTEST_KERNEL_BUILD_H
#define CONTEST_KERNEL_BUILD_H

struct kbuild {
	const char *tree;	/* the git repository the commits are of */
	const char *src;	/* the one worktree each commit is checked out into */
	const char *dir;	/* the one build directory, reused */
	const char *log;	/* every step's stdout and stderr appended */
	const char *out;	/* --build's stdout, its last line the image */
	const char *cmd;	/* --build CMD; NULL: the default UML build */
	const char *fragment;	/* --config-fragment F of the default build */
};

/*
 * Check the commit sha (subject for the log) out and build it: the
 * image's path, malloc'd, or NULL when the commit cannot be built (a
 * warning said why). *fatal is set when that is not the commit's fault
 * (--build cannot run at all): skipping the commit would be wrong.
 */
char *kbuild_commit(const struct kbuild *b, const char *sha, const char *subject,
		    int *fatal);

/* is path a user-mode-linux program (ELF) or a bzImage ("HdrS" at 0x202)? */
int kbuild_bootable(const char *path);

#endif

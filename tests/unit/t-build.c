/* t-build.c - how a commit is built (kernel/build.c) with a fake --build command: the
 * checkout into one worktree, the image from its last line, a commit that does not
 * build skipped, a command that cannot run fatal, what boots */
#include "kernel/build.h"
#include "lib/util.h"
#include "tap.h"
#include "git-tree.h"

#include <errno.h>
#include <sys/stat.h>

/* the fake build: says on stderr what it builds where, exits with the status f's second
 * line gives (none: goes on), else prints its arguments a line each */
static const char build_sh[] =
	"#!/bin/sh\n"
	"echo \"building $(head -n 1 f) in $CONTEST_BUILD_DIR\" >&2\n"
	"code=$(sed -n 2p f)\n"
	"[ -n \"$code\" ] && exit \"$code\"\n"
	"for line in \"$@\"; do printf '%s\\n' \"$line\"; done\n";

struct paths {
	char *tree, *src, *dir, *log, *out, *cmd;
};

static int make_paths(struct paths *p)
{
	p->tree = xasprintf("%s/tree", scratch);
	p->src = xasprintf("%s/src", scratch);
	p->dir = xasprintf("%s/build", scratch);
	p->log = xasprintf("%s/build.log", scratch);
	p->out = xasprintf("%s/build.out", scratch);
	p->cmd = xasprintf("%s/build.sh", scratch);
	return mkdir_p(p->tree, 0755) | mkdir_p(p->src, 0755) | mkdir_p(p->dir, 0755) |
	       put_file("build.sh", build_sh) | chmod(p->cmd, 0755) |
	       git_in(p->tree, "init", "-q", "-b", "main") ||
	       git_commit(p->tree, "one\n", "first") || git_in(p->tree, "tag", "one") ||
	       git_commit(p->tree, "two\n1\n", "second: fails to build") ||
	       git_in(p->tree, "tag", "two") ||
	       git_commit(p->tree, "three\n", "third") || git_in(p->tree, "tag", "three") ? -1 : 0;
}

static void paths_free(struct paths *p)
{
	free(p->tree);
	free(p->src);
	free(p->dir);
	free(p->log);
	free(p->out);
	free(p->cmd);
}

/* kbuild_commit of tag with --build "cmd args" */
static char *build(const struct paths *p, const char *tag, const char *args, int *fatal)
{
	char *cmd = xasprintf("%s %s", p->cmd, args), *sha = git_sha(p->tree, tag), *image;
	struct kbuild b = { p->tree, p->src, p->dir, p->log, p->out, cmd, NULL };

	*fatal = 0;
	image = kbuild_commit(&b, sha ? sha : tag, tag, fatal);
	free(sha);
	free(cmd);
	return image;
}

static void builds(const struct paths *p)
{
	char *image, *want, *f, *logged;
	int fatal;

	image = build(p, "one", "'some output' img/linux", &fatal);
	want = xasprintf("%s/img/linux", p->src);
	is_str(image, want, "the image: --build's last line, made absolute from the worktree");
	free(want);
	free(image);
	f = xasprintf("%s/f", p->src);
	want = read_text_file(f, NULL);
	is_str(want, "one\n", "the commit checked out into the worktree");
	free(want);

	image = build(p, "three", "/abs/bzImage ''", &fatal);
	is_str(image, "/abs/bzImage", "an absolute path stays; blank lines after it do not count");
	free(image);
	want = read_text_file(f, NULL);
	is_str(want, "three\n", "the next commit checked out into the same worktree");
	free(want);
	free(f);

	image = build(p, "two", "img/linux", &fatal);
	ok(!image && !fatal, "a commit whose build fails is skipped, not fatal");
	image = build(p, "three", "", &fatal);
	ok(!image && !fatal, "no image line: skipped");

	logged = read_text_file(p->log, NULL);
	want = xasprintf("building three in %s", p->dir);
	ok(logged && strstr(logged, "==== ") && strstr(logged, " two\n") && strstr(logged, want),
	   "the log: each commit's line, the build's stderr, CONTEST_BUILD_DIR set");
	free(want);
	free(logged);
}

static void cannot_run(const struct paths *p)
{
	struct kbuild b = { p->tree, p->src, p->dir, p->log, p->out, "/no/such/build", NULL };
	char *sha = git_sha(p->tree, "one");
	int fatal = 0;

	ok(!kbuild_commit(&b, sha, "one", &fatal) && fatal,
	   "a --build that cannot run at all is fatal: no commit is skipped for it");
	b.cmd = "'unclosed";
	fatal = 0;
	ok(!kbuild_commit(&b, sha, "one", &fatal) && fatal, "so is one that cannot be split");
	free(sha);
}

static void bootable(void)
{
	char big[0x206 + 1];
	char *elf = xasprintf("%s/elf", scratch), *bz = xasprintf("%s/bz", scratch);
	char *txt = xasprintf("%s/build.sh", scratch);

	memset(big, 'x', sizeof(big) - 1);
	big[sizeof(big) - 1] = '\0';
	memcpy(big + 0x202, "HdrS", 4);
	if (put_file("elf", "\177ELF and the rest") < 0 || put_file("bz", big) < 0) {
		setup_failed("cannot write the images in %s", scratch);
	} else {
		ok(kbuild_bootable(elf), "an ELF program boots (user-mode-linux)");
		ok(kbuild_bootable(bz), "so does a bzImage, HdrS at 0x202");
		ok(!kbuild_bootable(txt), "a script does not");
		big[0x204] = '\0';
		put_file("bz", big);
		ok(!kbuild_bootable(bz), "nor a file too short for the header");
	}
	free(elf);
	free(bz);
	free(txt);
}

int main(void)
{
	struct paths p = { 0 };

	if (git_scratch() < 0)
		return tap_done();
	if (make_paths(&p) < 0) {
		setup_failed("cannot make the tree and folders in %s: %s", scratch, strerror(errno));
	} else {
		builds(&p);
		cannot_run(&p);
		bootable();
	}
	paths_free(&p);
	scratch_remove();
	return tap_done();
}

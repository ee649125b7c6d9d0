/* bisect-fixture.h - for unit tests of bisect's driver: a git tree of commits and a fake
 * --build whose images are tiny ELF files, no kernel built and no guest booted */
#ifndef CONTEST_TEST_BISECT_FIXTURE_H
#define CONTEST_TEST_BISECT_FIXTURE_H

#include "git-tree.h"

#include <sys/stat.h>

/*
 * The fake build, run in the commit's worktree: a commit whose f says
 * "fail" on its second line exits 1; one that says "text" builds an
 * image that is no ELF; else an ELF file naming the commit, and a
 * .config, in CONTEST_BUILD_DIR, whose path it prints last
 */
static const char fake_build_sh[] =
	"#!/bin/sh\n"
	"what=$(sed -n 2p f)\n"
	"[ \"$what\" = fail ] && exit 1\n"
	"if [ \"$what\" = text ]; then echo text > \"$CONTEST_BUILD_DIR/linux\"; else\n"
	"printf '\\177ELF %s\\n' \"$(head -n 1 f)\" > \"$CONTEST_BUILD_DIR/linux\"; fi\n"
	"echo 'CONFIG_CC_VERSION_TEXT=\"cc 1\"' > \"$CONTEST_BUILD_DIR/.config\"\n"
	"echo building >&2\n"
	"echo \"$CONTEST_BUILD_DIR/linux\"\n";

/*
 * scratch/tree: n commits tagged c0 .. c(n-1), commit i's f saying i and
 * then how[i] ('f' fail, 't' text, else builds) on a second line;
 * scratch/build.sh the fake build. 0, or -1.
 */
static inline int bisect_fixture(size_t n, const char *how)
{
	char *tree = xasprintf("%s/tree", scratch), *cmd = xasprintf("%s/build.sh", scratch);
	int ret = mkdir_p(tree, 0755) < 0 || put_file("build.sh", fake_build_sh) < 0 ||
		  chmod(cmd, 0755) < 0 || git_in(tree, "init", "-q", "-b", "main") ? -1 : 0;

	for (size_t i = 0; !ret && i < n; i++) {
		char *text = xasprintf("%zu\n%s\n", i, how[i] == 'f' ? "fail" :
						       how[i] == 't' ? "text" : "");
		char *tag = xasprintf("c%zu", i), *msg = xasprintf("commit %zu", i);

		ret = git_commit(tree, text, msg) || git_in(tree, "tag", tag) ? -1 : 0;
		free(text);
		free(tag);
		free(msg);
	}
	free(tree);
	free(cmd);
	return ret;
}

#endif

/* t-rebuild.c - how a bisection candidate's image is built again, from its env (results/rebuild.h) */
#include "results/rebuild.h"
#include "record/env.h"
#include "lib/sh-quote.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>

/* rebuild_of env text: its return; the prose and commands (one a line) in *out */
static int of(const char *text, char **out)
{
	struct env *e = env_parse(text, 0);
	struct rebuild rb;
	int ret = rebuild_of(&rb, e);

	*out = xstrdup(rb.prose ? rb.prose : "");
	for (char ***c = rb.cmds; *c; c++) {
		char *cmd = sh_command((const char *const *)*c), *more = xasprintf("%s\n%s", *out, cmd);

		free(cmd);
		free(*out);
		*out = more;
	}
	rebuild_release(&rb);
	env_free(e);
	return ret;
}

int main(void)
{
	char *t;

	ok(of("guest: uml\nguest_image: /r/.bisect/images/abc\n", &t) < 0 && !*t,
	   "no bisection's commit and tree: nothing to say");
	free(t);
	ok(of("bisect_tree: /t\ncommit: abc1\nguest_image: none\n", &t) < 0, "no image: nothing");
	free(t);
	ok(of("bisect_tree: /t\ncommit: abc1\nguest_image: /i/abc\nkernel_build: sh b.sh -x\n",
	      &t) == 0, "a --build candidate");
	ok(strstr(t, "The image of commit abc1 of /t was built by 'sh b.sh -x' run in that commit's "
		  "tree") != NULL && strstr(t, "rerun boots it from /i/abc.") != NULL,
	   "its tree, commit, build command and image said");
	ok(strstr(t, "\ngit -C /t worktree add --detach /i/abc.src abc1\nmkdir -p /i/abc.build\n"
		  "env -C /i/abc.src CONTEST_BUILD_DIR=/i/abc.build sh b.sh -x") != NULL,
	   "then the commands: check out, the build directory, the build as bisect ran it");
	free(t);
	ok(of("bisect_tree: /t\ncommit: abc1\nguest_image: /i/abc\nkernel_build: default\n"
	      "kernel_fragment: /f.config\n", &t) == 0 &&
	   strstr(t, "contest bisect's own build (ARCH=um defconfig, the guest's options and "
		  "/f.config), as contest's scripts/uml-kernel.sh --bisect /f.config") &&
	   !strchr(t, '\n'), "the default build where no script was found: said, no command");
	free(t);
	ok(of("bisect_tree: /t\ncommit: abc1\nguest_image: /i/abc\n", &t) == 0 &&
	   strstr(t, "a build its env does not record (an older contest)") && !strchr(t, '\n'),
	   "an older env: the build unknown, said");
	free(t);
	return tap_done();
}

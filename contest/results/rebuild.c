/* rebuild.c - how a bisection candidate's image is built again (see rebuild.h) */
#include "results/rebuild.h"
#include "record/env.h"
#include "lib/config.h"
#include "lib/util.h"

#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

static void add(struct rebuild *rb, size_t *n, char **words)
{
	rb->cmds = xrealloc(rb->cmds, (*n + 2) * sizeof(*rb->cmds));
	rb->cmds[(*n)++] = words;
	rb->cmds[*n] = NULL;
}

/* a malloc'd word list of the NULL-terminated arguments */
static char **words(const char *first, ...)
{
	size_t n = 0;
	char **w = NULL;
	va_list ap;

	va_start(ap, first);
	for (const char *s = first; s; s = va_arg(ap, const char *)) {
		w = xrealloc(w, (n + 2) * sizeof(*w));
		w[n++] = xstrdup(s);
	}
	va_end(ap);
	w[n] = NULL;
	return w;
}

/* env -C SRC CONTEST_BUILD_DIR=BUILD and the build's words: as bisect runs it */
static char **build_words(const char *cmd, const char *src, const char *build)
{
	char **w = split_words(cmd, &(const char *){ NULL }), **all;
	size_t n = 0;

	if (!w || !*w) {
		argv_free(w);
		return NULL;
	}
	while (w[n])
		n++;
	all = xcalloc(n + 5, sizeof(*all));	/* 4 words before, NULL after */
	all[0] = xstrdup("env");
	all[1] = xstrdup("-C");
	all[2] = xstrdup(src);
	all[3] = xasprintf("CONTEST_BUILD_DIR=%s", build);
	memcpy(all + 4, w, n * sizeof(*w));
	free(w);
	return all;
}

int rebuild_of(struct rebuild *rb, const struct env *e)
{
	const struct env_record *er = env_record(e);
	const char *tree = er->bisect_tree, *sha = er->commit, *image = er->guest_image;
	const char *cmd = er->kernel_build, *frag = er->kernel_fragment;
	char *src, *build, *how, **bw;
	size_t n = 0;

	memset(rb, 0, sizeof(*rb));
	rb->cmds = xcalloc(1, sizeof(*rb->cmds));
	if (!tree || !sha || !image || !strcmp(image, "none"))
		return -1;
	src = xasprintf("%s.src", image);
	build = xasprintf("%s.build", image);
	bw = cmd && strcmp(cmd, "default") ? build_words(cmd, src, build) : NULL;
	if (bw)
		how = xasprintf("'%s' run in that commit's tree, CONTEST_BUILD_DIR naming a build "
				"directory", cmd);
	else if (cmd)
		how = xasprintf("contest bisect's own build (ARCH=um defconfig, the guest's "
				"options%s%s), as contest's scripts/uml-kernel.sh --bisect%s%s builds "
				"it in that commit's tree", frag ? " and " : "", frag ? frag : "",
				frag ? " " : "", frag ? frag : "");
	else
		how = xstrdup("a build its env does not record (an older contest)");
	rb->prose = xasprintf("The image of commit %s of %s was built by %s; rerun boots it "
			      "from %s.%s", sha, tree, how, image,
			      bw ? " To build it again: check the commit out beside it, run the "
				   "build there, and copy the image its last line of output names "
				   "to that path:" : "");
	if (bw) {
		add(rb, &n, words("git", "-C", tree, "worktree", "add", "--detach", src, sha, NULL));
		add(rb, &n, words("mkdir", "-p", build, NULL));
		add(rb, &n, bw);
	}
	free(how);
	free(src);
	free(build);
	return 0;
}

void rebuild_release(struct rebuild *rb)
{
	for (char ***c = rb->cmds; c && *c; c++)
		argv_free(*c);
	free(rb->cmds);
	free(rb->prose);
	memset(rb, 0, sizeof(*rb));
}

/* t-bisect-build.c - a bisection's images (guest/bisect-build.c): built once a commit and
 * kept with its .config, built again when changed, skipped when they cannot be, and the
 * state told each outcome; a fake --build, no kernel */
#include "guest/bisect-build.h"
#include "guest/bisect-driver.h"
#include "lib/util.h"
#include "tap.h"
#include "bisect-fixture.h"

#include <errno.h>

struct fixture {
	struct bisect_request rq;
	struct bisect_done d;
	struct bisect_driver dr;
	char *tree, *cmd;
};

static int setup(struct fixture *f)
{
	struct bisect_driver *dr = &f->dr;

	memset(f, 0, sizeof(*f));
	f->tree = xasprintf("%s/tree", scratch);
	f->cmd = xasprintf("%s/build.sh", scratch);
	f->rq.tree = f->tree;
	f->rq.build = f->cmd;
	dr->rq = &f->rq;
	dr->d = &f->d;
	dr->images = xasprintf("%s/images", scratch);
	dr->state = xasprintf("%s/state", scratch);
	dr->log = xasprintf("%s/build.log", scratch);
	dr->out = xasprintf("%s/build.out", scratch);
	dr->src = xasprintf("%s/src", scratch);
	dr->build = xasprintf("%s/build", scratch);
	dr->kb = (struct kbuild){ f->tree, dr->src, dr->build, dr->log, dr->out, f->cmd, NULL };
	if (bisect_fixture(5, "..ft.") < 0 || mkdir_p(dr->images, 0700) < 0 ||
	    mkdir_p(dr->src, 0700) < 0 || mkdir_p(dr->build, 0700) < 0 ||
	    kernel_commits(f->tree, "c0", "c4", &f->d.commits, &f->d.n) < 0 || f->d.n != 5)
		return -1;
	dr->built = xcalloc(f->d.n, sizeof(*dr->built));
	dr->stamps = xcalloc(f->d.n, sizeof(*dr->stamps));
	return 0;
}

static void release(struct fixture *f)
{
	struct bisect_driver *dr = &f->dr;

	kernel_commits_release(f->d.commits, f->d.n);
	free(dr->images);
	free(dr->state);
	free(dr->log);
	free(dr->out);
	free(dr->src);
	free(dr->build);
	free(dr->built);
	free(dr->stamps);
	free(f->tree);
	free(f->cmd);
}

/* does the state have a line starting "build SHA-of-commit-i rest"? */
static int state_says(const struct fixture *f, size_t i, const char *rest)
{
	char *text = read_text_file(f->dr.state, NULL);
	char *line = xasprintf("build %s %s", f->d.commits[i].sha, rest);
	int says = text && strstr(text, line);

	free(text);
	free(line);
	return says;
}

static void built(struct fixture *f)
{
	struct bisect_driver *dr = &f->dr;
	char *image = bisect_image_path(dr, 0), *config = bisect_config_path(image);
	char *want = xasprintf("%s/%s", dr->images, f->d.commits[0].name), *text;

	is_str(image, want, "an image is kept under images/ by the commit's short id");
	ok(bisect_prepare(dr, 0) == 0 && dr->built[0] == BUILT_OK && f->d.builds == 1,
	   "a commit that builds is ready");
	text = read_text_file(image, NULL);
	ok(text && !strcmp(text, "\177ELF 0\n"), "its image copied out of the build directory");
	free(text);
	text = read_text_file(config, NULL);
	ok(text && strstr(text, "CONFIG_CC_VERSION_TEXT"), "its .config kept beside it");
	free(text);
	ok(state_says(f, 0, "ok ") && dr->stamps[0].size == 7, "the state records it, stamped");

	ok(bisect_prepare(dr, 0) == 0 && f->d.builds == 1, "a kept image is not built again");
	text = xasprintf("%s/x", dr->images);
	if (put_file("images/x", "") < 0 || rename(text, image) < 0)
		setup_failed("cannot change %s", image);
	free(text);
	ok(bisect_prepare(dr, 0) == 0 && f->d.builds == 2, "a changed one is");
	free(image);
	free(config);
	free(want);
}

static void skipped(struct fixture *f)
{
	struct bisect_driver *dr = &f->dr;
	char *config = xasprintf("%s/%s.config", dr->images, f->d.commits[2].name);

	ok(bisect_prepare(dr, 2) == BISECT_SKIP && dr->built[2] == BUILT_SKIP &&
	   f->d.skipped == 1, "a commit whose build fails is skipped");
	ok(state_says(f, 2, "skip build"), "and the state says so");
	ok(access(config, F_OK) < 0, "no .config kept for it");
	ok(bisect_prepare(dr, 2) == BISECT_SKIP && f->d.builds == 3 && f->d.skipped == 2,
	   "asked again, it is skipped without a build");
	ok(bisect_prepare(dr, 3) == BISECT_SKIP && dr->built[3] == BUILT_SKIP,
	   "an image that is neither ELF nor bzImage is skipped");
	free(config);
}

static void stopped(struct fixture *f)
{
	struct bisect_driver *dr = &f->dr;
	size_t builds = f->d.builds;

	dr->kb.cmd = "/no/such/build";
	ok(bisect_prepare(dr, 1) == BISECT_STOP && dr->failed && dr->built[1] == BUILT_UNKNOWN,
	   "a --build that cannot run stops the bisection, skipping nothing");
	dr->kb.cmd = f->cmd;
	ok(bisect_prepare(dr, 4) == BISECT_STOP && f->d.builds == builds + 1,
	   "after a failure nothing more is built");
}

int main(void)
{
	struct fixture f;

	if (git_scratch() < 0)
		return tap_done();
	if (setup(&f) < 0) {
		setup_failed("cannot make the tree and folders in %s: %s", scratch, strerror(errno));
	} else {
		built(&f);
		skipped(&f);
		stopped(&f);
	}
	release(&f);
	scratch_remove();
	return tap_done();
}

/* bisect-build.c - a bisection's images: built once a commit, kept, skipped when they cannot be (see bisect-build.h) */
#include "guest/bisect-build.h"
#include "guest/bisect-driver.h"
#include "kernel/build.h"
#include "sys/signals.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

char *bisect_image_path(const struct bisect_driver *dr, size_t i)
{
	return xasprintf("%s/%s", dr->images, dr->d->commits[i].name);
}

static int copy_file(const char *from, const char *to)
{
	char buf[1 << 16], *tmp = xasprintf("%s.tmp", to);
	int in = open(from, O_RDONLY | O_CLOEXEC), out = -1, ret = -1;
	ssize_t n = 0;

	if (in < 0 || (out = open_write_file(tmp, O_TRUNC, 0755)) < 0)
		goto done;
	while ((n = read(in, buf, sizeof(buf))) > 0)
		if (write_all(out, buf, (size_t)n) < 0)
			break;
	if (n == 0 && fchmod(out, 0755) == 0 && close(out) == 0) {
		out = -1;
		ret = rename(tmp, to);
	}
done:
	if (ret < 0)
		error("cannot copy '%s' to '%s': %s", from, to, strerror(errno));
	if (in >= 0)
		close(in);
	if (out >= 0)
		close(out);
	if (ret < 0)
		unlink(tmp);
	free(tmp);
	return ret;
}

/* commit i's image, just copied to cached: built, its stamp recorded */
static int stamp_image(struct bisect_driver *dr, size_t i, const char *cached)
{
	struct bisect_stamp *s = &dr->stamps[i];
	struct stat st;

	if (lstat(cached, &st) < 0)
		return error("cannot stat '%s': %s", cached, strerror(errno));
	bisect_stamp_of(s, &st);
	if (bisect_state_append(dr->state, "build %s ok %lld %lld %ld\n", dr->d->commits[i].sha,
				s->size, s->sec, s->nsec) < 0)
		dr->failed = 1;
	dr->built[i] = BUILT_OK;
	return 0;
}

/*
 * The build directory's .config beside the image (IMAGE.config), as it
 * was for this commit: the next build rewrites it, and the mail names
 * the candidate's config and the compiler it records. None (a --build
 * that leaves no .config): nothing saved, and none named.
 */
static void save_config(const struct bisect_driver *dr, const char *cached)
{
	char *from = xasprintf("%s/.config", dr->kb.dir), *to = bisect_config_path(cached);

	unlink(to);
	if (access(from, R_OK) == 0 && copy_file(from, to) == 0)
		chmod(to, 0644);
	free(from);
	free(to);
}

char *bisect_config_path(const char *image)
{
	return xasprintf("%s.config", image);
}

/* what the state says of commit i's image: BISECT_SKIP, 0 (still as built), or 1 (build it) */
static int known(struct bisect_driver *dr, size_t i, const char *cached)
{
	const struct kernel_commit *c = &dr->d->commits[i];
	const char *changed;

	if (dr->built[i] == BUILT_SKIP) {
		info("bisect: %s skipped (could not be built or booted before)", c->name);
		dr->d->skipped++;
		return BISECT_SKIP;
	}
	if (dr->built[i] != BUILT_OK)
		return 1;
	if (!(changed = bisect_image_changed(cached, &dr->stamps[i])))
		return 0;
	warning("%s: its image '%s' is not the one built (%s): built again", c->name, cached,
		changed);
	return 1;
}

int bisect_prepare(void *ctx, size_t i)
{
	struct bisect_driver *dr = ctx;
	struct kernel_commit *c = &dr->d->commits[i];
	char *cached = bisect_image_path(dr, i), *image = NULL;
	double t0 = now_mono();
	int ret = BISECT_SKIP, fatal = 0;

	if (dr->failed || run_interrupted) {
		ret = BISECT_STOP;
		goto out;
	}
	if ((ret = known(dr, i, cached)) != 1)
		goto out;
	ret = BISECT_SKIP;
	info("bisect: building %s (%s)", c->name, c->subject);
	image = kbuild_commit(&dr->kb, c->sha, c->subject, &fatal);
	dr->failed |= fatal;
	dr->d->builds++;
	dr->d->build_s += now_mono() - t0;
	if (run_interrupted || dr->failed) {
		ret = BISECT_STOP;
		goto out;
	}
	if (image && !kbuild_bootable(image)) {
		warning("%s: '%s' is neither a user-mode-linux program nor a bzImage", c->name,
			image);
	} else if (image && copy_file(image, cached) == 0 && stamp_image(dr, i, cached) == 0) {
		save_config(dr, cached);
		info("bisect: built %s in %.0f s", c->name, now_mono() - t0);
		ret = 0;
		goto out;
	}
	warning("%s cannot be built: skipped as git bisect skip does (see %s)", c->name, dr->log);
	if (bisect_state_append(dr->state, "build %s skip build\n", c->sha) < 0)
		dr->failed = 1;
	dr->built[i] = BUILT_SKIP;
	dr->d->skipped++;
out:
	free(image);
	free(cached);
	return ret;
}

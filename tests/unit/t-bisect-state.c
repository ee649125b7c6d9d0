/* t-bisect-state.c - the bisect state file as --resume reads it: options, values, images */
#include "guest/bisect-state.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static const char *const shas[3] = {
	"1111111111111111111111111111111111111111",
	"2222222222222222222222222222222222222222",
	"3333333333333333333333333333333333333333",
};

static struct bisect_state_opts opts(void)
{
	return (struct bisect_state_opts){ "/tmp", "noload", "Time", 0.05, 30, shas, 3 };
}

static enum bisect_built built[3];
static struct bisect_stamp stamps[3];
static struct bisect_state st;
static char said[4096];

/* parse header (NULL: o's own) and then more lines against o: what it returns,
 * its messages in said */
static int parse(const struct bisect_state_opts *o, const char *header, const char *more)
{
	struct bisect_state_opts written = opts();
	char *head = header ? xstrdup(header) : bisect_state_header(&written);
	char *text = xasprintf("%s%s", head, more);
	FILE *msg = fmemopen(said, sizeof(said), "w");
	FILE *was = messages_to(msg);
	int ret;

	memset(built, 0, sizeof(built));
	memset(stamps, 0, sizeof(stamps));
	free(st.recs);
	st = (struct bisect_state){ built, stamps, NULL, 0, 0, 0 };
	ret = bisect_state_parse(&st, "S", text, o);
	messages_to(was);
	fclose(msg);
	said[strcspn(said, "\n")] = '\0';	/* the first message */
	free(text);
	free(head);
	return ret;
}

static void test_options(void)
{
	struct bisect_state_opts o = opts();
	const char *old = "contest-bisect 1\ntree /tmp\nload noload\nmetric Time\n"
			  "commit 1111111111111111111111111111111111111111\n"
			  "commit 2222222222222222222222222222222222222222\n"
			  "commit 3333333333333333333333333333333333333333\n";

	ok(parse(&o, NULL, "round 2 0 2 100 150\n") == 0 && st.nrecs == 1 &&
	   st.recs[0].t[1] == 150, "a state read back with the options it was written with");
	o.metric = "CPU%";
	ok(parse(&o, NULL, "") < 0 && strstr(said, "S:4: the bisection was started with "
					      "--metric Time, not CPU%"),
	   "another --metric is refused, saying which (%s)", said);
	o = opts();
	o.metric = NULL;
	ok(parse(&o, NULL, "") < 0 && strstr(said, "--metric Time, not (none)"),
	   "no --metric where the state has one is refused");
	o = opts();
	o.tree = "/usr";
	ok(parse(&o, NULL, "") < 0 && strstr(said, "S:2: the bisection was started with --tree "
					      "/tmp, not /usr"), "another --tree is refused");
	o.tree = "/tmp/.";
	ok(parse(&o, NULL, "") == 0, "the same tree spelled another way is not");
	o = opts();
	o.alpha = 0.01;
	ok(parse(&o, NULL, "") < 0 && strstr(said, "--alpha 0.05, not 0.01"),
	   "another --alpha is refused (%s)", said);
	o = opts();
	o.max_rounds = 4;
	ok(parse(&o, NULL, "") < 0 && strstr(said, "--max-rounds 30, not 4"),
	   "another --max-rounds is refused");
	o = opts();
	o.load = "cacherun";
	ok(parse(&o, NULL, "") < 0 && strstr(said, "--load noload, not cacherun"),
	   "another --load is refused");
	o = opts();
	o.max_rounds = 4;
	ok(parse(&o, old, "") == 0, "a state of an earlier version (no alpha, max-rounds) is read");
	ok(parse(&o, "contest-bisect 1\ntree /tmp\nload noload\n", "") < 0 &&
	   strstr(said, "metric line is missing"), "a state without its metric line is refused");
	ok(parse(&o, "contest-bisect 2\n", "") < 0 && strstr(said, "S:1: not a contest bisect"),
	   "another magic line is refused");
}

static void test_values(void)
{
	struct bisect_state_opts o = opts();
	static const char *const bad[] = {
		"round 2 0 2 inf 150", "round 2 0 2 nan 150", "round 2 0 2 100 -1",
		"round 3 0 1 2 100 1e999 100", "round 2 0 2 100 -nan", "round 2 0 2 100 INF",
	};
	static const char *const other[] = {
		"round 2 0 2 100 150 7", "round 2 0 3 100 150", "round 4 0 1 2 3 1 1 1 1",
		"round 2 0 2 100", "build 4444444444444444444444444444444444444444 ok",
		"build 1111111111111111111111111111111111111111 maybe",
		"build 1111111111111111111111111111111111111111 ok 1 2",
		"build 1111111111111111111111111111111111111111 ok 1 2 3 4",
		"commit 1111111111111111111111111111111111111111",
	};

	for (size_t i = 0; i < ARRAY_SIZE(bad); i++) {
		char *line = xasprintf("%s\n", bad[i]);

		ok(parse(&o, NULL, line) < 0 && strstr(said, "S:10: a round's value is not a finite "
						       "number >= 0"), "'%s' is refused (%.60s)", bad[i], said);
		free(line);
	}
	for (size_t i = 0; i < ARRAY_SIZE(other); i++) {
		char *line = xasprintf("%s\n", other[i]);

		ok(parse(&o, NULL, line) < 0 && strstr(said, "S:10: not this bisection's"),
		   "'%s' is not this bisection's (%.40s)", other[i], said);
		free(line);
	}
	ok(parse(&o, NULL, "round 2 0 2 0 150\nround 3 0 1 2 1e-3 2.5 7\n") == 0 &&
	   st.nrecs == 2 && st.recs[1].k == 3 && st.recs[1].idx[2] == 2 && st.recs[1].t[0] == 1e-3,
	   "0 (a failed run) and small values are read");
	ok(parse(&o, NULL, "build 1111111111111111111111111111111111111111 ok\n"
			   "build 2222222222222222222222222222222222222222 skip build\n"
			   "build 3333333333333333333333333333333333333333 ok 1234 1700000000 5\n") == 0 &&
	   built[0] == BUILT_OK && !stamps[0].known && built[1] == BUILT_SKIP &&
	   built[2] == BUILT_OK && stamps[2].known && stamps[2].size == 1234 &&
	   stamps[2].sec == 1700000000 && stamps[2].nsec == 5,
	   "build lines: ok (stamped or not) and skip");
	/* the sessions' elapsed seconds: the bisection's time goes on across --resume */
	ok(parse(&o, NULL, "round 2 0 2 100 150\nsession 3600.5\nround 2 2 0 150 100\n"
			   "session 60\n") == 0 && st.nrecs == 2 && st.sessions == 2 &&
	   st.before_s == 3660.5, "session lines: their seconds summed (%g over %zu)",
	   st.before_s, st.sessions);
	ok(parse(&o, NULL, "session -1\n") < 0 && strstr(said, "S:10: a session's seconds are "
							  "not a finite number >= 0"),
	   "a session's negative seconds are refused (%s)", said);
	ok(parse(&o, NULL, "session inf\n") < 0 && parse(&o, NULL, "session 5s\n") < 0 &&
	   parse(&o, NULL, "session \n") < 0, "and infinite, suffixed or missing ones");
}

static void test_image(void)
{
	char dir[] = "/tmp/t-bisect-state.XXXXXX";
	char *path, *link;
	struct bisect_stamp s = { 0 };
	struct stat sb;
	const char *why;
	int fd;

	if (!mkdtemp(dir)) {
		setup_failed("the image checks: no temporary directory: %s", strerror(errno));
		return;
	}
	path = xasprintf("%s/image", dir);
	link = xasprintf("%s/link", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0755);
	ok(fd >= 0 && write(fd, "\177ELF", 4) == 4 && close(fd) == 0 && lstat(path, &sb) == 0,
	   "an image written");
	ok((why = bisect_image_changed(path, &s)) && strstr(why, "does not record"),
	   "an image the state has no stamp of is not believed");
	bisect_stamp_of(&s, &sb);
	ok(!bisect_image_changed(path, &s), "the image as stamped is believed");
	ok(symlink(path, link) == 0 && (why = bisect_image_changed(link, &s)) &&
	   strstr(why, "regular file"), "a symlink to it is not (%s)", why ? why : "");
	ok(chmod(path, 0644) == 0 && (why = bisect_image_changed(path, &s)) &&
	   strstr(why, "executable"), "nor a file that cannot run");
	ok(chmod(path, 0757) == 0 && (why = bisect_image_changed(path, &s)) &&
	   strstr(why, "may write it"), "nor one others may write (%s)", why ? why : "");
	chmod(path, 0755);
	fd = open(path, O_WRONLY | O_APPEND);
	ok(fd >= 0 && write(fd, "x", 1) == 1 && close(fd) == 0 &&
	   (why = bisect_image_changed(path, &s)) && strstr(why, "size or time"),
	   "nor one written since (%s)", why ? why : "");
	unlink(path);
	ok((why = bisect_image_changed(path, &s)) && strstr(why, "gone"), "nor one gone");
	unlink(link);
	rmdir(dir);
	free(path);
	free(link);
}

int main(void)
{
	test_options();
	test_values();
	test_image();
	free(st.recs);
	return tap_done();
}

/* t-lock-record.c - a lock record's lines are judged, never acted on
 *
 * lock_record_parse() on records naming files made here: a swap header
 * written by hand (the kernel's layout: magic at the end of the first
 * page, label at byte 1052) with contest's label and with another, a
 * symlink, WORK_DIR/contest.swap, scratch directories with and without
 * the marker, cgroups reached through '..' and a real contest-PID group
 * (root with a v1 cpuacct hierarchy only), knob lines from a trusted
 * record and from one that is not, unknown and malformed lines.
 * Each verdict is checked, and that nothing was removed.
 */
#include "tap.h"
#include "sys/lock.h"
#include "sys/lock-record.h"
#include "lib/util.h"

#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char dir[64];

static void write_file(const char *path, const char *label)
{
	long page = sysconf(_SC_PAGESIZE);
	char *buf = xcalloc(1, (size_t)page);
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0600);

	if (label) {
		memcpy(buf + page - 10, "SWAPSPACE2", 10);
		memcpy(buf + 1052, label, strlen(label));
	}
	if (fd < 0 || write(fd, buf, (size_t)page) != page || close(fd) < 0)
		perror(path);
	free(buf);
}

/* the verdict of the first item of a one-line record (LEFT_IGNORE + 10: no item) */
static int verdict_of(const char *line, const char *work_dir, const char **why, char **path)
{
	struct lock_record rec;
	int v;

	lock_record_parse(&rec, line, work_dir, 1);
	v = rec.n ? (int)rec.items[0].verdict : LEFT_IGNORE + 10;
	if (why)
		*why = rec.n ? rec.items[0].why : NULL;
	if (path)
		*path = rec.n ? xstrdup(rec.items[0].path) : NULL;
	lock_record_release(&rec);
	return v;
}

static int line_verdict(const char *kind, const char *path, const char *work_dir)
{
	char *line = xasprintf("pid 12\n%s %s\n", kind, path);
	int v = verdict_of(line, work_dir, NULL, NULL);

	free(line);
	return v;
}

static void test_names(void)
{
	static const char *const good[] = {
		"contest-12", "memory/user.slice/contest-12", "contest-12/session",
		"contest-12/session/load", "contest-12/compile", "contest-12/load",
		"contest-12/driver", "user.slice/run-1.scope/contest-12-driver",
	};
	static const char *const bad[] = {
		"", "memory", "contest-", "contest-x", "contest-12x", "contest-12/foo",
		"contest-12-driver/load", "contest-12/../x", "contest-12/", "contest-12//session",
		"contest-12/./session", "x-contest-12", "contest-12/session/foo", "contest-12-drivers",
		"contest-12345678901",
	};

	for (size_t i = 0; i < ARRAY_SIZE(good); i++)
		ok(lock_cgroup_name_ok(good[i]), "'%s' is a contest cgroup name", good[i]);
	for (size_t i = 0; i < ARRAY_SIZE(bad); i++)
		ok(!lock_cgroup_name_ok(bad[i]), "'%s' is not", bad[i]);
}

static void test_lines(const char *work)
{
	struct lock_record rec;
	const char *why;

	lock_record_parse(&rec, "pid 4242\nfrob /x\nswap\n\nscratch rel/dir\ncgroup /nonexistent/y", work, 1);
	ok(rec.pid == 4242, "the pid line is read (%ld)", rec.pid);
	ok(rec.n == 4, "four items (%zu): blank lines skipped, the pid is no item", rec.n);
	if (rec.n == 4) {
		ok(rec.items[0].kind == LEFT_UNKNOWN && rec.items[0].verdict == LEFT_IGNORE &&
		   rec.items[0].line == 2, "an unknown kind is ignored, with its line number");
		ok(rec.items[1].verdict == LEFT_IGNORE, "a kind without a path is ignored");
		ok(rec.items[2].verdict == LEFT_REFUSE && !strcmp(rec.items[2].why, "not an absolute path"),
		   "a relative path is refused");
		ok(rec.items[3].verdict == LEFT_GONE, "what is not there is gone");
	}
	lock_record_release(&rec);
	ok(verdict_of("pid x\npid -3\n", work, &why, NULL) == LEFT_IGNORE + 10,
	   "bad pid lines make no item");
}

static void test_swap(const char *work)
{
	char *lab = xasprintf("%s/labelled", dir), *oth = xasprintf("%s/other", dir);
	char *plain = xasprintf("%s/plain", dir), *ln = xasprintf("%s/link", dir);
	char *def = xasprintf("%s/contest.swap", work), *lndef = xasprintf("%s/work-link", dir);
	const char *why;

	write_file(lab, "contest");
	write_file(oth, "other");
	write_file(plain, NULL);
	if (symlink(lab, ln) < 0 || symlink(work, lndef) < 0)
		perror("symlink");
	ok(line_verdict("swap", lab, work) == LEFT_REMOVE, "a swap header labelled contest: removed");
	ok(line_verdict("swap", oth, work) == LEFT_REFUSE, "labelled otherwise: refused");
	ok(line_verdict("swap", plain, work) == LEFT_REFUSE, "no swap header: refused");
	ok(line_verdict("swap", ln, work) == LEFT_REFUSE, "a symlink to a labelled file: refused");
	write_file(def, NULL);
	ok(line_verdict("swap", def, work) == LEFT_REMOVE, "WORK_DIR/contest.swap, not active: removed");
	free(def);
	def = xasprintf("%s/contest.swap", lndef);
	ok(line_verdict("swap", def, lndef) == LEFT_REMOVE, "also through a symlinked work_dir");
	ok(line_verdict("swap", def, dir) == LEFT_REFUSE, "contest.swap of another directory: refused");
	ok(line_verdict("swap", work, work) == LEFT_REFUSE, "a directory: refused");
	free(def);
	def = xasprintf("pid 1\nswap %s", plain);
	verdict_of(def, work, &why, NULL);
	is_str(why, "not a contest swap file", "the reason names it");
	ok(access(lab, F_OK) == 0 && access(ln, F_OK) == 0 && access(plain, F_OK) == 0,
	   "nothing was removed");
	free(def);
	free(lndef);
	free(lab);
	free(oth);
	free(plain);
	free(ln);
}

static void test_scratch(const char *work)
{
	char *marked = xasprintf("%s/scratch.a", dir), *bare = xasprintf("%s/scratch.b", dir);
	char *m1 = xasprintf("%s/%s", marked, SCRATCH_MARKER), *m2 = xasprintf("%s/%s", dir, SCRATCH_MARKER);
	const char *why;
	char *line;

	mkdir(marked, 0755);
	mkdir(bare, 0755);
	write_file(m1, NULL);
	ok(line_verdict("scratch", marked, work) == LEFT_REMOVE, "a marked scratch directory: removed");
	ok(line_verdict("scratch", bare, work) == LEFT_REFUSE, "one without the marker: refused");
	ok(line_verdict("scratch", m1, work) == LEFT_REFUSE, "a file: refused");
	write_file(m2, NULL);
	line = xasprintf("scratch %s", dir);
	ok(verdict_of(line, work, &why, NULL) == LEFT_REFUSE, "a marked directory holding the work directory: refused");
	is_str(why, "it holds the work directory", "and why");
	ok(access(m1, F_OK) == 0 && access(m2, F_OK) == 0, "nothing was removed");
	free(line);
	free(marked);
	free(bare);
	free(m1);
	free(m2);
}

/* a real cgroup named as contest names its own, root with v1 cpuacct only */
static void test_real_cgroup(const char *work)
{
	char *cg = xasprintf("/sys/fs/cgroup/cpuacct/contest-%d", (int)getpid());
	char *ln = xasprintf("%s/cg-link", dir), *line = xasprintf("cgroup %s", ln), *path;

	if (geteuid() != 0 || mkdir(cg, 0755) < 0) {
		skip("a real contest cgroup: needs root and a v1 cpuacct hierarchy");
		goto out;
	}
	if (symlink(cg, ln) < 0)
		perror("symlink");
	ok(line_verdict("cgroup", cg, work) == LEFT_REMOVE, "a contest-PID cgroup: removed");
	ok(verdict_of(line, work, NULL, &path) == LEFT_REMOVE, "reached through a symlink: removed");
	is_str(path, cg, "by its resolved path");
	free(path);
	ok(access(cg, F_OK) == 0, "nothing was removed");
	rmdir(cg);
out:
	free(cg);
	free(ln);
	free(line);
}

static void test_cgroups(const char *work)
{
	char *fake = xasprintf("%s/contest-7", dir), *up = xasprintf("/sys/fs/cgroup/../../..%s", fake);
	const char *why;
	char *line = xasprintf("cgroup %s", up);

	mkdir(fake, 0755);
	ok(verdict_of(line, work, &why, NULL) == LEFT_REFUSE, "'..' out of /sys/fs/cgroup: refused");
	is_str(why, "not a contest cgroup", "not a contest cgroup");
	ok(line_verdict("cgroup", fake, work) == LEFT_REFUSE, "contest-N outside /sys/fs/cgroup: refused");
	if (access("/sys/fs/cgroup", F_OK) == 0)
		ok(line_verdict("cgroup", "/sys/fs/cgroup", work) == LEFT_REFUSE, "the hierarchy's root: refused");
	ok(line_verdict("cgroup", "/sys/fs/cgroup/contest-999999999", work) == LEFT_GONE,
	   "a contest group that is not there: gone");
	ok(access(fake, F_OK) == 0, "nothing was removed");
	test_real_cgroup(work);
	free(fake);
	free(up);
	free(line);
}

/* a knob line is believed only from a record the caller trusts (lock.c) */
static void test_knobs(const char *work)
{
	const char *knob = "/proc/sys/kernel/domainname", *why;
	char *line = xasprintf("pid 1\nknob %s\tx\n", knob), *bad;
	struct lock_record rec;

	if (access(knob, F_OK) < 0) {
		skip("knob lines: no %s", knob);
		free(line);
		return;
	}
	lock_record_parse(&rec, line, work, 1);
	ok(rec.n == 1 && rec.items[0].verdict == LEFT_REMOVE, "a knob line of a trusted record: restored");
	lock_record_release(&rec);
	lock_record_parse(&rec, line, work, 0);
	ok(rec.n == 1 && rec.items[0].verdict == LEFT_REFUSE, "of an untrusted one: refused");
	is_str(rec.n ? rec.items[0].why : NULL, "the lock record is not this user's alone", "and why");
	lock_record_release(&rec);
	bad = xasprintf("pid 1\nknob %s\tx\001y\n", knob);
	ok(verdict_of(bad, work, &why, NULL) == LEFT_REFUSE, "a value not printable: refused");
	free(bad);
	bad = xasprintf("pid 1\nknob /etc/hostname\tx\n");
	ok(verdict_of(bad, work, &why, NULL) == LEFT_REFUSE, "a file outside /proc/sys and /sys: refused");
	free(bad);
	free(line);
}

int main(void)
{
	char *work;

	snprintf(dir, sizeof(dir), "/tmp/t-lock-record.XXXXXX");
	if (!mkdtemp(dir)) {
		perror("mkdtemp");
		return 1;
	}
	work = xasprintf("%s/work", dir);
	mkdir(work, 0755);
	test_names();
	test_lines(work);
	test_swap(work);
	test_scratch(work);
	test_cgroups(work);
	test_knobs(work);
	rm_rf(dir);
	free(work);
	return tap_done();
}

/* t-util-files.c - the one reader and the one writer of files a user may
 * plant (util.h: read_regular_file, open_write_file) */
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static char tmpdir[] = "/tmp/t-util-files.XXXXXX";

static char *at(const char *name)
{
	return xasprintf("%s/%s", tmpdir, name);
}

static void put(const char *path, const char *text)
{
	FILE *f = fopen(path, "w");

	if (f) {
		fputs(text, f);
		fclose(f);
	}
}

/* path's text equals want */
static int holds(const char *path, const char *want)
{
	char *text = read_text_file(path, NULL);
	int same = text && !strcmp(text, want);

	free(text);
	return same;
}

static int is_link(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISLNK(st.st_mode);
}

static int is_regular(const char *path)
{
	struct stat st;

	return lstat(path, &st) == 0 && S_ISREG(st.st_mode);
}

static int link_hard(const char *from, const char *to)
{
	return link(from, to);
}

int main(void)
{
	char *reg, *fifo, *big, *victim, *link, *text, *dead;
	size_t len = 0;
	int fd;

	if (!mkdtemp(tmpdir))
		return 1;
	reg = at("reg");
	fifo = at("fifo");
	big = at("big");
	victim = at("victim");
	link = at("link");
	dead = at("dead");

	put(reg, "text\n");
	text = read_regular_file(reg, &len);
	ok(text && !strcmp(text, "text\n") && len == 5, "a regular file is read whole");
	free(text);
	mkfifo(fifo, 0600);
	errno = 0;
	ok(!read_regular_file(fifo, NULL) && errno == EINVAL, "a FIFO is refused, not waited on");
	errno = 0;
	ok(!read_regular_file("/dev/zero", NULL) && errno == EINVAL, "so is /dev/zero");
	fd = open(big, O_WRONLY | O_CREAT, 0600);
	ok(fd >= 0 && ftruncate(fd, (off_t)READ_FILE_MAX + 1) == 0,
	   "a sparse file one byte over the cap");
	if (fd >= 0)
		close(fd);
	errno = 0;
	ok(!read_regular_file(big, NULL) && errno == EFBIG, "is refused: EFBIG");
	ok(!strcmp(file_strerror(EFBIG), "larger than contest reads (64 MiB)") &&
	   !strcmp(file_strerror(EINVAL), "not a regular file"), "each said in words");

	/* a new file: a symbolic link, a FIFO, a hard link are replaced */
	put(victim, "someone's\n");
	symlink(victim, link);
	fd = open_write_file(link, O_TRUNC, 0644);
	ok(fd >= 0 && write(fd, "mine\n", 5) == 5, "O_TRUNC through a planted symlink opens");
	if (fd >= 0)
		close(fd);
	ok(holds(victim, "someone's\n"), "the link's target is unchanged");
	ok(holds(link, "mine\n") && !is_link(link), "the new text is a file of its own");
	unlink(link);
	ok(link_hard(victim, link) == 0, "a hard link planted");
	fd = open_write_file(link, O_TRUNC, 0644);
	if (fd >= 0)
		close(fd);
	ok(fd >= 0 && holds(victim, "someone's\n"), "is replaced, its other name unchanged");
	fd = open_write_file(fifo, O_TRUNC, 0644);
	ok(fd >= 0 && is_regular(fifo), "a FIFO planted is replaced, not waited on");
	if (fd >= 0)
		close(fd);

	/* appending: only to a regular file */
	unlink(link);
	symlink(victim, link);
	errno = 0;
	ok(open_write_file(link, O_APPEND, 0644) < 0 && errno == ELOOP,
	   "O_APPEND refuses a symlink: ELOOP");
	unlink(fifo);
	mkfifo(fifo, 0600);
	errno = 0;
	ok(open_write_file(fifo, O_APPEND, 0644) < 0 && errno == EINVAL,
	   "and a FIFO, without waiting: EINVAL");
	fd = open_write_file(reg, O_APPEND, 0644);
	ok(fd >= 0 && write(fd, "more\n", 5) == 5 && !(fcntl(fd, F_GETFL) & O_NONBLOCK),
	   "a regular file is appended to, blocking again");
	if (fd >= 0)
		close(fd);
	ok(holds(reg, "text\nmore\n"), "after what it held");
	fd = open_write_file(dead, O_APPEND, 0644);
	ok(fd >= 0 && is_regular(dead), "a missing one is made");
	if (fd >= 0)
		close(fd);
	ok(holds(victim, "someone's\n"), "the victim is unchanged after all");

	/* our own file of one link is emptied in place; another user's is replaced */
	{
		struct stat before, after;

		put(reg, "old\n");
		stat(reg, &before);
		fd = open_write_file(reg, O_TRUNC, 0644);
		ok(fd >= 0 && fstat(fd, &after) == 0 && after.st_ino == before.st_ino &&
		   after.st_size == 0, "our own file is emptied in place, its name never missing");
		if (fd >= 0)
			close(fd);
		if (geteuid() == 0 && chown(reg, 65534, 65534) == 0) {
			fd = open_write_file(reg, O_TRUNC, 0644);
			/* (a new file may reuse the freed inode's number: its owner tells) */
			ok(fd >= 0 && fstat(fd, &after) == 0 && after.st_uid == 0,
			   "another user's file there is replaced, not written");
			if (fd >= 0)
				close(fd);
		} else {
			skip("another user's file: needs root");
		}
	}

	/* "key: value" files, as /proc/cpuinfo and /proc/meminfo write them */
	{
		char buf[64];
		uint64_t kb;

		put(reg, "model name\t: Some CPU  \nmodel: no\nMemTotal:  2048 kB\nmodel name: again\n");
		ok(file_field(reg, "model name", buf, sizeof(buf)) == 0 && !strcmp(buf, "Some CPU"),
		   "blanks before the colon, the first line's value, trimmed: '%s'", buf);
		ok(file_field(reg, "model", buf, sizeof(buf)) == 0 && !strcmp(buf, "no"),
		   "a key is whole, not the start of a longer one: '%s'", buf);
		ok(file_field(reg, "Mem", buf, sizeof(buf)) == 1, "no such key: 1");
		errno = 0;
		ok(file_field("/nonexistent/t-util-files", "x", buf, sizeof(buf)) < 0 &&
		   errno == ENOENT, "a missing file: -1, errno ENOENT");
		ok(meminfo_read("MemTotal", &kb) == 0 && kb > 0 && meminfo_read("NoSuch", &kb) == 1 &&
		   kb == 0, "meminfo_read reads /proc/meminfo by it: 1 and 0 bytes for no such field");
	}
	rm_rf(tmpdir);
	free(reg);
	free(fifo);
	free(big);
	free(victim);
	free(link);
	free(dead);
	return tap_done();
}

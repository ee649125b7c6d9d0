/* swap.c - a swap file for the session (see swap.h)
 *
 * One swap file at a time, registered (and on record) in the cleanup
 * registry from the moment it exists until swap_off removes it.
 */
#include "sys/swap.h"
#include "sys/cleanup.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/swap.h>
#include <unistd.h>

#define SWAP_MIN_BYTES (1ULL << 20)	/* mkswap wants at least 10 pages; be generous */

static char swap_path[4096];	/* the file we made, absolute; "" none */
static char swap_given[4096];	/* the path as swap_on was given it */
static volatile sig_atomic_t swap_active;	/* swapon succeeded on it */

/* the registry's undo on a forced exit: system calls only */
static void swap_undo(const char *path, long id)
{
	(void)id;
	swapoff(path);
	unlink(path);
}

/* a dead session's swap file, judged contest's (lock-record.c) */
static int swap_remove_leftover(const char *file)
{
	if (swapoff(file) < 0 && errno != EINVAL && errno != ENOENT)
		return error("cannot swapoff '%s': %s", file, strerror(errno));
	if (unlink(file) < 0 && errno != ENOENT)
		return error("cannot remove '%s': %s", file, strerror(errno));
	return 0;
}

static const struct cleanup_kind swap_kind = {
	.name = "swap", .undo = swap_undo, .remove_leftover = swap_remove_leftover,
};
CLEANUP_KIND(swap_kind)

/* undo what swap_on did so far (it failed) */
static void swap_undo_own(void)
{
	if (!swap_path[0])
		return;
	if (swap_active && swapoff(swap_path) == 0)
		swap_active = 0;
	if (!swap_active && (unlink(swap_path) == 0 || errno == ENOENT)) {
		cleanup_del(&swap_kind, swap_path);
		swap_path[0] = '\0';
	}
}

/* write size bytes of zeros: real blocks, for filesystems that refuse
 * swap on fallocated (unwritten) extents */
static int fill_zeros(int fd, uint64_t size)
{
	static const char zeros[1 << 16];
	uint64_t done = 0;

	if (lseek(fd, 0, SEEK_SET) < 0)
		return -1;
	while (done < size) {
		size_t n = size - done < sizeof(zeros) ? (size_t)(size - done) : sizeof(zeros);

		if (write_all(fd, zeros, n) < 0)
			return -1;
		done += n;
	}
	return fsync(fd);
}

/* path made absolute (cwd prefixed), so a later chdir cannot make
 * swapoff or unlink miss; -1 when it does not fit */
static int absolute(const char *path, char *out, size_t size)
{
	char cwd[4096];
	int n;

	if (path[0] == '/')
		n = snprintf(out, size, "%s", path);
	else if (getcwd(cwd, sizeof(cwd)))
		n = snprintf(out, size, "%s/%s", cwd, path);
	else
		return -1;
	return n > 0 && (size_t)n < size ? 0 : -1;
}

/* the file's blocks: fallocate, or zeros where the filesystem has no fallocate */
static int allocate(int fd, const char *path, uint64_t size, int zeros)
{
	if (!zeros && fallocate(fd, 0, 0, (off_t)size) == 0)
		return 0;
	if (!zeros && errno != EOPNOTSUPP && errno != ENOSYS)
		return error("cannot allocate %llu bytes for '%s': %s",
			     (unsigned long long)size, path, strerror(errno));
	if (fill_zeros(fd, size) < 0)
		return error("cannot write '%s': %s", path, strerror(errno));
	return 0;
}

/* make the file, O_EXCL so an existing file (maybe the user's) is never touched */
static int create_file(const char *path, uint64_t size, int zeros)
{
	char abs[sizeof(swap_path)];
	int fd, ret;

	if (absolute(path, abs, sizeof(abs)) < 0)
		return error("cannot create swap file '%s': path too long", path);
	fd = open(abs, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
	if (fd < 0) {
		if (errno == EEXIST)
			return error("cannot create swap file '%s': it already exists "
				     "(a leftover? remove it, or set swapfile_path)", path);
		return error("cannot create swap file '%s': %s", path, strerror(errno));
	}
	memcpy(swap_path, abs, sizeof(swap_path));
	cleanup_add(&swap_kind, swap_path, 1);
	snprintf(swap_given, sizeof(swap_given), "%s", path);
	/* swapon wants a file only root can read: it will hold memory contents */
	if (fchmod(fd, 0600) < 0)
		ret = error("cannot chmod 600 '%s': %s", path, strerror(errno));
	else
		ret = allocate(fd, path, size, zeros);
	if (close(fd) < 0 && !ret)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	return ret;
}

/* mkswap may be outside a non-login root's PATH */
static const char *mkswap_prog(void)
{
	static const char *const where[] = { "/usr/sbin/mkswap", "/sbin/mkswap" };

	for (size_t i = 0; i < ARRAY_SIZE(where); i++)
		if (access(where[i], X_OK) == 0)
			return where[i];
	return "mkswap";
}

/* mkswap with contest's label, its chatter into a temporary log that is shown only on failure */
static int run_mkswap(const char *path)
{
	char log[] = "/tmp/contest-mkswap.XXXXXX", *text;
	char *argv[] = { (char *)mkswap_prog(), "-L", SWAP_LABEL, (char *)path, NULL };
	struct spawn_opts o = { .out = log };
	char how[PROC_STATUS_LEN];
	int fd = mkstemp(log), rc;

	if (fd < 0) {
		o.out = NULL;
		o.devnull_out = 1;
	} else {
		close(fd);
	}
	rc = run_cmd(argv, &o);
	if (rc != 0) {
		text = fd >= 0 ? read_text_file(log, NULL) : NULL;
		error("mkswap '%s' %s%s%s", path, proc_status_text(rc, how, sizeof(how)),
		      text && *text ? ": " : "", text ? trim(text) : "");
		free(text);
	}
	if (fd >= 0)
		unlink(log);
	return rc == 0 ? 0 : -1;
}

/* 0; -1 with the error printed; or -1 with *swapon_err set (not printed) */
static int make_and_enable(const char *path, uint64_t size, int zeros, int *swapon_err)
{
	*swapon_err = 0;
	if (create_file(path, size, zeros) < 0 || run_mkswap(swap_path) < 0)
		return -1;
	if (swapon(swap_path, 0) < 0) {
		*swapon_err = errno;
		return -1;
	}
	swap_active = 1;
	return 0;
}

int swap_on(const char *path, uint64_t size)
{
	int e;

	size &= ~(uint64_t)(sysconf(_SC_PAGESIZE) - 1);
	if (size < SWAP_MIN_BYTES)
		return error("swap file '%s' too small: %llu bytes (at least 1M)",
			     path, (unsigned long long)size);
	if (swap_path[0])
		return error("cannot make swap file '%s': '%s' is already on", path, swap_path);
	if (geteuid() != 0)
		return error("cannot enable swap file '%s': swapon needs root", path);
	if (make_and_enable(path, size, 0, &e) == 0)
		return 0;
	if (e == EINVAL) {
		/* some filesystems (xfs on older kernels) see fallocated
		 * extents as holes and refuse them; real zeros satisfy them */
		swap_undo_own();
		if (make_and_enable(path, size, 1, &e) == 0)
			return 0;
	}
	if (e)
		error("cannot swapon '%s': %s%s", path, strerror(e),
		      e == EINVAL ? " (this filesystem may not support swap files; tmpfs does not)" :
		      e == EPERM ? " (needs CAP_SYS_ADMIN)" : "");
	swap_undo_own();
	return -1;
}

int swap_off(const char *path)
{
	char abs[sizeof(swap_path)];
	int ret = 0;

	/* only ever undo our own file: path may be a user's file that
	 * swap_on refused to overwrite */
	if (!swap_path[0] || (strcmp(path, swap_given) &&
			      (absolute(path, abs, sizeof(abs)) < 0 || strcmp(abs, swap_path))))
		return 0;
	if (swap_active) {
		if (swapoff(swap_path) < 0)
			return error("cannot swapoff '%s': %s", swap_path, strerror(errno));
		swap_active = 0;
	}
	if (unlink(swap_path) < 0 && errno != ENOENT)
		ret = error("cannot remove '%s': %s", swap_path, strerror(errno));
	else
		cleanup_del(&swap_kind, swap_path);
	swap_path[0] = '\0';
	return ret;
}

/* the kernel's swap header: magic at the end of the first page, the volume
 * label after bootbits[1024], version, last_page, nr_badpages, uuid[16] */
#define SWAP_MAGIC "SWAPSPACE2"
#define SWAP_LABEL_OFFSET 1052
#define SWAP_LABEL_LEN 16

/* the first page of a regular file, malloc'd, or NULL (*err: -1 unreadable, 0 too short) */
static char *first_page(const char *path, long page, int *err)
{
	int fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
	char *buf = NULL;
	struct stat st;

	*err = -1;
	if (fd < 0)
		return NULL;
	if (fstat(fd, &st) == 0) {
		*err = 0;
		buf = xmalloc((size_t)page);
		if (!S_ISREG(st.st_mode) || pread(fd, buf, (size_t)page, 0) != page) {
			free(buf);
			buf = NULL;
		}
	}
	close(fd);
	return buf;
}

int swap_read_label(const char *path, char label[17])
{
	long page = sysconf(_SC_PAGESIZE);
	struct stat st;
	char *buf;
	int ret;

	label[0] = '\0';
	/* not even opened unless regular: opening a device may do something */
	if (lstat(path, &st) < 0)
		return -1;
	if (!S_ISREG(st.st_mode) || !(buf = first_page(path, page, &ret)))
		return S_ISREG(st.st_mode) ? ret : 0;
	ret = !memcmp(buf + page - strlen(SWAP_MAGIC), SWAP_MAGIC, strlen(SWAP_MAGIC));
	if (ret) {
		memcpy(label, buf + SWAP_LABEL_OFFSET, SWAP_LABEL_LEN);
		label[SWAP_LABEL_LEN] = '\0';
	}
	free(buf);
	return ret;
}

int swap_listed(const char *path)
{
	char *text = read_text_file("/proc/swaps", NULL), *line, *save = NULL;
	int found = 0;

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line && !found;
	     line = strtok_r(NULL, "\n", &save)) {
		line[strcspn(line, " \t")] = '\0';
		unescape_octal(line);	/* the kernel writes a blank in a name as \040 */
		found = !strcmp(line, path);
	}
	free(text);
	return found;
}

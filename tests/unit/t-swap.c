/* t-swap.c - a 64M swap file goes on labelled contest, shows in /proc/swaps, goes off and away
 *
 * Needs root, mkswap and a directory on a filesystem that takes swap files
 * ($CONTEST_TEST_TMP, else /var/tmp); skips otherwise. The swap is undone
 * at exit and on SIGINT/SIGTERM even when a check fails.
 */
#include "sys/cleanup.h"
#include "sys/swap.h"
#include "lib/util.h"
#include "tap.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <unistd.h>

#define TMPFS_MAGIC_ 0x01021994

static char dir[PATH_MAX], path[PATH_MAX + 64], other[PATH_MAX + 64];

static void cleanup(void)
{
	cleanup_run_all();
	unlink(other);
}

static void on_signal(int sig)
{
	cleanup_run_all();
	signal(sig, SIG_DFL);
	raise(sig);
}

/* KiB size /proc/swaps gives file, or -1 when not listed */
static long long swaps_size_kb(const char *file)
{
	char *text = read_text_file("/proc/swaps", NULL), *line, *save = NULL;
	long long kb = -1;
	size_t len = strlen(file);

	for (line = text ? strtok_r(text, "\n", &save) : NULL; line; line = strtok_r(NULL, "\n", &save))
		if (!strncmp(line, file, len) && (line[len] == ' ' || line[len] == '\t')) {
			char *p = line + len, type[32];

			if (sscanf(p, "%31s %lld", type, &kb) != 2)
				kb = 0;
			break;
		}
	free(text);
	return kb;
}

static const char *missing_prerequisite(void)
{
	const char *base = getenv("CONTEST_TEST_TMP");
	struct statfs fs;

	if (geteuid() != 0)
		return "needs root";
	if (access("/usr/sbin/mkswap", X_OK) && access("/sbin/mkswap", X_OK))
		return "no mkswap (util-linux)";
	if (!realpath(base && *base ? base : "/var/tmp", dir))
		return "no scratch directory";
	if (statfs(dir, &fs) == 0 && fs.f_type == TMPFS_MAGIC_)
		return "scratch directory is on tmpfs, which takes no swap files";
	return NULL;
}

static void test_on_off(void)
{
	char label[17];
	struct stat st;
	long long kb;

	ok(swap_on(path, 64ULL << 20) == 0, "swap_on 64M");
	kb = swaps_size_kb(path);
	ok(kb > 60000 && kb <= 65536, "/proc/swaps lists it at about 64M (%lld KiB)", kb);
	ok(stat(path, &st) == 0 && (st.st_mode & 0777) == 0600, "the file is mode 600");
	ok(swap_read_label(path, label) == 1 && !strcmp(label, SWAP_LABEL),
	   "its swap header carries contest's label ('%s')", label);
	ok(swap_listed(path), "swap_listed finds it in /proc/swaps");
	ok(swap_on(path, 64ULL << 20) < 0, "a second swap_on is refused");
	ok(swap_off(path) == 0, "swap_off");
	ok(swaps_size_kb(path) < 0 && !swap_listed(path), "/proc/swaps no longer lists it");
	ok(access(path, F_OK) < 0, "the file is gone");
	ok(swap_off(path) == 0, "swap_off with nothing on is fine");
}

/* a file that is already there is never used nor removed */
static void test_existing_file(void)
{
	int fd = open(other, O_WRONLY | O_CREAT | O_TRUNC, 0644);
	struct stat st;

	ok(fd >= 0 && write(fd, "precious\n", 9) == 9 && close(fd) == 0, "a user's file");
	ok(swap_on(other, 64ULL << 20) < 0, "swap_on refuses an existing file");
	ok(swap_off(other) == 0, "swap_off on a file not ours does nothing");
	ok(stat(other, &st) == 0 && st.st_size == 9, "the user's file is untouched");
	unlink(other);
	ok(swap_on(path, 4096) < 0 && access(path, F_OK) < 0, "a size below 1M is refused, no file made");
}

/* a relative path is recorded absolute: a chdir between on and off is harmless */
static void test_relative(void)
{
	char cwd[PATH_MAX];
	const char *rel = strrchr(path, '/') + 1;

	if (!getcwd(cwd, sizeof(cwd)) || chdir(dir) < 0) {
		setup_failed("cannot chdir to '%s': %s", dir, strerror(errno));
		return;
	}
	ok(swap_on(rel, 2ULL << 20) == 0, "swap_on with a relative path");
	ok(chdir("/") == 0 && swaps_size_kb(path) > 0, "listed by its absolute path");
	ok(swap_off(rel) == 0 && swaps_size_kb(path) < 0 && access(path, F_OK) < 0,
	   "swap_off with the same relative path, after a chdir, undoes it");
	if (chdir(cwd) < 0)
		perror("chdir");
}

static void test_cleanup_all(void)
{
	ok(swap_on(path, 64ULL << 20) == 0, "swap_on again");
	cleanup_run_all();	/* the signal path */
	ok(swaps_size_kb(path) < 0 && access(path, F_OK) < 0, "the registry's undo turns it off and removes it");
}

/* tmpfs refuses swap files: both the fallocate and the zero-filled try
 * fail, and nothing is left (1M, so the tmpfs pages hardly matter) */
static void test_refusing_fs(void)
{
	struct statfs fs;
	char shm[64];

	if (statfs("/dev/shm", &fs) < 0 || fs.f_type != TMPFS_MAGIC_) {
		skip("no tmpfs at /dev/shm to refuse a swap file");
		return;
	}
	snprintf(shm, sizeof(shm), "/dev/shm/t-swap-%d.swap", (int)getpid());
	ok(swap_on(shm, 1ULL << 20) < 0, "swap_on on tmpfs fails");
	ok(access(shm, F_OK) < 0 && swaps_size_kb(shm) < 0, "and leaves no file and no swap");
	unlink(shm);
}

int main(void)
{
	const char *why = missing_prerequisite();

	if (why) {
		skip("swap tests: %s", why);
		return tap_done();
	}
	snprintf(path, sizeof(path), "%s/t-swap-%d.swap", dir, (int)getpid());
	snprintf(other, sizeof(other), "%s/t-swap-%d.user", dir, (int)getpid());
	atexit(cleanup);
	signal(SIGINT, on_signal);
	signal(SIGTERM, on_signal);
	test_on_off();
	test_existing_file();
	test_relative();
	test_cleanup_all();
	test_refusing_fs();
	return tap_done();
}

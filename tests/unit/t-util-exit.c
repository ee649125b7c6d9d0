/* t-util-exit.c - contest out of memory exits EXIT_NO_MEMORY, not a run's
 * failure; the one spelling of a signal's, a failure's and a usage error's status */
#include "lib/util.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <fcntl.h>
#include <unistd.h>

#if defined(__SANITIZE_ADDRESS__)
/* ASan aborts an allocation it cannot meet unless told to return NULL,
 * as the C library does: then xmalloc's own path is what runs */
const char *__asan_default_options(void);
const char *__asan_default_options(void)
{
	return "allocator_may_return_null=1";
}
#endif

/* the exit status of a child that asks xmalloc (or xcalloc) for more than there is */
static int status_of(int calloc)
{
	pid_t pid;
	int st = 0;

	fflush(stdout);
	pid = fork();
	if (pid == 0) {
		int fd = open("/dev/null", 1);

		dup2(fd, 2);	/* "fatal: out of memory" is expected */
		if (calloc)
			xcalloc(SIZE_MAX / 4, 2);
		else
			xmalloc(SIZE_MAX / 2);
		_exit(0);
	}
	if (pid < 0 || waitpid(pid, &st, 0) != pid || !WIFEXITED(st))
		return -1;
	return WEXITSTATUS(st);
}

/* what usage_error("usage: x\n", "bad %s", "thing") says on stderr, and returns */
static int usage_error_says(char *buf, size_t size)
{
	FILE *f = tmpfile();
	int saved = dup(2), ret;
	ssize_t n;

	if (!f || saved < 0)
		return -1;
	fflush(stderr);
	dup2(fileno(f), 2);
	ret = usage_error("usage: x\n", "bad %s", "thing");
	fflush(stderr);
	dup2(saved, 2);
	close(saved);
	rewind(f);
	n = (ssize_t)fread(buf, 1, size - 1, f);
	buf[n > 0 ? n : 0] = '\0';
	fclose(f);
	return ret;
}

int main(void)
{
	char said[256];

	ok(exit_signal(2) == 130 && exit_signal(15) == 143, "a signal's status is 128 + it");
	ok(exit_failed(0) == EXIT_RUN_FAILED, "a failure on success is EXIT_RUN_FAILED");
	ok(exit_failed(EXIT_USAGE) == EXIT_USAGE && exit_failed(130) == 130,
	   "a failure keeps the first failure's status");
	ok(usage_error_says(said, sizeof(said)) == EXIT_USAGE, "usage_error returns EXIT_USAGE");
	ok(strcmp(said, "error: bad thing\nusage: x\n") == 0,
	   "usage_error says the error, then the usage (said '%s')", said);
	ok(EXIT_NO_MEMORY != EXIT_RUN_FAILED && EXIT_NO_MEMORY != EXIT_USAGE &&
	   EXIT_NO_MEMORY != EXIT_REGRESSION && EXIT_REGRESSION != EXIT_RUN_FAILED,
	   "the statuses are distinct");
	ok(status_of(0) == EXIT_NO_MEMORY, "xmalloc out of memory exits %d (got %d)",
	   EXIT_NO_MEMORY, status_of(0));
	ok(status_of(1) == EXIT_NO_MEMORY, "xcalloc out of memory exits %d (got %d)",
	   EXIT_NO_MEMORY, status_of(1));
	return tap_done();
}

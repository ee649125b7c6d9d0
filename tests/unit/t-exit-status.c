/* t-exit-status.c - contest out of memory exits EXIT_NO_MEMORY, not a run's failure */
#include "lib/util.h"
#include "tap.h"

#include <stdint.h>
#include <stdlib.h>
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

int main(void)
{
	ok(EXIT_NO_MEMORY != EXIT_RUN_FAILED && EXIT_NO_MEMORY != EXIT_USAGE &&
	   EXIT_NO_MEMORY != EXIT_REGRESSION && EXIT_REGRESSION != EXIT_RUN_FAILED,
	   "the statuses are distinct");
	ok(status_of(0) == EXIT_NO_MEMORY, "xmalloc out of memory exits %d (got %d)",
	   EXIT_NO_MEMORY, status_of(0));
	ok(status_of(1) == EXIT_NO_MEMORY, "xcalloc out of memory exits %d (got %d)",
	   EXIT_NO_MEMORY, status_of(1));
	return tap_done();
}

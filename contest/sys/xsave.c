/* xsave.c - this CPU's XSAVE area size, from a traced child (see xsave.h) */
#include "sys/xsave.h"

#include <elf.h>
#include <errno.h>
#include <signal.h>
#include <stdlib.h>
#include <sys/ptrace.h>
#include <sys/uio.h>
#include <sys/wait.h>
#include <unistd.h>

#ifndef NT_X86_XSTATE
#define NT_X86_XSTATE 0x202
#endif

/* far above any XSAVE area so far (AMX: 11008); the kernel trims to its own */
#define XSAVE_PROBE_MAX (64 * 1024)

static long probe(void)
{
	struct iovec iov;
	long size = -1;
	int status;
	pid_t pid = fork();

	if (pid < 0)
		return -1;
	if (pid == 0) {
		if (ptrace(PTRACE_TRACEME, 0, NULL, NULL) == 0)
			raise(SIGSTOP);
		_exit(0);
	}
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return -1;
	if (WIFSTOPPED(status)) {
		iov.iov_len = XSAVE_PROBE_MAX;
		iov.iov_base = malloc(iov.iov_len);
		if (iov.iov_base) {
			if (ptrace(PTRACE_GETREGSET, pid, (void *)NT_X86_XSTATE, &iov) == 0)
				size = (long)iov.iov_len;
			else if (errno == EINVAL || errno == ENODEV || errno == EIO)
				size = 0;	/* no such regset here */
			free(iov.iov_base);
		}
		kill(pid, SIGKILL);
		while (waitpid(pid, &status, 0) < 0 && errno == EINTR)
			;
	}
	return size;
}

long xsave_bytes(void)
{
	static long known = -2;

	if (known == -2)
		known = probe();
	return known;
}

/* sleeper.h - for unit tests: a child process in a process group of its own */
#ifndef CONTEST_TEST_SLEEPER_H
#define CONTEST_TEST_SLEEPER_H

#include <signal.h>
#include <sys/types.h>
#include <unistd.h>

/* a child that pauses in its own process group (pgid = its pid) */
static inline pid_t sleeper_group(void)
{
	pid_t pid = fork();

	if (pid == 0) {
		setpgid(0, 0);
		alarm(60);	/* never outlive a broken test by long */
		pause();
		_exit(0);
	}
	setpgid(pid, pid);
	return pid;
}

#endif

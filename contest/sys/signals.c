/* signals.c - see signals.h */
#include "sys/signals.h"
#include "lib/proc.h"

#include <signal.h>
#include <string.h>
#include <unistd.h>

volatile sig_atomic_t run_interrupted;
volatile sig_atomic_t run_continued;

static void on_stop(int sig)
{
	static const char wait_msg[] = "\ncontest: cleaning up, please wait\n";

	if (run_interrupted) {
		if (write(2, wait_msg, sizeof(wait_msg) - 1) < 0)
			return;	/* nothing to do about it in a handler */
		return;
	}
	run_interrupted = sig;
}

static void on_continue(int sig)
{
	(void)sig;
	run_continued++;
}

void signals_install(void)
{
	struct sigaction sa;

	proc_watch(&run_interrupted);
	memset(&sa, 0, sizeof(sa));
	sigfillset(&sa.sa_mask);	/* one handler at a time: the first signal is the one kept */
	sa.sa_handler = on_stop;	/* no SA_RESTART: waits return to look at the flag */
	sa.sa_flags = 0;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);
	sigaction(SIGHUP, &sa, NULL);
	sa.sa_handler = on_continue;
	sa.sa_flags = SA_RESTART;	/* nothing to look at: let the calls go on */
	sigaction(SIGCONT, &sa, NULL);
	signal(SIGPIPE, SIG_IGN);
}

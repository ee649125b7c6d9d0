/* t-proc-status.c - the one wording of how a process ended (proc_status_text)
 *
 * Real children give a real exit status and a real death by signal; a
 * core dump is the kernel's encoding of one (the signal with bit 0x80),
 * made by hand so that no core file is written; -1 is no status at all.
 * run_cmd hands back the wait status itself, so a program that exits 143
 * is not taken for one killed by SIGTERM.
 */
#include "tap.h"
#include "lib/proc.h"

#include <signal.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

/* the wait status of a child that exits with code, or is killed by sig */
static int status_of(int code, int sig)
{
	pid_t pid = fork();
	int st = -1;

	if (pid == 0) {
		if (sig)
			pause();
		_exit(code);
	}
	if (sig)
		kill(pid, sig);
	waitpid(pid, &st, 0);
	return st;
}

int main(void)
{
	char *exits[] = { "sh", "-c", "exit 143", NULL }, *killed[] = { "sh", "-c", "kill -TERM $$", NULL };
	char *none[] = { "/nonexistent/t-proc-status", NULL };
	struct spawn_opts quiet = { .devnull_out = 1 };
	char buf[PROC_STATUS_LEN];

	is_str(proc_status_text(status_of(0, 0), buf, sizeof(buf)), "exited with status 0",
	       "a clean exit");
	is_str(proc_status_text(status_of(3, 0), buf, sizeof(buf)), "exited with status 3",
	       "an exit code");
	is_str(proc_status_text(status_of(0, SIGTERM), buf, sizeof(buf)),
	       "was killed by signal 15 (SIGTERM)", "a death by signal, with its name");
	is_str(proc_status_text(status_of(0, SIGKILL), buf, sizeof(buf)),
	       "was killed by signal 9 (SIGKILL)", "SIGKILL");
	is_str(proc_status_text(SIGABRT | 0x80, buf, sizeof(buf)),
	       "was killed by signal 6 (SIGABRT) and dumped core", "a core dump says so");
	is_str(proc_status_text(-1, buf, sizeof(buf)), "did not run", "no status at all");
	ok(proc_status_text(3 << 8, buf, 8) == buf && buf[7] == '\0', "a short buffer is cut, not overrun");

	is_str(proc_status_text(run_cmd(exits, &quiet), buf, sizeof(buf)), "exited with status 143",
	       "run_cmd: a program that exits 143");
	is_str(proc_status_text(run_cmd(killed, &quiet), buf, sizeof(buf)),
	       "was killed by signal 15 (SIGTERM)", "run_cmd: one killed by SIGTERM, told apart");
	is_str(proc_status_text(run_cmd(none, &quiet), buf, sizeof(buf)), "exited with status 127",
	       "run_cmd: a program that cannot be run exits 127 in its child");
	return tap_done();
}

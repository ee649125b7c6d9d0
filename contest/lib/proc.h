/* proc.h - starting outside programs with fork/execvp and an argv */
#ifndef CONTEST_PROC_H
#define CONTEST_PROC_H

#include <signal.h>
#include <sys/types.h>
#include <sys/resource.h>

/*
 * The driver's stop flag (signals.h), once given: when it is set, proc_wait
 * (and so run_cmd) kills the program it waits for instead of waiting it
 * out. Every spawned child has SIGKILL as its parent-death signal.
 */
void proc_watch(const volatile sig_atomic_t *stop);
/* has the driver been asked to stop? 0 before proc_watch */
int proc_stopping(void);

struct spawn_opts {
	const char *cwd;	/* chdir first, NULL to stay */
	const char *out;	/* stdout+stderr appended to this file; NULL inherits */
	int devnull_out;	/* stdout+stderr to /dev/null (when out is NULL) */
	int new_pgrp;		/* setpgid(0, 0) */
	const char *const *env_add;	/* "KEY=VALUE" to setenv, NULL-terminated, or NULL */
	int truncate_out;	/* truncate out first instead of appending */
	int build_env;		/* the build's environment (buildenv.h), not the driver's */
	/* run in the child before exec (e.g. join a cgroup); nonzero: _exit(127) */
	int (*child_hook)(void *arg);
	void *hook_arg;
};

/*
 * fork with every signal blocked; the parent's mask is restored in the
 * parent, the child keeps all blocked (saved holds the old mask) until it
 * has reset the driver's handlers, so no signal meant for it is lost
 */
pid_t proc_fork(sigset_t *saved);
/* fork and execvp argv; returns pid or -1 (error printed) */
pid_t spawn(char *const argv[], const struct spawn_opts *o);
/* wait for pid, killing it when proc_cancel is set meanwhile: 0, or -1 */
int proc_wait(pid_t pid, int *status);
/* fork and run fn(arg) in the child, set up as spawn's (output, group,
 * signals), which then exits 0; what names it in messages */
pid_t spawn_fn(void (*fn)(void *arg), void *arg, const char *what, const struct spawn_opts *o);
/* 0 when prog is an executable (a path) or one on PATH (as execvp looks,
 * /usr/local/bin:/usr/bin:/bin when PATH is unset or empty), else -1 */
int proc_find_program(const char *prog);
/*
 * The path of this contest's binary, read from /proc/self/exe once, at the
 * first call (main makes it at start): a binary rebuilt while contest runs
 * (a developer's make during a bisection of hours) leaves the running one
 * "PATH (deleted)", while the path, which guests boot and sessions run,
 * holds the new one. NULL when it cannot be read (errno says why).
 */
const char *proc_self_exe(void);
/* its directory (BINDIR), malloc'd; NULL unknown */
char *proc_self_dir(void);
/* BINDIR/../share/REL, where make install puts what contest reads beside
 * the binary (contest/contest.conf, man/man1/contest.1); malloc'd; NULL
 * unknown */
char *proc_share_path(const char *rel);
/* what argv writes on stdout (stderr to /dev/null), at most max bytes,
 * malloc'd; NULL when it could not run or did not exit 0 */
char *proc_output(char *const argv[], size_t max);
/*
 * proc_output, bounded: the program is killed after timeout_s seconds (0:
 * no bound; killed, it gives NULL), in the build's environment (buildenv.h)
 * when build_env. *status (when not NULL) gets its wait status, or -1 with
 * errno set when it could not be started (no pipe, no fork).
 */
char *proc_output_bounded(char *const argv[], size_t max, double timeout_s, int build_env,
			  int *status);
/*
 * fn(arg, fd) in a forked child (spawn's set-up, output to /dev/null),
 * what it writes on fd back, at most max bytes, malloc'd, its length in
 * *len_out: for work that may hang or crash, kept out of the driver. The
 * child is killed after timeout_s seconds (0: no bound) or when the driver
 * is asked to stop (proc_watch); then, or when it did not exit 0, NULL,
 * with its wait status in *status_out (-1 with errno: it did not start).
 */
char *proc_fn_output(void (*fn)(void *arg, int fd), void *arg, size_t max, double timeout_s,
		     int *status_out, size_t *len_out);
/* spawn and wait; returns the wait status (0: it exited 0; say it with
 * proc_status_text), or -1 when it could not start */
int run_cmd(char *const argv[], const struct spawn_opts *o);
/*
 * How a wait status ended, the one wording of every message that says so,
 * to follow the program's name: "exited with status N", "was killed by
 * signal N (SIGNAME)", "was killed by signal N (SIGNAME) and dumped core";
 * a status < 0 (none: not started, not waited for) is "did not run".
 * Into buf (PROC_STATUS_LEN bytes will do); returns buf.
 */
#define PROC_STATUS_LEN 64
const char *proc_status_text(int status, char *buf, size_t len);
/* argv as one line for messages */
char *argv_join(char *const argv[]);

#endif

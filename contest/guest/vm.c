/* vm.c - one boot of a guest, user-mode-linux or QEMU/KVM (see vm.h) */
#include "guest/vm.h"
#include "results/store.h"
#include "guest/vm-qemu.h"
#include "sys/pgroup.h"
#include "sys/hostcpu.h"
#include "lib/proc.h"
#include "session/run.h"
#include "session/profile.h"
#include "session/request.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/vfs.h>
#include <linux/magic.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

/* the scratch disk inside a UML guest (ubd0) */
#define UML_GUEST_DISK "/dev/ubda"

/* console text kept in memory for the failure detail; the log has it all */
#define CONSOLE_KEEP (256 * 1024)

struct vm {
	const struct vm_spec *s;
	char *priv;		/* private directory */
	char *disk;		/* scratch disk image */
	char *mountpoint;	/* work_dir/scratch, where the guest mounts it */
	int made_mountpoint;
	pid_t pid;
	int console;		/* read end of the console pipe */
	int cpu_watch;		/* wakes on the guest's asks for host CPU (hostcpu.h), or -1 */
	int log;		/* logs/guest.console */
	char *text;		/* this boot's console, up to CONSOLE_KEEP */
	size_t len;
	char line[1024];	/* the console line being assembled */
	size_t linelen;
	int forwarding;		/* the last line went to stderr */
	struct profile prof;	/* a UML guest's profile, the host's side (profile.h) */
};

const char *vm_monitor_name(enum vm_monitor m)
{
	return m == VM_QEMU_KVM ? "qemu-kvm" : m == VM_QEMU_TCG ? "qemu-tcg" : "uml";
}

/* the kernel command line splits on blanks and treats quotes: refuse them */
static int cmdline_safe(const char *what, const char *path)
{
	if (strpbrk(path, " \t\n\"'\\"))
		return error("%s '%s' has a blank or a quote: it cannot go on a kernel command line",
			     what, path);
	return 0;
}

/* the guest's init is contest at its path: a binary removed since (make
 * clean during a run) boots a guest with no init, which is this host's
 * fault, not the kernel's */
static int self_there(const char *self)
{
	if (access(self, X_OK) < 0)
		return error("contest '%s', the guest's init, cannot run: %s", self,
			     strerror(errno));
	return 0;
}

static int write_file(const char *dir, const char *name, const char *buf, size_t len)
{
	char *path = xasprintf("%s/%s", dir, name);
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600), ret = 0;

	if (fd < 0 || write_all(fd, buf, len) < 0)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	if (fd >= 0 && close(fd) < 0 && !ret)
		ret = error("cannot write '%s': %s", path, strerror(errno));
	free(path);
	return ret;
}

/* strings one after another, each with its NUL */
static void vec_add(char **buf, size_t *len, const char *s)
{
	size_t n = strlen(s) + 1;

	*buf = xrealloc(*buf, *len + n);
	memcpy(*buf + *len, s, n);
	*len += n;
}

static int is_tmp_var(const char *e)
{
	return !strncmp(e, "TMPDIR=", 7) || !strncmp(e, "TMP=", 4) || !strncmp(e, "TEMP=", 5) ||
	       !strncmp(e, "CONTEST_GUEST=", 14) ||
	       !strncmp(e, FIRST_RUN_ENV "=", strlen(FIRST_RUN_ENV) + 1) ||
	       !strncmp(e, HOST_CPU_ENV "=", strlen(HOST_CPU_ENV) + 1);
}

/*
 * The inner session's environment is ours, but its temporary files go to
 * the scratch disk: / in the guest is the host's, so /tmp would be too.
 */
static int write_session(struct vm *vm)
{
	const struct vm_spec *s = vm->s;
	char *buf = NULL, *v, cwd[4096];
	size_t len = 0;
	int ret;

	for (char *const *a = s->inner_argv; *a; a++)
		vec_add(&buf, &len, *a);
	ret = write_file(vm->priv, "argv", buf, len);
	free(buf);
	buf = NULL;
	len = 0;
	for (char **e = environ; *e; e++)
		if (!is_tmp_var(*e))
			vec_add(&buf, &len, *e);
	v = xasprintf("TMPDIR=%s/tmp", vm->mountpoint);
	vec_add(&buf, &len, v);
	free(v);
	v = xasprintf("CONTEST_GUEST=%s", s->guest_env);
	vec_add(&buf, &len, v);
	free(v);
	v = xasprintf("%s=%s", HOST_CPU_ENV, vm->priv);
	vec_add(&buf, &len, v);
	free(v);
	if (s->first_run > 0) {
		v = xasprintf("%s=%d", FIRST_RUN_ENV, s->first_run);
		vec_add(&buf, &len, v);
		free(v);
	}
	if (!ret)
		ret = write_file(vm->priv, "environ", buf, len);
	free(buf);
	if (!getcwd(cwd, sizeof(cwd)))
		return error("cannot get the current directory: %s", strerror(errno));
	if (!ret)
		ret = write_file(vm->priv, "cwd", cwd, strlen(cwd));
	if (!ret)
		ret = write_file(vm->priv, "scratch", vm->mountpoint, strlen(vm->mountpoint));
	return ret;
}

/* which disk guest-init mounts there, and (QEMU) the writable shares to mount first */
static int write_devices(struct vm *vm)
{
	const char *disk = vm->s->monitor != VM_UML ? QEMU_GUEST_DISK : UML_GUEST_DISK;
	char *shares;
	int ret = write_file(vm->priv, "disk", disk, strlen(disk));

	if (ret || vm->s->monitor == VM_UML)
		return ret;
	shares = qemu_shares(vm->s, vm->priv);
	ret = write_file(vm->priv, "shares", shares, strlen(shares));
	free(shares);
	return ret;
}

/* a sparse file with ext4 on it, made here: mkfs in the guest would be slow */
static int make_disk(struct vm *vm)
{
	char *log = xasprintf("%s/mkfs.log", vm->priv);
	char *argv[] = { "mkfs.ext4", "-q", "-F", "-E", "lazy_itable_init=1,lazy_journal_init=1",
			 vm->disk, NULL };
	struct spawn_opts o = { .out = log };
	char how[PROC_STATUS_LEN];
	int fd = mkstemp(vm->disk), rc;

	if (fd < 0) {
		free(log);
		return error("cannot create '%s': %s", vm->disk, strerror(errno));
	}
	if (ftruncate(fd, (off_t)vm->s->disk_bytes) < 0) {
		close(fd);
		free(log);
		return error("cannot size '%s': %s", vm->disk, strerror(errno));
	}
	close(fd);
	rc = run_cmd(argv, &o);
	if (rc != 0)
		error("'mkfs.ext4 %s' %s; see '%s'", vm->disk, proc_status_text(rc, how, sizeof(how)), log);
	free(log);
	return rc == 0 ? 0 : -1;
}

static int vm_prepare(struct vm *vm)
{
	const char *tmp = getenv("TMPDIR");
	char *logdir = results_path(vm->s->kdir, NULL, "logs"), *path;

	vm->priv = xasprintf("%s/contest-boot.XXXXXX", tmp && *tmp ? tmp : "/tmp");
	vm->disk = xasprintf("%s/.guest-disk.XXXXXX", vm->s->work_dir);
	vm->mountpoint = xasprintf("%s/scratch", vm->s->work_dir);
	vm->console = vm->log = vm->cpu_watch = -1;
	if (!mkdtemp(vm->priv)) {
		error("cannot create '%s': %s", vm->priv, strerror(errno));
		free(vm->priv);
		vm->priv = NULL;
		free(logdir);
		return -1;
	}
	if (mkdir_p(logdir, 0755) < 0 || mkdir_p(vm->s->work_dir, 0755) < 0) {
		error("cannot create '%s' or '%s': %s", logdir, vm->s->work_dir, strerror(errno));
		free(logdir);
		return -1;
	}
	path = xasprintf("%s/guest.console", logdir);
	vm->log = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
	free(path);
	free(logdir);
	if (vm->log < 0)
		return error("cannot open the console log: %s", strerror(errno));
	if (mkdir(vm->mountpoint, 0755) == 0)
		vm->made_mountpoint = 1;
	else if (errno != EEXIST)
		return error("cannot create '%s': %s", vm->mountpoint, strerror(errno));
	if (cmdline_safe("the temporary directory", vm->priv) < 0 ||
	    cmdline_safe("contest", vm->s->self) < 0 || self_there(vm->s->self) < 0 ||
	    make_disk(vm) < 0 ||
	    cmdline_safe("the scratch disk", vm->disk) < 0 || write_session(vm) < 0 ||
	    write_devices(vm) < 0)
		return -1;
	return 0;
}

/*
 * hostfs root, the scratch disk as ubd0, UML's umid directory in the
 * private one (by default it goes to ~/.uml and outlives a killed guest),
 * console output on fd 1, then the user's arguments, which win over ours
 * (a later mem= or init= replaces an earlier one), and after "--" the
 * arguments of contest as init.
 */
static char **uml_argv(const struct vm *vm)
{
	const struct vm_spec *s = vm->s;
	char **argv = xcalloc((size_t)s->nargs + 20, sizeof(*argv));
	int n = 0;

	argv[n++] = xstrdup(s->image);
	argv[n++] = xasprintf("mem=%lluM", (unsigned long long)(s->mem_bytes >> 20));
	argv[n++] = xstrdup("root=/dev/root");
	argv[n++] = xstrdup("rootfstype=hostfs");
	argv[n++] = xstrdup("rootflags=/");
	argv[n++] = xstrdup("rw");
	argv[n++] = xasprintf("ubd0=%s", vm->disk);
	argv[n++] = xasprintf("uml_dir=%s", vm->priv);
	argv[n++] = xstrdup("umid=guest");
	argv[n++] = xstrdup("con=null");
	argv[n++] = xstrdup("con0=null,fd:1");
	argv[n++] = xstrdup("quiet");
	argv[n++] = xasprintf("init=%s", s->self);
	for (int i = 0; i < s->nargs; i++)
		argv[n++] = xstrdup(s->boot_args[i]);
	argv[n++] = xstrdup("--");
	argv[n++] = xstrdup("guest-init");
	argv[n++] = xstrdup(vm->priv);
	return argv;
}

struct monitor_child {
	int console;	/* the pipe's write end */
};

/* in the child: console to the pipe, no core file (a UML panic aborts) */
static int monitor_child_setup(void *arg)
{
	const struct monitor_child *c = arg;
	struct rlimit none = { 0, 0 };

	setrlimit(RLIMIT_CORE, &none);
	return dup2(c->console, 1) < 0 || dup2(c->console, 2) < 0;
}

/*
 * UML backs the guest's memory with a file in TMPDIR, unlinked at once
 * (nothing stays when it is killed). On a disk that file would be written
 * back under the measurement: tmpfs where there is one, else the
 * private directory.
 */
static char *uml_tmpdir(const struct vm *vm)
{
	struct statfs f;

	if (statfs("/dev/shm", &f) == 0 && f.f_type == TMPFS_MAGIC && access("/dev/shm", W_OK) == 0)
		return xstrdup("TMPDIR=/dev/shm");
	return xasprintf("TMPDIR=%s", vm->priv);
}

static int vm_start(struct vm *vm)
{
	int qemu = vm->s->monitor != VM_UML;
	char **argv = qemu ? qemu_argv(vm->s, vm->priv, vm->disk) : uml_argv(vm), *line;
	char *tmpdir = qemu ? NULL : uml_tmpdir(vm);
	const char *env[] = { tmpdir, NULL };
	struct monitor_child c;
	struct spawn_opts o = { .cwd = vm->priv, .new_pgrp = 1, .env_add = env,
				.child_hook = monitor_child_setup, .hook_arg = &c };
	int fds[2];
	time_t now = time(NULL);
	char stamp[32];

	strftime(stamp, sizeof(stamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	line = argv_join(argv);
	dprintf(vm->log, "=== %s %s: %s\n", stamp, vm->s->kernel, line);
	info("booting %s: %s", vm->s->kernel, line);
	free(line);
	if (pipe2(fds, O_CLOEXEC) < 0) {
		argv_free(argv);
		free(tmpdir);
		return error("cannot make a pipe: %s", strerror(errno));
	}
	c.console = fds[1];
	vm->pid = spawn(argv, &o);
	close(fds[1]);
	vm->console = fds[0];
	argv_free(argv);
	free(tmpdir);
	if (vm->pid > 0)
		pgroup_register(vm->pid);
	vm->cpu_watch = host_cpu_watch(vm->priv);
	return vm->pid > 0 ? 0 : -1;
}

/* contest's own lines go on to our stderr; the kernel's stay in the log */
static void console_line(struct vm *vm)
{
	static const char *const ours[] = { "contest: ", "warning: ", "error: ", "fatal: ",
					    "Kernel panic" };

	int mine = vm->forwarding && !strncmp(vm->line, "  ", 2);	/* a list under it */

	vm->line[vm->linelen] = '\0';
	for (size_t i = 0; i < ARRAY_SIZE(ours) && !mine; i++)
		mine = !strncmp(vm->line, ours[i], strlen(ours[i]));
	if (mine)
		fprintf(stderr, "%s\n", vm->line);
	vm->forwarding = mine;
	vm->linelen = 0;
}

static void console_take(struct vm *vm, const char *buf, size_t n)
{
	/* the log is a help, the guest's rows are what matter: no error */
	(void)!write_all(vm->log, buf, n);
	if (vm->len + n < CONSOLE_KEEP) {
		vm->text = xrealloc(vm->text, vm->len + n + 1);
		memcpy(vm->text + vm->len, buf, n);
		vm->len += n;
		vm->text[vm->len] = '\0';
	}
	for (size_t i = 0; i < n; i++) {
		if (buf[i] == '\r')
			continue;
		if (buf[i] == '\n' || vm->linelen == sizeof(vm->line) - 1)
			console_line(vm);
		if (buf[i] != '\n')
			vm->line[vm->linelen++] = buf[i];
	}
}

/* 1 while there may be more: 0 at end of file */
static int console_read(struct vm *vm)
{
	char buf[4096];
	ssize_t n = read(vm->console, buf, sizeof(buf));

	if (n < 0)
		return errno == EINTR || errno == EAGAIN;
	if (n > 0)
		console_take(vm, buf, (size_t)n);
	return n > 0;
}

static off_t rows_size(const struct vm *vm)
{
	char *path = results_path(vm->s->kdir, NULL, RUNS_FILE);
	struct stat st;
	off_t size = stat(path, &st) == 0 ? st.st_size : 0;

	free(path);
	return size;
}

/* a UML guest's ask for its profile: perf samples its kernel's process,
 * whose binary is the one running (a wrapper may have exec'd it) */
static char *answer_prof(void *ctx, const char *ask)
{
	struct vm *vm = ctx;
	char *exe = xasprintf("/proc/%d/exe", (int)vm->pid), image[4096];
	ssize_t n = readlink(exe, image, sizeof(image) - 1);

	free(exe);
	if (n <= 0)
		return xasprintf("error: cannot read the guest's binary: %s", strerror(errno));
	image[n] = '\0';
	return profile_host_answer(&vm->prof, ask, vm->pid, image);
}

/*
 * Until UML exits, or no row has come for timeout_s (the guest hangs, or
 * its run does), or we are interrupted. Returns the wait status, or -1
 * when we had to stop it.
 */
static int vm_watch(struct vm *vm, struct vm_result *r)
{
	off_t size = rows_size(vm);
	double deadline = now_mono() + vm->s->timeout_s;
	int open_console = 1, st, uml = vm->s->monitor == VM_UML;
	struct host_answerer h = { vm->pid, uml, uml ? answer_prof : NULL, vm };

	for (;;) {
		struct pollfd p[2] = { { .fd = open_console ? vm->console : -1, .events = POLLIN },
				       { .fd = vm->cpu_watch, .events = POLLIN } };

		if (run_interrupted) {
			r->interrupted = 1;
			return -1;
		}
		/* a guest asking for its host CPU time waits for the answer */
		if (poll(p, 2, vm->cpu_watch >= 0 ? 500 : 20) >= 0) {
			if (p[0].revents)
				open_console = console_read(vm);
			if (p[1].revents || vm->cpu_watch < 0)
				host_answer(vm->priv, vm->cpu_watch, &h);
		}
		if (waitpid(vm->pid, &st, WNOHANG) == vm->pid) {
			pgroup_forget(vm->pid);	/* reaped: its slot is free again */
			vm->pid = 0;
			while (open_console && poll(p, 1, 0) > 0)
				open_console = console_read(vm);
			return st;
		}
		if (rows_size(vm) != size) {
			size = rows_size(vm);
			deadline = now_mono() + vm->s->timeout_s;
		} else if (now_mono() > deadline) {
			r->timed_out = 1;
			return -1;
		}
	}
}

/* SIGKILL to the whole group, then reap it and whatever it left to us */
static void vm_kill(struct vm *vm)
{
	int st;

	if (vm->pid > 0) {
		kill(-vm->pid, SIGKILL);
		while (waitpid(vm->pid, &st, 0) < 0 && errno == EINTR)
			;
	}
	if (vm->pid)
		pgroup_forget(vm->pid);
	vm->pid = 0;
	/* UML's own processes are in its group and, we being a subreaper, ours */
	while (waitpid(-1, &st, 0) > 0 || errno == EINTR)
		;
}

/*
 * The console's last n lines with something printable in them, the
 * firmware's escape sequences and control bytes dropped, each "  LINE\n";
 * malloc'd, "" when there is none
 */
static char *console_tail(const struct vm *vm, int n)
{
	const char *text = vm->text ? vm->text : "", *end = text + vm->len, *p = end;
	char *out = xcalloc(vm->len + 3 * (size_t)n + 1, 1), *o = out;
	const char *lines[16];
	int got = 0;

	while (p > text && got < n && got < (int)ARRAY_SIZE(lines)) {
		const char *start = p;
		int printable = 0;

		while (start > text && start[-1] != '\n')
			start--;
		for (const char *c = start; c < p; c++)
			printable |= *c > ' ' && *c < 127 && *c != '[';
		if (printable)
			lines[got++] = start;
		p = start > text ? start - 1 : text;
	}
	while (got-- > 0) {
		int esc = 0;

		o += sprintf(o, "  ");
		for (const char *c = lines[got]; c < end && *c != '\n'; c++) {
			/* ESC [ ... a letter: a terminal sequence, not text */
			if (*c == 27)
				esc = 1;
			else if (esc && ((*c >= 'a' && *c <= 'z') || (*c >= 'A' && *c <= 'Z')))
				esc = 0;
			else if (!esc && *c >= ' ' && *c < 127)
				*o++ = *c;
		}
		*o++ = '\n';
	}
	return out;
}

/* a guest that failed: its console's last lines on stderr (the log has all) */
static void say_console_tail(const struct vm *vm)
{
	char *tail = console_tail(vm, 5);

	if (*tail)
		fprintf(stderr, "contest: %s: the guest's console ended with:\n%s", vm->s->kernel,
			tail);
	free(tail);
}

/* "exit N" from guest-init, or why there is none */
static void vm_outcome(struct vm *vm, int st, struct vm_result *r)
{
	char *path = xasprintf("%s/status", vm->priv), buf[128] = "";
	int sig;
	const char *panic = vm->text ? strstr(vm->text, "Kernel panic - not syncing: ") : NULL;

	if (read_line_file(path, buf, sizeof(buf)) == 0 && sscanf(buf, "exit %d", &r->inner_status) == 1) {
		r->finished = 1;
	} else if (r->interrupted) {
		snprintf(r->detail, sizeof(r->detail), "interrupted: the guest was killed");
	} else if (r->timed_out) {
		snprintf(r->detail, sizeof(r->detail), "no new row for %.0f s: the guest was killed",
			 vm->s->timeout_s);
	} else if (vm->text && strstr(vm->text, "ptrace set fp regs failed")) {
		/* UML <= 6.1 restores 2696 bytes of XSAVE; an AMX host's is 11008 */
		snprintf(r->detail, sizeof(r->detail), "user-mode-linux cannot restore this CPU's "
			 "registers (ptrace set fp regs failed: its XSAVE area is larger than this UML "
			 "knows); boot a UML built on this machine (make uml-kernel) or a bzImage");
	} else if (panic) {
		int len;

		panic += strlen("Kernel panic - not syncing: ");
		len = (int)strcspn(panic, "\r\n");
		while (len > 0 && panic[len - 1] == '.')
			len--;
		snprintf(r->detail, sizeof(r->detail), "kernel panic: %.*s", len, panic);
	} else if (sscanf(buf, "signal %d", &sig) == 1) {
		snprintf(r->detail, sizeof(r->detail), "the contest in the guest was killed by "
			 "signal %d%s", sig, strstr(vm->text ? vm->text : "", "Out of memory") ?
			 " (the guest ran out of memory)" : "");
	} else if (buf[0]) {
		snprintf(r->detail, sizeof(r->detail), "guest init: %s", buf);
	} else {
		char how[PROC_STATUS_LEN];

		snprintf(r->detail, sizeof(r->detail), "the guest stopped (it %s) before its session ended",
			 proc_status_text(st, how, sizeof(how)));
	}
	if (!r->finished && !r->interrupted) {
		char *last = console_tail(vm, 1), *t = trim(last);
		size_t len = strlen(r->detail);

		/* a hang or a silent stop has no panic line: where the console stopped */
		if (*t && !panic && !r->finished)
			snprintf(r->detail + len, sizeof(r->detail) - len, " after '%.60s'", t);
		free(last);
		say_console_tail(vm);
	}
	free(path);
}

/* a row is whole or absent: cut a killed guest's half-written line */
static void cut_partial_row(const struct vm *vm)
{
	char *path = results_path(vm->s->kdir, NULL, RUNS_FILE);
	size_t len;
	char *text = read_text_file(path, &len);

	if (text && len && text[len - 1] != '\n') {
		char *nl = strrchr(text, '\n');

		warning("'%s' ends in a half row from the killed guest: removing it", path);
		if (truncate(path, nl ? (off_t)(nl - text + 1) : 0) < 0)
			error("cannot truncate '%s': %s", path, strerror(errno));
	}
	free(text);
	free(path);
}

static void vm_release(struct vm *vm)
{
	if (vm->prof.pid > 0)	/* a guest gone mid-run: its perf stopped, the partial summary kept */
		profile_finish(&vm->prof);
	if (vm->console >= 0)
		close(vm->console);
	if (vm->log >= 0)
		close(vm->log);
	if (vm->cpu_watch >= 0)
		close(vm->cpu_watch);
	if (vm->disk && unlink(vm->disk) < 0 && errno != ENOENT)
		warning("cannot remove '%s': %s", vm->disk, strerror(errno));
	if (vm->made_mountpoint && rmdir(vm->mountpoint) < 0)
		warning("cannot remove '%s': %s", vm->mountpoint, strerror(errno));
	if (vm->priv && rm_rf(vm->priv) < 0)
		warning("cannot remove '%s': %s", vm->priv, strerror(errno));
	free(vm->priv);
	free(vm->disk);
	free(vm->mountpoint);
	free(vm->text);
}

int vm_boot(const struct vm_spec *s, struct vm_result *r)
{
	struct vm vm = { .s = s };
	int st, ret = 0;

	memset(r, 0, sizeof(*r));
	if (vm_prepare(&vm) < 0 || vm_start(&vm) < 0) {
		ret = -1;
	} else {
		st = vm_watch(&vm, r);
		vm_kill(&vm);
		cut_partial_row(&vm);
		vm_outcome(&vm, st, r);
	}
	vm_release(&vm);
	return ret;
}

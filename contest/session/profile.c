/* profile.c - perf record over the compile window, see profile.h */
#include "session/profile.h"
#include "session/loadproc.h"
#include "results/monitor-logs.h"
#include "record/env.h"
#include "loads/load.h"
#include "sys/perfctr.h"
#include "sys/pgroup.h"
#include "sys/hostcpu.h"
#include "lib/proc.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

enum {
	PROFILE_FREQ = 499,	/* samples a second per CPU: bounds the data of a long compile */
	/* what a summary keeps, most samples first: symbols.h reads a
	 * symbol outside a full list as at most its last */
	KEEP_COMMS = 20, KEEP_SYMS = MONITOR_PROFILE_SYMS,
	STOP_WAIT_MS = 5000,	/* perf writes its header on SIGTERM: wait this long */
	CTL_WAIT_MS = 3000,	/* for perf to open its control FIFO, and each ack */
	ASK_WAIT_S = 10,	/* a UML guest's ask of the host: perf's start and acks */
	FINISH_WAIT_S = 300,	/* ... and its finish: perf script of a long compile's samples */
};

/* in a UML guest with the host's channel: its kernel is the host's to sample */
static int in_uml_guest(void)
{
	const char *g = getenv("CONTEST_GUEST"), *dir = getenv(HOST_CPU_ENV);
	size_t len = strlen(ENV_KEY(guest));

	/* boot.c's guest_env: its first line names the monitor */
	return g && dir && *dir && !strncmp(g, ENV_KEY(guest), len) && !strncmp(g + len, ": uml\n", 6);
}

/* ask the host for p's guest (profile.h); 0, or -1 said */
static int ask_host(struct profile *p, const char *ask, double timeout_s)
{
	char reply[512];

	if (host_prof_ask(ask, timeout_s, reply, sizeof(reply)) < 0)
		return error("the host did not answer '%s' for the profile of %s", ask, p->base);
	if (strcmp(reply, "ok"))
		return error("the host's profile of this guest: %s", reply);
	return 0;
}

int profile_check(char *why, size_t len)
{
	char *argv[] = { "perf", "--version", NULL };
	struct spawn_opts o = { .devnull_out = 1 };
	static int found;	/* once found, for every run of a guest's answers */

	/* Debian's /usr/bin/perf is a wrapper that fails without the kernel's own perf */
	if (found || in_uml_guest())	/* the host's perf: checked when it booted us (boot.c) */
		return 0;
	if (load_find_program("perf") == 0 && run_cmd(argv, &o) == 0) {
		found = 1;
		return 0;
	}
	snprintf(why, len, "monitors = profile needs perf (apt-get install linux-perf)");
	return -1;
}

static char *path_of(const struct profile *p, const char *ext)
{
	return xasprintf("%s.%s", p->base, ext);
}

/* perf's FIFOs and raw data, in p's private directory: not beside the
 * logs, whose filesystem (a QEMU guest's 9p, NFS) may have no FIFOs */
static char *raw_of(const struct profile *p, const char *name)
{
	return xasprintf("%s/%s", p->tmp, name);
}

static void remove_files(struct profile *p)
{
	static const char *const names[] = { "perf.ctl", "perf.ack", "perf.data", "perf.data.old",
					     "perf.script" };

	if (!p->tmp)
		return;
	for (size_t i = 0; i < ARRAY_SIZE(names); i++) {
		char *path = raw_of(p, names[i]);

		unlink(path);
		free(path);
	}
	if (rmdir(p->tmp) < 0 && errno != ENOENT)
		warning("cannot remove '%s': %s", p->tmp, strerror(errno));
	free(p->tmp);
	p->tmp = NULL;
}

static void sleep_ms(long ms)
{
	nanosleep(&(struct timespec){ ms / 1000, (ms % 1000) * 1000000 }, NULL);
}

/* the write end of the control FIFO, once perf has opened it to read */
static int open_ctl(const char *path, pid_t pid)
{
	for (int waited = 0; waited < CTL_WAIT_MS; waited += 10) {
		int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);

		if (fd >= 0 || errno != ENXIO || waitpid(pid, NULL, WNOHANG) == pid)
			return fd;
		sleep_ms(10);
	}
	return -1;
}

/* perf record of target ("-a", or "-p" and a pid) for the files named after base */
static int start_perf(struct profile *p, const char *base, const char *target, const char *pid)
{
	char *ctl, *ack, *data, *fifos, *log;
	struct spawn_opts o = { .truncate_out = 1, .new_pgrp = 1 };
	int ret = -1;

	const char *tmpdir = getenv("TMPDIR");

	p->ctl = p->ack = -1;
	p->base = xstrdup(base);
	p->tmp = xasprintf("%s/contest-perf.XXXXXX", tmpdir && *tmpdir ? tmpdir : "/tmp");
	if (!mkdtemp(p->tmp)) {
		error("cannot create '%s': %s", p->tmp, strerror(errno));
		free(p->tmp);
		p->tmp = NULL;
		return -1;
	}
	ctl = raw_of(p, "perf.ctl");
	ack = raw_of(p, "perf.ack");
	data = raw_of(p, "perf.data");
	log = path_of(p, "perf.log");
	fifos = xasprintf("fifo:%s,%s", ctl, ack);
	if (mkfifo(ctl, 0600) < 0 || mkfifo(ack, 0600) < 0) {
		error("cannot make '%s': %s", ctl, strerror(errno));
		goto out;
	}
	{
		char freq[16];
		char *argv[20];
		size_t n = 0;

		snprintf(freq, sizeof(freq), "%d", PROFILE_FREQ);
		argv[n++] = "perf";
		argv[n++] = "record";
		argv[n++] = (char *)target;
		if (pid)
			argv[n++] = (char *)pid;
		argv[n++] = "-e";
		argv[n++] = (char *)p->event;
		argv[n++] = "-F";
		argv[n++] = freq;
		argv[n++] = "-B";	/* no build-ids: a UML binary is 75 MB to copy */
		argv[n++] = "-N";
		argv[n++] = "-D";
		argv[n++] = "-1";
		argv[n++] = "--control";
		argv[n++] = fifos;
		argv[n++] = "-o";
		argv[n++] = data;
		argv[n] = NULL;
		o.out = log;
		p->pid = spawn(argv, &o);
	}
	if (p->pid <= 0) {
		p->pid = 0;
		goto out;
	}
	pgroup_register(p->pid);
	/* the read end first: opening it does not wait, and perf's acks then have a reader */
	p->ack = open(ack, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	p->ctl = open_ctl(ctl, p->pid);
	if (p->ack < 0 || p->ctl < 0)
		error("perf record did not open its control FIFO: see '%s'", log);
	else
		ret = 0;
out:
	free(ctl);
	free(ack);
	free(data);
	free(log);
	free(fifos);
	return ret;
}

int profile_start(struct profile *p, const char *base)
{
	memset(p, 0, sizeof(*p));
	p->ctl = p->ack = -1;
	if (in_uml_guest()) {
		char *ask = xasprintf("start %s", base);
		int ret;

		p->base = xstrdup(base);
		ret = ask_host(p, ask, ASK_WAIT_S);
		free(ask);
		p->remote = ret == 0;
		return ret;
	}
	p->event = perfctr_can_count_cycles() ? "cycles" : "cpu-clock";
	return start_perf(p, base, "-a", NULL);
}

/* tell perf cmd ("enable", "disable") and wait for its ack, bounded */
static void control(struct profile *p, const char *cmd)
{
	struct pollfd pfd = { .fd = p->ack, .events = POLLIN };
	char buf[64];

	if (p->remote) {
		char *ask = xstrdup(cmd);

		ask[strcspn(ask, "\n")] = '\0';
		if (ask_host(p, ask, ASK_WAIT_S) < 0)
			p->remote = 0;	/* said once; the run goes on without */
		free(ask);
		return;
	}
	if (p->ctl < 0 || p->ack < 0)
		return;
	if (write_all(p->ctl, cmd, strlen(cmd)) < 0) {
		warning("cannot tell perf record to %s: %s", cmd, strerror(errno));
		return;
	}
	if (poll(&pfd, 1, CTL_WAIT_MS) == 1)
		(void)!read(p->ack, buf, sizeof(buf));
	else
		warning("perf record did not acknowledge '%.*s'", (int)strcspn(cmd, "\n"), cmd);
}

void profile_enable(struct profile *p)
{
	control(p, "enable\n");
}

void profile_disable(struct profile *p)
{
	control(p, "disable\n");
}

static void stop_perf(struct profile *p)
{
	int waited = 0;

	kill(-p->pid, SIGTERM);
	while (waitpid(p->pid, NULL, WNOHANG) != p->pid && waited < STOP_WAIT_MS) {
		sleep_ms(10);
		waited += 10;
	}
	if (waited >= STOP_WAIT_MS) {
		warning("perf record ignored SIGTERM for %d s: killed, its run has no profile",
			STOP_WAIT_MS / 1000);
		proc_group_kill(p->pid);
		while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
			;
	}
	proc_group_kill(p->pid);
	pgroup_forget(p->pid);
	p->pid = 0;
}

/* perf script of the data into the private perf.script; its text, NULL when it failed */
static char *script_text(const struct profile *p)
{
	char *data = raw_of(p, "perf.data"), *out = raw_of(p, "perf.script"), *text = NULL;
	char *argv[] = { "perf", "script", "-i", data, "-F", "comm,ip,sym,dso", NULL };
	struct spawn_opts o = { .out = out, .truncate_out = 1 };
	char how[PROC_STATUS_LEN];
	int status = run_cmd(argv, &o);

	if (status == 0)
		text = read_regular_file_warn(out, NULL);
	else
		warning("perf script %s: the run has no profile",
			proc_status_text(status, how, sizeof(how)));
	free(data);
	free(out);
	return text;
}

static void write_summary(const char *path, const char *summary)
{
	FILE *f = fopen_write_file(path);

	if (!f || fputs(summary, f) == EOF || fclose(f) == EOF)
		error("cannot write '%s': %s", path, file_strerror(errno));
}

void profile_finish(struct profile *p)
{
	char *text, *summary, *path;

	if (p->remote)
		ask_host(p, "finish", FINISH_WAIT_S);
	p->remote = 0;

	if (p->ctl >= 0)
		close(p->ctl);
	if (p->ack >= 0)
		close(p->ack);
	p->ctl = p->ack = -1;
	if (p->pid > 0) {
		stop_perf(p);
		if ((text = script_text(p))) {
			summary = profile_summarise_dso(text, p->event, p->kernel_dso);
			path = path_of(p, "profile");
			write_summary(path, summary);
			free(path);
			free(summary);
			free(text);
		}
	}
	remove_files(p);
	free(p->base);
	free(p->kernel_dso);
	p->base = p->kernel_dso = NULL;
}

/* ---- the host's side of a UML guest ---- */

static char *host_start(struct profile *p, const char *base, pid_t pid, const char *image)
{
	char why[128], spid[24];

	if (p->pid > 0)		/* a run the guest did not finish (it failed): dropped */
		profile_finish(p);
	if (profile_check(why, sizeof(why)) < 0)
		return xasprintf("error: %s", why);
	memset(p, 0, sizeof(*p));
	/* UML's kernel is user code here: the host's PMU would do, but a
	 * timer's samples need none and are what a guest's perf would use */
	p->event = "cpu-clock";
	p->kernel_dso = xstrdup(image);
	snprintf(spid, sizeof(spid), "%d", (int)pid);
	if (start_perf(p, base, "-p", spid) < 0) {
		char *log = path_of(p, "perf.log");
		char *reply = xasprintf("error: perf record -p %d did not start: see '%s'",
					(int)pid, log);

		free(log);
		profile_finish(p);
		return reply;
	}
	return xstrdup("ok");
}

char *profile_host_answer(struct profile *p, const char *ask, pid_t pid, const char *image)
{
	if (!strncmp(ask, "start ", 6) && ask[6] == '/')
		return host_start(p, ask + 6, pid, image);
	if (p->pid <= 0)
		return xasprintf("error: '%s' with no perf record running", ask);
	if (!strcmp(ask, "enable"))
		profile_enable(p);
	else if (!strcmp(ask, "disable"))
		profile_disable(p);
	else if (!strcmp(ask, "finish"))
		profile_finish(p);
	else
		return xasprintf("error: unknown ask '%s'", ask);
	return xstrdup("ok");
}

/* ---- the summary ---- */

struct tally {
	const char **keys;	/* while counting: one per sample; then distinct */
	size_t *counts, n;
};

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

static void tally_add(struct tally *t, const char *key)
{
	t->keys = xrealloc(t->keys, (t->n + 1) * sizeof(*t->keys));
	t->keys[t->n++] = key;
}

/* the keys made distinct with their counts, most first (ties by name) */
static void tally_count(struct tally *t)
{
	size_t n = 0;

	qsort(t->keys, t->n, sizeof(*t->keys), cmp_str);
	t->counts = xcalloc(t->n + 1, sizeof(*t->counts));
	for (size_t i = 0; i < t->n; i++) {
		if (!n || strcmp(t->keys[n - 1], t->keys[i]))
			t->keys[n++] = t->keys[i];
		t->counts[n - 1]++;
	}
	t->n = n;
	for (size_t i = 1; i < n; i++)	/* stable insertion sort by count */
		for (size_t j = i; j > 0 && t->counts[j - 1] < t->counts[j]; j--) {
			size_t c = t->counts[j];
			const char *k = t->keys[j];

			t->counts[j] = t->counts[j - 1];
			t->keys[j] = t->keys[j - 1];
			t->counts[j - 1] = c;
			t->keys[j - 1] = k;
		}
}

static void tally_write(FILE *f, const char *tag, const struct tally *t, size_t keep)
{
	for (size_t i = 0; i < t->n && i < keep; i++)
		fprintf(f, "%s %zu %s\n", tag, t->counts[i], t->keys[i]);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');

	return slash ? slash + 1 : path;
}

/* a dso (or an address with none) in the kernel: [kernel.kallsyms],
 * vmlinux; with kernel_dso (a UML guest's binary) that one alone */
static int in_kernel(const char *dso, uint64_t ip, const char *kernel_dso)
{
	if (kernel_dso)
		return !strcmp(dso, kernel_dso) || !strcmp(base_name(dso), base_name(kernel_dso));
	if (!strncmp(dso, "[kernel", 7) || strstr(dso, "vmlinux"))
		return 1;
	return !strcmp(dso, "[unknown]") && ip >= UINT64_C(0xffff800000000000);
}

/*
 * One line of perf script -F comm,ip,sym,dso: "%16s %16x SYM (DSO)". The
 * comm may hold blanks, so it is the first 16 columns; line is cut up in
 * place. 0, or -1 for a line that is not a sample.
 */
static int parse_sample(char *line, const char **comm, uint64_t *ip, const char **sym,
			const char **dso)
{
	size_t len = strlen(line);
	char *open, *end;

	if (len < 18 || line[len - 1] != ')' || !(open = strrchr(line, '(')) || open < line + 17)
		return -1;
	line[len - 1] = '\0';
	*dso = open + 1;
	open[0] = '\0';
	line[16] = '\0';
	*comm = trim(line);
	*ip = strtoull(line + 17, &end, 16);
	if (end == line + 17)
		return -1;
	*sym = trim(end);
	return **comm ? 0 : -1;
}

char *profile_summarise(const char *script, const char *event)
{
	return profile_summarise_dso(script, event, NULL);
}

char *profile_summarise_dso(const char *script, const char *event, const char *kernel_dso)
{
	char *text = xstrdup(script), *line, *save = NULL, *out = NULL;
	struct tally comms = { 0 }, syms = { 0 };
	size_t samples = 0, kernel, len = 0;
	FILE *f;

	for (line = strtok_r(text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		const char *comm, *sym, *dso;
		uint64_t ip;

		if (parse_sample(line, &comm, &ip, &sym, &dso) < 0)
			continue;
		samples++;
		if (in_kernel(dso, ip, kernel_dso))
			tally_add(&syms, *sym ? sym : "[unknown]");
		else
			tally_add(&comms, comm);
	}
	kernel = syms.n;
	tally_count(&comms);
	tally_count(&syms);
	if (!(f = open_memstream(&out, &len)))
		die(EXIT_NO_MEMORY, "out of memory");
	fprintf(f, "# contest profile: perf record %s over the compile's window\n",
		kernel_dso ? "-p of a UML guest's kernel (its binary's samples)" : "-a");
	fprintf(f, "event %s\nsamples %zu\nkernel %zu\n", event, samples, kernel);
	tally_write(f, "comm", &comms, KEEP_COMMS);
	tally_write(f, "sym", &syms, KEEP_SYMS);
	if (fclose(f) != 0)
		die(EXIT_NO_MEMORY, "out of memory");
	free(comms.keys);
	free(comms.counts);
	free(syms.keys);
	free(syms.counts);
	free(text);
	return out;
}

/* profile.c - perf record over the compile window, see profile.h */
#include "session/profile.h"
#include "session/loadproc.h"
#include "results/monitor-logs.h"
#include "loads/load.h"
#include "sys/perfctr.h"
#include "sys/pgroup.h"
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
};

int profile_check(char *why, size_t len)
{
	char *argv[] = { "perf", "--version", NULL };
	struct spawn_opts o = { .devnull_out = 1 };

	/* Debian's /usr/bin/perf is a wrapper that fails without the kernel's own perf */
	if (load_find_program("perf") == 0 && run_cmd(argv, &o) == 0)
		return 0;
	snprintf(why, len, "monitors = profile needs perf (apt-get install linux-perf)");
	return -1;
}

static char *path_of(const struct profile *p, const char *ext)
{
	return xasprintf("%s.%s", p->base, ext);
}

static void remove_files(const struct profile *p)
{
	static const char *const exts[] = { "perf.ctl", "perf.ack", "perf.data", "perf.data.old",
					    "perf.script" };

	for (size_t i = 0; i < ARRAY_SIZE(exts); i++) {
		char *path = path_of(p, exts[i]);

		unlink(path);
		free(path);
	}
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

int profile_start(struct profile *p, const char *base)
{
	char *ctl, *ack, *data, *fifos, *log;
	struct spawn_opts o = { .truncate_out = 1, .new_pgrp = 1 };
	int ret = -1;

	memset(p, 0, sizeof(*p));
	p->ctl = p->ack = -1;
	p->base = xstrdup(base);
	p->event = perfctr_can_count_cycles() ? "cycles" : "cpu-clock";
	remove_files(p);
	ctl = path_of(p, "perf.ctl");
	ack = path_of(p, "perf.ack");
	data = path_of(p, "perf.data");
	log = path_of(p, "perf.log");
	fifos = xasprintf("fifo:%s,%s", ctl, ack);
	if (mkfifo(ctl, 0600) < 0 || mkfifo(ack, 0600) < 0) {
		error("cannot make '%s': %s", ctl, strerror(errno));
		goto out;
	}
	{
		char freq[16];
		char *argv[] = { "perf", "record", "-a", "-e", (char *)p->event, "-F", freq,
				 "-B", "-N", "-D", "-1", "--control", fifos, "-o", data, NULL };

		snprintf(freq, sizeof(freq), "%d", PROFILE_FREQ);
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

/* tell perf cmd ("enable", "disable") and wait for its ack, bounded */
static void control(struct profile *p, const char *cmd)
{
	struct pollfd pfd = { .fd = p->ack, .events = POLLIN };
	char buf[64];

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

/* perf script of the data into base.perf.script; its text, NULL when it failed */
static char *script_text(const struct profile *p)
{
	char *data = path_of(p, "perf.data"), *out = path_of(p, "perf.script"), *text = NULL;
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

	if (p->ctl >= 0)
		close(p->ctl);
	if (p->ack >= 0)
		close(p->ack);
	p->ctl = p->ack = -1;
	if (p->pid > 0) {
		stop_perf(p);
		if ((text = script_text(p))) {
			summary = profile_summarise(text, p->event);
			path = path_of(p, "profile");
			write_summary(path, summary);
			free(path);
			free(summary);
			free(text);
		}
	}
	if (p->base)
		remove_files(p);
	free(p->base);
	p->base = NULL;
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

/* a dso (or an address with none) in the kernel: [kernel.kallsyms], vmlinux */
static int in_kernel(const char *dso, uint64_t ip)
{
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
		if (in_kernel(dso, ip))
			tally_add(&syms, *sym ? sym : "[unknown]");
		else
			tally_add(&comms, comm);
	}
	kernel = syms.n;
	tally_count(&comms);
	tally_count(&syms);
	if (!(f = open_memstream(&out, &len)))
		die(EXIT_NO_MEMORY, "out of memory");
	fprintf(f, "# contest profile: perf record -a over the compile's window\n");
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

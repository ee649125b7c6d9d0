/* load.c - the helpers every load uses (see load.h); the table is table.c */
#include "loads/load.h"
#include "lib/util.h"
#include "lib/proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>


uint64_t load_bytes(const struct load_env *env, struct config_size size)
{
	return config_bytes(size, env->ram);
}

void load_set_per_unit(struct load_env *env, uint64_t work_per_unit)
{
	if (env->ctr)
		atomic_store(&env->ctr->per_unit, work_per_unit);
}

/* raise published to at least v: writers race, the largest wins, it never shrinks */
static void publish_max(struct load_counter *c, uint64_t v)
{
	uint64_t old = atomic_load(&c->published);

	while (old < v && !atomic_compare_exchange_weak(&c->published, &old, v))
		;
}

void load_progress(struct load_env *env, uint64_t work)
{
	struct load_counter *c = env->ctr;
	uint64_t cur, per, frac, max = (1ULL << LOAD_FRAC_BITS) - 1;

	if (!c)
		return;
	atomic_fetch_add(&c->work, work);
	cur = atomic_fetch_add(&c->cur, work) + work;
	per = atomic_load(&c->per_unit);
	if (!per)
		return;
	frac = cur >= per ? max : (uint64_t)((unsigned __int128)cur << LOAD_FRAC_BITS) / per;
	publish_max(c, atomic_load(&c->units) << LOAD_FRAC_BITS | (frac < max ? frac : max));
}

void load_unit_done(struct load_env *env)
{
	struct load_counter *c = env->ctr;
	uint64_t units;

	if (!c)
		return;
	atomic_store(&c->cur, 0);
	units = atomic_fetch_add(&c->units, 1) + 1;
	publish_max(c, units << LOAD_FRAC_BITS);
}

double load_counter_read(const struct load_counter *c, uint64_t *whole)
{
	uint64_t v = atomic_load(&c->published);

	*whole = v >> LOAD_FRAC_BITS;
	return (double)*whole + (double)(v & ((1ULL << LOAD_FRAC_BITS) - 1)) /
		(double)(1ULL << LOAD_FRAC_BITS);
}

void load_fail(struct load_env *env, const char *fmt, ...)
{
	va_list ap;

	if (env->ctr) {
		va_start(ap, fmt);
		vsnprintf(env->ctr->why, sizeof(env->ctr->why), fmt, ap);
		va_end(ap);
		atomic_store(&env->ctr->failed, 1);
		fprintf(stderr, "%s: %s\n", env->name, env->ctr->why);
	}
	_exit(1);
}

int load_exec(struct load_env *env, char *const argv[], const char *cwd, const char *log)
{
	struct spawn_opts o = { .cwd = cwd, .out = log, .devnull_out = !log };
	pid_t pid;
	int st;

	(void)env;
	pid = spawn(argv, &o);
	if (pid < 0)
		return -1;
	while (load_reap(env->ctr, pid, &st) < 0) {
		if (errno != EINTR)
			return -1;
		if (proc_stopping())	/* the driver was interrupted: do not wait the program out */
			kill(pid, SIGKILL);
	}
	return st;
}

static struct load_reaper *reaper_slot(struct load_counter *c, pid_t pid, int make)
{
	for (int i = 0; i < LOAD_REAPERS; i++)
		if (atomic_load(&c->reapers[i].pid) == pid)
			return &c->reapers[i];
	for (int i = 0; make && i < LOAD_REAPERS; i++) {
		int none = 0;

		if (atomic_compare_exchange_strong(&c->reapers[i].pid, &none, (int)pid)) {
			atomic_store(&c->reapers[i].us, 0);
			return &c->reapers[i];
		}
	}
	return NULL;
}

double load_reaper_s(const struct load_counter *c, pid_t pid)
{
	for (int i = 0; i < LOAD_REAPERS; i++)
		if (atomic_load(&c->reapers[i].pid) == pid)
			return (double)atomic_load(&c->reapers[i].us) / 1e6;
	return 0;
}

static uint64_t tv_us(struct timeval tv)
{
	return (uint64_t)tv.tv_sec * 1000000 + (uint64_t)tv.tv_usec;
}

/*
 * The child's whole rusage enters our cutime; of it, what the child had
 * published itself is in reaped_us already, so only the rest is added,
 * and we record the whole as ours to subtract from our cutime.
 */
static void publish_reaped(struct load_counter *c, pid_t child, const struct rusage *ru)
{
	uint64_t us = tv_us(ru->ru_utime) + tv_us(ru->ru_stime), had = 0;
	struct load_reaper *r = reaper_slot(c, child, 0), *me;

	if (r) {
		had = atomic_load(&r->us);
		atomic_store(&r->pid, 0);
	}
	atomic_fetch_add(&c->reaped_us, us > had ? us - had : 0);
	me = reaper_slot(c, getpid(), 1);
	if (me)
		atomic_fetch_add(&me->us, us);
}

pid_t load_reap(struct load_counter *c, pid_t pid, int *status)
{
	siginfo_t si;
	struct rusage ru;
	pid_t got;

	if (!c)
		return waitpid(pid, status, 0);
	memset(&si, 0, sizeof(si));
	/* the zombie stays visible to readers until the reap is announced */
	if (waitid(pid > 0 ? P_PID : P_ALL, pid > 0 ? (id_t)pid : 0, &si, WEXITED | WNOWAIT) < 0)
		return -1;
	atomic_fetch_add(&c->reaps_begun, 1);
	while ((got = wait4(si.si_pid, status, 0, &ru)) < 0 && errno == EINTR)
		;
	if (got > 0)
		publish_reaped(c, got, &ru);
	atomic_fetch_add(&c->reaps_done, 1);
	return got;
}

char *load_path(const struct load_env *env, const char *name)
{
	return xasprintf("%s/%s", env->scratch, name);
}

int load_check_memory(const struct load_env *env, uint64_t want, char *why, size_t whylen)
{
	/* keep a margin of an eighth of RAM (at least 64 MiB) for the compile and the kernel */
	uint64_t margin = env->ram / 8 > (64ULL << 20) ? env->ram / 8 : 64ULL << 20;
	uint64_t room = env->ram + env->swap;

	if (want + margin <= room)
		return 0;
	snprintf(why, whylen, "needs %llu MiB but memory plus swap holds %llu MiB "
		 "(less a %llu MiB margin); add swap (swapfile = SIZE) or lower size",
		 (unsigned long long)(want >> 20), (unsigned long long)(room >> 20),
		 (unsigned long long)(margin >> 20));
	return -1;
}

int load_write_zeros(struct load_env *env, const char *path, uint64_t size, int count)
{
	static const char zeros[1 << 20];
	int fd = open_write_file(path, O_TRUNC, 0644);	/* never through a link planted there */
	int saved;

	if (fd < 0)
		return -1;
	while (size) {
		size_t n = size < sizeof(zeros) ? (size_t)size : sizeof(zeros);

		if (proc_stopping()) {
			errno = EINTR;
			goto fail;
		}
		if (write_all(fd, zeros, n) < 0)
			goto fail;
		size -= n;
		if (count)
			load_progress(env, n);
	}
	if (close(fd) < 0)
		return -1;
	return 0;
fail:
	saved = errno;
	close(fd);
	errno = saved;
	return -1;
}

int load_check_disk(const char *dir, uint64_t want, char *why, size_t whylen)
{
	uint64_t margin = want / 64 > (64ULL << 20) ? want / 64 : 64ULL << 20;
	uint64_t avail;
	struct statvfs sv;
	char *path, *slash;

	if (!dir || !*dir)
		return 0;	/* no scratch yet (contest list): nothing to ask */
	path = xstrdup(dir);

	/* before prepare the directory may not exist yet: ask its ancestor */
	while (statvfs(path, &sv) < 0) {
		slash = strrchr(path, '/');
		if (!slash || slash == path) {
			strcpy(path, slash ? "/" : ".");
			if (statvfs(path, &sv) < 0) {
				free(path);
				return 0;	/* cannot tell; let the writes say */
			}
			break;
		}
		*slash = '\0';
	}
	avail = (uint64_t)sv.f_bavail * sv.f_frsize;
	if (want + margin <= avail) {
		free(path);
		return 0;
	}
	snprintf(why, whylen, "needs %llu MiB on the filesystem of '%s' but %llu MiB are free "
		 "(less a %llu MiB margin); lower size",
		 (unsigned long long)(want >> 20), path, (unsigned long long)(avail >> 20),
		 (unsigned long long)(margin >> 20));
	free(path);
	return -1;
}

int load_find_program(const char *prog)
{
	return proc_find_program(prog);
}

pid_t load_fork(void)
{
	pid_t parent = getpid();
	pid_t pid = fork();

	if (pid == 0) {
		prctl(PR_SET_PDEATHSIG, SIGKILL);
		/* the leader died between fork and prctl: no signal will come */
		if (getppid() != parent)
			_exit(1);
	}
	return pid;
}

void load_fail_exec(struct load_env *env, const char *prog, int status, const char *log)
{
	char what[64], last[160] = "";
	char *text = log ? read_text_file(log, NULL) : NULL;

	if (status < 0)
		snprintf(what, sizeof(what), "could not be started");
	else
		proc_status_text(status, what, sizeof(what));
	if (text) {
		char *end = text + strlen(text), *start;

		while (end > text && (end[-1] == '\n' || end[-1] == ' '))
			*--end = '\0';
		start = strrchr(text, '\n');
		snprintf(last, sizeof(last), ": %s", start ? start + 1 : text);
		if (!text[0])
			last[0] = '\0';
		free(text);
	}
	load_fail(env, "%s %s%s", prog, what, last);
}

int load_tar_tree(struct load_env *env, const char *archive, const char *log)
{
	char *tree = env->tree ? realpath(env->tree, NULL) : NULL;
	char *slash = tree ? strrchr(tree, '/') : NULL;
	char *parent;
	int st;

	if (!slash || !slash[1]) {	/* no tree, or "/" */
		free(tree);
		return -1;
	}
	parent = slash == tree ? xstrdup("/") : xasprintf("%.*s", (int)(slash - tree), tree);
	char *argv[] = { "tar", "cf", (char *)archive, "-C", parent, slash + 1, NULL };

	if (log && truncate(log, 0) < 0 && errno != ENOENT)
		log = NULL;
	st = load_exec(env, argv, NULL, log);
	free(parent);
	free(tree);
	if (st >= 0 && WIFEXITED(st) && WEXITSTATUS(st) <= 1)
		return 0;
	return st;
}

int load_check_tree(const struct load_env *env, char *why, size_t whylen)
{
	struct stat st;

	if (!env->tree || !*env->tree) {
		snprintf(why, whylen, "the workload has no source tree to archive");
		return -1;
	}
	if (stat(env->tree, &st) < 0 || !S_ISDIR(st.st_mode)) {
		snprintf(why, whylen, "the tree '%s' is not a directory", env->tree);
		return -1;
	}
	return 0;
}

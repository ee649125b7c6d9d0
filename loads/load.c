/* load.c - the load table and the helpers every load uses (see load.h) */
#include "loads.h"
#include "util.h"
#include "proc.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <sys/statvfs.h>
#include <sys/wait.h>
#include <unistd.h>

volatile sig_atomic_t load_interrupted;

const struct load *const load_table[] = {
#define X(name) &load_##name,
	LOAD_TABLE(X)
#undef X
	NULL
};

const struct load *load_find(const char *name)
{
	for (size_t i = 0; load_table[i]; i++)
		if (!strcmp(load_table[i]->name, name))
			return load_table[i];
	return NULL;
}

uint64_t load_size(const struct load_env *env, const char *key)
{
	return config_size(env->cfg, env->name, key, env->ram);
}

long long load_int(const struct load_env *env, const char *key)
{
	return config_int(env->cfg, env->name, key);
}

const char *load_str(const struct load_env *env, const char *key)
{
	return config_str(env->cfg, env->name, key);
}

double load_double(const struct load_env *env, const char *key)
{
	return config_double(env->cfg, env->name, key);
}

void load_set_per_unit(struct load_env *env, uint64_t work_per_unit)
{
	if (env->ctr)
		atomic_store(&env->ctr->per_unit, work_per_unit);
}

void load_progress(struct load_env *env, uint64_t work)
{
	if (!env->ctr)
		return;
	atomic_fetch_add(&env->ctr->work, work);
	atomic_fetch_add(&env->ctr->cur, work);
}

void load_unit_done(struct load_env *env)
{
	if (!env->ctr)
		return;
	/* cur first: a reader seeing the new unit count must not add a full cur */
	atomic_store(&env->ctr->cur, 0);
	atomic_fetch_add(&env->ctr->units, 1);
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
	if (proc_wait(pid, &st) < 0)
		return -1;
	return st;
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
	int fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
	int saved;

	if (fd < 0)
		return -1;
	while (size) {
		size_t n = size < sizeof(zeros) ? (size_t)size : sizeof(zeros);

		if (load_interrupted) {
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
	const char *p = getenv("PATH");
	int found = -1;

	if (!prog || !*prog)
		return -1;
	if (strchr(prog, '/'))
		return access(prog, X_OK);
	if (!p || !*p)
		p = "/usr/local/bin:/usr/bin:/bin";
	while (found < 0 && *p) {
		size_t len = strcspn(p, ":");
		/* an empty PATH entry means the current directory */
		char *cand = len ? xasprintf("%.*s/%s", (int)len, p, prog) : xasprintf("./%s", prog);

		found = access(cand, X_OK);
		free(cand);
		p += len;
		if (*p == ':')
			p++;
	}
	return found;
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
	else if (WIFSIGNALED(status))
		snprintf(what, sizeof(what), "killed by signal %d", WTERMSIG(status));
	else
		snprintf(what, sizeof(what), "exited with status %d", WEXITSTATUS(status));
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

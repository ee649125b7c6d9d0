/* session.c - see session.h */
#include "session/session.h"
#include "session/profile.h"
#include "results/store.h"
#include "sys/cgroup.h"
#include "lib/proc.h"
#include "sys/scratch.h"
#include "sys/signals.h"
#include "record/env.h"
#include "loads/loads.h"
#include "sys/swap.h"
#include "lib/util.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/stat.h>
#include <unistd.h>

/* ---- signals ---- */

void session_signals(void)
{
	signals_install();
	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* orphans of the load and compile come to us */
}

/* ---- setup ---- */

/*
 * The paths of the top-level keys, made absolute against the directory run
 * started in: the compile, the loads and outside programs run elsewhere
 * (cwd = the tree, the scratch directory), and the env file should say
 * where things really were.
 */
int session_absolute_paths(struct config *cfg)
{
	char cwd[4096];

	if (!getcwd(cwd, sizeof(cwd)))
		return error("cannot get the current directory: %s", strerror(errno));
	for (const struct config_option *o = config_keys; o->name; o++) {
		const char *field = (const char *)contest_config(cfg) + o->off;
		const char *v = config_text(cfg, NULL, o);
		char *abs, *origin;
		int ret;

		if (o->type != OPT_PATH || !*v || *v == '/')
			continue;
		abs = xasprintf("%s/%s", cwd, v);
		origin = xstrdup(config_origin(cfg, field));
		ret = config_set_field(cfg, field, abs, origin);
		free(origin);
		free(abs);
		if (ret < 0)
			return -1;
	}
	return 0;
}

int session_init(struct session *s, struct config *cfg, const char *kernel)
{
	const struct contest_config *cc = contest_config(cfg);

	memset(s, 0, sizeof(*s));
	s->cfg = cfg;
	s->cc = cc;
	s->kernel = kernel;
	s->kdir = results_path(cc->main.results, kernel, NULL);
	s->logdir = results_path(s->kdir, NULL, "logs");
	s->scratch_root = xasprintf("%s/scratch", cc->main.work_dir);
	s->ram = contest_ram(cc);
	s->load_lead_s = cc->main.load_lead;
	s->grace_s = cc->main.stop_grace;
	s->quiet_wait_s = cc->main.quiet_wait;
	s->quiet_idle_pct = cc->main.quiet_idle.value;
	s->flush = cc->main.flush;
	s->monitors.mask = monitors_parse(cc->main.monitors);
	s->tty = isatty(2);
	if (monitors_want_profile(s->monitors.mask)) {
		char why[128];

		if (profile_check(why, sizeof(why)) < 0)
			return error("%s", why);
	}
	return workload_init(&s->wl, cfg);
}

static char *swap_path(const struct contest_config *cc)
{
	const char *p = cc->main.swapfile_path;

	return *p ? xstrdup(p) : xasprintf("%s/contest.swap", cc->main.work_dir);
}

/* the fingerprint as text, or NULL (said) when a fact could not be read */
static char *env_text(struct session *s)
{
	char *text = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&text, &len);
	int ret;

	if (!f)
		die(EXIT_NO_MEMORY, "out of memory");
	/* first: the config section fingerprint_write ends with runs to the end */
	fprintf(f, "%s: %s\n%s", ENV_KEY(knobs), s->knobs ? s->knobs : "none", s->how ? s->how : "");
	ret = contest_fingerprint(f, s->cfg, s->wl.tree ? s->wl.tree : ".");
	if (fclose(f) != 0)
		die(EXIT_NO_MEMORY, "out of memory");
	if (ret == 0)
		return text;
	free(text);
	return NULL;
}

/* is env key (config.LOAD.KEY) one the sweep sets? Then it differs on purpose */
static int swept_key(const struct session *s, const char *key)
{
	size_t len;

	if (!s->sweep || strncmp(key, ENV_CONFIG_PREFIX, strlen(ENV_CONFIG_PREFIX)))
		return 0;
	key += strlen(ENV_CONFIG_PREFIX);
	len = strlen(key);
	for (const char *p = s->sweep; *p; p += strcspn(p, ","), p += *p == ',')
		if (!strncmp(p, key, len) && p[len] == '=')
			return 1;
	return 0;
}

/* say so when the env differs from the one the kernel's earlier runs had */
static void compare_env(struct session *s, const char *old, const char *cur)
{
	char **keys = NULL;
	int said = 0;

	if (old && fingerprint_differences(old, cur, &keys) > 0) {
		for (char **k = keys; *k; k++) {
			if (swept_key(s, *k))
				continue;
			if (!said++)
				warning("%s's earlier runs were measured in another environment; "
					"it differs in:", s->kernel);
			fprintf(stderr, "  %s\n", *k);
		}
	}
	fingerprint_keys_free(keys);
}

/*
 * env: written new each session, from facts gathered first, so that one
 * that cannot be read (no descriptor left, an I/O error) leaves the env
 * of the earlier runs as it was
 */
static int write_env(struct session *s)
{
	char *path = results_path(s->kdir, NULL, "env"), *tmp = results_path(s->kdir, NULL, "env.tmp");
	char *cur = env_text(s), *old = NULL;
	int fd = -1, ret = -1;

	if (!cur) {
		error("'%s' is left as it was", path);
		goto out;
	}
	old = read_regular_file(path, NULL);	/* a FIFO there would hang the run */
	fd = open_write_file(tmp, O_TRUNC, 0666);
	if (fd < 0) {
		error("cannot write '%s': %s", tmp, file_strerror(errno));
		goto out;
	}
	ret = write_all(fd, cur, strlen(cur));
	if (close(fd) < 0 || ret < 0 || rename(tmp, path) < 0) {
		ret = error("cannot write '%s': %s", path, strerror(errno));
		unlink(tmp);
		goto out;
	}
	compare_env(s, old, cur);
out:
	free(old);
	free(cur);
	free(path);
	free(tmp);
	return ret;
}

static int start_swap(struct session *s)
{
	uint64_t size = config_bytes(s->cc->main.swapfile, s->ram);

	if (!size)
		return 0;
	s->swapfile = swap_path(s->cc);
	if (mkdir_p(s->cc->main.work_dir, 0755) < 0 ||
	    swap_on(s->swapfile, size) < 0) {
		free(s->swapfile);
		s->swapfile = NULL;
		return error("cannot set up the swap file");
	}
	return 0;	/* in the registry: swap_on put it there */
}

int session_start(struct session *s)
{
	uint64_t total = memtotal_bytes();
	uint64_t limit = config_bytes(s->cc->main.mem_limit, total);
	double cpus = s->cc->main.cpu_limit.value;
	struct stat st;

	if (cgroup_session_init(&s->cg, NULL, limit, cpus) < 0)
		return -1;
	if (start_swap(s) < 0)
		return -1;
	s->swap = meminfo_bytes("SwapFree");
	if (mkdir_p(s->logdir, 0755) < 0)
		return error("cannot create '%s': %s", s->logdir, strerror(errno));
	/* mkdir_p takes a symbolic link to a directory as one: the logs
	 * would go wherever whoever owns KERNEL pointed it */
	if (lstat(s->logdir, &st) < 0)
		return error("cannot stat '%s': %s", s->logdir, strerror(errno));
	if (!S_ISDIR(st.st_mode))
		return error("'%s' is %s; contest writes its logs only into a directory "
			     "of its own", s->logdir,
			     S_ISLNK(st.st_mode) ? "a symbolic link" : "not a directory");
	return write_env(s);
}

/* ---- scratch ---- */

int session_scratch_make(const char *dir)
{
	if (mkdir_p(dir, 0755) < 0)
		return -1;
	scratch_register(dir);
	return 0;
}

void session_scratch_remove(const char *dir)
{
	if (rm_rf(dir) < 0)
		warning("cannot remove '%s': %s", dir, strerror(errno));
	scratch_forget(dir);
}

/* ---- teardown ---- */

int session_finish(struct session *s)
{
	int ret = 0;

	rmdir(s->scratch_root);
	if (s->swapfile) {
		if (swap_off(s->swapfile) < 0)
			ret = -1;
		free(s->swapfile);
		s->swapfile = NULL;
	}
	cgroup_session_release(&s->cg);
	return ret;
}

void session_release(struct session *s)
{
	workload_release(&s->wl);
	free(s->kdir);
	free(s->logdir);
	free(s->scratch_root);
	free(s->swapfile);
	free(s->knobs);
	s->knobs = NULL;
	free(s->how);
	s->how = NULL;
}

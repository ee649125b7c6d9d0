/* list_load.c - ls -lRa of a tree (default /), again and again (contest 0.61)
 *
 * ls has no way to skip a filesystem, so the listing is `ls -lRa -- ENTRY...`
 * over the entries of dir, leaving out every entry that lives on a pseudo
 * filesystem (/proc, /sys, /dev and the like: endless or volatile, and no
 * disk behind them). A pseudo filesystem mounted deeper, below a real
 * directory (say a tmpfs under /run/user, or a cgroup fs somewhere odd),
 * is still listed with its parent: checking each directory would mean
 * walking the tree ourselves instead of running ls. tmpfs is kept on
 * purpose: it holds real, bounded files (/tmp, /run) a user's `ls -lR /`
 * shows, and devtmpfs (/dev) is skipped anyway.
 */
#include "loads/load.h"
#include "lib/mounts.h"
#include "lib/util.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

#define LIST_BATCH 512	/* entries per ls, far below ARG_MAX */

/* the load's keys, its [list_load] section */
struct list_keys {
	const char *dir;
};

static const struct config_option list_options[] = {
	LOAD_KEY(struct list_keys, dir, OPT_PATH, "/", "the tree listed; pseudo filesystems among its entries are skipped", NULL, 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

static const char *const pseudo_fs[] = {
	"proc", "sysfs", "devtmpfs", "devpts", "cgroup", "cgroup2", "securityfs",
	"debugfs", "tracefs", "pstore", "bpf", "configfs", "fusectl", "mqueue",
	"hugetlbfs", "autofs", "binfmt_misc", "efivarfs", "rpc_pipefs", "nsfs",
	"selinuxfs", NULL
};


static int is_pseudo(const char *fstype)
{
	for (int i = 0; pseudo_fs[i]; i++)
		if (!strcmp(pseudo_fs[i], fstype))
			return 1;
	return 0;
}

/* path is on a pseudo fs when the mount holding it is one */
static int on_pseudo(const char *path, const struct mount_table *t)
{
	const struct mount *m = mounts_holding(t, path);

	return m && is_pseudo(m->fstype);
}

static int cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* the entries of dir to hand ls, NULL-terminated and sorted; NULL with why when dir cannot be read */
static char **list_entries(const char *dir, size_t *count, char *why, size_t whylen)
{
	char *root = realpath(dir, NULL);
	DIR *d = root ? opendir(root) : NULL;
	struct mount_table t;
	struct dirent *de;
	size_t n = 0;
	char **v = NULL;

	if (!d) {
		snprintf(why, whylen, "cannot list '%s': %s", dir, strerror(errno));
		free(root);
		return NULL;
	}
	mounts_read(&t);	/* unreadable: nothing is known to be pseudo */
	while ((de = readdir(d))) {
		char *path;

		if (!strcmp(de->d_name, ".") || !strcmp(de->d_name, ".."))
			continue;
		path = xasprintf("%s/%s", strcmp(root, "/") ? root : "", de->d_name);
		if (on_pseudo(path, &t)) {
			free(path);
			continue;
		}
		v = xrealloc(v, (n + 2) * sizeof(*v));
		v[n++] = path;
	}
	closedir(d);
	mounts_free(&t);
	free(root);
	if (!n) {
		snprintf(why, whylen, "nothing to list in '%s' (empty, or only pseudo filesystems)", dir);
		free(v);
		return NULL;
	}
	qsort(v, n, sizeof(*v), cmp_str);
	v[n] = NULL;
	*count = n;
	return v;
}

static void free_entries(char **v)
{
	for (size_t i = 0; v && v[i]; i++)
		free(v[i]);
	free(v);
}

static int list_supported(const struct load_env *env, char *why, size_t whylen)
{
	size_t n;
	char **v = list_entries(((const struct list_keys *)env->opts)->dir, &n, why, whylen);

	free_entries(v);
	return v ? 0 : -1;
}

static int list_prepare(struct load_env *env)
{
	(void)env;
	return 0;
}

static int list_run(struct load_env *env)
{
	char why[256];
	char *argv[3 + LIST_BATCH + 1] = { "ls", "-lRa", "--" };

	for (;;) {
		/* read afresh each time: entries and mounts come and go */
		size_t n;
		char **v = list_entries(((const struct list_keys *)env->opts)->dir, &n, why, sizeof(why));

		if (!v)
			load_fail(env, "%s", why);
		for (size_t i = 0; i < n; i += LIST_BATCH) {
			size_t k = n - i < LIST_BATCH ? n - i : LIST_BATCH;
			int st;

			memcpy(argv + 3, v + i, k * sizeof(*v));
			argv[3 + k] = NULL;
			st = load_exec(env, argv, NULL, NULL);
			/* 1: a file vanished mid-listing; 2: an entry did (the compile is writing) */
			if (st < 0 || !WIFEXITED(st) || WEXITSTATUS(st) > 2)
				load_fail_exec(env, "ls", st, NULL);
		}
		free_entries(v);
		load_unit_done(env);
	}
}

static void list_cleanup(struct load_env *env)
{
	(void)env;
}

const struct load load_list_load = {
	.name = "list_load",
	.unit = "listing completed",
	.help = "ls -lRa of `dir` (/), skipping pseudo filesystems, output to /dev/null, again and again",
	.options = list_options,
	.options_size = sizeof(struct list_keys),
	.supported = list_supported,
	.prepare = list_prepare,
	.run = list_run,
	.cleanup = list_cleanup,
};

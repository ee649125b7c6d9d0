/* fingerprint.c - what the env file and `contest env` hold (see fingerprint.h) */
#include "sys/fingerprint.h"
#include "lib/buildenv.h"
#include "lib/mounts.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/utsname.h>
#include <sched.h>

#define CONFIG_MARK "config:"

/* "23.5 GiB" */
static void human_bytes(uint64_t n, char *buf, size_t size)
{
	static const char *const units[] = { "B", "KiB", "MiB", "GiB", "TiB" };
	double v = (double)n;
	size_t u = 0;

	while (v >= 1024 && u + 1 < ARRAY_SIZE(units)) {
		v /= 1024;
		u++;
	}
	snprintf(buf, size, u ? "%.1f %s" : "%.0f %s", v, units[u]);
}

static void put_bytes(FILE *out, const char *key, uint64_t n)
{
	char h[32];

	human_bytes(n, h, sizeof(h));
	fprintf(out, "%s: %llu (%s)\n", key, (unsigned long long)n, h);
}

/*
 * A fact that cannot be read is "unknown" when this machine has no such
 * file (no cpufreq, no THP, a tree not made yet); any other error (EMFILE,
 * EIO, EACCES) fails the fingerprint, which must not write "unknown" over
 * what env recorded of the same machine.
 */
struct facts {
	FILE *out;
	int failed;
};

/* errno says why path could not be read: 0 when it is missing here, else -1 (said once) */
static int unreadable(struct facts *f, const char *path)
{
	if (errno == ENOENT || errno == ENOTDIR || errno == ENODATA)
		return 0;
	if (!f->failed)
		error("cannot read '%s' for the environment: %s", path, strerror(errno));
	f->failed = 1;
	return -1;
}

/* the value after "key<spaces>:" on the first such line of a /proc file:
 * 0, 1 when no line has it, -1 with errno when the file cannot be read */
static int proc_field(const char *path, const char *key, char *buf, size_t size)
{
	FILE *f = fopen(path, "re");
	char line[1024];
	size_t klen = strlen(key);
	int ret = 1, e;

	if (!f)
		return -1;
	while (ret > 0 && fgets(line, sizeof(line), f)) {
		char *colon = strchr(line, ':');

		if (!colon || strncmp(line, key, klen) || line[klen + strspn(line + klen, " \t")] != ':')
			continue;
		snprintf(buf, size, "%s", trim(colon + 1));
		ret = 0;
	}
	e = errno;
	if (ret > 0 && ferror(f))
		ret = -1;
	fclose(f);
	errno = e;
	return ret;
}

/* the filesystem type of the mount holding path (mounts_holding) */
static void tree_fs(struct facts *fa, const char *path, char *buf, size_t size)
{
	struct mount_table t;
	const struct mount *m;

	snprintf(buf, size, "unknown");
	if (mounts_read(&t) < 0) {
		unreadable(fa, "/proc/self/mountinfo");
		return;
	}
	if ((m = mounts_holding(&t, path)))
		snprintf(buf, size, "%s", m->fstype);
	mounts_free(&t);
}

/*
 * The scheduler of the disk under path: a partition has no queue of its
 * own, its parent disk does. Filesystems without a block device (tmpfs,
 * overlay, btrfs's anonymous st_dev, NFS) give "unknown".
 */
static void io_scheduler(struct facts *f, const char *path, char *buf, size_t size)
{
	struct stat st;
	char sys[128];

	snprintf(buf, size, "unknown");
	if (stat(path, &st) < 0) {
		unreadable(f, path);
		return;
	}
	if (major(st.st_dev) == 0)
		return;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/queue/scheduler",
		 major(st.st_dev), minor(st.st_dev));
	if (read_active_choice(sys, buf, size) == 0 || unreadable(f, sys) < 0)
		return;
	snprintf(sys, sizeof(sys), "/sys/dev/block/%u:%u/../queue/scheduler",
		 major(st.st_dev), minor(st.st_dev));
	if (read_active_choice(sys, buf, size) < 0) {
		unreadable(f, sys);
		snprintf(buf, size, "unknown");
	}
}

static const char *or_none(const char *s)
{
	return s && *s ? s : "none";
}

/* the CPUs this process may run on, as ranges: "0-3,6" (taskset, cpusets) */
static void write_affinity(FILE *out)
{
	cpu_set_t set;
	const char *sep = "";
	int cpu, first;

	if (sched_getaffinity(0, sizeof(set), &set) < 0) {
		fprintf(out, "affinity: unknown\n");
		return;
	}
	fprintf(out, "affinity: ");
	for (cpu = 0; cpu < CPU_SETSIZE; cpu++) {
		if (!CPU_ISSET(cpu, &set))
			continue;
		for (first = cpu; cpu + 1 < CPU_SETSIZE && CPU_ISSET(cpu + 1, &set); cpu++)
			;
		if (first == cpu)
			fprintf(out, "%s%d", sep, cpu);
		else
			fprintf(out, "%s%d-%d", sep, first, cpu);
		sep = ",";
	}
	fputc('\n', out);
}

/* "key: LINE" from the first line of path, or dflt when this machine has none */
static void put_line_file(struct facts *f, const char *key, const char *path, int active,
			  const char *dflt)
{
	char buf[4096];
	int ret = active ? read_active_choice(path, buf, sizeof(buf)) :
		  read_line_file(path, buf, sizeof(buf));

	if (ret < 0)
		unreadable(f, path);
	fprintf(f->out, "%s: %s\n", key, ret == 0 ? trim(buf) : dflt);
}

static void put_meminfo(struct facts *f, const char *key, const char *field)
{
	uint64_t n = 0;

	if (meminfo_read(field, &n) < 0)
		unreadable(f, "/proc/meminfo");
	put_bytes(f->out, key, n);
}

static void write_system(struct facts *f, const struct config *cfg)
{
	const char *host = config_str(cfg, NULL, "host");
	struct utsname u;
	char buf[4096];
	int ret;

	if (*host)
		fprintf(f->out, "host: %s\n", host);
	else
		fprintf(f->out, "host: %s\n", uname(&u) == 0 ? u.nodename : "unknown");
	if (uname(&u) == 0)
		fprintf(f->out, "uname: %s %s %s %s %s\n", u.sysname, u.nodename, u.release,
			u.version, u.machine);
	else
		fprintf(f->out, "uname: unknown\n");
	put_line_file(f, "cmdline", "/proc/cmdline", 0, "unknown");
	ret = proc_field("/proc/cpuinfo", "model name", buf, sizeof(buf));
	if (ret < 0)
		unreadable(f, "/proc/cpuinfo");
	fprintf(f->out, "cpu_model: %s\n", ret == 0 ? buf : "unknown");
	fprintf(f->out, "cpus: %d\n", ncpus());
	fprintf(f->out, "cpus_usable: %d\n", ncpus_usable());
	write_affinity(f->out);
	put_meminfo(f, "memtotal", "MemTotal");
	put_meminfo(f, "swap_total", "SwapTotal");
}

static void write_tree(struct facts *f, const char *tree)
{
	char real[PATH_MAX], buf[256];
	const char *path = realpath(tree, real) ? real : tree;

	if (path == tree)
		unreadable(f, tree);
	fprintf(f->out, "tree: %s\n", path);
	tree_fs(f, path, buf, sizeof(buf));
	fprintf(f->out, "tree_fs: %s\n", buf);
	io_scheduler(f, path, buf, sizeof(buf));
	fprintf(f->out, "io_scheduler: %s\n", buf);
}

static void write_tuning(struct facts *f)
{
	put_line_file(f, "governor", "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", 0,
		      "none");
	put_line_file(f, "thp", "/sys/kernel/mm/transparent_hugepage/enabled", 1, "unknown");
}

/* how a --boot guest was booted, which boot.c hands the contest inside
 * (guest, guest_mem, guest_boot_args...); "guest: none" on bare metal */
static void write_guest(FILE *out)
{
	const char *g = getenv("CONTEST_GUEST");

	if (!g || strncmp(g, "guest: ", 7)) {
		fprintf(out, "guest: none\n");
		return;
	}
	fputs(g, out);
	if (g[strlen(g) - 1] != '\n')
		fputc('\n', out);
}

int fingerprint_write(FILE *out, const struct config *cfg, const char *tree)
{
	struct facts f = { out, 0 };

	write_system(&f, cfg);
	write_guest(out);
	fprintf(out, "mem_limit: %s\n", or_none(config_str(cfg, NULL, "mem_limit")));
	fprintf(out, "cpu_limit: %s\n", or_none(config_str(cfg, NULL, "cpu_limit")));
	write_tree(&f, tree && *tree ? tree : ".");
	write_tuning(&f);
	buildenv_write(out);
	fprintf(out, "contest_version: %s\n", CONTEST_VERSION);
	fprintf(out, CONFIG_MARK "\n");
	config_dump(cfg, out);
	return f.failed ? -1 : 0;
}

/* ---- reading env texts back, for compare ---- */

struct env_kv {
	char *key, *value;
};

struct env {
	struct env_kv *v;
	size_t n, alloc;
};

static void env_add(struct env *e, char *key, const char *value)
{
	if (e->n == e->alloc) {
		e->alloc = e->alloc ? 2 * e->alloc : 32;
		e->v = xrealloc(e->v, e->alloc * sizeof(*e->v));
	}
	e->v[e->n].key = key;
	e->v[e->n].value = xstrdup(value);
	e->n++;
}

/* one config line: "[section]" or "key = value" */
static void env_config_line(struct env *e, char *line, char **section)
{
	char *eq = strchr(line, '='), *end = line + strlen(line);

	if (line[0] == '[' && end > line + 1 && end[-1] == ']') {
		free(*section);
		end[-1] = '\0';
		*section = xstrdup(line + 1);
		return;
	}
	if (!eq)
		return;
	*eq = '\0';
	if (*section)
		env_add(e, xasprintf("config.%s.%s", *section, trim(line)), trim(eq + 1));
	else
		env_add(e, xasprintf("config.%s", trim(line)), trim(eq + 1));
}

/* fingerprint lines "key: value", then after "config:" the config dump,
 * whose keys become "config.KEY" and "config.SECTION.KEY" */
static void env_parse(struct env *e, const char *text)
{
	char *copy = xstrdup(text ? text : ""), *line, *save = NULL, *section = NULL;
	int in_config = 0;

	for (line = strtok_r(copy, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *t = trim(line), *colon;

		if (!*t || *t == '#')
			continue;
		if (!strcmp(t, CONFIG_MARK)) {
			in_config = 1;
		} else if (in_config) {
			env_config_line(e, t, &section);
		} else if ((colon = strchr(t, ':'))) {
			*colon = '\0';
			env_add(e, xstrdup(trim(t)), trim(colon + 1));
		}
	}
	free(section);
	free(copy);
}

static void env_free(struct env *e)
{
	for (size_t i = 0; i < e->n; i++) {
		free(e->v[i].key);
		free(e->v[i].value);
	}
	free(e->v);
}

static const char *env_get(const struct env *e, const char *key)
{
	for (size_t i = 0; i < e->n; i++)
		if (!strcmp(e->v[i].key, key))
			return e->v[i].value;
	return NULL;
}

char *fingerprint_value(const char *env_text, const char *key)
{
	struct env e = { 0 };
	const char *v;
	char *ret;

	env_parse(&e, env_text);
	v = env_get(&e, key);
	ret = v ? xstrdup(v) : NULL;
	env_free(&e);
	return ret;
}

/* keys that differ between kernels, or that say nothing about the
 * machine a run measured (see fingerprint.h); the two limits are said
 * once, by the fingerprint's own mem_limit and cpu_limit lines */
static const char *const ignored_keys[] = {
	"uname", "cmdline", "config.results", "config.runs", "config.loads", "config.host",
	"config.mem_limit", "config.cpu_limit",
};

static int ignored(const char *key)
{
	for (size_t i = 0; i < ARRAY_SIZE(ignored_keys); i++)
		if (!strcmp(key, ignored_keys[i]))
			return 1;
	return 0;
}

/*
 * MemTotal moves a little from kernel to kernel (reserved memory, the
 * kernel's own size), so byte counts within 4 MiB are the same machine;
 * more is a different memory size, as mem=1008m against mem=1024m (16 MiB)
 * in the 2002 posts, and must be seen.
 */
#define SAME_BYTES (4.0 * 1024 * 1024)

static int same_value(const char *key, const char *a, const char *b)
{
	if (!strcmp(a, b))
		return 1;
	if (strcmp(key, "memtotal") && strcmp(key, "swap_total"))
		return 0;
	return fabs(strtod(a, NULL) - strtod(b, NULL)) <= SAME_BYTES;
}

/*
 * A user-mode-linux guest's MemTotal moves by several MiB from boot to
 * boot at the same mem= (seen: 1011 to 1018 MB at mem=1024M, three
 * boots), more than SAME_BYTES. Two runs in guests were given their memory
 * by guest_mem: the machine's memory differs exactly when that does.
 */
static int same_memtotal(const struct env *a, const struct env *b, const char *va,
			 const char *vb)
{
	const char *ga = env_get(a, "guest_mem"), *gb = env_get(b, "guest_mem");

	if (ga && gb)
		return !strcmp(ga, gb);
	return same_value("memtotal", va, vb);
}

int fingerprint_differences(const char *env_a, const char *env_b, char ***keys_out)
{
	struct env a = { 0 }, b = { 0 };
	char **keys = xcalloc(1, sizeof(*keys));
	int n = 0;

	env_parse(&a, env_a);
	env_parse(&b, env_b);
	for (size_t i = 0; i < a.n; i++) {
		const char *vb = env_get(&b, a.v[i].key);

		if (!vb || ignored(a.v[i].key))
			continue;
		if (!strcmp(a.v[i].key, "memtotal") ? same_memtotal(&a, &b, a.v[i].value, vb) :
		    same_value(a.v[i].key, a.v[i].value, vb))
			continue;
		keys = xrealloc(keys, (size_t)(n + 2) * sizeof(*keys));
		keys[n++] = xstrdup(a.v[i].key);
		keys[n] = NULL;
	}
	env_free(&a);
	env_free(&b);
	if (keys_out)
		*keys_out = keys;
	else
		fingerprint_keys_free(keys);
	return n;
}

void fingerprint_keys_free(char **keys)
{
	for (size_t i = 0; keys && keys[i]; i++)
		free(keys[i]);
	free(keys);
}

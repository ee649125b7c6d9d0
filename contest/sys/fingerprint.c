/* fingerprint.c - what the env file and `contest env` hold (see fingerprint.h) */
#include "sys/fingerprint.h"
#include "sys/knob.h"
#include "lib/buildenv.h"
#include "lib/mounts.h"
#include "lib/proc.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/utsname.h>
#include <sched.h>
#include <unistd.h>

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
/*
 * stat of path, or of its nearest ancestor that exists: a tree not made
 * yet (the first session's synthetic tree) will be made on its disk
 */
static int stat_nearest(const char *path, struct stat *st)
{
	char *p = xstrdup(path), *slash;
	int ret;

	while ((ret = stat(p, st)) < 0 && errno == ENOENT && (slash = strrchr(p, '/')) &&
	       slash != p)
		*slash = '\0';
	if (ret < 0 && errno == ENOENT && p[0] == '/')
		ret = stat("/", st);
	free(p);
	return ret;
}

static void io_scheduler(struct facts *f, const char *path, char *buf, size_t size)
{
	struct stat st;
	char sys[128];

	snprintf(buf, size, "unknown");
	if (stat_nearest(path, &st) < 0) {
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

static void write_system(struct facts *f, const char *host)
{
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

/*
 * The C compiler the workload's build runs. The build's environment has
 * no CC, CROSS_COMPILE nor LLVM (buildenv.c), so make's default is run:
 * cc for the synthetic tree's $(CC) and for a command (what a make in it
 * would run; the command may run another), gcc for kbuild's. NULL when
 * the workload compiles nothing (load, interactive tasks).
 */
static const char *workload_cc(const char *workload)
{
	if (!workload)
		return NULL;
	if (!strcmp(workload, "kernel"))
		return "gcc";
	if (!strcmp(workload, "synthetic") || !strcmp(workload, "command"))
		return "cc";
	return NULL;
}


#define CC_TIMEOUT_S 10

/*
 * "compiler: " and the first line of `CC --version`, run as the build runs
 * it (its environment, so LC_ALL=C); "none found (CC)" when no CC is on
 * PATH, "not used" when the workload compiles nothing. One on PATH that
 * gives no line (killed after CC_TIMEOUT_S, no descriptor left to start
 * it) fails the fingerprint, as an unreadable file does.
 */
static void write_compiler(struct facts *f, const char *workload)
{
	const char *cc = workload_cc(workload);
	char *argv[] = { (char *)cc, "--version", NULL }, *text, *line, why[PROC_STATUS_LEN];
	int status;

	if (!cc) {
		fprintf(f->out, "compiler: not used\n");
		return;
	}
	if (proc_find_program(cc) < 0) {
		fprintf(f->out, "compiler: none found (%s)\n", cc);
		return;
	}
	text = proc_output_bounded(argv, 4096, CC_TIMEOUT_S, 1, &status);
	line = text ? trim(text) : NULL;	/* from the first line that is not blank */
	if (line && *line) {
		line[strcspn(line, "\n")] = '\0';
		fprintf(f->out, "compiler: %s\n", trim(line));
	} else {
		if (status < 0)
			error("cannot run '%s --version' for the environment: %s", cc, strerror(errno));
		else if (status == 0)
			error("'%s --version' printed nothing, for the environment", cc);
		else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGKILL)
			error("'%s --version' did not finish in %d seconds, for the environment",
			      cc, CC_TIMEOUT_S);
		else
			error("'%s --version' %s, for the environment", cc,
			      proc_status_text(status, why, sizeof(why)));
		f->failed = 1;
		fprintf(f->out, "compiler: unknown\n");
	}
	free(text);
}

int fingerprint_write(FILE *out, const struct fingerprint_config *k, const struct config *cfg,
		      const char *tree)
{
	struct facts f = { out, 0 };

	write_system(&f, k->host);
	write_guest(out);
	fprintf(out, "mem_limit: %s\n", or_none(k->mem_limit));
	fprintf(out, "cpu_limit: %s\n", or_none(k->cpu_limit));
	write_tree(&f, tree && *tree ? tree : ".");
	write_tuning(&f);
	buildenv_write(out);
	write_compiler(&f, k->workload);
	fprintf(out, "contest_version: %s\n", CONTEST_VERSION);
	fprintf(out, CONFIG_MARK "\n");
	config_dump(cfg, out);
	return f.failed ? -1 : 0;
}

/* ---- reading env texts back, for compare ---- */

/*
 * One line of an env text, pointing into the parsed copy: a fingerprint
 * line (section NULL, key "host"), or a config line (section "" for the
 * top, else its [section]), whose name is "config.KEY" or
 * "config.SECTION.KEY" without that string ever being made: a lab's
 * compare parses thousands of env files.
 */
struct env_kv {
	const char *section, *key, *value;
};

struct env {
	char *text;		/* the parsed copy the lines point into */
	struct env_kv *v;
	size_t n, alloc;
	/* each name's first line, by hash: 1 + its index, 0 free; a power
	 * of two of them, at most half full */
	unsigned *index;
	size_t index_size;
};

static void env_add(struct env *e, const char *section, const char *key, const char *value)
{
	if (e->n == e->alloc) {
		e->alloc = e->alloc ? 2 * e->alloc : 32;
		e->v = xrealloc(e->v, e->alloc * sizeof(*e->v));
	}
	e->v[e->n++] = (struct env_kv){ section, key, value };
}

/* one config line: "[section]" or "key = value" */
static void env_config_line(struct env *e, char *line, const char **section)
{
	char *eq = strchr(line, '='), *end = line + strlen(line);

	if (line[0] == '[' && end > line + 1 && end[-1] == ']') {
		end[-1] = '\0';
		*section = line + 1;
		return;
	}
	if (!eq)
		return;
	*eq = '\0';
	env_add(e, *section, trim(line), trim(eq + 1));
}

/* is kv the line called name ("host", "config.KEY", "config.SECTION.KEY")? */
static int kv_is(const struct env_kv *kv, const char *name)
{
	size_t len;

	if (!kv->section)
		return !strcmp(kv->key, name);
	if (strncmp(name, "config.", 7))
		return 0;
	name += 7;
	len = strlen(kv->section);
	if (len && (strncmp(name, kv->section, len) || name[len] != '.'))
		return 0;
	return !strcmp(name + (len ? len + 1 : 0), kv->key);
}

/* do a and b name the same line? */
static int kv_same_name(const struct env_kv *a, const struct env_kv *b)
{
	if (!a->section != !b->section || strcmp(a->key, b->key))
		return 0;
	return !a->section || !strcmp(a->section, b->section);
}

/* kv's name, malloc'd */
static char *kv_name(const struct env_kv *kv)
{
	if (!kv->section)
		return xstrdup(kv->key);
	return xasprintf("config.%s%s%s", kv->section, *kv->section ? "." : "", kv->key);
}

static unsigned *index_slot(const struct env *e, const struct env_kv *kv);

const char *env_get(const struct env *e, const char *key)
{
	if (e && strncmp(key, "config.", 7)) {	/* a machine's line: by the index */
		struct env_kv kv = { .key = key };
		unsigned at = *index_slot(e, &kv);

		return at ? e->v[at - 1].value : NULL;
	}
	for (size_t i = 0; e && i < e->n; i++)
		if (kv_is(&e->v[i], key))
			return e->v[i].value;
	return NULL;
}

/* the hash of kv's name: whether it has a section, the section, the key */
static size_t kv_hash(const struct env_kv *kv)
{
	const char *section = kv->section ? kv->section : "";
	unsigned char has = kv->section != NULL;
	uint64_t h = hash_bytes(HASH_START, &has, 1);

	h = hash_bytes(h, section, strlen(section) + 1);
	return (size_t)hash_bytes(h, kv->key, strlen(kv->key) + 1);
}

/* the slot of kv's name in e's index: the first line of it, or a free slot */
static unsigned *index_slot(const struct env *e, const struct env_kv *kv)
{
	size_t i = kv_hash(kv) & (e->index_size - 1);

	while (e->index[i] && !kv_same_name(&e->v[e->index[i] - 1], kv))
		i = (i + 1) & (e->index_size - 1);
	return &e->index[i];
}

static void env_index(struct env *e)
{
	for (e->index_size = 16; e->index_size < 2 * e->n;)
		e->index_size *= 2;
	e->index = xcalloc(e->index_size, sizeof(*e->index));
	for (size_t i = 0; i < e->n; i++) {
		unsigned *slot = index_slot(e, &e->v[i]);

		if (!*slot)	/* a line named twice: the first counts */
			*slot = (unsigned)i + 1;
	}
}

/* b's first line of kv's name, NULL when none */
static const struct env_kv *env_find(const struct env *b, const struct env_kv *kv)
{
	unsigned at = *index_slot(b, kv);

	return at ? &b->v[at - 1] : NULL;
}

struct env *env_parse(const char *text, int with_config)
{
	struct env *e = xcalloc(1, sizeof(*e));
	char *line, *save = NULL;
	const char *section = NULL;	/* NULL: above "config:" */

	test_count("env-parse");
	e->text = xstrdup(text ? text : "");
	for (line = strtok_r(e->text, "\n", &save); line; line = strtok_r(NULL, "\n", &save)) {
		char *t = trim(line), *colon;

		if (!*t || *t == '#')
			continue;
		if (!section && !strcmp(t, CONFIG_MARK)) {
			if (!with_config)
				break;
			section = "";
		} else if (section) {
			env_config_line(e, t, &section);
		} else if ((colon = strchr(t, ':'))) {
			*colon = '\0';
			env_add(e, NULL, trim(t), trim(colon + 1));
		}
	}
	env_index(e);
	return e;
}

void env_free(struct env *e)
{
	if (!e)
		return;
	free(e->v);
	free(e->index);
	free(e->text);
	free(e);
}

/* keys that differ between kernels, or that say nothing about the
 * machine a run measured (see fingerprint.h); the two limits are said
 * once, by the fingerprint's own mem_limit and cpu_limit lines */
static const char *const ignored_keys[] = {
	"uname", "cmdline", "config.results", "config.runs", "config.loads", "config.host",
	"config.mem_limit", "config.cpu_limit", "run_loads", "run_rounds", "run_until_sd",
	"run_sweep", "commit", "subject", "bisect_tree", "config.commit", "config.commit_tree",
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
	return fingerprint_same_memory(va, env_get(a, "guest_mem"), vb, env_get(b, "guest_mem"));
}

int fingerprint_same_memory(const char *mem_a, const char *guest_mem_a, const char *mem_b,
			    const char *guest_mem_b)
{
	if (guest_mem_a && guest_mem_b)
		return !strcmp(guest_mem_a, guest_mem_b);
	return same_value("memtotal", mem_a, mem_b);
}

int env_differences(const struct env *a, const struct env *b, char ***keys_out)
{
	char **keys = xcalloc(1, sizeof(*keys));
	int n = 0;

	for (size_t i = 0; i < a->n; i++) {
		const struct env_kv *kv = &a->v[i], *in_b = env_find(b, kv);
		int memtotal = !kv->section && !strcmp(kv->key, "memtotal");
		char *name;

		/* most lines are equal: their name is made only when they differ */
		if (!in_b || (memtotal ? same_memtotal(a, b, kv->value, in_b->value) :
			      !strcmp(kv->value, in_b->value)))
			continue;
		name = kv_name(kv);
		if (ignored(name) || (!memtotal && same_value(name, kv->value, in_b->value))) {
			free(name);
			continue;
		}
		keys = xrealloc(keys, (size_t)(n + 2) * sizeof(*keys));
		keys[n++] = name;
		keys[n] = NULL;
	}
	if (keys_out)
		*keys_out = keys;
	else
		fingerprint_keys_free(keys);
	return n;
}

/* the facts read from a file a knob may set, by the end of its path */
static const struct {
	const char *key, *path_end;
} knob_facts[] = {
	{ "io_scheduler", "/queue/scheduler" },
	{ "thp", "/transparent_hugepage/enabled" },
	{ "governor", "/cpufreq/scaling_governor" },
};

/* a word "PATH=VALUE" of e's knobs line has a PATH ending in end */
static int knob_sets(const struct env *e, const char *end)
{
	const char *line = env_get(e, "knobs");
	char **words = line ? knob_line_words(line) : NULL;
	size_t elen = strlen(end);
	int sets = 0;

	for (size_t i = 0; words && words[i] && !sets; i++) {
		size_t path = strcspn(words[i], "=");

		sets = words[i][path] && path >= elen && !strncmp(words[i] + path - elen, end, elen);
	}
	argv_free(words);
	return sets;
}

int env_key_from_knobs(const struct env *a, const struct env *b, const char *key)
{
	if (!strcmp(key, "knobs"))
		return 1;
	for (size_t i = 0; i < ARRAY_SIZE(knob_facts); i++)
		if (!strcmp(key, knob_facts[i].key))
			return knob_sets(a, knob_facts[i].path_end) ||
			       knob_sets(b, knob_facts[i].path_end);
	return 0;
}

int fingerprint_differences(const char *env_a, const char *env_b, char ***keys_out)
{
	struct env *a = env_parse(env_a, 1), *b = env_parse(env_b, 1);
	int n = env_differences(a, b, keys_out);

	env_free(a);
	env_free(b);
	return n;
}

void fingerprint_keys_free(char **keys)
{
	for (size_t i = 0; keys && keys[i]; i++)
		free(keys[i]);
	free(keys);
}

/* t-fingerprint.c - every env key present and sane; the difference helper */
#include "record/config-keys.h"
#include "record/fingerprint.h"
#include "record/env.h"
#include "lib/config.h"
#include "loads/loads.h"
#include "lib/util.h"
#include "tap.h"

#include <stdlib.h>
#include <string.h>
#ifdef __x86_64__
#include <cpuid.h>
#endif
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/vfs.h>

#define TMPFS_MAGIC_ 0x01021994

static const char *const keys[] = {
	"uname", "cmdline", "cpu_model", "xsave_bytes", "cpus", "affinity", "memtotal", "swap_total", "mem_limit",
	"cpu_limit", "tree", "tree_fs", "io_scheduler", "governor", "thp", "contest_version",
};

static char *fingerprint_text(const struct config *cfg, const char *tree)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	contest_fingerprint(f, cfg, tree);
	fclose(f);
	return buf;
}

/* key's value in an env text, malloc'd: as a reader asks its parsed env */
static char *fingerprint_value(const char *text, const char *key)
{
	struct env *e = env_parse(text, 1);
	const char *v = env_get(e, key);
	char *ret = v ? xstrdup(v) : NULL;

	env_free(e);
	return ret;
}

static void test_keys(const char *text)
{
	for (size_t i = 0; i < ARRAY_SIZE(keys); i++) {
		char *v = fingerprint_value(text, keys[i]);

		ok(v && *v, "key '%s' present and non-empty ('%s')", keys[i], v ? v : "(missing)");
		free(v);
	}
}

static void test_values(const char *text)
{
	char *v, want[64];

	v = fingerprint_value(text, "mem_limit");
	is_str(v, "64M", "mem_limit is the raw config value");
	free(v);
	v = fingerprint_value(text, "cpu_limit");
	is_str(v, "none", "an unset cpu_limit reads none");
	free(v);
	v = fingerprint_value(text, "contest_version");
	is_str(v, CONTEST_VERSION, "contest_version");
	free(v);
	v = fingerprint_value(text, "memtotal");
	snprintf(want, sizeof(want), "%llu (", (unsigned long long)memtotal_bytes());
	ok(v && !strncmp(v, want, strlen(want)) && strstr(v, "iB)"), "memtotal in bytes and human units ('%s')", v);
	free(v);
	v = fingerprint_value(text, "cpus");
	ok(v && atoi(v) == ncpus(), "cpus is the online CPU count");
	free(v);
	v = fingerprint_value(text, "affinity");
	snprintf(want, sizeof(want), ncpus() > 1 ? "0-%d" : "0", ncpus() - 1);
	is_str(v, want, "affinity: every online CPU, as a range");
	free(v);
	ok(strstr(text, "\nconfig:\n") != NULL, "a config: line");
	v = fingerprint_value(text, "config.mem_limit");
	is_str(v, "64M", "the config follows it, as used");
	free(v);
}

/*
 * xsave_bytes, found independently where the CPU says: at least the
 * legacy area and header (576 bytes), at most CPUID 0xD's size for every
 * feature the CPU has (the kernel may enable fewer); none without XSAVE
 */
static void test_xsave(const char *text)
{
	char *v = fingerprint_value(text, "xsave_bytes");
	unsigned a = 0, b = 0, c = 0, d = 0;
	long n = v ? atol(v) : 0;

#ifdef __x86_64__
	if (__get_cpuid(1, &a, &b, &c, &d) && (c & (1u << 27)) &&
	    __get_cpuid_count(0xd, 0, &a, &b, &c, &d)) {
		ok(n >= 576 && n <= (long)c,
		   "xsave_bytes is the XSAVE area's size ('%s', CPUID at most %u)", v, c);
		free(v);
		return;
	}
#endif
	ok(v && (!strcmp(v, "none") || !strcmp(v, "unknown")),
	   "xsave_bytes without XSAVE says so ('%s')", v);
	free(v);
}

/* an expected scheduler, found independently: the bracketed word in sysfs */
static int scheduler_matches(const char *tree, const char *got)
{
	struct stat st;
	char path[128], line[256], want[64];

	if (stat(tree, &st) < 0)
		return 0;
	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/queue/scheduler", major(st.st_dev), minor(st.st_dev));
	if (read_line_file(path, line, sizeof(line)) < 0) {
		snprintf(path, sizeof(path), "/sys/dev/block/%u:%u/../queue/scheduler",
			 major(st.st_dev), minor(st.st_dev));
		if (read_line_file(path, line, sizeof(line)) < 0)
			return !strcmp(got, "unknown");
	}
	snprintf(want, sizeof(want), "[%s]", got);
	return strstr(line, want) != NULL || !strcmp(line, got);
}

static void test_tree(const struct config *cfg)
{
	char *text = fingerprint_text(cfg, "."), *fs, *sched;
	struct statfs sfs;

	fs = fingerprint_value(text, "tree_fs");
	sched = fingerprint_value(text, "io_scheduler");
	ok(fs && *fs && strcmp(fs, "unknown"), "tree_fs of '.' is known ('%s')", fs);
	ok(sched && *sched && scheduler_matches(".", sched), "io_scheduler of '.' is the active one ('%s')", sched);
	free(fs);
	free(sched);
	free(text);
	text = fingerprint_text(cfg, "/proc/self");
	fs = fingerprint_value(text, "tree_fs");
	is_str(fs, "proc", "tree_fs picks the longest mount point (/proc over /)");
	free(fs);
	free(text);
	if (statfs("/dev/shm", &sfs) == 0 && sfs.f_type == TMPFS_MAGIC_) {
		text = fingerprint_text(cfg, "/dev/shm");
		fs = fingerprint_value(text, "tree_fs");
		sched = fingerprint_value(text, "io_scheduler");
		is_str(fs, "tmpfs", "tree_fs of /dev/shm");
		is_str(sched, "unknown", "no block device, no scheduler");
		free(fs);
		free(sched);
		free(text);
	} else {
		skip("no tmpfs at /dev/shm");
	}
}

static const char env_a[] =
	"uname: Linux box 6.1.0 #1 SMP x86_64\n"
	"cmdline: root=/dev/sda1 quiet\n"
	"cpus: 2\n"
	"memtotal: 1000000000 (953.7 MiB)\n"
	"mem_limit: none\n"
	"cpu_limit: none\n"
	"io_scheduler: mq-deadline\n"
	"contest_version: 0.1.0\n"
	"config:\n"
	"make_jobs = 0\n"
	"cpu_limit = \n"
	"runs = 3\n"
	"[io_load]\n"
	"size = 1G\n";

static const char env_b[] =
	"uname: Linux box 6.18.0 #1 SMP x86_64\n"
	"cmdline: root=/dev/sda1 quiet mitigations=off\n"
	"cpus: 2\n"
	"memtotal: 1003000000 (956.5 MiB)\n"
	"mem_limit: none\n"
	"cpu_limit: 1.5\n"
	"io_scheduler: bfq\n"
	"governor: performance\n"
	"contest_version: 0.2.0\n"
	"config:\n"
	"make_jobs = 8\n"
	"cpu_limit = 1.5\n"
	"runs = 5\n"
	"[io_load]\n"
	"size = 2G\n";

static void test_differences(const char *real)
{
	char **diff = NULL, *joined;
	int n;
	size_t len = 1;

	ok(fingerprint_differences(real, real, NULL) == 0, "an env does not differ from itself");
	n = fingerprint_differences(env_a, env_b, &diff);
	for (int i = 0; i < n; i++)
		len += strlen(diff[i]) + 1;
	joined = xcalloc(1, len);
	for (int i = 0; i < n; i++)
		strcat(strcat(joined, i ? " " : ""), diff[i]);
	/* uname, cmdline and runs are ignored, config.cpu_limit is said by
	 * cpu_limit, memtotal is within 4 MiB, governor is in only one */
	is_str(joined, "cpu_limit io_scheduler contest_version config.make_jobs config.io_load.size",
	       "differences are the environment's, not the kernel's");
	ok(n == 5 && diff[n] == NULL, "count and NULL-terminated list");
	fingerprint_keys_free(diff);
	free(joined);
	ok(fingerprint_differences("memtotal: 1000000000 (x)\n", "memtotal: 1100000000 (y)\n", NULL) == 1,
	   "memtotal 10%% apart differs");
	/* mem=1008m against mem=1024m: 1.6% apart, which the 2% rule missed */
	ok(fingerprint_differences("memtotal: 1056964608 (x)\n", "memtotal: 1073741824 (y)\n", NULL) == 1,
	   "memtotal 16 MiB apart (mem=1008m vs mem=1024m) differs");
	ok(fingerprint_differences("memtotal: 1056964608 (x)\n", "memtotal: 1060000000 (y)\n", NULL) == 0,
	   "memtotal 3 MiB apart is the same machine");
	/* guests: UML's MemTotal moves ~7 MiB between boots at one mem= */
	ok(fingerprint_differences("guest_mem: 1024M\nmemtotal: 1010996000 (x)\n",
				   "guest_mem: 1024M\nmemtotal: 1017908000 (y)\n", NULL) == 0,
	   "two guests with one guest_mem: memtotal 7 MB apart is the same memory");
	n = fingerprint_differences("guest_mem: 1008M\nmemtotal: 1019793408 (x)\n",
				    "guest_mem: 1024M\nmemtotal: 1022000000 (y)\n", &diff);
	ok(n == 2 && diff && !strcmp(diff[0], "guest_mem") && !strcmp(diff[1], "memtotal"),
	   "guests with mem=1008M and 1024M: memory differs, however close MemTotal came (%d)", n);
	fingerprint_keys_free(diff);
}

int main(void)
{
	struct config *cfg = contest_config_new();
	char *text;

	if (config_set_arg(cfg, "mem_limit=64M") < 0)
		return 1;
	text = fingerprint_text(cfg, ".");
	test_keys(text);
	test_values(text);
	test_xsave(text);
	test_tree(cfg);
	test_differences(text);
	free(text);
	config_free(cfg);
	return tap_done();
}

/* fingerprint.c - what the env file and `contest env` hold (see fingerprint.h) */
#include "record/fingerprint.h"
#include "record/env.h"
#include "sys/knob.h"
#include "sys/xsave.h"
#include "lib/buildenv.h"
#include "lib/mounts.h"
#include "lib/proc.h"
#include "lib/testhook.h"
#include "lib/util.h"

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/wait.h>
#include <sys/utsname.h>
#include <sched.h>
#include <unistd.h>



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

/* the line "KEY: VALUE", KEY the table's (record/env.h) */
static void __attribute__((format(printf, 3, 4))) put(FILE *out, enum env_id id, const char *fmt, ...)
{
	va_list ap;

	fprintf(out, "%s: ", env_keys[id].name);
	va_start(ap, fmt);
	vfprintf(out, fmt, ap);
	va_end(ap);
	fputc('\n', out);
}

static void put_bytes(FILE *out, enum env_id id, uint64_t n)
{
	char h[32];

	human_bytes(n, h, sizeof(h));
	put(out, id, "%llu (%s)", (unsigned long long)n, h);
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
		put(out, ENV_ID_affinity, "unknown");
		return;
	}
	fprintf(out, "%s: ", ENV_KEY(affinity));
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
static void put_line_file(struct facts *f, enum env_id id, const char *path, int active,
			  const char *dflt)
{
	char buf[4096];
	int ret = active ? read_active_choice(path, buf, sizeof(buf)) :
		  read_line_file(path, buf, sizeof(buf));

	if (ret < 0)
		unreadable(f, path);
	put(f->out, id, "%s", ret == 0 ? trim(buf) : dflt);
}

static void put_meminfo(struct facts *f, enum env_id id, const char *field)
{
	uint64_t n = 0;

	if (meminfo_read(field, &n) < 0)
		unreadable(f, "/proc/meminfo");
	put_bytes(f->out, id, n);
}

/* the XSAVE area a user-mode-linux guest must restore (sys/xsave.h): "none"
 * without one, "unknown" when no child could be traced */
static void write_xsave(FILE *out)
{
	long n = xsave_bytes();

	if (n > 0)
		put(out, ENV_ID_xsave_bytes, "%ld", n);
	else
		put(out, ENV_ID_xsave_bytes, "%s", n == 0 ? "none" : "unknown");
}

static void write_system(struct facts *f, const char *host)
{
	struct utsname u;
	char buf[4096];
	int ret;

	if (*host)
		put(f->out, ENV_ID_host, "%s", host);
	else
		put(f->out, ENV_ID_host, "%s", uname(&u) == 0 ? u.nodename : "unknown");
	if (uname(&u) == 0)
		put(f->out, ENV_ID_uname, "%s %s %s %s %s", u.sysname, u.nodename, u.release,
			u.version, u.machine);
	else
		put(f->out, ENV_ID_uname, "unknown");
	put_line_file(f, ENV_ID_cmdline, "/proc/cmdline", 0, "unknown");
	ret = file_field("/proc/cpuinfo", "model name", buf, sizeof(buf));
	if (ret < 0)
		unreadable(f, "/proc/cpuinfo");
	put(f->out, ENV_ID_cpu_model, "%s", ret == 0 ? buf : "unknown");
	write_xsave(f->out);
	put(f->out, ENV_ID_cpus, "%d", ncpus());
	put(f->out, ENV_ID_cpus_usable, "%d", ncpus_usable());
	write_affinity(f->out);
	put_meminfo(f, ENV_ID_memtotal, "MemTotal");
	put_meminfo(f, ENV_ID_swap_total, "SwapTotal");
}

static void write_tree(struct facts *f, const char *tree)
{
	char real[PATH_MAX], buf[256];
	const char *path = realpath(tree, real) ? real : tree;

	if (path == tree)
		unreadable(f, tree);
	put(f->out, ENV_ID_tree, "%s", path);
	tree_fs(f, path, buf, sizeof(buf));
	put(f->out, ENV_ID_tree_fs, "%s", buf);
	io_scheduler(f, path, buf, sizeof(buf));
	put(f->out, ENV_ID_io_scheduler, "%s", buf);
}

static void write_tuning(struct facts *f)
{
	put_line_file(f, ENV_ID_governor, "/sys/devices/system/cpu/cpu0/cpufreq/scaling_governor", 0,
		      "none");
	put_line_file(f, ENV_ID_thp, "/sys/kernel/mm/transparent_hugepage/enabled", 1, "unknown");
}

/* how a --boot guest was booted, which boot.c hands the contest inside
 * (guest, guest_mem, guest_boot_args...); "guest: none" on bare metal */
static void write_guest(FILE *out)
{
	const char *g = getenv("CONTEST_GUEST");

	size_t len = strlen(ENV_KEY(guest));

	if (!g || strncmp(g, ENV_KEY(guest), len) || strncmp(g + len, ": ", 2)) {
		put(out, ENV_ID_guest, "none");
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
		put(f->out, ENV_ID_compiler, "not used");
		return;
	}
	if (proc_find_program(cc) < 0) {
		put(f->out, ENV_ID_compiler, "none found (%s)", cc);
		return;
	}
	text = proc_output_bounded(argv, 4096, CC_TIMEOUT_S, 1, &status);
	line = text ? trim(text) : NULL;	/* from the first line that is not blank */
	if (line && *line) {
		line[strcspn(line, "\n")] = '\0';
		put(f->out, ENV_ID_compiler, "%s", trim(line));
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
		put(f->out, ENV_ID_compiler, "unknown");
	}
	free(text);
}

int fingerprint_write(FILE *out, const struct fingerprint_config *k, const struct config *cfg,
		      const char *tree)
{
	struct facts f = { out, 0 };

	write_system(&f, k->host);
	write_guest(out);
	put(out, ENV_ID_mem_limit, "%s", or_none(k->mem_limit));
	put(out, ENV_ID_cpu_limit, "%s", or_none(k->cpu_limit));
	write_tree(&f, tree && *tree ? tree : ".");
	write_tuning(&f);
	buildenv_write(out, ENV_KEY(build_env_scrubbed), ENV_KEY(build_env_set));
	write_compiler(&f, k->workload);
	put(out, ENV_ID_contest_version, "%s", CONTEST_VERSION);
	fprintf(out, ENV_CONFIG_MARK "\n");
	config_dump(cfg, out);
	return f.failed ? -1 : 0;
}


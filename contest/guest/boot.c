/* boot.c - contest run --boot: kernels, rounds, failed guests, tables (see boot.h) */
#include "guest/boot.h"
#include "sys/signals.h"
#include "loads/loads.h"
#include "lib/owner.h"
#include "lib/proc.h"
#include "results/store.h"
#include "results/summary.h"
#include "record/config-keys.h"
#include "record/env.h"
#include "session/resume.h"
#include "session/run.h"
#include "session/monitors.h"
#include "session/profile.h"
#include "lib/sh-quote.h"
#include "lib/util.h"
#include "guest/vm.h"
#include "guest/vm-qemu.h"

#include <errno.h>
#include <math.h>
#include <fcntl.h>
#include <limits.h>
#include <linux/kvm.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

struct guest {
	char *name;
	enum vm_monitor monitor;	/* by the image: ELF is UML, a bzImage QEMU */
	char *image;		/* absolute: the monitor starts in another directory */
	const char **args;	/* its --boot-arg, NULL-terminated */
	int nargs;
};

/* the session over every kernel */
struct boot {
	struct config *cfg;
	const struct contest_config *cc;	/* cfg's values */
	const struct boot_opts *o;
	const struct boot_passthrough *p;
	struct guest *guests;
	int nguests;
	uint64_t mem, disk;
	const char *mem_text;	/* as given: --vm-mem, else guest_mem */
	int cpus;		/* a QEMU guest's; UML's is 1 */
	char *qemu_version;	/* QEMU's --version, for env; NULL before a QEMU guest */
	double timeout_s;
	char *self;
	char **order;		/* the session's loads in the order its plan runs them */
	int runs;
	int failed;
	int not_started;	/* guests this host could not start (boot_ran's) */
};

/* ---- options ---- */

void boot_opts_init(struct boot_opts *b, int argc)
{
	memset(b, 0, sizeof(*b));
	b->args = xcalloc((size_t)argc + 1, sizeof(*b->args));
	b->arg_kernel = xcalloc((size_t)argc + 1, sizeof(*b->arg_kernel));
	b->kernels = xcalloc((size_t)argc + 1, sizeof(*b->kernels));
	b->own = xcalloc((size_t)argc + 1, 1);
}

void boot_opts_release(struct boot_opts *b)
{
	free(b->args);
	free(b->arg_kernel);
	free(b->kernels);
	free(b->own);
}

static int take(struct boot_opts *b, int c, const char *arg)
{
	switch (c) {
	case 'k': b->kernels[b->nkernels++] = arg; return 1;	/* run wants it too */
	case BOOT_OPT_BOOT: b->image = arg; return 0;
	case BOOT_OPT_ARG:
		b->arg_kernel[b->nargs] = b->nkernels - 1;
		b->args[b->nargs++] = arg;
		return 0;
	case BOOT_OPT_MEM: b->mem = arg; return 0;
	case BOOT_OPT_CPUS: b->cpus = arg; return 0;
	case BOOT_OPT_DISK: b->disk = arg; return 0;
	case BOOT_OPT_TIMEOUT: b->timeout = arg; return 0;
	case BOOT_OPT_INTERLEAVE: b->interleave = 1; return 0;
	}
	return 1;
}

int boot_option(struct boot_opts *b, int c, const char *arg, int first, int end)
{
	int ret = take(b, c, arg);

	if (ret == 0 || c == 'k')
		memset(b->own + first, 1, (size_t)(end - first));
	return ret;
}

int boot_wanted(const struct boot_opts *b)
{
	for (int i = 0; i < b->nkernels; i++)
		if (strchr(b->kernels[i], '='))
			return 1;
	return b->image || b->nargs || b->mem || b->cpus || b->disk || b->timeout ||
	       b->interleave;
}

/* ---- images ---- */

/* the KVM device (kvm_device) open read-write and answering KVM_GET_API_VERSION, or why not */
static int kvm_usable(const char *dev, char *why, size_t len)
{
	int fd = open(dev, O_RDWR | O_CLOEXEC), v;

	if (fd < 0) {
		snprintf(why, len, "cannot open the KVM device '%s' read-write (%s)", dev,
			 strerror(errno));
		return 0;
	}
	v = ioctl(fd, KVM_GET_API_VERSION, 0);
	if (v != KVM_API_VERSION)
		snprintf(why, len, "the KVM device '%s' does not answer as KVM (%s)", dev,
			 v < 0 ? strerror(errno) : "another API");
	close(fd);
	return v == KVM_API_VERSION;
}

/*
 * PVM (kvm_pvm: KVM in software, for hosts that are guests themselves)
 * runs only guest kernels built for it; an ordinary bzImage hangs in it
 * after the real-mode setup, silently. It answers KVM_GET_API_VERSION as
 * KVM does, and a trial boot could tell only by a timeout (a hang looks
 * like a slow boot): the module loaded in place of kvm_intel and
 * kvm_amd is what decides it, so that is what is asked.
 */
static int kvm_is_pvm(void)
{
	return access("/sys/module/kvm_pvm", F_OK) == 0 &&
	       access("/sys/module/kvm_intel", F_OK) < 0 && access("/sys/module/kvm_amd", F_OK) < 0;
}

/* KVM here boots an ordinary bzImage; else why not, in why */
static int kvm_boots(const char *dev, char *why, size_t len)
{
	if (!kvm_usable(dev, why, len))
		return 0;
	if (kvm_is_pvm()) {
		snprintf(why, len, "KVM here is PVM (the kvm_pvm module, no kvm_intel or kvm_amd), "
			 "which boots only kernels built as PVM guests");
		return 0;
	}
	return 1;
}

/*
 * guest_accel: kvm where it boots the image, else refused; tcg always;
 * auto KVM where it boots, else TCG, said once: an emulated CPU runs a
 * compile many times slower, and its times are the emulator's as much
 * as the kernel's (compare gives no verdict across the two)
 */
static int choose_accel(struct boot *b, struct guest *g)
{
	/* once a process: a bisection boots hundreds of guests, each its own boot */
	static int warned_tcg;
	const char *accel = b->cc->main.guest_accel;
	char why[PATH_MAX + 160];

	g->monitor = VM_QEMU_TCG;
	if (!strcmp(accel, "tcg"))
		return 0;
	if (kvm_boots(b->cc->main.kvm_device, why, sizeof(why))) {
		g->monitor = VM_QEMU_KVM;
		return 0;
	}
	if (!strcmp(accel, "kvm"))
		return error("'%s' is a bzImage and guest_accel is kvm, but %s", g->image, why);
	if (!warned_tcg++)
		warning("%s: QEMU emulates the CPU (TCG) for '%s', so its times are emulated: "
			"compare them only with other TCG runs (guest_accel = tcg says so "
			"without this warning)", why, g->image);
	return 0;
}

/*
 * A UML kernel is an ELF program of the host; a bzImage has the x86 boot
 * protocol's "HdrS" at 0x202 and boots under QEMU (choose_accel).
 */
static int check_image(struct boot *b, struct guest *g)
{
	const char *image = g->image;
	unsigned char h[0x206];
	int fd = open(image, O_RDONLY | O_CLOEXEC);
	ssize_t n = fd < 0 ? -1 : read(fd, h, sizeof(h));

	if (fd < 0)
		return error("cannot open image '%s': %s", image, strerror(errno));
	close(fd);
	if (n >= 4 && !memcmp(h, "\177ELF", 4)) {
		if (access(image, X_OK) < 0)
			return error("'%s' looks like user-mode-linux but is not executable", image);
		g->monitor = VM_UML;
		return 0;
	}
	if (n < (ssize_t)sizeof(h) || memcmp(h + 0x202, "HdrS", 4))
		return error("'%s' is neither a user-mode-linux program (ELF) nor a bzImage", image);
	if (load_find_program(QEMU_BINARY) < 0)
		return error("'%s' is a bzImage, which boots under QEMU, but there is no '%s' "
			     "(apt-get install qemu-system-x86)", image, QEMU_BINARY);
	return choose_accel(b, g);
}

static char *absolute(const char *path)
{
	char cwd[PATH_MAX];

	if (*path == '/' || !getcwd(cwd, sizeof(cwd)))
		return xstrdup(path);
	return xasprintf("%s/%s", cwd, path);
}

/* -k NAME=IMAGE, or -k NAME with --boot IMAGE; no -k: the image's name */
static int collect_guests(struct boot *b)
{
	const struct boot_opts *o = b->o;
	int n = o->nkernels ? o->nkernels : 1;

	b->guests = xcalloc((size_t)n, sizeof(*b->guests));
	for (int i = 0; i < n; i++) {
		const char *k = o->nkernels ? o->kernels[i] : NULL, *eq = k ? strchr(k, '=') : NULL;
		struct guest *g = &b->guests[b->nguests++];

		if (!eq && !o->image)
			return error("-k %s: which image? give -k NAME=IMAGE or --boot IMAGE", k);
		g->image = absolute(eq ? eq + 1 : o->image);
		if (k)
			g->name = eq ? xasprintf("%.*s", (int)(eq - k), k) : xstrdup(k);
		else
			g->name = xstrdup(strrchr(g->image, '/') ? strrchr(g->image, '/') + 1 : g->image);
		g->args = xcalloc((size_t)o->nargs + 1, sizeof(*g->args));
		for (int j = 0; j < o->nargs; j++)
			if (o->arg_kernel[j] < 0 || o->arg_kernel[j] == i)
				g->args[g->nargs++] = o->args[j];
		if (check_kernel_name(g->name) < 0 || check_image(b, g) < 0)
			return -1;
		for (int j = 0; j < i; j++)
			if (!strcmp(b->guests[j].name, g->name))
				return error("-k %s given twice", g->name);
	}
	return 0;
}

/* more CPUs than the host's would measure the host's scheduler, not the
 * guest's; --vm-cpus, else guest_cpus, else the host's */
static int parse_cpus(struct boot *b)
{
	const char *o = b->o->cpus;
	long long n = b->cc->main.guest_cpus;

	if (o && (parse_integer(o, &n) < 0 || n < 1 || n > ncpus()))
		return error("--vm-cpus: '%s' is not a number of CPUs from 1 to this machine's %d",
			     o, ncpus());
	if (n > ncpus())
		return error("guest_cpus: %lld is more than this machine's %d CPUs", n, ncpus());
	b->cpus = n ? (int)n : ncpus();
	return 0;
}

static int check_uml_cpus(const struct boot *b)
{
	for (int i = 0; i < b->nguests && b->o->cpus; i++)
		if (b->guests[i].monitor == VM_UML && b->cpus != 1)
			return error("--vm-cpus %s: a user-mode-linux guest has one CPU ('%s')",
				     b->o->cpus, b->guests[i].image);
	return 0;
}

/* monitors = profile: a UML guest's kernel is sampled by this host's perf (profile.h) */
static int check_profile(const struct boot *b)
{
	char why[128];

	if (!monitors_want_profile(monitors_parse(b->cc->main.monitors)))
		return 0;
	for (int i = 0; i < b->nguests; i++)
		if (b->guests[i].monitor == VM_UML && profile_check(why, sizeof(why)) < 0)
			return error("%s", why);
	return 0;
}

static int parse_opts(struct boot *b)
{
	const struct boot_opts *o = b->o;
	const char *self;

	b->mem_text = o->mem ? o->mem : *b->cc->main.guest_mem.text ? b->cc->main.guest_mem.text : "1G";
	if (parse_size(b->mem_text, 0, &b->mem) < 0 || b->mem < (64ULL << 20))
		return error("%s: '%s' is not a size of 64M or more", o->mem ? "--vm-mem" : "guest_mem",
			     b->mem_text);
	if (parse_size(o->disk ? o->disk : BOOT_DISK_DEFAULT, 0, &b->disk) < 0 || b->disk < (64ULL << 20))
		return error("--vm-disk: '%s' is not a size of 64M or more", o->disk);
	if (parse_duration(o->timeout ? o->timeout : BOOT_TIMEOUT_DEFAULT, &b->timeout_s) < 0 || b->timeout_s <= 0)
		return error("--vm-timeout: '%s' is not a duration", o->timeout);
	if (!(self = proc_self_exe()))
		return error("cannot find this contest: %s", strerror(errno));
	b->self = xstrdup(self);
	if (parse_cpus(b) < 0 || collect_guests(b) < 0 || check_profile(b) < 0)
		return -1;
	return check_uml_cpus(b);
}

/* ---- the plan's order, for the run a failed guest was on ---- */

static void order_add(struct boot *b, int *n, const char *name)
{
	for (int i = 0; i < *n; i++)
		if (!strcmp(b->order[i], name))
			return;
	b->order = xrealloc(b->order, (size_t)(*n + 2) * sizeof(*b->order));
	b->order[(*n)++] = xstrdup(name);
	b->order[*n] = NULL;
}

/* as run plans it: the loads in the order given, noload added when only
 * cacherun is, each cacherun run right after a noload run */
static void plan_order(struct boot *b)
{
	char **list = b->p->nloads ? NULL : split_list(b->cc->main.loads);
	char **w = b->p->nloads ? b->p->loads : list;
	int n = 0, cacherun = 0;

	b->order = xcalloc(1, sizeof(*b->order));
	for (int i = 0; w[i] && (!b->p->nloads || i < b->p->nloads); i++) {
		cacherun |= !strcmp(w[i], "cacherun");
		order_add(b, &n, w[i]);
	}
	if (cacherun)
		order_add(b, &n, "noload");
	argv_free(list);
	b->runs = (int)b->cc->main.runs;
}

/* runs of each load in order, before this boot */
static int *count_rows(const struct boot *b, const char *kdir)
{
	int n = 0, *counts;

	while (b->order[n])
		n++;
	counts = xcalloc((size_t)n + 1, sizeof(*counts));
	for (int i = 0; i < n; i++)
		counts[i] = results_next_run(kdir, b->order[i]) - 1;
	return counts;
}

static int order_index(const struct boot *b, const char *name)
{
	for (int i = 0; b->order[i]; i++)
		if (!strcmp(b->order[i], name))
			return i;
	return -1;
}

/* the first load of the plan with fewer new rows than runs; NULL: none */
static const char *in_flight(const struct boot *b, const char *kdir, const int *before, int runs)
{
	int *after = count_rows(b, kdir), cr = order_index(b, "cacherun");
	const char *load = NULL;

	for (int i = 0; b->order[i] && !load; i++) {
		int done = after[i] - before[i];

		if (i == cr)
			continue;	/* runs right after noload */
		if (cr >= 0 && !strcmp(b->order[i], "noload")) {
			int cdone = after[cr] - before[cr];

			if (done < runs || cdone < runs)
				load = done > cdone ? "cacherun" : "noload";
		} else if (done < runs) {
			load = b->order[i];
		}
	}
	free(after);
	return load;
}

static void record_failure(const char *kdir, const char *load, int first_run, const char *status,
			   const char *detail)
{
	struct run_record rec;
	time_t now = time(NULL);

	memset(&rec, 0, sizeof(rec));
	snprintf(rec.load, sizeof(rec.load), "%s", load);
	/* its round's number, as the guest's session would have given it */
	rec.run = results_run_number(kdir, load, first_run);
	if (rec.run < 1)
		return;	/* runs.tsv cannot be read: said, and no row numbered -1 */
	strftime(rec.timestamp, sizeof(rec.timestamp), "%Y-%m-%dT%H:%M:%SZ", gmtime(&now));
	snprintf(rec.load_work_unit, sizeof(rec.load_work_unit), "-");
	snprintf(rec.flush, sizeof(rec.flush), "none");
	snprintf(rec.mem_limit, sizeof(rec.mem_limit), "-");
	snprintf(rec.cpu_limit, sizeof(rec.cpu_limit), "-");
	snprintf(rec.status, sizeof(rec.status), "%s", status);
	snprintf(rec.status_detail, sizeof(rec.status_detail), "%s", detail);
	/* no window was measured */
	rec.steal_s = rec.others_cpu_s = rec.disk_read_mb = rec.disk_write_mb = NAN;
	rec.cpu_mhz = NAN;
	rec.cpu_s = rec.host_cpu_s = rec.host_user_s = rec.host_sys_s = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(rec.counters); i++)
		rec.counters[i] = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(rec.rates); i++)
		rec.rates[i] = NAN;
	for (size_t i = 0; i < ARRAY_SIZE(rec.own); i++)
		rec.own[i] = NAN;
	results_append(kdir, &rec);
}

/* ---- one boot ---- */

/* "7.2.22 (Debian ...)": the first line of `qemu-system-x86_64 --version`
 * after its "QEMU emulator version "; "unknown" when it gives none */
static char *qemu_version(void)
{
	char *argv[] = { QEMU_BINARY, "--version", NULL };
	char *text = proc_output_bounded(argv, 4096, 10, 0, NULL), *v, *ret;
	const char *prefix = "QEMU emulator version ";

	if (!text)
		return xstrdup("unknown");
	v = trim(text);
	v[strcspn(v, "\n")] = '\0';
	if (!strncmp(v, prefix, strlen(prefix)))
		v += strlen(prefix);
	ret = xstrdup(*v ? v : "unknown");
	free(text);
	return ret;
}

/* the accelerator, as env's guest_accel says: UML has none */
static const char *accel_name(enum vm_monitor m)
{
	return m == VM_QEMU_KVM ? "kvm" : m == VM_QEMU_TCG ? "tcg" : "none";
}

/* the fingerprint lines the contest inside writes into env (fingerprint.c) */
static char *guest_env(struct boot *b, const struct guest *g, int index)
{
	const char *mem = NULL;
	char *args = sh_command(g->args), *ret;
	struct host_facts host;

	for (int i = 0; i < g->nargs; i++)
		if (!strncmp(g->args[i], "mem=", 4))
			mem = g->args[i] + 4;
	host_facts(&host);
	if (g->monitor != VM_UML && !b->qemu_version)
		b->qemu_version = qemu_version();
	ret = xasprintf("%s: %s\n%s: %s\n%s: %s\n%s: %s\n%s: %s\n%s: %d\n%s: %s\n%s: %s\n%s: %s\n"
			"%s: %s\n%s: %s\n%s: %s\n",
			ENV_KEY(guest), vm_monitor_name(g->monitor),
			ENV_KEY(guest_accel), accel_name(g->monitor),
			ENV_KEY(guest_qemu), g->monitor == VM_UML ? "none" : b->qemu_version,
			ENV_KEY(guest_image), g->image, ENV_KEY(guest_mem), mem ? mem : b->mem_text,
			ENV_KEY(guest_cpus), g->monitor == VM_UML ? 1 : b->cpus,
			ENV_KEY(guest_boot_args), *args ? args : "none",
			ENV_KEY(guest_disk), b->o->disk ? b->o->disk : BOOT_DISK_DEFAULT,
			ENV_KEY(guest_timeout), b->o->timeout ? b->o->timeout : BOOT_TIMEOUT_DEFAULT,
			ENV_KEY(host_uname), host.uname, ENV_KEY(host_cpus), host.cpus,
			ENV_KEY(host_memtotal), host.memtotal);
	free(args);
	if (b->o->kernel_env && b->o->kernel_env[index]) {
		char *more = xasprintf("%s%s", ret, b->o->kernel_env[index]);

		free(ret);
		ret = more;
	}
	return ret;
}

/*
 * contest run with the scratch disk as scratch_dir, run's own options
 * (-c, -s, and any other), then this
 * kernel, its runs and the results directory, which win over any earlier
 * -n or -r, then the loads
 */
static char **inner_argv(const struct boot *b, const struct guest *g, int runs)
{
	const struct boot_passthrough *p = b->p;
	char **argv = xcalloc((size_t)(p->argc + 16), sizeof(*argv));
	int n = 0;

	argv[n++] = xstrdup(b->self);
	argv[n++] = xstrdup("run");
	/* the loads' files on the guest's scratch disk (guest-init mounts it there);
	 * first, so that the user's own -s scratch_dir= wins */
	argv[n++] = xstrdup("-s");
	argv[n++] = xasprintf("scratch_dir=%s/scratch", b->cc->main.work_dir);
	for (int i = 1; i < p->argc - p->nloads; i++)
		if (!b->o->own[i] && strcmp(p->argv[i], "--"))
			argv[n++] = xstrdup(p->argv[i]);
	argv[n++] = xstrdup("-k");
	argv[n++] = xstrdup(g->name);
	argv[n++] = xstrdup("-n");
	argv[n++] = xasprintf("%d", runs);
	argv[n++] = xstrdup("-r");
	argv[n++] = xstrdup(b->cc->main.results);
	argv[n++] = xstrdup("--");
	for (int i = 0; i < p->nloads; i++)
		argv[n++] = xstrdup(p->loads[i]);
	return argv;
}

/* g's guest for runs runs of each load, numbered from first_run (0: each
 * load's next) */
static void boot_once(struct boot *b, const struct guest *g, int runs, int first_run)
{
	char *kdir = results_path(b->cc->main.results, g->name, NULL);
	char *genv = guest_env(b, g, (int)(g - b->guests)), **argv = inner_argv(b, g, runs), detail[256];
	int *before = count_rows(b, kdir);
	struct vm_spec s = {
		.monitor = g->monitor, .image = g->image, .kernel = g->name,
		.boot_args = g->args, .nargs = g->nargs, .mem_bytes = b->mem,
		.cpus = g->monitor == VM_UML ? 1 : b->cpus, .disk_bytes = b->disk,
		.timeout_s = b->timeout_s, .self = b->self,
		.work_dir = b->cc->main.work_dir,
		.results = b->cc->main.results, .kdir = kdir,
		.inner_argv = argv, .guest_env = genv, .first_run = first_run,
	};
	struct vm_result r;
	const char *load;

	if (vm_boot(&s, &r) < 0) {
		snprintf(r.detail, sizeof(r.detail), "the guest could not be started");
		r.finished = 0;
		b->not_started++;
	}
	if (r.finished && r.inner_status != 0)
		b->failed = 1;
	load = in_flight(b, kdir, before, runs);
	if (load) {
		if (r.finished)
			snprintf(detail, sizeof(detail), "the session in the guest exited %d "
				 "before this run; see logs/guest.console", r.inner_status);
		else
			snprintf(detail, sizeof(detail), "%s; see logs/guest.console", r.detail);
		record_failure(kdir, load, first_run, r.interrupted ? "aborted" : "guest-failed",
			       detail);
		warning("%s: %s run: %s", g->name, load, detail);
		b->failed = 1;
	} else if (!r.finished) {
		warning("%s: every run is recorded, but %s", g->name, r.detail);
		b->failed = 1;
	}
	/*
	 * The plan a guest's session cut short left in kdir is no one's to
	 * resume (run --resume goes without --boot): the next boot of this
	 * kernel (a bisection's next round, its --resume) starts a session
	 * anew, which would say it replaced an interrupted plan
	 */
	if (!r.finished || load)
		resume_finish(kdir);
	argv_free(argv);
	free(before);
	free(genv);
	free(kdir);
}

/* ---- the session over every kernel ---- */

/* the kernels with rows, in the order given, for run to print */
static void boot_ran_fill(const struct boot *b, struct boot_ran *ran)
{
	const char *dir = b->cc->main.results;

	ran->names = xcalloc((size_t)b->nguests + 1, sizeof(*ran->names));
	ran->n = 0;
	for (int i = 0; i < b->nguests; i++) {
		char *runs = results_path(dir, b->guests[i].name, RUNS_FILE);

		if (access(runs, R_OK) == 0)
			ran->names[ran->n++] = xstrdup(b->guests[i].name);
		free(runs);
	}
}

void boot_ran_release(struct boot_ran *ran)
{
	for (size_t i = 0; i < ran->n; i++)
		free(ran->names[i]);
	free(ran->names);
	ran->names = NULL;
	ran->n = 0;
}

static void boot_release(struct boot *b)
{
	for (int i = 0; i < b->nguests; i++) {
		free(b->guests[i].name);
		free(b->guests[i].image);
		free(b->guests[i].args);
	}
	free(b->guests);
	argv_free(b->order);
	free(b->self);
	free(b->qemu_version);
}

/* the number a round's runs share (results_round_run), 0 (each its own)
 * when a runs.tsv cannot be read: its guest's session says so */
static int round_first_run(const struct boot *b)
{
	char **kdirs = xcalloc((size_t)b->nguests + 1, sizeof(*kdirs));
	int first;

	for (int i = 0; i < b->nguests; i++)
		kdirs[i] = results_path(b->cc->main.results, b->guests[i].name, NULL);
	first = results_round_run((const char *const *)kdirs, (size_t)b->nguests);
	argv_free(kdirs);
	return first > 0 ? first : 0;
}

int boot_run(struct config *cfg, const struct boot_opts *o, const struct boot_passthrough *p,
	     struct boot_ran *ran)
{
	struct boot b = { .cfg = cfg, .cc = contest_config(cfg), .o = o, .p = p };
	int status, rounds, per;

	memset(ran, 0, sizeof(*ran));
	if (parse_opts(&b) < 0) {
		boot_release(&b);
		return EXIT_USAGE;
	}
	plan_order(&b);
	signals_install();	/* as `run`'s: the first signal stops, later ones wait (signals.h) */
	prctl(PR_SET_CHILD_SUBREAPER, 1);	/* UML's processes come to us when it dies */
	rounds = o->interleave ? b.runs : 1;
	per = o->interleave ? 1 : b.runs;
	for (int r = 0; r < rounds && !run_interrupted; r++) {
		/* one run each (a round of --interleave, a bisection's): the
		 * number they share, which compare pairs them by */
		int first = per == 1 ? round_first_run(&b) : 0;

		for (int i = 0; i < b.nguests && !run_interrupted; i++)
			boot_once(&b, &b.guests[i], per, first);
	}
	if (run_interrupted) {
		warning("interrupted by signal %d: finished runs are kept in '%s'",
			(int)run_interrupted, b.cc->main.results);
		status = exit_signal(run_interrupted);
	} else {
		boot_ran_fill(&b, ran);
		ran->not_started = b.not_started;
		status = b.failed ? EXIT_RUN_FAILED : 0;
	}
	boot_release(&b);
	return status;
}

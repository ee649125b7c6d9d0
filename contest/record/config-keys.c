/* config-keys.c - contest's top-level config keys (see config-keys.h) */
#include "record/config-keys.h"
#include "lib/util.h"
#include "loads/loads.h"
#include "record/env.h"
#include "record/fingerprint.h"

/* a key of struct contest_config's main, named as its field */
#define KEY(FIELD, TYPE, DEF, HELP, CHOICES, MIN, MAX) \
	CONFIG_KEY(struct contest_config, main.FIELD, #FIELD, TYPE, DEF, HELP, CHOICES, MIN, MAX)

const struct config_option config_keys[] = {
	KEY(workload, OPT_LIST, "synthetic", "what is timed: synthetic (generated tree), kernel (kernel_tree), command, load (the load named by measure, for duration), or interactive tasks, one or more of audio, video, x, gaming", "synthetic|kernel|command|load|audio|video|x|gaming", 0, 0),
	KEY(kernel_tree, OPT_PATH, "", "the kernel source tree for workload = kernel", NULL, 0, 0),
	KEY(kconfig, OPT_STR, "defconfig", "make target that configures the kernel tree once per session", NULL, 0, 0),
	KEY(make_target, OPT_STR, "vmlinux", "what the timed make builds (kernel workload)", NULL, 0, 0),
	KEY(make_jobs, OPT_INT, "0", "make -j jobs; 0 means 4 x CPUs, as contest used", NULL, 0, 4096),
	KEY(command, OPT_STR, "", "the command line timed for workload = command (split as a shell would, no expansion)", NULL, 0, 0),
	KEY(measure, OPT_STR, "", "the load timed for workload = load (tworead_load): the units of work it finishes in duration", NULL, 0, 0),
	KEY(duration, OPT_DURATION, "30s", "how long an interactive workload (audio, video, x, gaming) or a measured load (workload = load) runs", NULL, 0.1, 86400),
	KEY(rt_priority, OPT_INT, "0", "the interactive task's SCHED_FIFO priority; 0: SCHED_OTHER at task_nice", NULL, 0, 99),
	KEY(metric, OPT_METRIC, "", "NAME:UNIT:lower|higher:REGEX, a figure the timed command prints (the regex's first group) recorded and compared like Time; up to 4, each a metric line", NULL, 0, 0),
	KEY(task_nice, OPT_INT, "0", "the interactive task's nice value when rt_priority is 0", NULL, -20, 19),
	KEY(runs, OPT_INT, "3", "runs of each load", NULL, 1, 1000),
	KEY(loads, OPT_LIST, "noload cacherun process_load dbench_load ctar_load xtar_load io_load read_load list_load mem_load", "loads run when none is named", NULL, 0, 0),
	KEY(load_lead, OPT_DURATION, "3s", "how long the load runs before the compile starts", NULL, 0, 3600),
	KEY(flush, OPT_BOOL, "yes", "sync and drop the page cache before each run (not before cacherun)", NULL, 0, 0),
	KEY(quiet_wait, OPT_DURATION, "10s", "at most this long waiting for the machine to be idle before a run", NULL, 0, 3600),
	KEY(quiet_idle, OPT_DOUBLE, "90", "percent CPU idle over one second that counts as quiet", NULL, 0, 100),
	KEY(stop_grace, OPT_DURATION, "2s", "time between SIGTERM and SIGKILL when stopping a load", NULL, 0, 600),
	KEY(results, OPT_PATH, "reports", "the results directory", NULL, 0, 0),
	KEY(host, OPT_STR, "", "the machine's name in the env file (host:), which reports group kernels by; empty: the node name (uname -n)", NULL, 0, 0),
	KEY(commit, OPT_STR, "", "the commit id of the kernel under test, kept in env for contest changes' bisect command; empty: none", NULL, 0, 0),
	KEY(commit_tree, OPT_PATH, "", "the git tree that commit is in (the bisect command's --tree); empty: unknown", NULL, 0, 0),
	KEY(work_dir, OPT_PATH, "work", "where the synthetic tree, scratch files and swap file go", NULL, 0, 0),
	KEY(scratch_dir, OPT_PATH, "", "where the session's scratch directory (the loads' files) goes; empty: work_dir", NULL, 0, 0),
	KEY(synthetic_dirs, OPT_INT, "8", "synthetic workload: directories", NULL, 1, 999),
	KEY(synthetic_files, OPT_INT, "24", "synthetic workload: C files per directory", NULL, 1, 999),
	KEY(synthetic_funcs, OPT_INT, "12", "synthetic workload: functions per file", NULL, 1, 999),
	KEY(ram, OPT_SIZE, "", "what % sizes are of; empty: mem_limit when set, else MemTotal", NULL, 0, 0),
	KEY(mem_limit, OPT_SIZE, "", "memory cgroup limit for compile and load together; empty: none", NULL, 0, 0),
	KEY(cpu_limit, OPT_DOUBLE, "", "CPU quota for compile and load together, in CPUs; empty: none", NULL, 0.01, 4096),
	KEY(swapfile, OPT_SIZE, "", "size of a swap file made for the session; empty: none", NULL, 0, 0),
	KEY(swapfile_path, OPT_PATH, "", "where the swap file goes; empty: WORK_DIR/contest.swap", NULL, 0, 0),
	KEY(kvm_device, OPT_PATH, "/dev/kvm", "the KVM device run --boot boots a bzImage with (QEMU/KVM); without it, guest_accel = auto emulates (TCG) and kvm refuses", NULL, 0, 0),
	KEY(guest_accel, OPT_ENUM, "auto", "how run --boot runs a bzImage under QEMU: kvm, tcg (emulated: its times are the emulator's), or auto (KVM where it boots an ordinary kernel, else TCG with a warning)", "auto|kvm|tcg", 0, 0),
	KEY(guest_cpus, OPT_INT, "0", "a QEMU guest's CPUs (-smp; --vm-cpus wins); 0: this machine's", NULL, 0, 4096),
	KEY(guest_mem, OPT_SIZE, "1G", "a run --boot guest's memory (UML's mem=, QEMU's -m; --vm-mem wins)", NULL, 0, 0),
	KEY(io_other_dir, OPT_PATH, "", "io_other writes here (put it on another disk); empty: io_other cannot run", NULL, 0, 0),
	KEY(monitors, OPT_LIST, "vmstat iostat psi", "what logs into logs/LOAD.N.NAME during each run: vmstat, iostat, sar, pidstat, psi (/proc/pressure each second), profile (perf record -a over the compile); none (or no) for none, yes for the default", "vmstat|iostat|sar|pidstat|psi|profile|none|no|yes", 0, 0),
	{ NULL, 0, NULL, NULL, NULL, 0, 0, 0 }
};

/* each config key env's table names (record/env.h's C lines) is one of
 * these: a key renamed here and not there does not compile */
#define ENV_IS_CONFIG_(field, flags) \
	_Static_assert(sizeof(((struct contest_config *)0)->main.field) > 0, #field);
ENV_KEYS(ENV_NONE_, ENV_IS_CONFIG_)

const struct config_section config_keys_section = {
	NULL, config_keys, sizeof(struct contest_config)
};

struct config *contest_config_new(void)
{
	return config_new(&config_keys_section, load_sections());
}

uint64_t contest_ram(const struct contest_config *cc)
{
	uint64_t total = memtotal_bytes();
	uint64_t ram = config_bytes(cc->main.ram, total);
	uint64_t limit = config_bytes(cc->main.mem_limit, total);

	if (ram)
		return ram;
	if (limit && (!total || limit < total))
		return limit;
	return total;
}

void contest_load_env(struct load_env *env, const struct config *cfg, const char *name)
{
	const struct contest_config *cc = contest_config(cfg);

	env->name = name;
	env->opts = config_values(cfg, name);
	env->io_other_dir = cc->main.io_other_dir;
	env->synthetic_dirs = (int)cc->main.synthetic_dirs;
	env->synthetic_files = (int)cc->main.synthetic_files;
	env->synthetic_funcs = (int)cc->main.synthetic_funcs;
}

int contest_fingerprint(FILE *out, const struct config *cfg, const char *tree)
{
	const struct contest_config *cc = contest_config(cfg);
	struct fingerprint_config k = {
		.host = cc->main.host,
		.mem_limit = cc->main.mem_limit.text,
		.cpu_limit = cc->main.cpu_limit.text,
		.workload = cc->main.workload,
	};

	return fingerprint_write(out, &k, cfg, tree);
}

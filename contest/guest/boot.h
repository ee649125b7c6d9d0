/* boot.h - contest run --boot: the same session inside a candidate kernel
 *
 * `run --boot IMAGE -k NAME` boots IMAGE in a guest whose root is this
 * machine's / (user-mode-linux over hostfs), runs `contest run` with the
 * same config, loads and runs in it, and the rows land in the host's
 * RESULTS/NAME as if the machine had been rebooted into IMAGE. Several
 * `-k NAME=IMAGE` run one after another (round by round with
 * --interleave); run prints their tables and compare after.
 * The guest writes through hostfs into the results directory and into
 * work_dir, whose scratch/ is a private ext4 disk (ubd) so the loads'
 * files never reach the host's tree. A guest that panics, hangs (no new
 * row within --vm-timeout) or is interrupted is killed and its run in
 * flight recorded as guest-failed (or aborted); nothing stays on the host.
 */
#ifndef CONTEST_BOOT_H
#define CONTEST_BOOT_H

#include "lib/config.h"
#include "lib/options.h"

struct boot_opts {
	const char *image;	/* --boot IMAGE; NULL: not booting */
	const char **args;	/* --boot-arg, in order */
	int *arg_kernel;	/* the -k each follows (its index), -1: before any: all */
	int nargs;
	const char **kernels;	/* every -k: NAME, or NAME=IMAGE */
	int nkernels;
	const char *mem;	/* --vm-mem SIZE, NULL: 1G */
	const char *cpus;	/* --vm-cpus N, NULL: 1 */
	const char *disk;	/* --vm-disk SIZE (sparse scratch disk), NULL: 8G */
	const char *timeout;	/* --vm-timeout DURATION without a new row, NULL: 1h */
	int interleave;		/* --interleave */
	/* per -k (its index), lines for the guest's env (bisect's commit), or NULL */
	const char *const *kernel_env;
	char *own;		/* own[i]: run's argv[i] is one of these, not for the guest */
};

/* --vm-disk's and --vm-timeout's defaults, as env's guest_disk and guest_timeout say them */
#define BOOT_DISK_DEFAULT "8G"
#define BOOT_TIMEOUT_DEFAULT "1h"

/* which of boot's options an entry of BOOT_OPTION_SPECS is (its id) */
enum {
	BOOT_OPT_BOOT = 0x100, BOOT_OPT_ARG, BOOT_OPT_MEM, BOOT_OPT_CPUS, BOOT_OPT_DISK,
	BOOT_OPT_TIMEOUT, BOOT_OPT_INTERLEAVE,
};

#define BOOT_SPEC_(name, ident, arg, text, ctx, fn) \
	{ .long_name = (name), .type = ARG_CALL, .value = (ctx), .id = (ident), .call = (fn), \
	  .argname = (arg), .help = (text) }
/*
 * boot's options for run's table (lib/options.h): each an ARG_CALL of fn
 * with value ctx and id a BOOT_OPT_*; fn hands them to boot_option.
 * --interleave takes no value (fn gets NULL).
 */
#define BOOT_OPTION_SPECS(ctx, fn) \
	BOOT_SPEC_("boot", BOOT_OPT_BOOT, "IMAGE", \
		   "run the session in a guest booting IMAGE: a user-mode-linux\n" \
		   "binary (linux.uml, make uml-kernel) or an x86 bzImage under\n" \
		   "QEMU/KVM (make qemu-kernel); rows go to DIR/NAME", ctx, fn), \
	BOOT_SPEC_("boot-arg", BOOT_OPT_ARG, "ARG", \
		   "one more guest kernel argument (mem=1008M), for the -k it\n" \
		   "follows, or for every kernel before any -k; repeatable", ctx, fn), \
	BOOT_SPEC_("vm-mem", BOOT_OPT_MEM, "SIZE", "guest memory (default 1G)", ctx, fn), \
	BOOT_SPEC_("vm-cpus", BOOT_OPT_CPUS, "N", \
		   "guest CPUs (QEMU: default this machine's; UML has 1)", ctx, fn), \
	BOOT_SPEC_("vm-disk", BOOT_OPT_DISK, "SIZE", \
		   "the guest's sparse scratch disk for the loads (default 8G)", ctx, fn), \
	BOOT_SPEC_("vm-timeout", BOOT_OPT_TIMEOUT, "D", \
		   "kill a guest that adds no row for D (default 1h)", ctx, fn), \
	{ .long_name = "interleave", .type = ARG_CALL, .value = (ctx), \
	  .id = BOOT_OPT_INTERLEAVE, .call = (fn), .no_value = 1, \
	  .help = "with several kernels: one run of each per round" }

/* argc bounds how many -k and --boot-arg there can be */
void boot_opts_init(struct boot_opts *b, int argc);
void boot_opts_release(struct boot_opts *b);
/*
 * Take option c (a BOOT_OPT_*, or 'k'), which is argv[first..end) of run's
 * argv; 0 taken, 1 not a boot option (or 'k', which run wants too).
 */
int boot_option(struct boot_opts *b, int c, const char *arg, int first, int end);
/* did the command line ask for a guest (--boot, or a -k NAME=IMAGE)? */
int boot_wanted(const struct boot_opts *b);

/*
 * What run passes on to the contest inside the guest: its options but
 * boot's own and -k (whatever run takes: -c, -s, -n, ...), its loads.
 */
struct boot_passthrough {
	int argc;
	char **argv;		/* run's, argv[0] "run" */
	char **loads;		/* LOAD..., the end of argv */
	int nloads;
};

/* the kernels a boot_run ran that have rows, in the order given */
struct boot_ran {
	char **names;
	size_t n;
	int not_started;	/* guests this host could not start: not the kernels' fault */
};
void boot_ran_release(struct boot_ran *ran);

/*
 * Boot each kernel and run the session in it; ran gets the kernels with
 * rows for the caller to print (empty when interrupted or nothing booted).
 * cfg is the host's config as run loaded it (paths absolute). Returns
 * run's exit status: 0, 1 (a run or a guest failed), 2 (bad usage:
 * nothing booted), 128+signal when interrupted.
 */
int boot_run(struct config *cfg, const struct boot_opts *b, const struct boot_passthrough *p,
	     struct boot_ran *ran);

/*
 * PID 1 of the guest (guest-init.c; `contest guest-init DIR` calls it):
 * the inner session's argv, environment and directory read from DIR, the
 * mounts it needs, the session run with its output on the console, DIR/status
 * written ("exit N", "signal N" or "error ..."); then the guest powers off.
 */
void guest_init(const char *dir) __attribute__((noreturn));

#endif

/* rerun.h - contest rerun: a session again, exactly as its env recorded it
 *
 * A kernel's env file (DIR/KERNEL/env) records the session that wrote it:
 * the config as used (its "config:" section), the variant's knobs, and
 * since run_* lines were added the plan's loads (run_loads), a variant's
 * rounds (run_rounds) and --until-sd (run_until_sd). rerun_prepare()
 * makes a request that runs it again: the config from that section alone
 * (the key table's defaults under it, so a key an older contest did not
 * write keeps its default), results in DIR, the loads, knobs, rounds and
 * --until-sd as recorded. What the env cannot say is said in r->lacks
 * (an older env: no run_loads runs the config's loads list), and every
 * way this machine now differs from the one recorded in r->differences:
 * another machine (machine.h), another running kernel (uname, cmdline),
 * and each fact of the fingerprint that changed (env_differences).
 * The env records only the kernel's last session: a kernel run twice, or
 * at a sweep's points, reruns the last (a sweep's point is said in
 * lacks). A run --boot guest's session (a bisection's candidate) ran on
 * the guest's kernel: r->guest says how to boot it again (the recorded
 * image, its kind and accelerator, vCPUs, memory, disk, timeout and boot
 * arguments; guest/rerun-boot.c boots it), and rerun_prepare refuses
 * an image that is gone, saying how to build it again (rebuild.h).
 * Its differences are the host's (host_uname, host_cpus, host_memtotal).
 */
#ifndef CONTEST_RERUN_H
#define CONTEST_RERUN_H

#include "session/request.h"

/* a run --boot guest's session, as its env recorded the guest; kind NULL: none */
struct rerun_guest {
	char *kind;		/* "uml", "qemu-kvm" or "qemu-tcg" (env's guest) */
	char *accel;		/* guest_accel to boot it with: "kvm", "tcg"; NULL: UML */
	char *image, *mem, *cpus, *disk, *timeout;	/* NULL: not recorded */
	char **boot_args;	/* NULL-terminated */
	char *kernel_env;	/* the lines of the kernel's build (its commit...) for the new env */
};

struct rerun {
	struct config *cfg;		/* the recorded config, results = DIR */
	struct variant variant;		/* the new session's name and the recorded knobs */
	int in_rounds;			/* it was a variant's (knobs, run_rounds) */
	long long rounds;		/* its rounds */
	char **loads;			/* run_loads; NULL: the config's (an older env) */
	int nloads;
	double until_sd;		/* NAN: none */
	int max_runs;
	char **differences;		/* sentences, NULL-terminated */
	char **lacks;			/* sentences, NULL-terminated */
	struct rerun_guest guest;
};

/*
 * Read DIR/KERNEL/env and make r, the session to run as kernel name
 * (NULL: KERNEL again). 0; -1 (said) when the env is missing, has no
 * config section, or a recorded value or knob is refused here (bad
 * input: the caller exits 2).
 */
int rerun_prepare(struct rerun *r, const char *dir, const char *kernel, const char *name);

/*
 * The same from the env's text (path names it in messages), without
 * looking at this machine: r->differences stays empty. What rerun_prepare
 * does after reading the file (the fuzz target's way in).
 */
int rerun_parse(struct rerun *r, const char *path, const char *text, const char *dir,
		const char *kernel, const char *name);

/* rq to run r (session_run, rounds.h); argc/argv for the plan --resume reads */
void rerun_request(const struct rerun *r, struct run_request *rq, int argc, char **argv);

void rerun_release(struct rerun *r);

#endif

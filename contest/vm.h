/* vm.h - one boot of a user-mode-linux guest that runs one contest session
 *
 * The host side of `run --boot` for one kernel and one round: a private
 * directory (the guest's instructions, its status, UML's umid directory
 * and memory file), a sparse ext4 scratch disk in work_dir, the UML
 * process in its own process group with its console on a pipe, watched
 * until it powers off, stops adding rows for timeout_s, or run is
 * interrupted; then killed, reaped and every trace of it removed.
 */
#ifndef CONTEST_VM_H
#define CONTEST_VM_H

#include <stdint.h>

struct vm_spec {
	const char *image;	/* the UML binary */
	const char *kernel;	/* the results name */
	const char *const *boot_args;	/* the user's, after ours: theirs win */
	int nargs;
	uint64_t mem_bytes;	/* mem= */
	uint64_t disk_bytes;	/* the scratch disk's (sparse) size */
	double timeout_s;	/* longest wait for the next row */
	const char *self;	/* this contest: the guest's init */
	const char *work_dir;	/* absolute; its scratch/ gets the disk */
	const char *kdir;	/* RESULTS/KERNEL: runs.tsv watched, logs/guest.console */
	char *const *inner_argv;	/* the contest run inside, argv[0] == self */
	const char *guest_env;	/* CONTEST_GUEST for the inner fingerprint */
};

struct vm_result {
	int finished;		/* the session inside ended and said how */
	int inner_status;	/* its exit status, when finished */
	int timed_out, interrupted;
	char detail[200];	/* what went wrong, for status_detail; "" when finished */
};

/*
 * Boot once and wait. 0 when the guest ran (see r for how it ended), -1
 * when it could not be started (error printed; nothing left behind).
 */
int vm_boot(const struct vm_spec *s, struct vm_result *r);

#endif

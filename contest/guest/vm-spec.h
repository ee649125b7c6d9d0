/* vm-spec.h - what one guest boot is asked to be: shared by vm.c and the
 * monitors' command lines (vm-qemu.c), so neither includes the other */
#ifndef CONTEST_VM_SPEC_H
#define CONTEST_VM_SPEC_H

#include <stdint.h>

/* QEMU's two: with KVM, or emulating the CPU (TCG), whose times are the emulator's */
enum vm_monitor { VM_UML, VM_QEMU_KVM, VM_QEMU_TCG };

/* "uml", "qemu-kvm" or "qemu-tcg", as the env file's guest: line says */
const char *vm_monitor_name(enum vm_monitor m);

struct vm_spec {
	enum vm_monitor monitor;
	const char *image;	/* the UML binary, or the bzImage QEMU boots */
	const char *kernel;	/* the results name */
	const char *const *boot_args;	/* the user's, after ours: theirs win */
	int nargs;
	uint64_t mem_bytes;	/* UML's mem=, QEMU's -m */
	int cpus;		/* QEMU's -smp; UML has one */
	uint64_t disk_bytes;	/* the scratch disk's (sparse) size */
	double timeout_s;	/* longest wait for the next row */
	const char *self;	/* this contest: the guest's init */
	const char *work_dir;	/* absolute; its scratch/ gets the disk */
	const char *results;	/* absolute: writable in a QEMU guest, with work_dir */
	const char *kdir;	/* RESULTS/KERNEL: runs.tsv watched, logs/guest.console */
	char *const *inner_argv;	/* the contest run inside, argv[0] == self */
	const char *guest_env;	/* CONTEST_GUEST for the inner fingerprint */
	int first_run;		/* FIRST_RUN_ENV for the inner session, 0 none */
};

#endif

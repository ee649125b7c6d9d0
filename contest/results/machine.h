/* machine.h - which machine a kernel's results come from, from its env file
 *
 * A machine is its host (the env's host line) and CPU model, and its memory
 * where an older env file has no host line: results
 * gathered from a lab (KERNEL@HOST folders) differ in them, and comparing
 * such kernels measures the machines as much as the kernels. A machine is
 * read once per kernel into these few lines, not kept as its env text: a
 * lab's report groups thousands of kernels by it.
 */
#ifndef CONTEST_MACHINE_H
#define CONTEST_MACHINE_H

#include <stddef.h>

struct env;	/* record/env.h */

struct machine {
	int known;		/* the kernel has an env file */
	char *host;		/* the host line, else uname's node name; NULL unknown */
	char *cpu_model, *cpus;	/* NULL unknown */
	char *memtotal;		/* "BYTES (HUMAN)"; NULL unknown */
	char *guest_mem;	/* a run --boot guest's mem=, NULL none */
	int guest;		/* a run --boot guest: its memory is a candidate's */
	/* a guest's: "uml", "qemu-kvm", "qemu-tcg"; its accelerator ("kvm",
	 * "tcg", "none"; read from guest: by an older env), its vCPUs and its
	 * QEMU's version; NULL on bare metal or unknown */
	char *guest_kind, *accel, *guest_cpus, *guest_qemu;
};

/* m from a parsed env file; e NULL: no env file (m->known 0) */
void machine_of(struct machine *m, const struct env *e);
void machine_release(struct machine *m);

/*
 * The machine of each of kernels[0..n), from DIR/KERNEL/env (known 0
 * where there is none); free with machine_release_all().
 */
struct machine *results_read_machines(const char *dir, char *const *kernels, size_t n);
/* the machines of n parsed env files (NULL where a kernel has none) */
struct machine *machines_of_envs(struct env *const *envs, size_t n);
void machine_release_all(struct machine *ms, size_t n);

/* "HOST (CPU MODEL, N CPUs, memtotal M)", malloc'd; "unknown" parts where
 * the env lacks them; a guest's adds "; " and machine_guest_text's */
char *machine_label(const struct machine *m);
/* "a QEMU/TCG guest (an emulated CPU), 2 vCPUs, 512M, QEMU 7.2.22",
 * "a QEMU/KVM guest, ...", "a user-mode-linux guest, 1G", malloc'd; NULL
 * on bare metal */
char *machine_guest_text(const struct machine *m);
/* 1 when exactly one of a and b ran under QEMU/TCG: an emulated CPU's
 * times say nothing of the other's, so no verdict is given across them */
int machine_across_emulation(const struct machine *a, const struct machine *b);
/* 1 when a and b are different machines: their hosts (the host line,
 * else uname's node name) or CPU models differ, or, where no host is
 * known, their memtotal (fingerprint_same_memory's tolerance; not for a
 * run --boot guest, whose memory is a candidate's); else 0 */
int machine_differs(const struct machine *a, const struct machine *b);

/*
 * The kernels grouped by machine, when ms[0..n) (known 0 where a kernel
 * has no env file) are two machines or more: one malloc'd line per
 * machine, "LABEL: KERNEL KERNEL...", in the order of each machine's first
 * kernel, NULL-terminated; NULL from one machine. Free with machine_groups_free().
 */
char **machine_groups(const struct machine *ms, char *const *kernels, size_t n);
void machine_groups_free(char **groups);

#endif

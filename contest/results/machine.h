/* machine.h - which machine a kernel's results come from, from its env file
 *
 * A machine is its host (the env's host line) and CPU model, and its memory
 * where an older env file has no host line: results
 * gathered from a lab (KERNEL@HOST folders) differ in them, and comparing
 * such kernels measures the machines as much as the kernels.
 */
#ifndef CONTEST_MACHINE_H
#define CONTEST_MACHINE_H

#include <stddef.h>

/* "HOST (CPU MODEL, N CPUs, memtotal M)", malloc'd; "unknown" parts where the env lacks them */
char *machine_label(const char *env);
/* 1 when env_a and env_b are different machines: their hosts (the host
 * line, else uname's node name) or CPU models differ, or, where no host is
 * known, their memtotal (fingerprint_differences' tolerance; not for a run
 * --boot guest, whose memory is a candidate's); else 0 */
int machine_differs(const char *env_a, const char *env_b);

/*
 * The kernels grouped by machine, when envs[0..n) (NULL where a kernel has
 * no env file) come from two machines or more: one malloc'd line per
 * machine, "LABEL: KERNEL KERNEL...", in the order of each machine's first
 * kernel, NULL-terminated; NULL from one machine. Free with machine_groups_free().
 */
char **machine_groups(char *const *envs, char *const *kernels, size_t n);
void machine_groups_free(char **groups);

#endif

/* vm-qemu.h - the QEMU side of a --boot guest (vm.c boots it)
 *
 * qemu-system-x86_64 with KVM, or emulating the CPU (TCG), booting a bzImage: the host's / as the
 * read-only 9p root (mount tag /dev/root, as virtme-ng), the private
 * directory, the results directory and work_dir as writable 9p shares,
 * the scratch disk as a virtio disk, the console on ttyS0 through stdio.
 */
#ifndef CONTEST_VM_QEMU_H
#define CONTEST_VM_QEMU_H

#include "guest/vm-spec.h"

/* the scratch disk inside a QEMU guest (the first virtio disk) */
#define QEMU_GUEST_DISK "/dev/vda"
#define QEMU_BINARY "qemu-system-x86_64"

/* QEMU's argv: init is s->self with "guest-init PRIV" */
char **qemu_argv(const struct vm_spec *s, const char *priv, const char *disk);
/* the writable shares for guest-init, a "TAG PATH" line each, parents first */
char *qemu_shares(const struct vm_spec *s, const char *priv);

#endif

#!/usr/bin/env bash
# run --boot under QEMU/KVM with the kernel `make qemu-kernel` built
# (work/qemu-6.1.bzImage): a quick noload + process_load session in the
# guest records ok rows whose env says guest: qemu-kvm and the guest's
# kernel, the guest cannot write outside results and work_dir, and
# nothing is left on the host. Without that kernel it skips:
# t-slow-qemu-boot builds it (CONTEST_SLOW=1).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-qemu-boot.sh"
img=$TOP/work/qemu-6.1.bzImage
why=$(qemu_boot_skip)
[ -n "$why" ] || [ -f "$img" ] || why="no '$img' (make qemu-kernel, minutes)"
if [ -n "$why" ]; then
	skip "$why"
	done_testing
	exit
fi
qemu_boot_checks "$img"
done_testing

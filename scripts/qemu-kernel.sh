#!/bin/sh
# qemu-kernel.sh WORKDIR NAME [FRAGMENT] - build a small x86_64 bzImage from
# Debian's linux-source-6.1 for `contest run --boot` under QEMU (KVM or
# TCG: guest_accel), and print the path of the result,
# WORKDIR/NAME.bzImage, on stdout (messages on stderr).
#
# The config is allnoconfig, then the kernel's own kvm_guest.config (serial
# console, virtio PCI and block, 9p over virtio), then what a contest guest
# needs (below), then FRAGMENT, so a fragment can take any of them away
# again. allnoconfig rather than tinyconfig: tinyconfig turns on EXPERT,
# which switches off futexes, epoll, multi-user and the like that gcc,
# make and dbench need; allnoconfig leaves those at their defaults.
# Out of tree in WORKDIR/qemu-build-NAME, from the source uml-kernel.sh
# uses too (lib-kbuild.sh).
#
# --bisect [FRAGMENT] builds the kernel tree in the current directory in
# $CONTEST_BUILD_DIR instead and prints the image there: `contest bisect
# --build 'scripts/qemu-kernel.sh --bisect'` (lib-kbuild.sh).
#
# Exit: 0 ok, 1 failure, 2 bad usage.
set -eu

tool=qemu-kernel
kind=qemu
. "$(dirname "$0")/lib-kbuild.sh"

# guest-init mounts proc, sysfs, cgroup2, tmpfs, 9p and the ext4 scratch
# disk (/dev/vda); contest reads PSI, schedstat and the cgroup v2
# controllers (memory, cpu, io, pids); ACPI powers the guest off
guest_needs() {
	cat <<-'EOF2'
	CONFIG_64BIT=y
	CONFIG_SMP=y
	CONFIG_ACPI=y
	CONFIG_HIGH_RES_TIMERS=y
	CONFIG_PRINTK=y
	CONFIG_BINFMT_ELF=y
	CONFIG_BINFMT_SCRIPT=y
	CONFIG_MULTIUSER=y
	CONFIG_FUTEX=y
	CONFIG_EPOLL=y
	CONFIG_SYSVIPC=y
	CONFIG_UNIX=y
	CONFIG_UNIX98_PTYS=y
	CONFIG_PROC_FS=y
	CONFIG_PROC_SYSCTL=y
	CONFIG_SYSFS=y
	CONFIG_TMPFS=y
	CONFIG_DEVTMPFS=y
	CONFIG_DEVTMPFS_MOUNT=y
	CONFIG_EXT4_FS=y
	CONFIG_VIRTIO_PCI=y
	CONFIG_VIRTIO_BLK=y
	CONFIG_NET_9P_VIRTIO=y
	CONFIG_9P_FS=y
	CONFIG_SERIAL_8250_CONSOLE=y
	CONFIG_MQ_IOSCHED_DEADLINE=y
	CONFIG_CGROUPS=y
	CONFIG_MEMCG=y
	CONFIG_CGROUP_SCHED=y
	CONFIG_FAIR_GROUP_SCHED=y
	CONFIG_CFS_BANDWIDTH=y
	CONFIG_BLK_CGROUP=y
	CONFIG_CGROUP_PIDS=y
	CONFIG_SWAP=y
	CONFIG_PSI=y
	CONFIG_SCHEDSTATS=y
	CONFIG_MAGIC_SYSRQ=y
	EOF2
}

kbuild_args "$@"
guest_needs >"$out/contest-guest.config"
msg "configuring '$out' (x86_64 allnoconfig + kvm_guest.config + guest needs${fragment:+ + $fragment})"
kbuild_config x86_64 allnoconfig "$src/kernel/configs/kvm_guest.config" contest-guest.config
# what the fragment does not name of the needs must be there too
sed -n 's/^\(# \)\{0,1\}\(CONFIG_[A-Za-z0-9_]*\)[= ].*/^\2=/p' ${fragment:+"$fragment"} \
	</dev/null >"$out/fragment-symbols"
grep -v -f "$out/fragment-symbols" "$out/contest-guest.config" >"$out/contest-guest.check" || true
kconfig_check "$out/contest-guest.check" "$out/.config"
msg "building '$out/arch/x86/boot/bzImage' (make ARCH=x86_64 -j$(nproc) bzImage)"
kbuild_configured
kmake -s -C "$src" O="$out" ARCH=x86_64 -j"$(nproc)" bzImage
kbuild_done "$out/arch/x86/boot/bzImage" bzImage

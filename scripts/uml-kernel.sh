#!/bin/sh
# uml-kernel.sh WORKDIR NAME [FRAGMENT] - build a user-mode-linux kernel from
# Debian's linux-source-6.1 with a config fragment on top of the UML
# defconfig, and print the path of the result, WORKDIR/NAME.uml, on stdout
# (messages on stderr). `contest run --boot WORKDIR/NAME.uml` boots it.
#
# Out of tree in WORKDIR/uml-build-NAME (lib-kbuild.sh says where the
# source comes from).
# On top of defconfig go what a --boot guest needs (hostfs, ubd, ext4, tmpfs,
# devtmpfs, cgroup v2 with memory and cpu, swap, PSI), then FRAGMENT, so a
# fragment can take any of them away again.
#
# --bisect [FRAGMENT] builds the kernel tree in the current directory in
# $CONTEST_BUILD_DIR instead and prints the image there: `contest bisect
# --build 'scripts/uml-kernel.sh --bisect'` (lib-kbuild.sh).
#
# Exit: 0 ok, 1 failure, 2 bad usage.
set -eu

tool=uml-kernel
kind=uml
. "$(dirname "$0")/lib-kbuild.sh"

guest_needs() {
	cat <<-'EOF'
	CONFIG_HOSTFS=y
	CONFIG_BLK_DEV_UBD=y
	CONFIG_EXT4_FS=y
	CONFIG_TMPFS=y
	CONFIG_DEVTMPFS=y
	CONFIG_DEVTMPFS_MOUNT=y
	CONFIG_CGROUPS=y
	CONFIG_MEMCG=y
	CONFIG_CGROUP_SCHED=y
	CONFIG_FAIR_GROUP_SCHED=y
	CONFIG_CFS_BANDWIDTH=y
	CONFIG_CGROUP_PIDS=y
	CONFIG_SWAP=y
	CONFIG_PSI=y
	CONFIG_MAGIC_SYSRQ=y
	EOF
}

kbuild_args "$@"
guest_needs >"$out/contest-guest.config"
msg "configuring '$out' (ARCH=um defconfig + guest needs${fragment:+ + $fragment})"
kbuild_config um defconfig contest-guest.config
msg "building '$out/linux' (make ARCH=um -j$(nproc) linux)"
kbuild_configured
kmake -s -C "$src" O="$out" ARCH=um -j"$(nproc)" linux
kbuild_done "$out/linux" uml

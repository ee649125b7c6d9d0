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
# UML up to 6.1 restores a fixed 2696-byte XSAVE area, which a CPU with a
# larger one (AMX: 11008 bytes) refuses, so no guest process would run:
# there the build directory gets a copy of arch/x86/um/user-offsets.c with
# this CPU's size (xsave-bytes.c says it), which kbuild reads before the
# tree's (VPATH), so the tree is never changed (contest/kernel/uml-fp.h
# does the same for bisect's default build). A kernel so built still runs
# on a CPU with a smaller area (ptrace trims the buffer to the host's).
# Its larger register copies live on the kernel stacks, hence 32 KiB ones.
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
	CONFIG_KERNEL_STACK_ORDER=3
	EOF
}

fp_file=arch/x86/um/user-offsets.c
fp_line='DEFINE_LONGS(HOST_FP_SIZE, 2696);'

# the fitted copy of fp_file in $out, or none (then the tree's is compiled
# again: its time may be older than the copy's output); fp_bytes its size
uml_fp_fit() {
	fp_bytes=0
	if grep -qF "$fp_line" "$src/$fp_file" 2>/dev/null; then
		cc -O2 -iquote "$here/../contest" -o "$out/xsave-bytes" "$here/xsave-bytes.c" \
			"$here/../contest/sys/xsave.c" || die 1 "cannot compile '$here/xsave-bytes.c'"
		fp_bytes=$("$out/xsave-bytes") || { msg "cannot read this CPU's XSAVE size: HOST_FP_SIZE stays 2696"; fp_bytes=0; }
		fp_bytes=$(((fp_bytes + 7) / 8 * 8))
	fi
	if [ "$fp_bytes" -gt 2696 ]; then
		mkdir -p "$out/${fp_file%/*}"
		sed "s/$fp_line/DEFINE_LONGS(HOST_FP_SIZE, $fp_bytes);/" "$src/$fp_file" > "$out/$fp_file.new"
		if cmp -s "$out/$fp_file.new" "$out/$fp_file"; then
			rm -f "$out/$fp_file.new"
		else
			mv -f "$out/$fp_file.new" "$out/$fp_file"
		fi
		msg "this CPU's XSAVE area is $fp_bytes bytes: HOST_FP_SIZE fitted in '$out/$fp_file'"
	elif [ -e "$out/$fp_file" ]; then
		rm -f "$out/$fp_file" "$out/${fp_file%.c}.s"
	fi
}

# a kbuild that stopped reading sources from $out would leave 2696
uml_fp_check() {
	[ -e "$out/$fp_file" ] || return 0
	grep -q "^#define HOST_FP_SIZE $((fp_bytes / 8)) " "$out/include/generated/user_constants.h" ||
		die 1 "'$out/include/generated/user_constants.h' lacks HOST_FP_SIZE $((fp_bytes / 8)): the build did not take '$out/$fp_file'"
}

kbuild_args "$@"
guest_needs >"$out/contest-guest.config"
msg "configuring '$out' (ARCH=um defconfig + guest needs${fragment:+ + $fragment})"
kbuild_config um defconfig contest-guest.config
msg "building '$out/linux' (make ARCH=um -j$(nproc) linux)"
kbuild_configured
uml_fp_fit
kmake -s -C "$src" O="$out" ARCH=um -j"$(nproc)" linux
uml_fp_check
kbuild_done "$out/linux" uml

#!/bin/sh
# uml-kernel.sh WORKDIR NAME [FRAGMENT] - build a user-mode-linux kernel from
# Debian's linux-source-6.1 with a config fragment on top of the UML
# defconfig, and print the path of the result, WORKDIR/NAME.uml, on stdout
# (messages on stderr). `contest run --boot WORKDIR/NAME.uml` boots it.
#
# The source is unpacked once, by kernel-tree.sh, into
# WORKDIR/uml-src/linux-source-6.1: a copy of its own, since the kernel
# workload builds in-tree in WORKDIR/linux-source-6.1 and an in-tree
# .config makes every O= build refuse. Each NAME builds out of tree in
# WORKDIR/uml-build-NAME, so a second call only rebuilds what changed.
# On top of defconfig go what a --boot guest needs (hostfs, ubd, ext4, tmpfs,
# devtmpfs, cgroup v2 with memory and cpu, swap, PSI), then FRAGMENT, so a
# fragment can take any of them away again.
#
# Exit: 0 ok, 1 failure, 2 bad usage.
set -eu

msg() {
	printf 'uml-kernel: %s\n' "$*" >&2
}

die() {
	status=$1
	shift
	printf 'error: %s\n' "$*" >&2
	exit "$status"
}

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

# a fragment line the build did not take (a typo, an unmet dependency)
# would make two "different" kernels the same one: refuse
check_fragment() {
	sed -n 's/^\(CONFIG_[A-Za-z0-9_]*=.*\)$/set \1/p; s/^# \(CONFIG_[A-Za-z0-9_]*\) is not set$/unset \1/p' "$1" |
	while read -r how line; do
		case $how in
		set) grep -qxF "$line" "$2" ;;
		unset) ! grep -q "^$line=" "$2" ;;
		esac || die 1 "'$line' from '$1' did not make it into '$2' (a dependency missing?)"
	done
}

[ "$#" -ge 2 ] && [ "$#" -le 3 ] || die 2 "usage: $0 WORKDIR NAME [FRAGMENT]"
name=$2
case $name in
'' | .* | */* | *[[:space:]]*) die 2 "bad kernel name '$name': no '/', blanks or leading '.'" ;;
esac
fragment=${3:-}
if [ -n "$fragment" ]; then
	[ -r "$fragment" ] || die 2 "cannot read config fragment '$fragment'"
	fragment=$(cd "$(dirname "$fragment")" && pwd -P)/$(basename "$fragment")
fi
mkdir -p "$1"
workdir=$(cd "$1" && pwd -P)
src=$("$(dirname "$0")/kernel-tree.sh" "$workdir/uml-src")
src=$(cd "$src" && pwd -P)
out=$workdir/uml-build-$name
mkdir -p "$out"
guest_needs >"$out/contest-guest.config"
msg "configuring '$out' (ARCH=um defconfig + guest needs${fragment:+ + $fragment})"
make -s -C "$src" O="$out" ARCH=um defconfig >&2
# merge_config.sh -m merges without running make; olddefconfig settles the rest
(cd "$out" && "$src/scripts/kconfig/merge_config.sh" -m -O "$out" .config \
	contest-guest.config ${fragment:+"$fragment"}) >&2
make -s -C "$src" O="$out" ARCH=um olddefconfig >&2
if [ -n "$fragment" ]; then
	check_fragment "$fragment" "$out/.config"
fi
msg "building '$out/linux' (make ARCH=um -j$(nproc) linux)"
make -s -C "$src" O="$out" ARCH=um -j"$(nproc)" linux >&2
cp "$out/linux" "$workdir/$name.uml.tmp"
mv -f "$workdir/$name.uml.tmp" "$workdir/$name.uml"
printf '%s\n' "$workdir/$name.uml"

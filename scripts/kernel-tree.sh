#!/bin/sh
# kernel-tree.sh WORKDIR - unpack Debian's linux-source-6.1 into WORKDIR and
# print the absolute path of the tree on stdout (messages on stderr).
#
# The tarball is unpacked into a temporary directory inside WORKDIR, stamped,
# and only then renamed into place, so an interrupted unpack never leaves
# something that looks like a tree. A second call finds the stamp and only
# prints the path.
#
# Exit: 0 ok, 1 failure, 2 bad usage or cannot install (not root).
set -eu

pkg=linux-source-6.1
tarball=/usr/src/$pkg.tar.xz
stamp_name=.contest-unpacked

msg() {
	printf 'kernel-tree: %s\n' "$*" >&2
}

die() {
	status=$1
	shift
	printf 'error: %s\n' "$*" >&2
	exit "$status"
}

install_source() {
	if [ "$(id -u)" -ne 0 ]; then
		die 2 "'$tarball' is missing and installing '$pkg' needs root (sudo apt-get install $pkg)"
	fi
	msg "installing $pkg"
	export DEBIAN_FRONTEND=noninteractive
	if ! apt-get install -y -qq "$pkg" >&2; then
		apt-get update -qq >&2
		apt-get install -y -qq "$pkg" >&2
	fi
	[ -f "$tarball" ] || die 1 "'$pkg' is installed but '$tarball' is missing"
}

pkg_version() {
	dpkg-query -W -f '${Version}' "$pkg" 2>/dev/null || echo unknown
}

# unpack WORKDIR TREE: tar into WORKDIR/.unpack.XXXXXX, stamp, rename to TREE
unpack() {
	tmp=$(mktemp -d "$1/.unpack.XXXXXX")
	trap 'rm -rf "$tmp"' EXIT
	trap 'exit 130' INT
	trap 'exit 143' TERM
	msg "unpacking '$tarball' into '$2'"
	tar -xJf "$tarball" -C "$tmp"
	[ -d "$tmp/$pkg" ] || die 1 "'$tarball' holds no '$pkg/' directory"
	printf '%s %s\n' "$pkg" "$(pkg_version)" >"$tmp/$pkg/$stamp_name"
	mv -T "$tmp/$pkg" "$2"
	rm -rf "$tmp"
	trap - EXIT INT TERM
}

[ "$#" -eq 1 ] || die 2 "usage: $0 WORKDIR"
[ -f "$tarball" ] || install_source
mkdir -p "$1"
workdir=$(cd "$1" && pwd -P)
tree=$workdir/$pkg
if [ ! -f "$tree/$stamp_name" ]; then
	if [ -e "$tree" ]; then
		die 1 "'$tree' exists but was not unpacked by $0 (no '$stamp_name'); remove it first"
	fi
	unpack "$workdir" "$tree"
fi
printf '%s\n' "$tree"

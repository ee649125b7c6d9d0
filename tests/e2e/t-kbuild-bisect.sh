#!/usr/bin/env bash
# t-kbuild-bisect - uml-kernel.sh and qemu-kernel.sh --bisect, the build
# commands `contest bisect --build` runs in the tree at each step, refuse
# what they cannot build (exit 2, saying why) before they run make; the
# builds themselves are in t-slow-uml-kernel and t-slow-qemu-boot.
. "$(dirname "$0")/lib.sh"

mkdir -p "$T/notree" "$T/tree"
: > "$T/tree/Makefile"
: > "$T/tree/Kconfig"
for s in uml-kernel qemu-kernel; do
	(cd "$T/tree" && env -u CONTEST_BUILD_DIR "$TOP/scripts/$s.sh" --bisect) > "$T/out" 2> "$T/err"
	is $? 2 "$s --bisect without CONTEST_BUILD_DIR: exit 2"
	grep -q 'CONTEST_BUILD_DIR is not set' "$T/err"
	ok $? "$s: and says so ($(cat "$T/err"))"
	(cd "$T/notree" && CONTEST_BUILD_DIR=$T/b "$TOP/scripts/$s.sh" --bisect) > "$T/out" 2> "$T/err"
	is $? 2 "$s --bisect outside a kernel tree: exit 2"
	grep -q "'$T/notree' is not a kernel tree" "$T/err"
	ok $? "$s: and names the directory"
	(cd "$T/tree" && CONTEST_BUILD_DIR=$T/b "$TOP/scripts/$s.sh" --bisect "$T/nosuch.config") > "$T/out" 2> "$T/err"
	is $? 2 "$s --bisect with a fragment it cannot read: exit 2"
	(cd "$T/tree" && CONTEST_BUILD_DIR=$T/b "$TOP/scripts/$s.sh" --bisect a b) > "$T/out" 2> "$T/err"
	is $? 2 "$s --bisect with two fragments: exit 2"
	grep -q 'usage: .*--bisect \[FRAGMENT\]' "$T/err"
	ok $? "$s: with its usage"
	[ ! -s "$T/out" ] && [ ! -e "$T/b/.config" ]
	ok $? "$s: nothing printed, nothing configured"
done
done_testing

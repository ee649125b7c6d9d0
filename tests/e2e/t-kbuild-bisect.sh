#!/usr/bin/env bash
# t-kbuild-bisect - uml-kernel.sh and qemu-kernel.sh --bisect, the build
# commands `contest bisect --build` runs in the tree at each step, refuse
# what they cannot build (exit 2, saying why) before they run make, and
# configure the build directory again only when what it was configured from
# changed; the builds themselves are in t-slow-uml-kernel and
# t-slow-qemu-boot.
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

# When a build directory is configured again. make and the tree's
# merge_config.sh are stand-ins that log what they are asked (a real
# configure and build is minutes: t-slow-uml-kernel runs them); the
# decisions are the script's own.
mkdir -p "$T/bin" "$T/tree/scripts/kconfig"
cat > "$T/bin/make" <<'EOF2'
#!/bin/sh
o=
for a in "$@"; do case $a in O=*) o=${a#O=} ;; esac; done
echo "make $*" >> "$LOG"
case " $* " in
*" defconfig "*) echo CONFIG_UML=y > "$o/.config" ;;
*" linux "*) [ -f "$o/.config" ] && echo image > "$o/linux" ;;
*" fail "*) exit 2 ;;
esac
EOF2
cat > "$T/tree/scripts/kconfig/merge_config.sh" <<'EOF2'
#!/bin/sh
echo "merge $*" >> "$LOG"
shift 4	# -m -O DIR .config
cat "$@" >> .config
EOF2
chmod +x "$T/bin/make" "$T/tree/scripts/kconfig/merge_config.sh"
export LOG=$T/log
build() {	# build FRAGMENT: --bisect in the tree into $T/bd, its make lines in $T/log
	: > "$LOG"
	(cd "$T/tree" && PATH=$T/bin:$PATH CONTEST_BUILD_DIR=$T/bd "$TOP/scripts/uml-kernel.sh" --bisect "$@") > "$T/out" 2> "$T/err"
}
printf 'CONFIG_FOO=y\n' > "$T/f1.config"
printf 'CONFIG_BAR=y\n' > "$T/f2.config"
build "$T/f1.config"
ok $? "uml-kernel.sh --bisect FRAGMENT (stand-in make) exits 0 ($(tail -n 1 "$T/err"))"
is "$(cat "$T/out")" "$T/bd/linux" "it prints the image in the build directory"
grep -q ' defconfig$' "$LOG" && grep -q '^merge .*f1.config' "$LOG" && [ -s "$T/bd/contest-config.stamp" ]
ok $? "the first step configures: defconfig, the fragment merged, a stamp"
build "$T/f1.config"
! grep -q ' defconfig$\|^merge' "$LOG" && grep -q ' olddefconfig$' "$LOG"
ok $? "the next step with the same fragment keeps the config: olddefconfig only"
build "$T/f2.config"
grep -q ' defconfig$' "$LOG" && grep -q '^merge .*f2.config' "$LOG" && grep -qx CONFIG_BAR=y "$T/bd/.config"
ok $? "another fragment: configured again, and it took"
sed -i 's/CONFIG_BAR=y/# CONFIG_BAR is not set/' "$T/bd/.config"
build "$T/f2.config"
is $? 1 "a config that lost a fragment's line since: exit 1, checked at every step"
cp "$T/tree/scripts/kconfig/merge_config.sh" "$T/merge"
printf '#!/bin/sh\nexit 3\n' > "$T/tree/scripts/kconfig/merge_config.sh"
build "$T/f1.config"
is $? 1 "a configuration cut short: exit 1"
[ ! -e "$T/bd/contest-config.stamp" ]
ok $? "and no stamp, so the next step configures again"
cp "$T/merge" "$T/tree/scripts/kconfig/merge_config.sh"
build "$T/f1.config"
grep -q ' defconfig$' "$LOG"
ok $? "which it does"
printf '#!/bin/sh\necho "make $*" >> "$LOG"; exit 2\n' > "$T/bin/make"
build "$T/f1.config"
is $? 1 "make failing (its own exit 2): the script says failure, exit 1"
done_testing

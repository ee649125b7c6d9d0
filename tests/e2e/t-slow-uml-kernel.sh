#!/usr/bin/env bash
# slow: builds a user-mode-linux kernel (minutes; incremental after the first)
# `make uml-kernel UML_NAME=nodeadline UML_CONFIG=.../no-deadline.config`
# (README's example; a kernel already built from it is reused) builds a UML
# kernel from linux-source-6.1 with a config fragment (no mq-deadline).
# Booted beside Debian's linux.uml, the two are two real candidate kernels:
# different builds, a different default I/O scheduler on the guest's scratch
# disk, rows for both from one command.
. "$(dirname "$0")/lib.sh"
[ -f /usr/src/linux-source-6.1.tar.xz ] ||
	{ skip "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"; done_testing; exit; }
. "$(dirname "$0")/lib-boot.sh"
boot_before

frag=$TOP/scripts/uml-fragments/no-deadline.config
img=$("$TOP/scripts/uml-kernel.sh" "$TOP/work" nodeadline "$frag" 2> "$T/build.err")
ok $? "uml-kernel.sh builds (see its stderr: $(tail -n 1 "$T/build.err"))"
is "$img" "$TOP/work/nodeadline.uml" "it prints the image's path"
! grep -q '^CONFIG_MQ_IOSCHED_DEADLINE=' "$TOP/work/uml-build-nodeadline/.config" &&
	grep -qx 'CONFIG_HOSTFS=y' "$TOP/work/uml-build-nodeadline/.config"
ok $? "the fragment took (no mq-deadline) and so did what a guest needs (hostfs)"

# `contest bisect --build 'uml-kernel.sh --bisect'`: the tree in the current
# directory, built in $CONTEST_BUILD_DIR; a build directory already
# configured keeps its config (settled by olddefconfig), so a later step is
# incremental and keeps the first step's fragment
src=$("$TOP/scripts/kernel-tree.sh" "$TOP/work/uml-src")
b=$(cd "$src" && CONTEST_BUILD_DIR=$TOP/work/uml-build-nodeadline "$TOP/scripts/uml-kernel.sh" --bisect 2> "$T/bisect.err")
ok $? "uml-kernel.sh --bisect builds in \$CONTEST_BUILD_DIR ($(tail -n 1 "$T/bisect.err"))"
is "$b" "$TOP/work/uml-build-nodeadline/linux" "it prints the image in the build directory"
! grep -q '^CONFIG_MQ_IOSCHED_DEADLINE=' "$TOP/work/uml-build-nodeadline/.config"
ok $? "the build directory's config was kept, not made again from defconfig"

# a fragment line the build cannot take is refused, not silently dropped
printf 'CONFIG_NO_SUCH_OPTION_AT_ALL=y\n' > "$T/bad.config"
"$TOP/scripts/uml-kernel.sh" "$TOP/work" contest-test-bad "$T/bad.config" > /dev/null 2> "$T/bad.err"
is $? 1 "a fragment line that did not make it into .config: exit 1"
grep -q "CONFIG_NO_SUCH_OPTION_AT_ALL=y.*did not make it" "$T/bad.err"
ok $? "and it says which line"
rm -rf "$TOP/work/uml-build-contest-test-bad"

"$CONTEST" run -k debian="$UML" -k nodeadline="$img" "${BOOT[@]}" noload > "$T/out" 2> "$T/err"
ok $? "run with both kernels exits 0"
for k in debian nodeadline; do
	is "$(rows_with "$R/$k/runs.tsv" ok)" 1 "$k: an ok row"
done
[ "$(sed -n 's/^uname: //p' "$R/debian/env")" != "$(sed -n 's/^uname: //p' "$R/nodeadline/env")" ]
ok $? "env: two different kernel builds"
is "$(sed -n 's/^guest_scratch_scheduler: //p' "$R/debian/env")" mq-deadline "Debian's kernel: mq-deadline"
is "$(sed -n 's/^guest_scratch_scheduler: //p' "$R/nodeadline/env")" none "the built kernel: none"
boot_nothing_left
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# long: builds the QEMU guest kernel once into work/ (see docs/PERFORMANCE.md), then a session in it, under TCG where KVM cannot boot it
# timeout: 5400
# `make qemu-kernel` (scripts/qemu-kernel.sh work qemu-6.1) builds a small
# x86_64 bzImage with what a guest needs, once: work/ keeps it. Booted
# under QEMU (KVM where it boots it, else TCG) on 2 vCPUs, a session of a
# small compile beside a CPU, a disk and a memory load records ok rows,
# logs and an env that names the guest, its accelerator, CPUs and QEMU;
# a command workload runs in a guest that cannot write outside results
# and work_dir; nothing is left on the host (lib-qemu-boot.sh).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-qemu-boot.sh"
why=$(qemu_boot_skip)
if [ -n "$why" ]; then
	skip "$why"
	done_testing
	exit
fi

img=$(qemu_kernel)
ok $? "qemu-kernel.sh builds (see its stderr: $(tail -n 1 "$T/build.err"))"
is "$img" "$TOP/work/qemu-6.1.bzImage" "it prints the image's path"
file -b "$img" | grep -q 'Linux kernel x86 boot executable bzImage'
ok $? "it is an x86 bzImage ($(file -b "$img" | cut -c1-60))"
cfg=$TOP/work/qemu-build-qemu-6.1/.config
grep -qx 'CONFIG_NET_9P_VIRTIO=y' "$cfg" && grep -qx 'CONFIG_VIRTIO_BLK=y' "$cfg" &&
	grep -qx 'CONFIG_PSI=y' "$cfg" && grep -qx 'CONFIG_MEMCG=y' "$cfg"
ok $? "its config has 9p over virtio, virtio-blk, PSI and the memory controller"

# bisect builds bzImages with
# `--build 'qemu-kernel.sh --bisect'`: the tree in the current directory,
# built in $CONTEST_BUILD_DIR, the image printed where it was built
src=$("$TOP/scripts/kernel-tree.sh" "$TOP/work/uml-src")
b=$(cd "$src" && CONTEST_BUILD_DIR=$TOP/work/qemu-build-qemu-6.1 "$TOP/scripts/qemu-kernel.sh" --bisect 2> "$T/bisect.err")
ok $? "qemu-kernel.sh --bisect builds in \$CONTEST_BUILD_DIR ($(tail -n 1 "$T/bisect.err"))"
is "$b" "$TOP/work/qemu-build-qemu-6.1/arch/x86/boot/bzImage" "it prints the bzImage in the build directory"

# a fragment line the build cannot take is refused, not silently dropped
printf 'CONFIG_NO_SUCH_OPTION_AT_ALL=y\n' > "$T/bad.config"
"$TOP/scripts/qemu-kernel.sh" "$TOP/work" contest-test-bad "$T/bad.config" > /dev/null 2> "$T/bad.err"
is $? 1 "a fragment line that did not make it into .config: exit 1"
grep -q "CONFIG_NO_SUCH_OPTION_AT_ALL=y.*did not make it" "$T/bad.err"
ok $? "and it says which line"
rm -rf "$TOP/work/qemu-build-contest-test-bad"

qemu_boot_checks "$img"
done_testing

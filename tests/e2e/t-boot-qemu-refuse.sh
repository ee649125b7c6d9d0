#!/usr/bin/env bash
# run --boot with a bzImage and guest_accel = kvm refuses, exit 2, naming
# what is missing, with nothing booted, recorded or left: a KVM device
# (kvm_device) that is missing, one that is not KVM, one that cannot be
# opened read-write, KVM that is PVM (which boots only PVM guest kernels);
# any guest_accel: no qemu-system-x86_64 on PATH, more CPUs than this
# machine has (--vm-cpus or guest_cpus), a guest_accel that is none of
# auto, kvm, tcg. (auto falls back to TCG: t-boot-qemu-accel.)
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-guest.sh"
refuse_setup
KVM=(-s guest_accel=kvm)

refuses "missing KVM device" "guest_accel is kvm, but cannot open the KVM device '$T/no-kvm' read-write .No such file or directory." \
	"$CONTEST" run --boot "$img" -k q "${KVM[@]}" -s "kvm_device=$T/no-kvm" "${ARGS[@]}" noload
refuses "a device that is not KVM" "the KVM device '/dev/null' does not answer as KVM" \
	"$CONTEST" run --boot "$img" -k q "${KVM[@]}" -s kvm_device=/dev/null "${ARGS[@]}" noload
mkdir "$T/dir-kvm"
refuses "a KVM device that cannot be opened read-write" "cannot open the KVM device '$T/dir-kvm' read-write .Is a directory." \
	"$CONTEST" run -k q="$img" "${KVM[@]}" -s "kvm_device=$T/dir-kvm" "${ARGS[@]}" noload
rmdir "$T/dir-kvm"
# two -k: the second's refusal stops the first from booting too
if [ -x /usr/bin/linux.uml ]; then
	refuses "a UML kernel beside a refused bzImage" "KVM device '$T/no-kvm'" \
		"$CONTEST" run -k u=/usr/bin/linux.uml -k q="$img" "${KVM[@]}" -s "kvm_device=$T/no-kvm" "${ARGS[@]}" noload
else
	skip "no /usr/bin/linux.uml"
fi

# without QEMU on PATH, say which program is missing, whatever the accelerator
mkdir "$T/bin"
ln -s "$(command -v env)" "$T/bin/env"
refuses "no QEMU" "no 'qemu-system-x86_64' .apt-get install qemu-system-x86." \
	env PATH="$T/bin" "$CONTEST" run --boot "$img" -k q -s guest_accel=tcg "${ARGS[@]}" noload
rm -rf "$T/bin"
# KVM in software for a host that is a guest itself (this CI's machines):
# an ordinary bzImage hangs in it, so run says so instead of waiting
if [ -e /sys/module/kvm_pvm ] && [ ! -e /sys/module/kvm_intel ] && [ ! -e /sys/module/kvm_amd ] &&
	[ -r /dev/kvm ] && [ -w /dev/kvm ] && command -v qemu-system-x86_64 >/dev/null; then
	refuses "KVM is PVM" "guest_accel is kvm, but KVM here is PVM .the kvm_pvm module" \
		"$CONTEST" run --boot "$img" -k q "${KVM[@]}" "${ARGS[@]}" noload
else
	skip "KVM here is not PVM (or not usable, or no QEMU)"
fi
refuses "--vm-cpus beyond this machine's" "vm-cpus.*from 1 to this machine's $(getconf _NPROCESSORS_ONLN)" \
	"$CONTEST" run --boot "$img" -k q --vm-cpus $(( $(getconf _NPROCESSORS_ONLN) + 1 )) -s guest_accel=tcg "${ARGS[@]}" noload
refuses "guest_cpus beyond this machine's" "guest_cpus: $(( $(getconf _NPROCESSORS_ONLN) + 1 )) is more than this machine's $(getconf _NPROCESSORS_ONLN) CPUs" \
	"$CONTEST" run --boot "$img" -k q -s guest_cpus=$(( $(getconf _NPROCESSORS_ONLN) + 1 )) -s guest_accel=tcg "${ARGS[@]}" noload
refuses "guest_accel none of auto, kvm, tcg" "guest_accel.*hvf" \
	"$CONTEST" run --boot "$img" -k q -s guest_accel=hvf "${ARGS[@]}" noload
refuses "guest_mem below 64M" "guest_mem: '32M' is not a size of 64M or more" \
	"$CONTEST" run --boot "$img" -k q -s guest_mem=32M -s guest_accel=tcg "${ARGS[@]}" noload
done_testing

#!/usr/bin/env bash
# run --boot with a bzImage refuses, exit 2, naming what is missing, with
# nothing booted, recorded or left: a KVM device (kvm_device) that is
# missing, one that is not KVM, one that cannot be opened read-write, and
# (where KVM works) no qemu-system-x86_64 on PATH, KVM that is PVM (which
# boots only PVM guest kernels), more CPUs than this machine has. QEMU's
# TCG is too slow to measure a kernel by, so there is no fallback to it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-guest.sh"
refuse_setup

refuses "missing KVM device" "cannot open the KVM device '$T/no-kvm' read-write .No such file or directory.: TCG is too slow to measure" \
	"$CONTEST" run --boot "$img" -k q -s "kvm_device=$T/no-kvm" "${ARGS[@]}" noload
refuses "a device that is not KVM" "the KVM device '/dev/null' does not answer as KVM" \
	"$CONTEST" run --boot "$img" -k q -s kvm_device=/dev/null "${ARGS[@]}" noload
mkdir "$T/dir-kvm"
refuses "a KVM device that cannot be opened read-write" "cannot open the KVM device '$T/dir-kvm' read-write .Is a directory." \
	"$CONTEST" run -k q="$img" -s "kvm_device=$T/dir-kvm" "${ARGS[@]}" noload
rmdir "$T/dir-kvm"
# two -k: the second's refusal stops the first from booting too
if [ -x /usr/bin/linux.uml ]; then
	refuses "a UML kernel beside a refused bzImage" "KVM device '$T/no-kvm'" \
		"$CONTEST" run -k u=/usr/bin/linux.uml -k q="$img" -s "kvm_device=$T/no-kvm" "${ARGS[@]}" noload
else
	skip "no /usr/bin/linux.uml"
fi

# KVM works here: without QEMU on PATH, say which program is missing
if [ -r /dev/kvm ] && [ -w /dev/kvm ]; then
	mkdir "$T/bin"
	ln -s "$(command -v env)" "$T/bin/env"
	refuses "no QEMU" "no 'qemu-system-x86_64' .apt-get install qemu-system-x86." \
		env PATH="$T/bin" "$CONTEST" run --boot "$img" -k q "${ARGS[@]}" noload
	rm -rf "$T/bin"
else
	skip "/dev/kvm is not usable here: the missing-QEMU refusal comes after KVM's"
fi
# KVM in software for a host that is a guest itself (this CI's machines):
# an ordinary bzImage hangs in it, so run says so instead of waiting
if [ -e /sys/module/kvm_pvm ] && [ ! -e /sys/module/kvm_intel ] && [ ! -e /sys/module/kvm_amd ] &&
	[ -r /dev/kvm ] && [ -w /dev/kvm ] && command -v qemu-system-x86_64 >/dev/null; then
	refuses "KVM is PVM" "KVM here is PVM .the kvm_pvm module" \
		"$CONTEST" run --boot "$img" -k q "${ARGS[@]}" noload
else
	skip "KVM here is not PVM (or not usable, or no QEMU)"
fi
refuses "--vm-cpus beyond this machine's" "vm-cpus.*from 1 to this machine's $(nproc)" \
	"$CONTEST" run --boot "$img" -k q --vm-cpus $(( $(nproc) + 1 )) -s "kvm_device=$T/no-kvm" "${ARGS[@]}" noload
done_testing

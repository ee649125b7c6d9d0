#!/usr/bin/env bash
# run --boot refuses, with exit 2 and nothing booted or recorded: a bzImage
# that must run under KVM (guest_accel = kvm) without a usable /dev/kvm
# (guest_accel = auto boots it under TCG instead: t-boot-qemu-tcg), an image
# that is neither UML nor bzImage, more CPUs than UML has, a -k without image,
# a guest's name that is no kernel name (checked as run -k NAME checks it).
# The checks that need Debian's user-mode-linux binary skip without it.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-guest.sh"
refuse_setup
uml=/usr/bin/linux.uml

if [ ! -e /dev/kvm ]; then
	refuses "bzImage under kvm, no /dev/kvm" "guest_accel is kvm, but cannot open the KVM device" \
		"$CONTEST" run --boot "$img" -k q -s guest_accel=kvm "${ARGS[@]}" noload
elif need_root && command -v unshare >/dev/null; then
	# this machine has one: hide it in a mount namespace of our own
	refuses "bzImage under kvm, /dev/kvm unusable" "guest_accel is kvm, but" \
		unshare -m sh -c 'mount --bind /dev/null /dev/kvm && exec "$@"' sh \
		"$CONTEST" run --boot "$img" -k q -s guest_accel=kvm "${ARGS[@]}" noload
else
	skip "/dev/kvm exists and hiding it needs root and unshare"
fi

refuses "neither UML nor bzImage" "neither a user-mode-linux program .ELF. nor a bzImage" \
	"$CONTEST" run --boot /etc/hostname -k x "${ARGS[@]}" noload
if [ -x "$uml" ]; then
	refuses "two CPUs for UML" "one CPU" \
		"$CONTEST" run --boot "$uml" --vm-cpus 2 -k u "${ARGS[@]}" noload
	# the first guest's image must be one contest boots, or that is the refusal
	refuses "-k without an image" "which image" \
		"$CONTEST" run -k a="$uml" -k b "${ARGS[@]}" noload
else
	skip "two CPUs for UML: no $uml (package user-mode-linux)"
	skip "-k without an image: no $uml (package user-mode-linux)"
fi
refuses "a guest named '-x'" "bad kernel name '-x': it must not start with '-'" \
	"$CONTEST" run -k -x=/etc/hostname "${ARGS[@]}" noload
refuses "a guest's name with an escape" "bad kernel name 'a\\\\x1bb': no blanks or control" \
	"$CONTEST" run -k $'a\033b=/etc/hostname' "${ARGS[@]}" noload
refuses "bad --vm-mem" "vm-mem" \
	"$CONTEST" run --boot "$uml" --vm-mem lots -k u "${ARGS[@]}" noload
done_testing

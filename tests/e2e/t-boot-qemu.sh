#!/usr/bin/env bash
# long: three boots of the QEMU guest kernel, under TCG where KVM cannot boot it (about a minute once work/ has the kernel)
# timeout: 5400
# run --boot with the kernel `make qemu-kernel` builds (work/qemu-6.1.bzImage,
# built here when work/ has none): a guest that panics (init= after
# contest's own wins, and there is none) and one whose workload hangs
# (--vm-timeout) are failed rows with the kernel's panic or where the
# console stopped, its last lines on stderr; Ctrl-C while the session runs
# in the guest records the run aborted; nothing is left on the host.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-qemu-boot.sh"
why=$(qemu_boot_skip)
if [ -n "$why" ]; then
	skip "$why"
	done_testing
	exit
fi
img=$(qemu_kernel)
ok $? "the guest kernel is built or kept ($(tail -n 1 "$T/build.err"))"
export TMPDIR=$T
R=$T/reports
BOOT=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -s quiet_wait=1s -s load_lead=1s
	-s workload=command -s "command=true" -r "$R" --vm-mem 256M --vm-cpus 1)

start=$(date +%s)
"$CONTEST" run --boot "$img" -k panic --boot-arg init=/nonexistent "${BOOT[@]}" noload \
	> "$T/panic.out" 2> "$T/panic.err"
is $? 1 "a guest that panics: exit 1"
echo "# booting to the panic took $(( $(date +%s) - start )) s"
guest_status panic | grep -q '^guest-failed: kernel panic: Requested init /nonexistent failed'
ok $? "one guest-failed row with the kernel's panic ($(guest_status panic))"
# the panic's own line is forwarded as it comes; the tail is the trace after it
grep -A5 '^contest: panic: the guest.s console ended with:$' "$T/panic.err" | grep -q 'kernel_init\|Kernel Offset'
ok $? "the console's last lines on stderr"
guest_nothing_left
ok $? "nothing left after the panic"

# the workload never ends: no row comes, the guest is killed after the timeout
guest_hang hang 30 150 "$CONTEST" run --boot "$img" -k hang --vm-timeout 30s "${BOOT[@]}" \
	-s 'command=sleep 600' noload
guest_nothing_left
ok $? "nothing left after the hang"

# Ctrl-C while the guest's run is under way
guest_ctrl_c intr 120 "$CONTEST" run --boot "$img" -k intr "${BOOT[@]}" -s 'command=sleep 600' noload
done_testing

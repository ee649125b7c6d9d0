#!/usr/bin/env bash
# run --boot with a bzImage where KVM cannot boot it (kvm_device missing):
# guest_accel = auto boots it under QEMU's TCG and says so once however
# many kernels; tcg says nothing; the QEMU command line has -accel tcg,
# -cpu max, -smp and -m from guest_cpus and guest_mem, and --vm-cpus and
# --vm-mem win over them. The image is a bare boot header, so the guest
# hangs in the firmware: killed at --vm-timeout, recorded guest-failed
# with where its console stopped, its console's last lines on stderr;
# Ctrl-C kills it too (aborted, exit 130); nothing is left behind.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-guest.sh"
if ! command -v qemu-system-x86_64 > /dev/null || ! command -v mkfs.ext4 > /dev/null; then
	skip "no qemu-system-x86_64 or mkfs.ext4 (apt-get install qemu-system-x86 e2fsprogs)"
	done_testing
	exit
fi
refuse_setup
NOKVM=(-s "kvm_device=$T/no-kvm")

"$CONTEST" run -k a="$img" -k b="$img" "${NOKVM[@]}" -s guest_cpus=1 -s guest_mem=256M \
	--vm-timeout 5s "${ARGS[@]}" noload > "$T/auto.out" 2> "$T/auto.err"
is $? 1 "two hanging guests: exit 1"
is "$(grep -c 'QEMU emulates the CPU (TCG)' "$T/auto.err")" 1 "auto without KVM: one warning that the times are emulated, for two kernels"
grep -q "^warning: cannot open the KVM device '$T/no-kvm'.*QEMU emulates the CPU (TCG) for '$img', so its times are emulated" "$T/auto.err"
ok $? "it says why KVM cannot ($(grep -m1 'TCG' "$T/auto.err" | cut -c1-120))"
is "$(grep -c 'booting [ab]: qemu-system-x86_64 -accel tcg -cpu max -m 256M -smp 1 ' "$T/auto.err")" 2 \
	"both booted with -accel tcg -cpu max, guest_mem's -m 256M and guest_cpus' -smp 1"
for k in a b; do
	guest_status $k | grep -q "^guest-failed: no new row for 5 s: the guest was killed after '."
	ok $? "$k: recorded guest-failed, with where its console stopped ($(guest_status $k))"
done
grep -A1 '^contest: a: the guest.s console ended with:$' "$T/auto.err" | grep -q '^  [^ ]'
ok $? "the console's last lines on stderr"
guest_nothing_left
ok $? "nothing left behind"

rm -rf "$R"
"$CONTEST" run -k c="$img" "${NOKVM[@]}" -s guest_accel=tcg -s guest_cpus=1 -s guest_mem=256M \
	--vm-cpus "$(nproc)" --vm-mem 128M --vm-timeout 2s "${ARGS[@]}" noload > /dev/null 2> "$T/tcg.err"
grep -q 'QEMU emulates' "$T/tcg.err"
is $? 1 "guest_accel = tcg: no warning"
grep -q "booting c: qemu-system-x86_64 -accel tcg -cpu max -m 128M -smp $(nproc) " "$T/tcg.err"
ok $? "--vm-cpus and --vm-mem win over guest_cpus and guest_mem"

# Ctrl-C while QEMU runs
rm -rf "$R"
"$CONTEST" run -k intr="$img" -s guest_accel=tcg "${ARGS[@]}" noload > /dev/null 2> "$T/intr.err" &
pid=$!
for _ in $(seq 100); do pgrep -f "qemu-system-x86_64.*$T" > /dev/null && break; sleep 0.2; done
sleep 1
kill -INT $pid
wait $pid
is $? 130 "Ctrl-C: exit 130"
is "$(guest_status intr)" "aborted: interrupted: the guest was killed; see logs/guest.console" \
	"Ctrl-C: the run in flight is recorded aborted"
guest_nothing_left
ok $? "Ctrl-C: no QEMU, scratch disk or guest directory left"
done_testing

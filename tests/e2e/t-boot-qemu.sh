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
detail() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["status"] ": " $c["status_detail"]}' "$1"; }

start=$(date +%s)
"$CONTEST" run --boot "$img" -k panic --boot-arg init=/nonexistent "${BOOT[@]}" noload \
	> "$T/panic.out" 2> "$T/panic.err"
is $? 1 "a guest that panics: exit 1"
echo "# booting to the panic took $(( $(date +%s) - start )) s"
detail "$R/panic/runs.tsv" | grep -q '^guest-failed: kernel panic: Requested init /nonexistent failed'
ok $? "one guest-failed row with the kernel's panic ($(detail "$R/panic/runs.tsv"))"
grep -A5 '^contest: panic: the guest.s console ended with:$' "$T/panic.err" | grep -q 'Kernel panic'
ok $? "the console's last lines on stderr"
guest_nothing_left
ok $? "nothing left after the panic"

# the workload never ends: no row comes, the guest is killed after the timeout
start=$(date +%s)
"$CONTEST" run --boot "$img" -k hang --vm-timeout 60s "${BOOT[@]}" -s 'command=sleep 600' noload \
	> "$T/hang.out" 2> "$T/hang.err"
st=$? took=$(( $(date +%s) - start ))
is $st 1 "a hanging guest: exit 1"
[ "$took" -ge 60 ] && [ "$took" -le 200 ]
ok $? "killed after the timeout, not the workload's 600 s (took $took s)"
detail "$R/hang/runs.tsv" | grep -q "^guest-failed: no new row for 60 s: the guest was killed"
ok $? "recorded guest-failed with the timeout ($(detail "$R/hang/runs.tsv"))"
guest_nothing_left
ok $? "nothing left after the hang"

# Ctrl-C while the guest's run is under way
"$CONTEST" run --boot "$img" -k intr "${BOOT[@]}" -s 'command=sleep 600' noload \
	> "$T/intr.out" 2> "$T/intr.err" &
pid=$!
for _ in $(seq 600); do grep -q 'noload 1/1' "$T/intr.err" && break; sleep 0.2; done
grep -q 'noload 1/1' "$T/intr.err"
ok $? "the session in the guest started its run"
sleep 1
start=$(date +%s.%N)
kill -INT $pid
wait $pid
st=$?
took=$(echo "$(date +%s.%N) - $start" | bc)
is $st 130 "Ctrl-C: exit 130"
echo "$took < 5" | bc | grep -qx 1
ok $? "Ctrl-C: the guest is gone within 5 s (took $took s)"
is "$(detail "$R/intr/runs.tsv")" "aborted: interrupted: the guest was killed; see logs/guest.console" \
	"Ctrl-C: the run in flight is recorded aborted"
guest_nothing_left
ok $? "Ctrl-C: no QEMU, scratch disk or guest directory left"
done_testing

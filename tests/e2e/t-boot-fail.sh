#!/usr/bin/env bash
# A guest that panics at boot, one whose run hangs (--vm-timeout) and one
# interrupted by Ctrl-C: each is recorded with a clear status, the guest is
# killed, and nothing stays on the host.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
boot_before
detail() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["status"] ": " $c["status_detail"]}' "$1"; }

# init= after contest's own wins: the guest kernel finds no init and panics
"$CONTEST" run --boot "$UML" -k panic --boot-arg init=/nonexistent "${BOOT[@]}" noload process_load \
	> "$T/panic.out" 2> "$T/panic.err"
is $? 1 "a guest that panics: exit 1"
is "$(rows_with "$R/panic/runs.tsv" guest-failed)" 1 "one guest-failed row, for the run it was on"
detail "$R/panic/runs.tsv" | grep -q '^guest-failed: kernel panic: Requested init /nonexistent failed'
ok $? "its detail is the kernel's panic message ($(detail "$R/panic/runs.tsv"))"
is "$(col "$R/panic/runs.tsv" load)" noload "the row is the first planned run's"
grep -q 'Kernel panic' "$R/panic/logs/guest.console"
ok $? "the console log keeps the panic"

# the workload never ends: no row comes, the guest is killed after the timeout
start=$(date +%s)
"$CONTEST" run --boot "$UML" -k hang --vm-timeout 6s "${BOOT[@]}" -s 'command=sleep 600' noload \
	> "$T/hang.out" 2> "$T/hang.err"
st=$? took=$(( $(date +%s) - start ))
is $st 1 "a hanging guest: exit 1"
[ "$took" -ge 6 ] && [ "$took" -le 40 ]
ok $? "killed after the timeout, not the workload's 600 s (took $took s)"
detail "$R/hang/runs.tsv" | grep -q '^guest-failed: no new row for 6 s'
ok $? "recorded as guest-failed with the timeout ($(detail "$R/hang/runs.tsv"))"
# before the next session in work_dir removes what a killed one left there
! ls -d "$T"/work/scratch.* > /dev/null 2>&1
ok $? "the killed guest's session scratch was on its own disk, not in the host's work_dir"

# Ctrl-C while the guest's run is under way
"$CONTEST" run --boot "$UML" -k intr "${BOOT[@]}" -s 'command=sleep 600' noload \
	> "$T/intr.out" 2> "$T/intr.err" &
pid=$!
for _ in $(seq 100); do grep -q 'noload 1/1' "$T/intr.err" && break; sleep 0.2; done
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

boot_nothing_left
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# A guest that panics at boot, one whose run hangs (--vm-timeout) and one
# interrupted by Ctrl-C: each is recorded with a clear status, the guest is
# killed, and nothing stays on the host.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
boot_before

# init= after contest's own wins: the guest kernel finds no init and panics
"$CONTEST" run --boot "$UML" -k panic --boot-arg init=/nonexistent "${BOOT[@]}" noload process_load \
	> "$T/panic.out" 2> "$T/panic.err"
is $? 1 "a guest that panics: exit 1"
is "$(rows_with "$R/panic/runs.tsv" guest-failed)" 1 "one guest-failed row, for the run it was on"
guest_status panic | grep -q '^guest-failed: kernel panic: Requested init /nonexistent failed'
ok $? "its detail is the kernel's panic message ($(guest_status panic))"
is "$(col "$R/panic/runs.tsv" load)" noload "the row is the first planned run's"
grep -q 'Kernel panic' "$R/panic/logs/guest.console"
ok $? "the console log keeps the panic"

# the workload never ends: no row comes, the guest is killed after the timeout
guest_hang hang 6 120 "$CONTEST" run --boot "$UML" -k hang --vm-timeout 6s "${BOOT[@]}" \
	-s 'command=sleep 600' noload
# before the next session in work_dir removes what a killed one left there
! ls -d "$T"/work/scratch.* > /dev/null 2>&1
ok $? "the killed guest's session scratch was on its own disk, not in the host's work_dir"

# Ctrl-C while the guest's run is under way
guest_ctrl_c intr 60 "$CONTEST" run --boot "$UML" -k intr "${BOOT[@]}" -s 'command=sleep 600' noload

boot_nothing_left
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# The driver SIGKILLed in a user-mode-linux guest with pure cgroup v2
# (tests/e2e/lib-uml.sh) while process_load runs in its group: the load dies
# with it, and the next run removes every group the dead session left,
# contest's own group with the dead driver's leaf included, and says so.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

R=$T/reports
load_running() { [ "$(wc -l < "/sys/fs/cgroup/contest-$1/session/load/cgroup.procs")" -ge 2 ]; } 2> /dev/null
gone() { ! pgrep -f "$T/work" > /dev/null; }
before=$(uml_groups)

"$CONTEST" run "${QUICK[@]}" -s workload=command -s 'command=sleep 30' -s quiet_wait=0 \
	-s mem_limit=128M -s cpu_limit=0.5 -k A -n 1 -r "$R" process_load > /dev/null 2> "$T/errA" &
A=$!
wait_for 60 load_running $A
ok $? "process_load is running in /sys/fs/cgroup/contest-$A/session/load"
kill -KILL $A
wait $A 2> /dev/null
wait_for 10 gone
ok $? "SIGKILL of the driver: no process of the session is left"
[ -d "/sys/fs/cgroup/contest-$A/driver" ]
ok $? "its group and its leaf are still there"

"$CONTEST" run "${QUICK[@]}" -s workload=command -s command=true -s quiet_wait=0 \
	-k C -n 1 -r "$R" noload > /dev/null 2> "$T/errC"
is "$?" 0 "the next run works"
grep -q "cgroup /sys/fs/cgroup/contest-$A: removed" "$T/errC"
ok $? "and says it removed the dead session's group"
is "$(uml_groups)" "$before" "no cgroup of the dead session is left"
done_testing

#!/usr/bin/env bash
# die() in a user-mode-linux guest with pure cgroup v2 (tests/e2e/lib-uml.sh):
# out of memory mid-session, as t-die provokes it (a failed compile's sparse
# 60 MiB log read whole under ulimit -v), while the driver sits in its leaf
# of contest's group: "cleaning up" moves it home and removes every group,
# the driver's leaf and contest's own group included, and no process is left.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

R=$T/reports
before=$(uml_groups)
(ulimit -v 60000; exec "$CONTEST" run "${QUICK[@]}" -s workload=command \
	-s 'command=sh -c "truncate -s 60M /proc/self/fd/1; exit 1"' -s quiet_wait=0 -s load_lead=0.5s \
	-s mem_limit=128M -s cpu_limit=0.5 -k D -n 1 -r "$R" process_load > /dev/null 2> "$T/err")
is "$?" 4 "out of memory mid-session: exit 4 (out of memory, not a run that failed)"
sed 's/^/# /' "$T/err" | tail -4
grep -q "^fatal: out of memory" "$T/err" && grep -q "^contest: cleaning up" "$T/err"
ok $? "it says why it died, and that it cleans up"
is "$(uml_groups)" "$before" "no cgroup left behind, contest's own group and the driver's leaf included"
is "$(pgrep -f "$T" | grep -vx $$ | wc -l)" 0 "no process left"
done_testing

#!/usr/bin/env bash
# The window accounting against a load of known CPU use: under cpu_limit=0.5
# the session group gets half a CPU, and process_load (which would take every
# CPU) can use only that while a command workload sleeps. LCPU% must be ~50
# and load_cpu_s ~ Time/2: counting outside the window would show more.
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (cpu cgroup quota)"; done_testing; exit; }
[ -d /sys/fs/cgroup/cpu ] || [ -f /sys/fs/cgroup/unified/cgroup.controllers ] ||
	grep -qw cpu /sys/fs/cgroup/cgroup.controllers 2> /dev/null ||
	{ skip "no cpu cgroup controller"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
R=$T/reports
"$CONTEST" run "${QUICK[@]}" -s workload=command -s 'command=sleep 4' -s cpu_limit=0.5 \
	-s load_lead=2s -k W -n 1 -r "$R" process_load > "$T/out" 2> "$T/err"
rc=$?
if [ $rc -ne 0 ] && why=$(cpu_quota_missing "$T/err"); then
	skip "cpu quota not available: $why"; done_testing; exit
fi
ok $rc "process_load under cpu_limit=0.5 exits 0"
f=$R/W/runs.tsv
lcpu=$(col "$f" lcpu_pct); t=$(col "$f" time_s); c=$(col "$f" load_cpu_s)
# others' CPU can leave the group less than its quota: a miss is then a skip
awk -v l="$lcpu" 'BEGIN { exit !(l >= 40 && l <= 55) }'
ok_unless_disturbed $? "LCPU% is the quota's 50 (got $lcpu)" "$f"
awk -v t="$t" -v c="$c" 'BEGIN { exit !(c >= 0.4 * t && c <= 0.55 * t) }'
ok_unless_disturbed $? "load_cpu_s $c is about Time/2 (Time $t)" "$f"
# a clock that stops early fails whatever the machine; one a busy machine
# stretched past 6 s skips when the run was flagged disturbed
if awk -v t="$t" 'BEGIN { exit !(t >= 3.9) }'; then
	awk -v t="$t" 'BEGIN { exit !(t < 6) }'
	ok_unless_disturbed $? "Time is the command's 4 s (got $t)" "$f"
else
	ok 1 "Time is the command's 4 s (got $t, under 3.9)"
fi
is "$(col "$f" cpu_limit)" 0.5 "the row records cpu_limit"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

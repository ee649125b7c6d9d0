#!/usr/bin/env bash
# An OOM kill inside mem_limit makes the run 'oom' and the driver carries on;
# a failing compile is 'compile-failed' with the tail of its log on stderr.
. "$(dirname "$0")/lib.sh"
R=$T/reports
common=(-s workload=command -s quiet_wait=0 "${NO_EXTRAS[@]}" -s "work_dir=$T/work" -r "$R")
# the memory controller in v1, or in a pure v2 hierarchy (t-v2-cgroup-tests runs this in one)
if need_root && { [ -d /sys/fs/cgroup/memory ] || grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; } &&
	{ [ ! -r /proc/swaps ] || [ "$(wc -l < /proc/swaps)" -le 1 ]; }; then
	contest_cgroups > "$T/cg.before"
	"$CONTEST" run "${common[@]}" -s "command=awk 'BEGIN { s = \"x\"; while (1) s = s s }'" \
		-s mem_limit=64M -k O -n 2 noload > "$T/out" 2> "$T/err"
	is "$?" 1 "a run killed by the OOM killer: exit 1"
	is "$(col "$R/O/runs.tsv" status | tr '\n' ' ')" "oom oom " "both runs are recorded as oom: the driver carried on"
	col "$R/O/runs.tsv" status_detail | head -1 | grep -q 'OOM kill'
	ok $? "status_detail counts the OOM kills"
	grep -q 'not ok: 2 oom' "$T/out"
	ok $? "the table counts them: $(grep 'not ok' "$T/out")"
	nothing_left "$T/cg.before"
	ok $? "nothing left behind"
else
	skip "needs root, a memory controller and no swap (an OOM kill must come quickly)"
fi

"$CONTEST" run "${common[@]}" -s "command=sh -c 'echo compiling; echo the-last-words >&2; exit 3'" \
	-k F -n 1 noload > "$T/out" 2> "$T/err"
is "$?" 1 "a failing compile: exit 1"
is "$(col "$R/F/runs.tsv" status)" compile-failed "recorded as compile-failed"
col "$R/F/runs.tsv" status_detail | grep -q 'status 3'
ok $? "status_detail has the exit status: $(col "$R/F/runs.tsv" status_detail)"
grep -q 'the-last-words' "$T/err"
ok $? "the tail of the compile's log is on stderr"
grep -q 'the-last-words' "$R/F/logs/noload.1.make"
ok $? "the log keeps the compile's output"
done_testing

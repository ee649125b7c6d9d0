#!/usr/bin/env bash
# SIGINT during a loaded run and during a load's prepare: finished rows stay,
# the run in flight is 'aborted', and no process, cgroup, swap or scratch is left.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
session_swap

load_running() { pgrep -f "contest run .*$T" | wc -l | awk '{exit !($1 >= 3)}'; }

"$CONTEST" run "${QUICK[@]}" "${swap[@]}" -s quiet_wait=1s -k K -n 1 -r "$R" noload process_load \
	> "$T/out" 2> "$T/err" &
pid=$!
wait_for 400 has_rows "$R/K/runs.tsv" 1 && wait_for 120 load_running
ok $? "the noload run finished and process_load is running"
if [ ${#swap[@]} -gt 0 ]; then
	grep -q "$T" /proc/swaps
	ok $? "the session's swap file is on"
else
	skip "the session's swap file: $SWAP_WHY"
fi
sleep 1
kill -INT $pid
wait $pid
is "$?" 130 "SIGINT: exit status 130"
is "$(col "$R/K/runs.tsv" status | tr '\n' ' ')" "ok aborted " "the finished row is kept, the one in flight is aborted"
grep -q 'interrupted' "$T/err"
ok $? "stderr says it was interrupted"
nothing_left "$T/cg.before" $pid
ok $? "nothing left behind after SIGINT in a run"

# during prepare: read_load writes its file untimed before its first run
# (contest refuses a size the disk has no room for: 4G needs about 5G free)
free_kb=$(df -Pk "$T" | awk 'NR == 2 { print $4 }')
if [ "${free_kb:-0}" -lt $((5 * 1024 * 1024)) ]; then
	skip "SIGINT in read_load's prepare" "$((${free_kb:-0} / 1024)) MB free under $T: a 4G read_load needs about 5G"
else
	"$CONTEST" run "${QUICK[@]}" -s read_load.size=4G -k P -n 1 -r "$R" read_load > "$T/out2" 2> "$T/err2" &
	pid=$!
	wait_for 60 grep -q 'preparing read_load' "$T/err2"
	ok $? "read_load is preparing"
	sleep 1
	kill -INT $pid
	wait $pid
	is "$?" 130 "SIGINT in prepare: exit status 130"
	nothing_left "$T/cg.before" $pid
	ok $? "nothing left behind after SIGINT in prepare (no half-written file)"
fi
done_testing

#!/usr/bin/env bash
# Ctrl-C during the timed compile stops it at once: a `sleep 30` workload
# interrupted after it started exits within a few seconds, not when the
# sleep ends; SIGTERM and SIGHUP do the same with 143 and 129. A second and
# third signal while cleaning up are absorbed: nothing is left behind.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports

sleeping() { pgrep -f "^sleep 30 0\.0$1\$" > /dev/null; }

# interrupt SIG WANT-STATUS TAG N [EXTRA-SIGNALS]: one run of a sleep workload
# (sleep adds its arguments: N tells the runs apart in pgrep)
interrupt() {
	local sig=$1 want=$2 tag=$3 n=$4 extra=${5:-0} pid t0 t1 st i
	"$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 30 0.0$n" \
		-s load_lead=1s -k "$tag" -n 1 -r "$R" process_load \
		> "$T/out.$tag" 2> "$T/err.$tag" &
	pid=$!
	wait_for 60 sleeping "$n"
	ok $? "$tag: the timed command is running"
	sleep 1
	t0=$(date +%s.%N)
	kill -"$sig" $pid
	# the first extra one at once: a quick cleanup may end within 20 ms
	for ((i = 0; i < extra; i++)); do kill -"$sig" $pid 2>/dev/null; sleep 0.02; done
	# a hang fails the test rather than blocking it
	for ((i = 0; i < 600; i++)); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
	kill -KILL $pid 2>/dev/null
	wait $pid
	st=$?
	t1=$(date +%s.%N)
	is "$st" "$want" "$tag: SIG$sig gives exit status $want"
	awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 10) }'
	ok $? "$tag: exit within 10 s of SIG$sig (took $(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s; the command had 28 s left)"
	is "$(col "$R/$tag/runs.tsv" status 2>/dev/null | tr '\n' ' ')" "aborted " "$tag: the cut run is recorded as aborted"
	grep -q "interrupted by signal" "$T/err.$tag"
	ok $? "$tag: stderr says what happened"
	nothing_left "$T/cg.before" $pid
	ok $? "$tag: nothing left behind"
}

interrupt INT 130 int 1
interrupt TERM 143 term 2
interrupt HUP 129 hup 3
interrupt INT 130 twice 4 8
grep -q "cleaning up, please wait" "$T/err.twice"
ok $? "twice: the signals during cleanup are absorbed and said so"
done_testing

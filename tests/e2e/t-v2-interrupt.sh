#!/usr/bin/env bash
# Ctrl-C in a user-mode-linux guest with pure cgroup v2 (tests/e2e/lib-uml.sh):
# SIGINT while process_load runs in its group under mem_limit and cpu_limit
# ends contest promptly with 130 and takes every group away, the driver's
# leaf and contest's own group included; so does a second signal right
# after the first (SIGTERM), which is absorbed: the cleanup still runs in order.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

R=$T/reports
wait_for() {	# wait_for SECONDS COMMAND...: poll until COMMAND succeeds
	local end=$(( $(date +%s) + $1 )); shift
	until "$@"; do [ "$(date +%s)" -lt "$end" ] || return 1; sleep 0.2; done
}
load_running() { [ "$(wc -l < "/sys/fs/cgroup/contest-$1/session/load/cgroup.procs")" -ge 2 ]; } 2> /dev/null
before=$(uml_groups)

interrupt() {	# KIND STATUS SIGNALS...: start a run, wait for its load, send the signals
	local kind=$1 want=$2 pid start end rc; shift 2
	"$CONTEST" run "${QUICK[@]}" -s workload=command -s 'command=sleep 30' -s quiet_wait=0 \
		-s mem_limit=128M -s cpu_limit=0.5 -k "$kind" -n 1 -r "$R" process_load \
		> "$T/$kind.out" 2> "$T/$kind.err" &
	pid=$!
	wait_for 60 load_running $pid
	ok $? "$kind: process_load is running in /sys/fs/cgroup/contest-$pid/session/load"
	start=$(date +%s.%N)
	# two different signals both arrive: the same one twice could merge into one
	for sig in "$@"; do kill -$sig $pid; done
	wait $pid
	rc=$?
	[[ $rc =~ ^($want)$ ]]
	ok $? "$kind: SIG$*: exit status $rc, 128 + a signal sent"
	# the first signal finishes the run in order; a second one cannot cut the
	# cleanup short: it is absorbed with a word, and the order holds
	grep -q 'finished runs are kept' "$T/$kind.err" &&
		{ [ $# -eq 1 ] || grep -q 'cleaning up, please wait' "$T/$kind.err"; }
	ok $? "$kind: it left by the orderly way$([ $# -gt 1 ] && echo ", the second signal absorbed")"
	# a generous bound: the guest crawls when the host is busy
	end=$(date +%s.%N)
	awk -v s="$start" -v e="$end" 'BEGIN { exit !(e - s < 20) }'
	ok $? "$kind: it ends within 20 s of the signal ($(awk -v s="$start" -v e="$end" 'BEGIN { printf "%.1f", e - s }') s)"
	is "$(uml_groups)" "$before" "$kind: no cgroup left behind"
	is "$(pgrep -f "$T" | grep -vx $$ | wc -l)" 0 "$kind: no process left"
}
interrupt once 130 INT
interrupt twice '130|143' INT TERM
done_testing

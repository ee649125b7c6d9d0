#!/usr/bin/env bash
# Ctrl-C in a user-mode-linux guest with pure cgroup v2 (tests/e2e/lib-uml.sh):
# SIGINT while process_load runs in its group under mem_limit and cpu_limit
# ends contest promptly with 130 and takes every group away, the driver's
# leaf and contest's own group included; so does a second SIGINT right after
# the first (the signal handler's way out).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

R=$T/reports
groups() { find /sys/fs/cgroup -mindepth 1 -type d | sort | tr '\n' ' '; }
wait_for() {	# wait_for SECONDS COMMAND...: poll until COMMAND succeeds
	local end=$(( $(date +%s) + $1 )); shift
	until "$@"; do [ "$(date +%s)" -lt "$end" ] || return 1; sleep 0.2; done
}
load_running() { [ "$(wc -l < "/sys/fs/cgroup/contest-$1/session/load/cgroup.procs")" -ge 2 ]; } 2> /dev/null
before=$(groups)

interrupt() {	# KIND SIGNALS...: start a run, wait for its load, send the signals
	local kind=$1 pid start; shift
	"$CONTEST" run "${QUICK[@]}" -s workload=command -s 'command=sleep 30' -s quiet_wait=0 \
		-s mem_limit=128M -s cpu_limit=0.5 -k "$kind" -n 1 -r "$R" process_load \
		> "$T/$kind.out" 2> "$T/$kind.err" &
	pid=$!
	wait_for 60 load_running $pid
	ok $? "$kind: process_load is running in /sys/fs/cgroup/contest-$pid/session/load"
	start=$(date +%s.%N)
	for sig in "$@"; do kill -INT $pid; sleep 0.05; done
	wait $pid
	is "$?" 130 "$kind: SIGINT x$#: exit status 130"
	awk -v s="$start" -v e="$(date +%s.%N)" 'BEGIN { exit !(e - s < 10) }'
	ok $? "$kind: it ends within 10 s of the signal"
	is "$(groups)" "$before" "$kind: no cgroup left behind"
	is "$(pgrep -f "$T" | grep -vx $$ | wc -l)" 0 "$kind: no process left"
}
interrupt once INT
interrupt twice INT INT
done_testing

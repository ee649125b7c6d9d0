#!/usr/bin/env bash
# Two signals (Ctrl-C, then another while cleaning up: a second SIGINT for
# `run`, a SIGTERM for `run --boot`, see below) give the same outcome in
# `run` and in `run --boot` (one signal path, signals.h): exit
# 130, the finished run kept and the one in flight aborted, the second
# signal absorbed with "cleaning up, please wait", and nothing left behind
# (no process, cgroup, scratch, swap or guest file). The --boot half needs
# user-mode-linux and skips without it.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports


# twice PID DELAY SECOND: SIGINT, then signal SECOND DELAY s later while it
# winds down, and wait (bounded)
twice() {
	local pid=$1 i
	kill -INT "$pid"
	[ "$2" = 0 ] || sleep "$2"
	kill "-$3" "$pid" 2>/dev/null
	for ((i = 0; i < 600; i++)); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
	kill -KILL "$pid" 2>/dev/null	# a hang fails below rather than blocking the test
	wait "$pid"
}

# outcome TAG STATUS: what both halves must show
outcome() {
	local tag=$1 st=$2
	is "$st" 130 "$tag: a SIGINT and a second signal give exit status 130"
	is "$(col "$R/$tag/runs.tsv" status 2>/dev/null | tr '\n' ' ')" "ok aborted " \
		"$tag: the finished run is kept, the one in flight is aborted"
	grep -q "cleaning up, please wait" "$T/err.$tag"
	ok $? "$tag: the second signal is absorbed and said so"
	grep -q "interrupted by signal 2: finished runs are kept" "$T/err.$tag"
	ok $? "$tag: the session wound down as after one SIGINT"
}

# run: the second run's timed command is "sleep 9 0.07" (sleep adds them)
sleeping() { pgrep -f '^sleep 9 0\.07$' > /dev/null; }
# vmstat, the one monitor, ignores SIGTERM: winding down then waits its 1 s
# bound for it, so the second SIGINT lands while the session winds down
# however fast the rest is (a fixed 50 ms missed it on a busy machine)
mkdir -p "$T/bin"
printf '#!/bin/sh\ntrap "" TERM\nexec %s "$@"\n' "$(command -v vmstat)" > "$T/bin/vmstat"
chmod +x "$T/bin/vmstat"
PATH="$T/bin:$PATH" "$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 9 0.07" \
	-s monitors=vmstat -s load_lead=1s -k run -n 1 -r "$R" noload process_load > "$T/out.run" 2> "$T/err.run" &
pid=$!
wait_for 90 has_rows "$R/run/runs.tsv" 1 && wait_for 30 sleeping
ok $? "run: the first run is recorded and the second one is timing"
sleep 1
twice $pid 0.3 INT
outcome run $?
nothing_left "$T/cg.before" $pid
ok $? "run: nothing left behind"

# run --boot: the same, with a UML guest (lib-boot.sh skips the rest without one)
. "$(dirname "$0")/lib-boot.sh"
boot_before
"$CONTEST" run --boot "$UML" -k boot -n 1 "${BOOT[@]}" -s 'command=sleep 9 0.07' \
	noload process_load > "$T/out.boot" 2> "$T/err.boot" &
pid=$!
wait_for 240 has_rows "$R/boot/runs.tsv" 1 && wait_for 60 grep -q 'process_load 1/1' "$T/err.boot"
ok $? "boot: the first run is recorded and the second one is under way"
sleep 1
# the host winds a guest down in milliseconds, too fast to aim a second
# SIGINT at, and two SIGINTs sent at once may merge into one pending
# signal; a SIGTERM right after the SIGINT is a second signal of the same
# handler that the kernel cannot merge: it arrives while the first is
# being handled or after, so it must be absorbed the same way
twice $pid 0 TERM
outcome boot $?
boot_nothing_left
ok $? "boot: nothing left behind"
done_testing

#!/usr/bin/env bash
# The driver itself stopped (SIGSTOP here; Ctrl-Z's SIGTSTP alike) while a
# `sleep 3` compile runs, for 4 s, then continued: Time includes the stop,
# so the run is `driver-stopped`, not ok, with a detail saying why; it
# stays out of the table and run exits 1.
. "$(dirname "$0")/lib.sh"
R=$T/reports
timeout 120 "$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 3" \
	"${NO_EXTRAS[@]}" -n 1 -r "$R" -k K noload > "$T/out" 2> "$T/err" &
pid=$!
driver=
compiling() {	# the driver is timeout's child, the compile the driver's
	driver=${driver:-$(pgrep -P "$pid" -x contest)}
	[ -n "$driver" ] && pgrep -P "$driver" -x sleep > /dev/null
}
if ! wait_for 60 compiling; then
	ok 1 "the compile (sleep 3) is under way"
	kill "$pid"
	done_testing; exit
fi
ok 0 "the compile (sleep 3) is under way"
kill -STOP "$driver"
# the stop lands inside the timed window when the compile is still the
# driver's child, alive or not yet reaped
compiling
in_window=$?
sleep 4
kill -CONT "$driver"
wait "$pid"
st=$?
if [ "$in_window" -ne 0 ]; then
	skip "the compile ended before the stop landed (a busy machine): nothing to check"
	done_testing; exit
fi
is "$st" 1 "a run during which the driver was stopped: exit 1"
is "$(col "$R/K/runs.tsv" status)" driver-stopped "its status is driver-stopped"
col "$R/K/runs.tsv" status_detail | grep -q "stopped (SIGSTOP or SIGTSTP) while the compile ran: Time includes the stop"
ok $? "the detail says Time includes the stop: $(col "$R/K/runs.tsv" status_detail)"
! grep -q '^K \[1\]' "$T/out"
ok $? "the run stays out of the table"
done_testing

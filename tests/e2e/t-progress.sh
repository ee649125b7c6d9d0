#!/usr/bin/env bash
# Progress with stderr not a terminal: each step's line and each finished
# run's line say the session's elapsed and left time. The first session
# knows nothing before its first run ends (left ~?); a second one, of the
# same loads, estimates from the first one's runs.tsv from its first line,
# and so does a session of a new kernel (every kernel's runs).
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
FAST=("${BARE[@]}" -s workload=command -s "command=sleep 0.2" -r "$R" -n 2)
step='^contest: noload 1/2 \(step 1 of 2\), elapsed [0-9]+:[0-9]{2}, left ~'
num='[0-9]+:[0-9]{2}$'

"$CONTEST" run "${FAST[@]}" -k a noload > "$T/1.out" 2> "$T/1.err"
ok $? "a first session exits 0"
grep -E "$step" "$T/1.err" > "$T/1.first"
grep -Eq "$step\\?$" "$T/1.first"
ok $? "first session, first line: nothing is known yet, left ~? ($(cat "$T/1.first"))"
grep -E '^contest: noload 1/2, run 1: .*; elapsed [0-9]+:[0-9]{2}, left ~' "$T/1.err" > "$T/1.run"
grep -Eq "$num" "$T/1.run"
ok $? "the line of a finished run says elapsed and left, a number ($(cat "$T/1.run"))"
grep -Eq '^contest: noload 2/2 \(step 2 of 2\), elapsed [0-9]+:[0-9]{2}, left ~[0-9]+:[0-9]{2}$' \
	"$T/1.err"
ok $? "the second step's line has a number: the first run's time"

"$CONTEST" run "${FAST[@]}" -k a noload > "$T/2.out" 2> "$T/2.err"
ok $? "a second session exits 0"
grep -E "$step" "$T/2.err" > "$T/2.first"
grep -Eq "$step$num" "$T/2.first"
ok $? "second session, first line: a number from the first session's runs ($(cat "$T/2.first"))"

"$CONTEST" run "${FAST[@]}" -k b noload > "$T/3.out" 2> "$T/3.err"
ok $? "a session of a new kernel exits 0"
grep -E "$step" "$T/3.err" > "$T/3.first"
grep -Eq "$step$num" "$T/3.first"
ok $? "a new kernel's first line: a number from another kernel's runs ($(cat "$T/3.first"))"

nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

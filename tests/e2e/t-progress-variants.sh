#!/usr/bin/env bash
# Progress of variants in rounds (stderr not a terminal): one label for a
# step, the same on its progress line and its finished line ("round 2/3,
# a noload"), steps counted over the whole plan, elapsed and left the
# whole plan's (not restarted each round), and "left ~?" only when nothing
# is known: a calibration of the same workload, or an earlier run of it,
# gives the first line a number; one of another workload does not.
. "$(dirname "$0")/lib.sh"
R=$T/reports
FAST=("${BARE[@]}" -s workload=command -s "command=sleep 0.5")
steps() { grep -E '^contest: round [0-9]/[0-9], [ab] noload \(step [0-9] of [0-9]\), elapsed' "$1"; }
lefts() { steps "$1" | sed -n 's/.*, left ~\([^ ]*\).*/\1/p'; }
secs() { awk -F: '{ s = 0; for (i = 1; i <= NF; i++) s = s * 60 + $i; print s }'; }

"$CONTEST" run "${FAST[@]}" -r "$R" -n 3 -k a -k b noload > "$T/1.out" 2> "$T/1.err"
ok $? "three rounds of two variants exit 0"
is "$(steps "$T/1.err" | sed 's/^contest: \(.*\), elapsed.*/\1/' | tr '\n' ';')" \
	"round 1/3, a noload (step 1 of 6);round 1/3, b noload (step 2 of 6);round 2/3, b noload (step 3 of 6);round 2/3, a noload (step 4 of 6);round 3/3, a noload (step 5 of 6);round 3/3, b noload (step 6 of 6);" \
	"each step's label says round, variant and load, counted over the whole plan"
is "$(grep -E '^contest: round [0-9]/3, [ab] noload, run [0-9]: ' "$T/1.err" |
	sed 's/^contest: \(.*\): .*/\1/' | tr '\n' ';')" \
	"round 1/3, a noload, run 1;round 1/3, b noload, run 1;round 2/3, b noload, run 2;round 2/3, a noload, run 2;round 3/3, a noload, run 3;round 3/3, b noload, run 3;" \
	"each finished run has its step's label, then its run number in runs.tsv"
is "$(grep -E '^contest: round [0-9]/3: [ab]$' "$T/1.err" | tr '\n' ' ')" \
	"contest: round 1/3: a contest: round 1/3: b contest: round 2/3: b contest: round 2/3: a contest: round 3/3: a contest: round 3/3: b " \
	"each session is announced as round R/N: VARIANT"
is "$(lefts "$T/1.err" | head -1)" "?" "nothing known before the first run: left ~?"
lefts "$T/1.err" | tail -n +2 | grep -vqE '^[0-9]+:[0-9]{2}$'
ok $((!$?)) "after it, every step's left is a number ($(lefts "$T/1.err" | tr '\n' ' '))"
# five steps of at least 0.5 s left against two: the whole plan's, not a round's
l2=$(lefts "$T/1.err" | sed -n 2p | secs) l5=$(lefts "$T/1.err" | sed -n 5p | secs)
[ "$l2" -gt "$l5" ]
ok $? "left at step 2 of 6 ($l2 s) is more than at step 5, round 3's start ($l5 s)"
grep -E '^contest: round .*elapsed [0-9:]+, left' "$T/1.err" |
	sed 's/.*elapsed \([0-9:]*\),.*/\1/' | secs > "$T/1.elapsed"
sort -n -c "$T/1.elapsed"
ok $? "elapsed never goes back: it is the whole plan's ($(tr '\n' ' ' < "$T/1.elapsed"))"

# a calibration of the same workload: the first line has a number
"$CONTEST" calibrate "${FAST[@]}" -r "$T/cal" -n 2 --runs 2 > /dev/null 2> "$T/cal.err"
ok $? "a calibration of two sessions exits 0"
"$CONTEST" run "${FAST[@]}" -r "$T/cal" -n 2 -k a -k b noload > /dev/null 2> "$T/2.err"
ok $? "variants after a calibration exit 0"
lefts "$T/2.err" | head -1 | grep -qE '^[0-9]+:[0-9]{2}$'
ok $? "the first step's left comes from the calibration ($(steps "$T/2.err" | head -1))"

# an earlier kernel of another workload says nothing of this one
"$CONTEST" run "${FAST[@]}" -s "command=sleep 0.1" -r "$T/other" -n 1 -k c noload \
	> /dev/null 2>&1
"$CONTEST" run "${FAST[@]}" -r "$T/other" -n 1 -k a -k b noload > /dev/null 2> "$T/3.err"
ok $? "variants after another workload's kernel exit 0"
is "$(lefts "$T/3.err" | head -1)" "?" "another workload's runs are not an estimate: left ~?"
# and the earlier runs of the same workload are
"$CONTEST" run "${FAST[@]}" -r "$T/other" -n 1 -k d noload > /dev/null 2> "$T/4.err"
grep -E '^contest: noload 1/1 \(step 1 of 1\), elapsed [0-9:]+, left ~[0-9]+:[0-9]{2}$' "$T/4.err" >/dev/null
ok $? "a new kernel of the same workload: estimated from the variants' runs ($(grep 'step 1 of' "$T/4.err"))"
done_testing

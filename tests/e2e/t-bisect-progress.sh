#!/usr/bin/env bash
# contest bisect's progress lines: a step that cannot be placed ends the
# bisection, so its line has no ETA and no steps left; counts of one are
# singular ("1 commit", "~1 step"). Before the steps it says what a step
# can place, from the confirmation; a step not placed, what it measured,
# the MDE it reached and what would help. No guest boots: the rounds are a
# recorded state's, the builds copy /bin/true.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" good middle bad
# good and bad confirmed; the midpoint half-way, slower than good and faster than bad
write_state "$R" "$G" - "round 2 0 2 100 150" "round 2 2 0 152 101" "round 2 0 2 99 149" \
	"round 3 0 1 2 100 125 150" "round 3 2 1 0 150 126 100" "round 3 0 1 2 101 124 151"
"$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD --build "sh build.sh" \
	-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R" --resume --max-rounds 3 \
	noload > "$T/out" 2> "$T/err"
is $? 5 "a midpoint not placed: a range, exit 5"
grep -q '^bisect: 3 commits from .* 1 to place; ~1 step, ' "$T/out"
ok $? "the plan: ~1 step ($(head -n 1 "$T/out" | cut -c1-90))"
line=$(grep '^bisect: step 1:' "$T/out")
grep -q 'cannot be placed after 3 rounds (from the state); the culprit is in [0-9a-f]*\.\.[0-9a-f]* (2 commits); elapsed [0-9:]*$' <<< "$line"
ok $? "the step not placed: its line ends at the elapsed time ($line)"
! grep -q 'ETA\|steps\? left' <<< "$line"
ok $? "no ETA and no steps left after it stopped"
grep -q '^bisect: confirmed: [0-9a-f]* is +50.3% against [0-9a-f]*; a run varies by [0-9.]*% (SD, pooled), so a step can place a difference of [0-9.]*% or more within its cap of 3 rounds$' "$T/out" &&
	[ "$(grep -n '^bisect: confirmed' "$T/out" | cut -d: -f1)" -lt "$(grep -n '^bisect: step 1' "$T/out" | cut -d: -f1)" ]
ok $? "before the steps, what a step can place from the confirmation ($(grep '^bisect: confirmed' "$T/out"))"
grep -q '^bisect: [0-9a-f]* measured +24.6% against [0-9a-f]*, and [0-9a-f]* +20.3% against it; a step sees [0-9.]*% at its cap of 3 rounds$' "$T/out" &&
	grep -q '^bisect: it differs from both: two changes? bisect ' "$T/out"
ok $? "a midpoint between good and bad: both differences, the MDE, two changes?"

# a midpoint the cap cannot place: what it measured, what a step could
# see, what would help; the elapsed time goes on from the state's sessions
write_state "$R" "$G" - "round 2 0 2 100 125" "round 2 2 0 127 101" "round 2 0 2 99 124" \
	"session 5400" "round 3 0 1 2 100 150 125" "round 3 2 1 0 125 100 100" "round 3 0 1 2 101 112 126"
"$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD --build "sh build.sh" \
	-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R" --resume --max-rounds 3 \
	noload > "$T/out" 2> "$T/err"
is $? 5 "a midpoint not placed: a range, exit 5"
sed 's/^/# /' "$T/out"
grep -q '^bisect: step 1: [0-9a-f]* cannot be placed after 3 rounds (from the state); .*; elapsed 1:30:[0-5][0-9]$' "$T/out"
ok $? "its step line, the elapsed time going on from the sessions before"
grep -q '^bisect: [0-9a-f]* measured +18.5% against [0-9a-f]*, and [0-9a-f]* +5.4% against it; a step sees 33.5% at its cap of 3 rounds$' "$T/out"
ok $? "its measured differences and the MDE it reached"
grep -q '^bisect: what would help: more rounds (--max-rounds 9 would see 18.5%), another metric that moves less (--metric HostCPU for a guest: the CPU time the host charged it), a quieter machine' "$T/out"
ok $? "what would help: more rounds, HostCPU, a quieter machine"
! grep -q 'ETA' "$T/out"
ok $? "no ETA once it stopped"
grep -q '^bisect: the bisection: 1 step, 6 rounds, 15 runs, 0 skipped; elapsed 1:30:[0-5][0-9] over 2 sessions$' "$T/out"
ok $? "the summary: the whole bisection's time ($(grep '^bisect: the bisection' "$T/out"))"
done_testing

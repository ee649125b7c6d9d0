#!/usr/bin/env bash
# contest bisect's progress lines: a step that cannot be placed ends the
# bisection, so its line has no ETA and no steps left; counts of one are
# singular ("1 commit", "~1 step"). No guest boots: the rounds are a
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
done_testing

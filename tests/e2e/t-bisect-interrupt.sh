#!/usr/bin/env bash
# contest bisect interrupted and resumed, with no kernel booted: Ctrl-C in
# a step says the step was interrupted and will be measured on (never
# "cannot be placed", a verdict); the bisection's elapsed time goes on
# across --resume (the state records each session's); the summary tells
# the whole bisection from this session. A guest cut short leaves no plan
# behind (the next session of that kernel is a new one, and says nothing
# of an interrupted plan), and its aborted row keeps its run number: the
# next session's run takes the next one.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
command -v cc > /dev/null || { skip "no cc"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" good middle bad
mid=$(git -C "$G" rev-parse --short=12 HEAD~1)

# good and bad confirmed, two rounds of the midpoint, an hour already spent
write_state "$R" "$G" - "round 2 0 2 100 150" "round 2 2 0 152 101" "round 2 0 2 99 149" \
	"session 3600" "round 3 0 1 2 100 125 150" "round 3 2 1 0 150 126 100"
# the third round would boot the guests: Ctrl-C in the pause before it
CONTEST_TEST_PAUSE=bisect-round:3000 "$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD \
	--build "sh build.sh" -c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R" \
	--resume --max-rounds 5 noload > "$T/out" 2> "$T/err" &
pid=$!
wait_for_line "$T/err" "bisect: built $mid" $pid 60
kill -INT $pid 2>/dev/null
wait $pid
is $? 130 "Ctrl-C in a step: exit 130"
sed 's/^/# /' "$T/out"
grep -q "^bisect: step 1: $mid interrupted after 2 rounds, not placed: contest bisect --resume measures it on$" "$T/out"
ok $? "the step is said interrupted, to be measured on"
! grep -q 'cannot be placed\|is good\|is bad' "$T/out"
ok $? "and given no verdict"
grep -q '^bisect: the bisection: 1 step, 5 rounds, 12 runs, 0 skipped; elapsed 1:00:[0-5][0-9] over 2 sessions$' "$T/out"
ok $? "the whole bisection: its rounds and runs, the elapsed time of both sessions ($(grep '^bisect: the bisection' "$T/out"))"
grep -q '^bisect: this session: 3 builds ([0-9]* s), 0 guests booted and run (0 s); [0-9]* s in all$' "$T/out"
ok $? "this session apart: its builds and seconds ($(grep '^bisect: this session' "$T/out"))"
is "$(grep -c '^session [0-9.]*$' "$R/.bisect/state")" 2 "the state records this session's time beside the first's"

# a guest cut short by Ctrl-C while its session runs: a program of ours as
# the UML image, which leaves a plan as a guest's session does, then waits
K=$R/fake
cat > "$T/fake.c" <<EOF
#include <stdio.h>
#include <unistd.h>
int main(void)
{
	FILE *f = fopen("$K/plan", "w");

	if (f)
		fclose(f);
	sleep(60);
	return 0;
}
EOF
cc -o "$T/fake" "$T/fake.c" || { skip "cannot build the fake guest"; done_testing; exit; }
mkdir -p "$K"
"$CONTEST" run "${QUICK[@]}" -r "$R" --boot "$T/fake" -k fake noload > "$T/out2" 2> "$T/err2" &
pid=$!
wait_for 30 test -e "$K/plan"
kill -INT $pid 2>/dev/null
wait $pid
is $? 130 "a guest cut short: exit 130"
is "$(col "$K/runs.tsv" status | tr '\n' ' ')" "aborted " "its run is recorded aborted"
[ ! -e "$K/plan" ]
ok $? "and the plan its session left is removed"
# the kernel's next session, as a bisection's next round runs it in the guest
"$CONTEST" run "${QUICK[@]}" "${TINY_TREE[@]}" -s quiet_wait=0 -r "$R" -k fake -n 1 noload \
	> /dev/null 2> "$T/err3"
is $? 0 "the next session of that kernel"
! grep -q 'held an interrupted plan' "$T/err3"
ok $? "says nothing of an interrupted plan"
is "$(col "$K/runs.tsv" run | tr '\n' ' ')" "1 2 " "and its run takes the next number: none twice"
is "$(col "$K/runs.tsv" status | tr '\n' ' ')" "aborted ok " "the aborted row kept"
done_testing

#!/usr/bin/env bash
# A results disk that fills up in the middle of a plan: the session stops
# at the first row it cannot write (no run after it is made and lost),
# exits 1 saying why, and keeps the plan; once there is room, --resume
# finishes it, every run recorded once. The results are a 1 MiB tmpfs,
# nearly full from the start, and the runs a command that takes no time.
. "$(dirname "$0")/lib.sh"
if ! need_root; then skip "mounting a tmpfs needs root"; done_testing; exit; fi
R=$T/results
mkdir -p "$R"
mount -t tmpfs -o size=1m contest-test "$R" || { skip "cannot mount a tmpfs"; done_testing; exit; }
at_exit "umount '$R'"
RUNS=200
run() {
	timeout 300 "$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -k K -r "$R" -n $RUNS "$@"
}
# 4 pages of 256 left: the env, the plan and 2 pages of runs.tsv (some 50
# rows of about 150 bytes, of the 200 planned)
dd if=/dev/zero of="$R/fill" bs=4k count=252 2>/dev/null

run noload > /dev/null 2> "$T/err1"
is "$?" 1 "a row that cannot be written: exit status 1"
grep -q "cannot write '$R/K/runs.tsv': No space left on device" "$T/err1"
ok $? "the error names the file and the cause"
grep -q "stopping: noload run [0-9]* is not recorded; the plan is kept for 'contest run --resume'" "$T/err1"
ok $? "and says the session stops there: $(grep -m1 stopping "$T/err1")"
n=$(col "$R/K/runs.tsv" run | wc -l)
[ "$n" -ge 1 ] && [ "$n" -lt $RUNS ]
ok $? "the disk filled up mid-plan ($n of $RUNS rows recorded)"
is "$(grep -c "^contest: noload [0-9]*/$RUNS (step" "$T/err1")" $((n + 1)) \
	"no run was made after the one that could not be recorded"
[ -f "$R/K/plan" ]
ok $? "the plan is kept for --resume"

rm -f "$R/fill"
run --resume > /dev/null 2> "$T/err2"
is "$?" 0 "with room again, --resume finishes the plan"
grep -q "resuming the plan of '$R/K/plan': $n of $RUNS runs are recorded, $((RUNS - n)) to go" "$T/err2"
ok $? "from where it stopped: $(grep -m1 resuming "$T/err2")"
is "$(col "$R/K/runs.tsv" run | sort -n | uniq | wc -l | tr -d ' ')/$(col "$R/K/runs.tsv" run | wc -l | tr -d ' ')" \
	"$RUNS/$RUNS" "every run recorded once: runs 1..$RUNS, none twice"
is "$(col "$R/K/runs.tsv" run | sort -n | tail -n 1)" $RUNS "the last is run $RUNS"
is "$(rows_with "$R/K/runs.tsv" ok)" $RUNS "all of them ok"
[ ! -e "$R/K/plan" ]
ok $? "the finished plan is removed"
done_testing

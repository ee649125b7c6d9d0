#!/usr/bin/env bash
# contest run --resume: a plan of noload and process_load, 3 runs each, on a
# tiny synthetic tree, interrupted by SIGINT after its second run, then
# resumed, ends with the same ok runs of each load as the same plan run in
# one go: 6 ok rows, 3 of each load, and no (load, run) twice (the cut-short
# run stays as an aborted row with its number; the run that redoes it takes
# the next).
# --resume with nothing to resume, with another config, or with other
# loads, or with a broken plan file exits 2 saying why and runs nothing.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
OPTS=("${QUICK[@]}" -s quiet_wait=0 -s load_lead=0.5s "${TINY_TREE[@]}"
	-s synthetic_funcs=2 -n 3 -r "$R")

# "LOAD RUN" of the ok rows, sorted
ok_pairs() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
	$c["status"]=="ok" {print $c["load"], $c["run"]}' "$1" | sort; }
# "LOAD COUNT" of the ok rows
ok_loads() { ok_pairs "$1" | cut -d' ' -f1 | uniq -c | awk '{print $2, $1}'; }
# "LOAD RUN" of every row, those twice
twice() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
	{print $c["load"], $c["run"]}' "$1" | sort | uniq -d; }

"$CONTEST" run "${OPTS[@]}" -k K --resume > /dev/null 2> "$T/err0"
is "$?" 2 "--resume with nothing to resume: exit 2"
grep -q "nothing to resume: no interrupted plan in '$R/K'" "$T/err0"
ok $? "and it says so"

"$CONTEST" run "${OPTS[@]}" -k K noload process_load > /dev/null 2> "$T/err1" &
pid=$!
wait_for 60 has_rows "$R/K/runs.tsv" 2
ok $? "the plan is under way (2 runs recorded)"
sleep 0.5
kill -INT $pid
wait $pid
is "$?" 130 "SIGINT mid-plan: exit 130"
[ -f "$R/K/plan" ]
ok $? "the interrupted plan is kept in $R/K/plan"
cp "$R/K/runs.tsv" "$T/runs.cut"
is "$(rows_with "$T/runs.cut" aborted)" 1 "the run in flight is recorded aborted"

"$CONTEST" run "${OPTS[@]}" -s load_lead=1s -k K --resume > /dev/null 2> "$T/err2"
is "$?" 2 "--resume with another config: exit 2"
grep -q "config differs from the interrupted plan's .*now 'load_lead = 1s', was 'load_lead = 0.5s'" "$T/err2"
ok $? "naming the setting: $(grep -m1 differs "$T/err2")"
grep -q "it was made by: contest run .* -k K noload process_load" "$T/err2"
ok $? "and the command line that made the plan"
"$CONTEST" run "${OPTS[@]}" -k K --resume noload > /dev/null 2> "$T/err3"
is "$?" 2 "--resume with other loads: exit 2"
grep -q "loads differ from the interrupted plan's .*which ran: noload process_load" "$T/err3"
ok $? "and it names the plan's loads"
cmp -s "$R/K/runs.tsv" "$T/runs.cut"
ok $? "the refused resumes recorded nothing"

"$CONTEST" run "${OPTS[@]}" -k K --resume > /dev/null 2> "$T/err4"
is "$?" 0 "--resume finishes the plan"
done_before=$(ok_pairs "$T/runs.cut" | wc -l)
grep -q "resuming the plan of '$R/K/plan': $done_before of 6 runs are recorded, $((6 - done_before)) to go" "$T/err4"
ok $? "skipping the $done_before runs already recorded"
[ ! -e "$R/K/plan" ]
ok $? "the finished plan is removed"

"$CONTEST" run "${OPTS[@]}" -k U noload process_load > /dev/null 2> "$T/err5"
is "$?" 0 "the same plan in one go"
awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {printf "%s %s %s; ", $c["load"], $c["run"], $c["status"]}' \
	"$R/K/runs.tsv" | sed 's/^/# resumed: /'; echo
is "$(ok_loads "$R/K/runs.tsv" | tr '\n' ' ')" "$(ok_loads "$R/U/runs.tsv" | tr '\n' ' ')" \
	"interrupted and resumed: the same ok runs of each load"
is "$(ok_loads "$R/U/runs.tsv" | tr '\n' ' ')" "noload 3 process_load 3 " "which are 3 of each load"
is "$(twice "$R/K/runs.tsv" | tr '\n' ' ')" "" "no (load, run) twice: the aborted run keeps its number"
is "$(col "$R/K/runs.tsv" status | grep -cv '^ok$')" "$(col "$T/runs.cut" status | grep -cv '^ok$')" \
	"no row but the cut-short one is not ok"

"$CONTEST" run "${OPTS[@]}" -k K --resume > /dev/null 2> "$T/err6"
is "$?" 2 "a finished plan: nothing to resume, exit 2"
printf 'command\tcontest run\nload\t../x\t1\nconfig\n' > "$R/K/plan"
"$CONTEST" run "${OPTS[@]}" -k K --resume > /dev/null 2> "$T/err7"
is "$?" 2 "a plan file edited by hand: exit 2"
grep -q "$R/K/plan:2: not a load and run number: '../x 1'" "$T/err7"
ok $? "naming FILE:LINE: $(cat "$T/err7")"
nothing_left "$T/cg.before" $pid
ok $? "nothing left behind"
done_testing

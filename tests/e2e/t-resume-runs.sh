#!/usr/bin/env bash
# contest run --resume takes the plan's run count as it takes its loads: a
# plan of `-n 2 noload` stopped after its first run is finished by a bare
# --resume (the config's runs = 1 notwithstanding), while a different -n
# is still a config that differs (exit 2, naming 'runs').
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
# a long lead: the SIGINT lands in the second run, not after it
OPTS=("${QUICK[@]}" -s quiet_wait=0 -s load_lead=2s "${TINY_TREE[@]}"
	-s synthetic_funcs=2 -r "$R")
pid=
at_exit '[ -n "$pid" ] && kill -INT $pid 2>/dev/null; wait'

"$CONTEST" run "${OPTS[@]}" -n 2 -k K noload > /dev/null 2> "$T/err1" &
pid=$!
wait_for 60 has_rows "$R/K/runs.tsv" 1
ok $? "the plan is under way (1 run recorded)"
kill -INT $pid
wait $pid
is "$?" 130 "SIGINT in the second run: exit 130"
pid=
[ -f "$R/K/plan" ]
ok $? "the interrupted plan is kept"
cp "$R/K/runs.tsv" "$T/runs.cut"
is "$(col "$R/K/runs.tsv" status | grep -c '^ok$')" 1 "one ok run recorded"

"$CONTEST" run "${OPTS[@]}" -n 3 -k K --resume > /dev/null 2> "$T/err2"
is "$?" 2 "--resume with another -n: exit 2"
grep -q "config differs from the interrupted plan's .*now 'runs = 3', was 'runs = 2'" "$T/err2"
ok $? "naming runs: $(grep -m1 differs "$T/err2")"
cmp -s "$R/K/runs.tsv" "$T/runs.cut"
ok $? "and it recorded nothing"

"$CONTEST" run "${OPTS[@]}" -k K --resume > /dev/null 2> "$T/err3"
is "$?" 0 "--resume without -n finishes the plan"
grep -q "resuming the plan of '$R/K/plan': 1 of 2 runs are recorded, 1 to go" "$T/err3"
ok $? "with the plan's 2 runs: $(grep -m1 resuming "$T/err3")"
is "$(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} $c["status"]=="ok" {print $c["run"]}' \
	"$R/K/runs.tsv" | tr '\n' ' ')" "1 3 " "noload's ok runs are 1 and 3 (2 is the aborted one's)"
[ ! -e "$R/K/plan" ]
ok $? "the finished plan is removed"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

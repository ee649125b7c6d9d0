#!/usr/bin/env bash
# run --format ktap: KTAP version 1 on stdout, one test case per run, that
# Perl's prove (TAP::Harness) parses; a failed run is "not ok" and fails it.
. "$(dirname "$0")/lib.sh"
command -v prove > /dev/null || { echo "1..0 # SKIP prove (perl) is not installed"; exit 0; }
R=$T/reports

command_conf "$T/ok.conf" true
"$CONTEST" run -c "$T/ok.conf" -k K -n 2 -r "$R" --format ktap noload process_load \
	> "$T/ok.ktap" 2> "$T/ok.err"
ok $? "run --format ktap of runs that succeed exits 0"
is "$(sed -n 1,2p "$T/ok.ktap" | tr '\n' '|')" "KTAP version 1|1..4|" "the version line, then the plan"
is "$(grep -E '^(not )?ok ' "$T/ok.ktap" | tr '\n' '|')" \
	"ok 1 noload.1|ok 2 noload.2|ok 3 process_load.1|ok 4 process_load.2|" \
	"one test case per load and run, in the order run"
is "$(grep -cE '^# process_load\.2: time_s [0-9.]+ cpu_pct [0-9]+ loads [0-9.]+ lcpu_pct [0-9]+$' "$T/ok.ktap")" 1 \
	"the measurements are a diagnostic line"
is "$(grep -vcE '^(KTAP version 1|1\.\.[0-9]+|(not )?ok [0-9]+ .*|# .*)$' "$T/ok.ktap")" 0 \
	"nothing but KTAP on stdout (no tables)"
grep -q 'results in ' "$T/ok.err"
ok $? "progress stays on stderr"
prove -e cat "$T/ok.ktap" > "$T/prove.ok" 2>&1
ok $? "prove parses it and passes it"
grep -q '^Files=1, Tests=4,' "$T/prove.ok"
ok $? "prove counts the four test cases"

command_conf "$T/bad.conf" false
"$CONTEST" run -c "$T/bad.conf" -k B -n 1 -r "$R" --format ktap noload > "$T/bad.ktap" 2> "$T/bad.err"
is $? 1 "a run that fails: exit 1"
grep -q '^not ok 1 noload.1$' "$T/bad.ktap"
ok $? "its test case is not ok"
grep -q '^# compile-failed: ' "$T/bad.ktap"
ok $? "the status and its detail are a diagnostic line"
prove -e cat "$T/bad.ktap" > "$T/prove.bad" 2>&1
ok $((! $?)) "prove fails it"

"$CONTEST" run -c "$T/ok.conf" -k S -n 2 --until-sd 50 --max-runs 3 -r "$R" --format ktap noload \
	> "$T/sd.ktap" 2> "$T/sd.err"
ok $? "--until-sd with ktap exits 0"
n=$(grep -c '^ok ' "$T/sd.ktap")
is "$(tail -1 "$T/sd.ktap")" "1..$n" "--until-sd: the plan comes last, counting the runs made"
prove -e cat "$T/sd.ktap" > /dev/null 2>&1
ok $? "prove passes a plan at the end"

"$CONTEST" run -c "$T/ok.conf" -k A -k B --set runs=1 -r "$R" --format ktap noload > /dev/null 2> "$T/var.err"
is $? 2 "ktap with variants is bad usage"
done_testing

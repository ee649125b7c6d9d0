#!/usr/bin/env bash
# contrib/lava/contest.yaml: valid against lava-common's test definition
# schema, and its run steps, run as LAVA's run.sh runs them with the helper
# scripts of Debian's lava-dispatcher (lava-test-case, lava-test-set), record
# each load's Time and CPU% as measurements in test sets, and a verdict
# against BASE.
. "$(dirname "$0")/lib.sh"
HELPERS=/usr/lib/python3/dist-packages/lava_dispatcher/lava_test_shell
PY=/usr/bin/python3
DEF=$TOP/contrib/lava/contest.yaml
[ -r "$HELPERS/lava-test-case" ] || { echo "1..0 # SKIP lava-dispatcher is not installed"; exit 0; }
$PY -c 'import yaml, lava_common.schemas.test.testdef' 2> /dev/null ||
	{ echo "1..0 # SKIP lava-common (its schemas) or python3-yaml is not installed"; exit 0; }

validate() { $PY -c 'import sys, yaml
from lava_common.schemas.test import testdef
testdef.validate(yaml.safe_load(open(sys.argv[1])))' "$1"; }
validate "$DEF" 2> "$T/schema.err"
ok $? "the definition passes lava-common's testdef schema"
sed 's/Lava-Test Test Definition 1.0/Lava-Test Test Definition 2.0/' "$DEF" > "$T/bad.yaml"
validate "$T/bad.yaml" 2> /dev/null
ok $((! $?)) "a definition of another format does not"

# the helpers as LAVA's overlay installs them: an interpreter line, executable
mkdir -p "$T/lava/bin" "$T/lava/result"
for f in "$HELPERS"/lava-*; do
	{ printf '#!/bin/sh\n\n'; cat "$f"; } > "$T/lava/bin/${f##*/}"
	chmod 755 "$T/lava/bin/${f##*/}"
done
# run.sh as LAVA writes it: the params, then the job's parameters, set -e,
# into the test definition's checkout, the steps
command_conf "$T/c.conf" true
run_sh() {	# run_sh FILE KERNEL [BASE]
	$PY - "$DEF" "$1" "$2" "${3:-}" "$T" "$TOP" <<'PY'
import sys, yaml
d, out, kernel, base, t, top = sys.argv[1:]
td = yaml.safe_load(open(d))
job = {"CONF": f"{t}/c.conf", "RESULTS": f"{t}/reports", "KERNEL": kernel, "BASE": base,
       "LOADS": "noload process_load", "RUNS": "2", "RUN_ARGS": "-s host=board-1"}
with open(out, "w") as f:
    for k, v in list(td["params"].items()) + list(job.items()):
        f.write("%s='%s'\n" % (k, v or ""))
    f.write("set -e\ncd %s\n" % top)
    for step in td["run"]["steps"]:
        f.write(step + "\n")
PY
}
run_sh "$T/a.sh" A
PATH=$T/lava/bin:$PATH LAVA_RESULT_DIR=$T/lava/result sh "$T/a.sh" > "$T/a.out" 2> "$T/a.err"
ok $? "the run steps of a session exit 0"
R=$T/lava/result/results
mean() { awk -F'\t' -v l="$2" 'NR==1{for(i=1;i<=NF;i++){if($i=="time_s")c=i; if($i=="load")k=i}; next}
	$k==l {s+=$c; n++} END {printf "%.3f", s/n}' "$T/reports/$1/runs.tsv"; }
is "$(cat "$R/noload-time/result") $(cat "$R/noload-time/units")" "pass s" "noload-time: pass, in s"
is "$(printf '%.3f' "$(cat "$R/process_load-time/measurement")")" "$(mean A process_load)" \
	"process_load-time's measurement is the mean Time of its runs"
is "$(cat "$R/process_load-cpu/units")" "%" "process_load-cpu: in %"
is "$(cat "$R/process_load-runs/result") $(cat "$R/process_load-runs/measurement")" "pass 2" \
	"process_load-runs: pass, two ok runs"
is "$(cat "$R/contest-session/result")" "pass" "the session's test case"
is "$(grep -c '^<LAVA_SIGNAL_TESTSET START ' "$T/a.out") $(grep -c '^<LAVA_SIGNAL_TESTSET STOP>' "$T/a.out")" "2 2" \
	"a test set per load"
awk '/^<LAVA_SIGNAL_TESTSET START noload>/{s=1; next} /^<LAVA_SIGNAL_TESTSET STOP>/{s=0}
	s && /^<LAVA_SIGNAL_TESTCASE TEST_CASE_ID=noload-time RESULT=pass UNITS=s MEASUREMENT=[0-9.]+>$/{f=1}
	END{exit !f}' "$T/a.out"
ok $? "noload-time is signalled inside the noload test set, with its measurement"

# B against A: a verdict per load
run_sh "$T/b.sh" B A
PATH=$T/lava/bin:$PATH LAVA_RESULT_DIR=$T/lava/result sh "$T/b.sh" > "$T/b.out" 2> "$T/b.err"
ok $? "a session with BASE exits 0"
v=$(awk -F, -v k=B 'NR==1{for(i=1;i<=NF;i++)c[$i]=i;next} $c["load"]=="noload" && $c["metric"]=="Time" && $c["kernel"]==k {print $c["verdict"]}' \
	<("$CONTEST" compare -r "$T/reports" --format csv A B 2> /dev/null))
want=$([ "$v" = worse ] && echo fail || echo pass)
is "$(cat "$R/noload-verdict/result")" "$want" "noload-verdict is $want for compare's '$v'"
grep -q "^contest: noload: Time of B against A: $v " "$T/b.out"
ok $? "the verdict's word is in the log"
done_testing

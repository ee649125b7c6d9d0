#!/usr/bin/env bash
# Equal means compare as +0.0%, never -0.0%: negating a zero difference
# (Time is better when lower) gave -0, and a difference too small to print
# ("-0.0004%") printed as "-0.0%", a sign that reads as a regression.
. "$(dirname "$0")/lib.sh"
R=$T/reports
runs() {	# runs KERNEL SUFFIX: three noload runs of 20.1, 20.2, 20.3 s, SUFFIX digits more
	runs_header "$R/$1/runs.tsv"
	for i in 1 2 3; do printf 'noload\t%d\t20.%d%s\t190\t0\t0\tok\n' $i $i "$2" >> "$R/$1/runs.tsv"; done
}
runs base ''; runs same ''; runs tiny 0001

"$CONTEST" compare -r "$R" base same tiny > "$T/text" 2> /dev/null
ok $? "compare exits 0"
time_rows=$(awk '$1 == "Time" || (prev == "Time" && NF >= 4) { print; if ($1 == "Time") prev = "Time" } $1 == "CPU%" { prev = "" }' "$T/text")
is "$(awk '$1 == "same" || $1 == "tiny" { print $1, $5 }' <<< "$time_rows")" $'same +0.0%\ntiny +0.0%' \
	"the text's Time Diff of equal and nearly equal means is +0.0%"
! grep -q -- '-0\.0' "$T/text"
ok $? "no -0.0 anywhere in the text"

"$CONTEST" compare -r "$R" --format csv base same tiny > "$T/csv" 2> /dev/null
is "$(awk -F, '$2 == "Time" && $3 != "base" { print $3, $7 }' "$T/csv")" $'same 0.000\ntiny 0.000' \
	"the CSV's diff_pct of both is 0.000"
"$CONTEST" compare -r "$R" --format json base same tiny > "$T/json" 2> /dev/null
python3 - "$T/json" <<'PY'
import json, math, sys
rows = json.load(open(sys.argv[1]))["rows"]
d = [r["diff_pct"] for r in rows if r["metric"] == "Time" and r["kernel"] == "same"]
assert d == [0.0] and math.copysign(1, d[0]) == 1, d
PY
ok $? "the JSON's diff_pct of equal means is 0.0, not -0.0"
! grep -q -- '"diff_pct": -0\.0,' "$T/json"
ok $? "no -0.0 diff_pct in the JSON"
done_testing

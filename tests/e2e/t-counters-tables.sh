#!/usr/bin/env bash
# t-counters-tables - where a kernel's runs counted instructions and cycles
# (runs.tsv's columns; "-" without a PMU, as on most VMs), report shows
# their means in every table format (text with --stats, csv, json, html)
# and compare tests them as metrics, fewer being better: a kernel that
# retires 10% more instructions in interleaved runs is worse. A kernel
# without counts shows none and its compare rows say missing. The
# results are written by hand: this machine's PMU may count nothing.
. "$(dirname "$0")/lib.sh"
R=$T/r
mkdir -p "$R/lean" "$R/fat" "$R/nopmu"
# runs FILE INSTR CYCLES-or-"-" MINUTE-OFFSET: three noload runs, a minute apart
runs() {
	runs_header "$1" timestamp instructions cycles
	for i in 1 2 3; do
		local ins=$2 cyc=$3
		[ "$ins" != - ] && ins=$((ins + i * 1000000))
		[ "$cyc" != - ] && cyc=$((cyc + (i % 2 ? 1 : -1) * i * 7000000))
		printf '2026-01-01T10:%02d:00Z\tnoload\t%d\t60.%d\t95\t0\t0\tok\t%s\t%s\n' \
			$((i * 2 + $4)) "$i" "$i" "$ins" "$cyc" >>"$1"
	done
}
runs "$R/lean/runs.tsv" 1000000000 2000000000 0
runs "$R/fat/runs.tsv" 1100000000 2000000000 1
runs "$R/nopmu/runs.tsv" - - 0

"$CONTEST" report -r "$R" --stats lean fat nopmu >"$T/text" 2>"$T/err"
ok $? "report --stats exits 0 ($(head -n 1 "$T/err"))"
grep -qxE 'Counters \[M\] +instr +cycles' "$T/text" &&
	grep -qxE 'lean \[3\] +1002\.0 +2004\.7' "$T/text" && grep -qxE 'fat \[3\] +1102\.0 +2004\.7' "$T/text"
ok $? "--stats: a Counters block, instructions and cycles in millions per kernel"
! grep -qE '^nopmu \[3\] +[0-9.]+ +[0-9.]+$' "$T/text"
ok $? "no counters row for the kernel that counted none"
"$CONTEST" report -r "$R" lean fat >"$T/plain" 2>/dev/null
! grep -q 'Counters' "$T/plain"
ok $? "without --stats the tables stay as they were"

"$CONTEST" report -r "$R" --format csv lean fat nopmu >"$T/csv" 2>/dev/null
python3 - "$T/csv" <<'PY'
import csv, sys
rows = {r["kernel"]: r for r in csv.DictReader(open(sys.argv[1]))}
assert rows["lean"]["instructions"] == "1002000000" and rows["lean"]["cycles"] == "2004666667"
assert rows["fat"]["instructions"] == "1102000000"
assert rows["nopmu"]["instructions"] == "" and rows["nopmu"]["cycles"] == ""
PY
ok $? "csv: instructions and cycles columns, the means, empty where not counted"
"$CONTEST" report -r "$R" --format json lean fat nopmu >"$T/json" 2>/dev/null
python3 - "$T/json" <<'PY'
import json, sys
rows = {k["kernel"]: k for k in json.load(open(sys.argv[1]))["loads"][0]["kernels"]}
assert rows["fat"]["instructions"] == 1102000000 and round(rows["fat"]["cycles"]) == 2004666667
assert rows["nopmu"]["instructions"] is None and rows["nopmu"]["cycles"] is None
PY
ok $? "json: instructions and cycles, null where not counted"
"$CONTEST" report -r "$R" --format html -o "$T/page" lean fat nopmu >/dev/null 2>&1
grep -q '<th>Instructions (M)</th><th>Cycles (M)</th></tr>' "$T/page/index.html" &&
	grep -q '<td class="name">fat \[3\]</td>.*<td>1102.0</td><td>2004.7</td></tr>' "$T/page/index.html" &&
	grep -q '<td class="name">nopmu \[3\]</td>.*<td>-</td><td>-</td></tr>' "$T/page/index.html"
ok $? "html: Instructions and Cycles columns, '-' where not counted"
"$CONTEST" report -r "$R" --format html -o "$T/page2" nopmu >/dev/null 2>&1
! grep -q 'Instructions' "$T/page2/index.html"
ok $? "html: no counter columns when no kernel counted"

"$CONTEST" compare --format csv -r "$R" lean fat nopmu >"$T/cmp.csv" 2>/dev/null
row() { awk -F, -v m="$1" -v k="$2" '$1 == "noload" && $2 == m && $3 == k' "$T/cmp.csv"; }
row Instructions fat | grep -qE '^noload,Instructions,fat,1102000000\.0000,1000000\.0000,3,-9\.980,.*,worse,'
ok $? "compare: 10% more instructions is worse ($(row Instructions fat | cut -d, -f4-12))"
row Cycles fat | grep -qE ',same,'
ok $? "compare: the same cycles are the same ($(row Cycles fat | cut -d, -f4-12))"
is "$(row Instructions nopmu | cut -d, -f6,7,11)" "0,," "compare: no test and no verdict for the kernel that counted none"
"$CONTEST" compare -r "$R" lean fat >"$T/cmp.txt" 2>/dev/null
grep -qx 'Instructions' "$T/cmp.txt" &&
	grep -qE '^ +fat +1102\.0M +1\.0M +3 +-10\.0% .* worse$' "$T/cmp.txt"
ok $? "compare's text: an Instructions row, in millions"
"$CONTEST" compare -r "$TOP/tests/data/published/reports" 2.4.18 2.5.47 2>/dev/null | grep -q 'Instructions\|Cycles'
ok $((!$?)) "compare: no counter rows for results without the columns"
done_testing

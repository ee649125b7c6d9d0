#!/usr/bin/env bash
# contest compare on hand-written results: CSV and JSON parse with kernel
# names that hold a quote, UTF-8 and an invalid byte; --fail-above exit
# codes; bad usage exits 2; env files that differ warn, MemTotal loudly.
. "$(dirname "$0")/lib.sh"
R=$T/reports
Q='q"uote' U='linux-été' B=$'bad-\xff-byte'
runs() { runs_two_loads "$R/$1/runs.tsv" "$2"; }
envfile() {	# envfile KERNEL MEMTOTAL CPU_LIMIT
	printf 'uname: Linux box %s\ncpus: 2\nmemtotal: %s (x)\nmem_limit: none\ncpu_limit: %s\ncontest_version: 0.1.0\nconfig:\nmake_jobs = 4\n' \
		"$1" "$2" "$3" > "$R/$1/env"
}
runs base 1.0; runs "$Q" 1.0; runs "$U" 1.10; runs "$B" 1.0
for k in base "$Q" "$U" "$B"; do envfile "$k" 1073741824 none; done

"$CONTEST" compare -r "$R" --format csv base "$Q" "$U" "$B" > "$T/out.csv" 2> "$T/csv.err"
ok $? "compare --format csv exits 0"
is "$(head -1 "$T/out.csv")" "load,metric,kernel,mean,sd,runs,diff_pct,p_value,significant,mde_pct,verdict,sessions,verdict_reason" "the CSV header"
python3 - "$T/out.csv" "$Q" "$U" > "$T/csv.check" 2>&1 <<'PY'
import csv, sys, os
q, u = sys.argv[2], sys.argv[3]
with open(sys.argv[1], newline='', encoding='utf-8', errors='surrogateescape') as f:
    rows = list(csv.DictReader(f))
assert len(rows) == 2 * 4 * 4 + 4, len(rows)	# and io_load's Ratio per kernel
assert all(len(r) == 13 for r in rows)
kernels = {r['kernel'] for r in rows}
assert q in kernels and u in kernels, kernels
assert 'bad-\udcff-byte' in kernels, kernels	# the byte as it is: CSV is bytes
base = [r for r in rows if r['kernel'] == 'base']
assert all(r['diff_pct'] == '' and r['p_value'] == '' for r in base)
t = [r for r in rows if r['kernel'] == u and r['load'] == 'io_load' and r['metric'] == 'Time'][0]
assert abs(float(t['diff_pct']) + 10) < 1e-6 and t['significant'] in ('*', '**'), t
marked = [(r['load'], r['metric'], r['kernel']) for r in rows if r['significant']]
assert marked == [('io_load', 'Time', u), ('io_load', 'Ratio', u)], marked
# no timestamps: separate sessions, and no calibration, so nothing decided;
# the MDE is there all the same, as the least the drift could add to
assert all(r['verdict'] == '' and r['mde_pct'] == '' for r in base)
# noload's Loads and LCPU% are 0 in every run: not tested, no verdict
untested = [r for r in rows if r['load'] == 'noload' and r['metric'] in ('Loads', 'LCPU%')]
assert len(untested) == 8 and all(r['verdict'] == '' for r in untested), untested
new = [r for r in rows if r['kernel'] != 'base' and r['metric'] != 'Ratio' and r not in untested]
assert all(r['verdict'] == 'undecided' and r['sessions'] == 'separate' for r in new), new
# but a kernel's own slowdown cancels its session's speed: decided all the same
ratios = {r['kernel']: r['verdict'] for r in rows if r['metric'] == 'Ratio' and r['kernel'] != 'base'}
assert ratios == {q: 'same', u: 'worse', 'bad-\udcff-byte': 'same'}, ratios
times = [r for r in new if r['metric'] == 'Time']
assert all(r['verdict_reason'] == 'separate sessions and no calibration' and
           float(r['mde_pct']) > 0 for r in times), times
print('ok')
PY
is "$(cat "$T/csv.check")" ok "CSV parses: 32 rows, names intact, BASE rows without diff and p, only io_load's Time and Ratio of the slower kernel marked, every NEW row but the Ratios undecided (separate sessions) with an MDE, the Ratios decided"

"$CONTEST" compare -r "$R" --format json base "$Q" "$U" "$B" > "$T/out.json" 2> "$T/json.err"
ok $? "compare --format json exits 0"
python3 - "$T/out.json" "$Q" "$U" > "$T/json.check" 2>&1 <<'PY'
import json, sys
q, u = sys.argv[2], sys.argv[3]
def no_constant(c):
    raise ValueError('not JSON: ' + c)	# Python would accept NaN and Infinity
doc = json.load(open(sys.argv[1], encoding='utf-8'), parse_constant=no_constant)
kernels = {r['kernel'] for r in doc['rows']}
assert kernels == {'base', q, u, 'bad-\\xff-byte'}, kernels
assert doc['base'] == 'base' and doc['tests'] > 0
assert all(r['diff_pct'] is None for r in doc['rows'] if r['kernel'] == 'base')
s = {x['kernel']: x for x in doc['summary']}
assert abs(s[u]['time_ratio_gmean'] - 1.1 ** 0.5) < 1e-6, s[u]
assert s[u]['ci95_low'] < s[u]['time_ratio_gmean'] < s[u]['ci95_high']
print('ok')
PY
is "$(cat "$T/json.check")" ok "JSON parses: names intact, the bad byte as \\xff, BASE diff null, the geometric mean"
grep -q "not valid UTF-8" "$T/json.err"
ok $? "the invalid byte is warned about: $(head -1 "$T/json.err")"
"$CONTEST" report -r "$R" --format json > "$T/report.json" 2>/dev/null
python3 -c 'import json, sys
def no_constant(c): raise ValueError(c)
doc = json.load(open(sys.argv[1], encoding="utf-8"), parse_constant=no_constant)
names = {k["kernel"] for l in doc["loads"] for k in l["kernels"]}
assert "bad-\\xff-byte" in names and sys.argv[2] in names, names
assert all(k["time_sd"] is not None for l in doc["loads"] for k in l["kernels"])' "$T/report.json" "$Q"
ok $? "report --format json parses too, with the same names"

"$CONTEST" compare -r "$R" base "$U" > "$T/out.txt" 2>/dev/null
awk 'length($0) > 80 { bad = 1 } END { exit bad }' "$T/out.txt"
ok $? "text output fits in 80 columns"
grep -q "tests made" "$T/out.txt" && grep -q "Holm" "$T/out.txt"
ok $? "text says how many tests were made and names Holm"

"$CONTEST" compare -r "$R" --fail-above 5 base "$U" > /dev/null 2> "$T/fail.err"
is $? 3 "--fail-above 5 with a 10% slower io_load exits 3, a regression"
grep -q "io_load Time" "$T/fail.err"
ok $? "and names the load and metric: $(cat "$T/fail.err")"
"$CONTEST" compare -r "$R" --fail-above 15 base "$U" > /dev/null 2>&1
is $? 0 "--fail-above 15 exits 0"
"$CONTEST" compare -r "$R" --fail-above 5 base "$Q" > /dev/null 2>&1
is $? 0 "--fail-above 5 on an A/A pair exits 0"
"$CONTEST" compare -r "$R" --fail-above abc base "$U" > /dev/null 2>&1
is $? 2 "--fail-above abc is bad usage"
"$CONTEST" compare -r "$R" base > /dev/null 2>&1
is $? 2 "no NEW kernel is bad usage"
"$CONTEST" compare -r "$R" base nosuch > /dev/null 2> "$T/nosuch.err"
is $? 2 "an unknown kernel is bad usage"
"$CONTEST" compare -r "$R" --alpha 1.5 base "$U" > /dev/null 2>&1
is $? 2 "--alpha 1.5 is bad usage"

is "$(cat "$T/csv.err" | grep -v 'UTF-8')" "" "equal env files: no confound warning"
envfile "$U" 1056964608 1.5
"$CONTEST" compare -r "$R" base "$U" > /dev/null 2> "$T/conf.err"
grep -q "^warning: MEMORY DIFFERS: .*1056964608.*1073741824" "$T/conf.err"
ok $? "mem=1008m against mem=1024m shouts: $(grep MEMORY "$T/conf.err")"
is "$(grep -c '^warning:' "$T/conf.err")" 2 "one line per difference (memtotal, cpu_limit)"
grep -q "cpu_limit" "$T/conf.err"
ok $? "the cpu_limit difference is named"
# a kernel is a folder of -r DIR: a name that leads outside is refused by
# compare as by report and plot, with nothing read from there
runs ../outside 1.0
[ -s "$T/outside/runs.tsv" ]
ok $? "results outside -r exist ($T/outside)"
for cmd in compare report plot; do
	"$CONTEST" $cmd -r "$R" base ../outside > "$T/outside.out" 2> "$T/outside.err"
	st=$?
	is "$st" 2 "$cmd -r DIR base ../outside is bad usage"
	grep -q "^error: bad kernel name '../outside'" "$T/outside.err" && [ ! -s "$T/outside.out" ]
	ok $? "$cmd names the bad name and prints nothing: $(head -1 "$T/outside.err")"
done
ln -s ../outside "$R/merged"
"$CONTEST" compare -r "$R" base merged > /dev/null 2>&1
is "$?" 0 "the same results merged into -r by a symlink compare"
done_testing

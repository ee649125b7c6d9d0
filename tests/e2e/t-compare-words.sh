#!/usr/bin/env bash
# compare's words read right: the p beside a verdict is the test that made
# it (a paired worse has its star), the Overall line claims no more than
# its rows (separate sessions without a calibration: the runs' noise
# alone, deciding nothing), a Ratio is one figure (report --ratio self's,
# the ratio of the means), a Ratio of separate sessions says the drift
# cancels and how many rounds would decide it, and rows undecided for
# want of a calibration get their Undecided line.
. "$(dirname "$0")/lib.sh"
R=$T/reports
ts() { date -u -d "@$((1700000000 + 60 * $1))" +%Y-%m-%dT%H:%M:%SZ; }
# paired: each round's speed differs widely, new is 8% slower in every one
# (Welch's p sees the rounds' spread; the paired test sees the 8%)
paired() {	# paired KERNEL SCALE MINUTE-OFFSET
	runs_header "$R/$1/runs.tsv" timestamp
	awk -v s="$2" -v o="$3" 'BEGIN { split("10 20 30 40 15 25", b); split("10 50 90 20 70 40", c)
		for (i = 1; i <= 6; i++)
			printf "@%d\tnoload\t%d\t%.3f\t%s\t0\t0\t%s\n", 2 * i + o, i, b[i] * s * (1 + 0.002 * (i % 3)),
				s == 1 ? c[i] : 60 - 5 * i, s == 1 && i == 1 ? "aborted" : "ok" }' |
	while IFS= read -r line; do m=${line%%$'\t'*}; echo "$(ts "${m#@}")${line#"$m"}"; done >> "$R/$1/runs.tsv"
}
paired base 1.0 0
paired slow 1.08 1
"$CONTEST" compare -r "$R" base slow > "$T/p.text" 2> /dev/null
ok $? "compare of paired rounds exits 0"
row=$(awk '$1 == "Time" { t = 1; next } t && $1 == "slow" { print; exit }' "$T/p.text")
grep -qE '^ +slow +[0-9.]+ +[0-9.]+ +6 +[-+][0-9.]+% +(<0\.0001|0\.0[0-4][0-9]*) +\*\*? .* worse$' <<< "$row"
ok $? "a paired worse has the paired test's p and its star: $row"
"$CONTEST" compare -r "$R" --format json base slow > "$T/p.json" 2> /dev/null
python3 - "$T/p.json" > "$T/p.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "slow"][0]
assert t["test"] == "paired" and t["p_value"] < 0.05 and t["verdict"] == "worse", t
assert d["summary"][0]["drift"] == "none", d["summary"]
print("ok")
PY
is "$(cat "$T/p.check")" ok "json: its test is named paired, its p below 0.05, the Overall needs no drift"
grep -qE "Undecided: slow CPU%, .*\(6 now, 5 of them paired: both ok\)" <(tr '\n' ' ' < "$T/p.text" | tr -s ' ')
ok $? "a round whose base run was not ok makes no pair, and the line says both counts: $(grep -A1 'Undecided: slow CPU' "$T/p.text" | tr '\n' ' ')"

# separate sessions (no timestamps), no calibration: 10% slower, starred
# within the sessions, undecided; the Overall line says the same
R=$T/sep
sep() {	# sep KERNEL SCALE RATIO-NOISE: noload and io_load, 4 runs each
	runs_header "$R/$1/runs.tsv"
	awk -v s="$2" -v z="$3" 'BEGIN { split(z ? "10.1 30.4 9.9 30.2" : "20.1 20.4 19.9 20.2", n); split("30 10 30 10", io)
		for (i = 1; i <= 4; i++) {
			printf "noload\t%d\t%.3f\t190\t0\t0\tok\n", i, n[i] * s
			printf "io_load\t%d\t%.3f\t40\t8\t12\tok\n", i, (z ? io[i] : 60) * s * (1 + 0.001 * i) } }' \
		>> "$R/$1/runs.tsv"
}
sep base 1.0 1; sep new 1.1 1
"$CONTEST" compare -r "$R" base new > "$T/s.text" 2> /dev/null
tr '\n' ' ' < "$T/s.text" | tr -s ' ' > "$T/s.flat"
grep -qE "Overall, the Time of 'new' is 1\.[0-9]+ times that of 'base' \(95% CI [0-9.]+ to [0-9.]+ of the runs' noise alone: the drift between the separate sessions is not in it \(no calibration\), so like its rows it decides nothing\)" "$T/s.flat"
ok $? "the Overall line of separate sessions claims what its rows do: $(grep -A3 '^Overall' "$T/s.text" | tr '\n' ' ')"
grep -qF "Undecided: new Time and CPU%, separate sessions and no calibration; 'contest calibrate' measures the drift." "$T/s.flat"
ok $? "rows undecided for want of a calibration have their line, one a kernel"
"$CONTEST" compare -r "$R" --format json base new > "$T/s.json" 2> /dev/null
python3 -c 'import json, sys
d = json.load(open(sys.argv[1]))
assert d["summary"][0]["drift"] == "left out", d["summary"]
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "new" and r["load"] == "noload"][0]
assert t["test"] == "welch" and t["verdict"] == "undecided", t' "$T/s.json"
ok $? "json: the summary's drift is left out, the row's test Welch's within the sessions"

# Ratio: the ratio of the means (80/80.6 = 0.99 for base), not the rounds' mean (1.64)
rat=$(awk '$1 == "Ratio" && $2 == "base" { print $3; exit }' "$T/s.text")
self=$("$CONTEST" report -r "$R" --ratio self base 2> /dev/null | awk '/^io_load:/ { t = 1 } t && $1 == "base" { print $NF; exit }')
is "$rat" "$self" "compare's Ratio is report --ratio self's, one definition ($rat, $self)"
# a separate sessions' Ratio row: no drift, and the rounds that would decide it
grep -qE "Ratio row of separate sessions (does not|need no drift,): a session's speed cancels in a ratio" "$T/s.flat"
ok $? "the text says the Ratio row of separate sessions needs no drift"
grep -qE "Undecided: new Ratio, [^.]* (about|over) [0-9]+ rounds \(4 now\) to see 2%; separate sessions, whose drift cancels in a ratio\." "$T/s.flat"
ok $? "and its Undecided line gives the rounds that would decide it: $(grep -A1 'Undecided: new Ratio' "$T/s.text" | tr '\n' ' ')"
done_testing

#!/usr/bin/env bash
# Variants in rounds share each round's run number, which compare pairs
# their runs by. A round cut short (Ctrl-C while a's run was in flight:
# a's row aborted, keeping its number 3; b's never made) leaves a one
# ahead; the next rounds session numbers both from one above the highest
# of either, so its rounds pair as they ran: four pairs, not three. A
# guest's session takes its round's number from the host (CONTEST_FIRST_RUN).
. "$(dirname "$0")/lib.sh"
command -v python3 > /dev/null || { skip "no python3"; done_testing; exit; }
R=$T/reports
FAST=("${BARE[@]}" -s workload=command -s "command=sleep 0.2")
runs() {
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		{ printf "%s%s:%s", sep, $c["run"], $c["status"]; sep = " " }' "$R/$1/runs.tsv"
}
"$CONTEST" run "${FAST[@]}" -r "$R" -n 2 -k a -k b noload > /dev/null 2> "$T/1.err"
ok $? "two rounds of a and b exit 0"
# what the Ctrl-C leaves: a's last row again as run 3, aborted
tail -n 1 "$R/a/runs.tsv" | awk -F'\t' -v OFS='\t' -v h="$(head -n 1 "$R/a/runs.tsv")" '
	BEGIN { n = split(h, c, "\t"); for (i = 1; i <= n; i++) k[c[i]] = i }
	{ $k["run"] = 3; $k["status"] = "aborted"; print }' >> "$R/a/runs.tsv"
"$CONTEST" run "${FAST[@]}" -r "$R" -n 2 -k a -k b noload > /dev/null 2> "$T/2.err"
ok $? "two more rounds exit 0"
is "$(runs a)" "1:ok 2:ok 3:aborted 4:ok 5:ok" "a: the aborted run keeps its number, the rounds go on at 4"
is "$(runs b)" "1:ok 2:ok 4:ok 5:ok" "b: its rounds take the same numbers as a's (4 and 5, not 3 and 4)"
"$CONTEST" compare -r "$R" --format json a b > "$T/cmp.json" 2> /dev/null
python3 - "$T/cmp.json" <<'PY'
import json, sys
rows = [r for r in json.load(open(sys.argv[1]))['rows'] if r['kernel'] == 'b' and r['metric'] == 'Time']
assert rows and rows[0]['sessions'] == 'paired' and rows[0]['pairs'] == 4, rows
PY
ok $? "compare pairs the four rounds both ran ok, each with its own ($(grep -o '"pairs": [0-9]*' "$T/cmp.json" | head -1))"

# the number a run --boot host hands its guest's session (CONTEST_FIRST_RUN):
# taken as the least run number, and not passed on to the workload
CONTEST_FIRST_RUN=20 "$CONTEST" run "${BARE[@]}" -s workload=command \
	-s "command=sh -c 'echo \${CONTEST_FIRST_RUN:-unset} > $T/seen'" -r "$R" -n 2 -k c noload \
	> /dev/null 2> "$T/3.err"
ok $? "a session with CONTEST_FIRST_RUN=20 exits 0"
is "$(runs c)/$(cat "$T/seen")" "20:ok 21:ok/unset" "its runs are 20 and 21; the workload does not see it"
CONTEST_FIRST_RUN=2x "$CONTEST" run "${FAST[@]}" -r "$R" -n 1 -k d noload > /dev/null 2> "$T/4.err"
is $? 2 "CONTEST_FIRST_RUN=2x: exit 2"
grep -q "CONTEST_FIRST_RUN=2x: not a run number" "$T/4.err" && [ ! -e "$R/d/runs.tsv" ]
ok $? "it says so, and runs nothing"
done_testing

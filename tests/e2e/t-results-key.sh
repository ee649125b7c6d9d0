#!/usr/bin/env bash
# report, compare and plot read the results directory the config names
# (results = DIR, from -c CONF or -s), -r beats it; run takes --results.
. "$(dirname "$0")/lib.sh"
R=$T/elsewhere
for k in A B; do
	runs_header "$R/$k/runs.tsv"
	for i in 1 2 3; do
		printf 'noload\t%d\t%d\t99\t0\t0\tok\n' "$i" $((10 + i)) >> "$R/$k/runs.tsv"
	done
done
printf 'results = %s\n' "$R" > "$T/results.conf"
mkdir "$T/cwd"
cd "$T/cwd" || exit 1	# no contest.conf here, and no reports/

"$CONTEST" report -c "$T/results.conf" A > "$T/out" 2> "$T/err"
is "$?" 0 "report -c CONF: exit 0 ($(head -c 200 "$T/err"))"
grep -q '^A ' "$T/out"
ok $? "report -c CONF: A's row, read from the config's results directory"
"$CONTEST" report -s "results=$R" B > "$T/out" 2> "$T/err"
is "$?" 0 "report -s results=DIR: exit 0 ($(head -c 200 "$T/err"))"
grep -q '^B ' "$T/out"
ok $? "report -s results=DIR: B's row"
"$CONTEST" report -c "$T/results.conf" -r "$T/nowhere" A > "$T/out" 2> "$T/err"
is "$?" 2 "report: -r beats the config's results (A is not in -r's directory)"
grep -q "nowhere" "$T/err"
ok $? "report: the message names -r's directory ($(head -n 1 "$T/err"))"

"$CONTEST" compare -c "$T/results.conf" A B > "$T/out" 2> "$T/err"
is "$?" 0 "compare -c CONF: exit 0 ($(head -c 200 "$T/err"))"
grep -q 'noload' "$T/out"
ok $? "compare -c CONF: noload compared from the config's results directory"

"$CONTEST" plot -c "$T/results.conf" -o "$T/plots" A B > "$T/out" 2> "$T/err"
[ -s "$T/plots/time-noload.dat" ]
ok $? "plot -c CONF: the chart's data from the config's results directory ($(head -c 200 "$T/err"))"

"$CONTEST" run "${QUICK[@]}" -n 1 --results "$T/long" -k L noload > "$T/out" 2> "$T/err"
is "$?" 0 "run --results DIR: exit 0 ($(tail -n 2 "$T/err" | tr '\n' ' '))"
[ "$(col "$T/long/L/runs.tsv" status)" = ok ]
ok $? "run --results DIR: the row went to DIR/L/runs.tsv"
[ ! -e "$T/cwd/reports" ]
ok $? "nothing went to ./reports"
done_testing

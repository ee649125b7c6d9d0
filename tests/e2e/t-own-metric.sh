#!/usr/bin/env bash
# t-own-metric - `metric = NAME:UNIT:lower|higher:REGEX` takes a figure the
# timed command prints (its first group, else the match) into runs.tsv
# (metric1.., named in metric_names), and report and compare read it like
# Time: report's Figures block, compare's row with a verdict in its
# direction; two kernels whose metric1 are named otherwise are not
# compared (no verdict, the reason in the row, no regression mailed). Two variants in rounds print their own latency, one 10%
# lower with a little noise: compare calls it better. A bad spec exits 2
# naming FILE:LINE, nothing run; a figure the output lacks is said and '-'.
# A regex whose match has no time bound is refused; a slow match stops at
# Ctrl-C, the finished runs kept.
. "$(dirname "$0")/lib.sh"
R=$T/r
# a command printing "lat: X us", X = BASE + (a byte of /dev/urandom % 3) / 10
lat_cmd() {
	printf '%s' "sh -c 'echo \"lat: \$(( $1 + \$(od -An -N1 -tu1 /dev/urandom) % 3 )).\$(( \$(od -An -N1 -tu1 /dev/urandom) % 10 )) us\"'"
}
cat > "$T/m.conf" <<EOF
workload = command
command = true
metric = lat:us:lower:lat: ([0-9.]+) us
EOF
"$CONTEST" run -c "$T/m.conf" "${BARE[@]}" -n 4 -r "$R" \
	-k slow --set "command=$(lat_cmd 100)" -k fast --set "command=$(lat_cmd 90)" \
	noload > "$T/run.out" 2> "$T/run.err"
ok $? "a session of two variants printing their figure exits 0 ($(grep -m1 -i 'error\|warning' "$T/run.err"))"
col() { awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) n = i; next }
	{ print $n }' "$R/$1/runs.tsv"; }
is "$(col fast metric_names | sort -u)" "lat:us:lower" "runs.tsv names the metric"
is "$(col fast metric1 | grep -cE '^9[0-2]\.[0-9]00000$')" 4 "each run's figure is in metric1 ($(col fast metric1 | tr '\n' ' '))"
is "$(col slow metric1 | grep -cE '^10[0-2]\.[0-9]00000$')" 4 "the other variant's too"
grep -c 'lat: ' "$R/fast/logs/noload.1.make" | grep -qx 1
ok $? "the command's output is in the run's log"

"$CONTEST" report -r "$R" slow fast > "$T/report" 2>/dev/null
grep -qE '^Figures +lat \[us\]$' "$T/report" && grep -qE '^fast \[4\] +9[0-2]\.[0-9]{2}$' "$T/report" &&
	grep -qE '^slow \[4\] +10[0-2]\.[0-9]{2}$' "$T/report"
ok $? "report: a Figures block with each kernel's mean figure"
"$CONTEST" compare --format csv -r "$R" slow fast > "$T/cmp.csv" 2>/dev/null
row() { awk -F, -v m="$1" -v k="$2" '$1 == "noload" && $2 == m && $3 == k' "$T/cmp.csv"; }
row lat fast | grep -qE '^noload,lat,fast,9[0-2]\.[0-9]+,.*,better,paired'
ok $? "compare: 10% lower is better, paired by round ($(row lat fast | cut -d, -f4-13))"
"$CONTEST" compare -r "$R" slow fast > "$T/cmp.txt" 2>/dev/null
grep -A1 -E '^lat +slow ' "$T/cmp.txt" | grep -qE '^ +fast +9[0-2]\.[0-9]+ .* better$'
ok $? "compare's text: a lat row with its verdict"
tr '\n' ' ' < "$T/cmp.txt" | grep -q 'lat rows are the figure the timed command printed (metric = lat), in us; lower is better'
ok $? "compare's legend says what the figure is"
"$CONTEST" compare --format json -r "$R" slow fast 2>/dev/null | grep -q '"metric": *"lat"'
ok $? "compare's json has the row"

# a figure the output lacks: said, '-', the run still ok
"$CONTEST" run -c "$T/m.conf" "${BARE[@]}" -n 1 -s "command=echo nothing" -r "$R" -k none noload \
	> /dev/null 2> "$T/none.err"
ok $? "a run whose output has no figure exits 0"
grep -q "the output has no figure for the metric 'lat'" "$T/none.err"
ok $? "and says so ($(grep -m1 figure "$T/none.err"))"
is "$(col none metric1)/$(col none status)" "-/ok" "its metric1 is '-'"

# a figure whose name the file lacks (metric1 without metric_names) is shown nowhere
for k in p q; do
	runs_header "$T/nameless/$k/runs.tsv" metric1
	printf 'noload\t%d\t1.%d\t90\t0\t0\tok\t%d\n' 1 1 5 2 2 6 >> "$T/nameless/$k/runs.tsv"
done
"$CONTEST" compare --format csv -r "$T/nameless" p q 2>/dev/null | awk -F, 'NR > 1 && $2 !~ /^(Time|CPU%|Loads|LCPU%)$/' > "$T/nameless.rows"
is "$(wc -l < "$T/nameless.rows")" 0 "a nameless figure has no compare row ($(head -n 1 "$T/nameless.rows"))"
"$CONTEST" report -r "$T/nameless" p q 2>/dev/null | grep -q Figures
ok $((!$?)) "nor a Figures block"

# two kernels whose metric1 are two measures (a throughput, a latency):
# no verdict, the reason in the row of every format, no regression mailed
U=$T/unlike
for k in a b; do runs_header "$U/$k/runs.tsv" timestamp metric_names metric1; done
for i in 1 2 3 4; do
	printf '2026-01-01T10:0%d:00Z\tnoload\t%d\t1.%d\t90\t0\t0\tok\tthr:ops:higher\t%d\n' \
		"$i" "$i" "$i" $((100 + i)) >> "$U/a/runs.tsv"
	printf '2026-01-01T10:0%d:30Z\tnoload\t%d\t1.%d\t90\t0\t0\tok\tlat:us:lower\t0.%d\n' \
		"$i" "$i" "$i" $((30 + i)) >> "$U/b/runs.tsv"
done
why="metric1 is 'lat:us:lower' here, 'thr:ops:higher' in the base: two measures, not compared"
"$CONTEST" compare -r "$U" a b > "$T/unlike.txt" 2>/dev/null
grep -qE '^ +b +0\.325 .* unlike +- -$' "$T/unlike.txt" &&
	tr '\n' ' ' < "$T/unlike.txt" | grep -qF "b thr: $why."
ok $? "unlike figures: no verdict in the text, the reason under the table ($(grep -E '^ +b +0\.325' "$T/unlike.txt"))"
"$CONTEST" compare -r "$U" --format csv a b 2>/dev/null | grep '^noload,thr,b,' > "$T/unlike.csv"
is "$(cut -d, -f7- "$T/unlike.csv")" ",,,,,,\"$why\"" "unlike figures: no diff, p or verdict in the csv, the reason"
"$CONTEST" compare -r "$U" --format json a b > "$T/unlike.json" 2>/dev/null
python3 - "$T/unlike.json" "$why" > "$T/unlike.check" 2>&1 <<'PY'
import json, sys
r = [r for r in json.load(open(sys.argv[1]))["rows"] if r["metric"] == "thr" and r["kernel"] == "b"][0]
assert r["test"] == "unlike" and "verdict" not in r and r["diff_pct"] is None, r
assert r["verdict_reason"] == sys.argv[2], r
print("ok")
PY
is "$(cat "$T/unlike.check")" ok "unlike figures: the json row's test is unlike, with the reason"
"$CONTEST" compare -r "$U" --format lkp a b > "$T/unlike.lkp" 2>/dev/null
! grep -q 'regression\|improvement' "$T/unlike.lkp" && ! grep -qE ' contest\.noload\.metric1$' "$T/unlike.lkp" &&
	tr '\n' ' ' < "$T/unlike.lkp" | grep -qF "contest.noload.metric1: $why."
ok $? "unlike figures: the lkp mail names no regression, says why ($(grep -m1 '^Subject' "$T/unlike.lkp"))"

# bad specs: exit 2 naming FILE:LINE, nothing recorded
for spec in 'lat:us:lower' 'lat:us:sideways:x' 'l-at:us:lower:x' 'lat:us:lower:(' \
	    'lat:a very long unit name:lower:x' 'x:u:lower:(a*)*\1b' 'x:u:lower:(a{1,100}){1,100}b'; do
	printf 'workload = command\ncommand = true\nmetric = %s\n' "$spec" > "$T/bad.conf"
	"$CONTEST" run -c "$T/bad.conf" "${BARE[@]}" -n 1 -r "$T/bad" -k b noload > /dev/null 2> "$T/bad.err"
	st=$?
	[ $st = 2 ] && grep -q "bad.conf:3: bad value '.*' for 'metric'" "$T/bad.err" && [ ! -e "$T/bad/b/runs.tsv" ]
	ok $? "metric = $spec: exit 2 naming bad.conf:3 ($st: $(head -n 1 "$T/bad.err"))"
done
printf 'workload = command\ncommand = true\n' > "$T/five.conf"
for i in 1 2 3 4 5; do echo "metric = m$i::higher:x([0-9])" >> "$T/five.conf"; done
"$CONTEST" run -c "$T/five.conf" "${BARE[@]}" -n 1 -r "$T/bad" -k b noload > /dev/null 2> "$T/five.err"
is "$?/$(grep -c "five.conf:7: more than 4 'metric' keys" "$T/five.err")" "2/1" "a fifth metric key: exit 2 naming its line"

# a regex whose match has no time bound: a back-reference is refused at
# once (it took longer than anyone waits over 400 0s, Ctrl-C or not)
printf 'workload = command\ncommand = true\n' > "$T/c.conf"
timeout -s KILL 60 "$CONTEST" run -c "$T/c.conf" "${BARE[@]}" -n 1 -r "$T/bad" -k b \
	-s "command=printf '%0400d' 0" -s 'metric=x:u:lower:(0*)*\1b' noload > /dev/null 2> "$T/ref.err"
st=$?
[ $st = 2 ] && grep -q "metric=x:u:lower:(0\*)\*\\\\1b': bad value .*back-reference" "$T/ref.err"
ok $? "-s metric=...(0*)*\\1b over 400 0s: refused, exit 2 ($st: $(head -n 1 "$T/ref.err"))"

# one without: Ctrl-C during its match ends the session, the finished run
# kept. Run 1 prints a figure; run 2 200 lines of 4000 a's, whose match by
# (a|aa)*b takes a line's square (a minute in all, hours as one text)
cat > "$T/slow.sh" <<EOF
if [ -e "$T/once" ]; then
	awk 'BEGIN { s = sprintf("%4000s", ""); gsub(/ /, "a", s); for (i = 0; i < 200; i++) print s }'
	touch "$T/printed"
else
	touch "$T/once"; echo "x 7"
fi
EOF
timeout -s KILL 60 "$CONTEST" run -c "$T/c.conf" "${BARE[@]}" -n 3 -r "$R" -k slow2 -s "command=sh $T/slow.sh" \
	-s 'metric=x:u:lower:x ([0-9]+)|(a|aa)*b' noload > /dev/null 2> "$T/slow.err" &
pid=$!
wait_for 30 test -e "$T/printed" && sleep 1
kill -INT $pid
wait $pid
is "$?" 130 "SIGINT during the match ends the session with 128 + 2 (137: it had to be killed)"
is "$(col slow2 status | tr '\n' ' ')/$(col slow2 metric1 | head -n 1)" "ok aborted /7.000000" \
	"the finished run is kept with its figure, the one matched is aborted"
grep -q 'finished runs are kept' "$T/slow.err"
ok $? "and it says so"
done_testing

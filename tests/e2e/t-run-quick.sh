#!/usr/bin/env bash
# long: the quick profile's whole synthetic tree, compiled four times (about 90 s quiet)
# The quick profile's noload and cacherun on the synthetic workload under two
# kernel names, then one report with both.
# quiet_wait=1s: the profile's wait is tested in t-interrupt-moments.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports

flush=$([ "$(id -u)" = 0 ] && echo drop || echo sync)
for k in A B; do
	n=1
	others_begin
	"$CONTEST" run "${QUICK[@]}" -s quiet_wait=1s -k "$k" -n $n -r "$R" noload cacherun \
		> "$T/$k.out" 2> "$T/$k.err"
	ok $? "run -k $k -n $n noload cacherun exits 0"
	others_busy; busy=$?
	is "$(rows_with "$R/$k/runs.tsv" ok)" $((2 * n)) "$k: $((2 * n)) ok rows"
	is "$(col "$R/$k/runs.tsv" load | tr '\n' ' ')" "$(for i in $(seq $n); do printf 'noload cacherun '; done)" \
		"$k: cacherun directly follows each noload run"
	is "$(col "$R/$k/runs.tsv" flush | tr '\n' ' ')" "$(for i in $(seq $n); do printf '%s none ' $flush; done)" \
		"$k: noload flushed, cacherun not"
	grep -q '^uname: ' "$R/$k/env" && grep -q '^config:' "$R/$k/env"
	ok $? "$k: env file holds the fingerprint and the config"
	[ -s "$R/$k/logs/noload.1.make" ] && [ -s "$R/$k/logs/cacherun.$n.make" ]
	ok $? "$k: logs keep the compile's output"
	grep -q '^noload:$' "$T/$k.out" && grep -q '^cacherun:$' "$T/$k.out"
	ok $? "$k: run prints the tables at the end"
	if [ $busy -eq 0 ]; then
		awk -F'\t' 'NR>1 && $4 > 0 && $5 > 0' "$R/$k/runs.tsv" | wc -l | grep -qx $((2 * n))
		ok $? "$k: every row has a Time and a CPU% (above 0: other processes kept $OTHERS CPUs busy)"
	else
		awk -F'\t' 'NR>1 && $4 > 0 && $5 > 50' "$R/$k/runs.tsv" | wc -l | grep -qx $((2 * n))
		ok $? "$k: every row has a Time and a CPU% above 50 (others used $OTHERS CPUs)"
	fi
done

"$CONTEST" report -r "$R" A B > "$T/report" 2> "$T/report.err"
ok $? "report A B exits 0"
is "$(cat "$T/report.err")" "" "report: nothing on stderr"
is "$(sed -n 1,3p "$T/report" | tr '\n' '|')" \
	"noload:||Kernel [runs]           Time    CPU%    Loads   LCPU%   Ratio|" \
	"report: classic layout"
is "$(awk '/^noload:/{t=1} t && /^A \[1\]/{print $NF; exit}' "$T/report")" "1.00" \
	"report: A's noload Ratio is 1.00"
is "$(grep -c '^B \[1\]' "$T/report")" 2 "report: B has a row in both tables"
is "$(grep -c ':$' "$T/report")" 2 "report: two tables"
# the reference kernel's Ratio is Time over its own mean: check B against it
awk -v r="$(col "$R/A/runs.tsv" time_s | sed -n 1p)" \
	'/^noload:/{t=1} t && /^B \[1\]/{print $3/r, $NF; exit}' "$T/report" |
	awk '{d=$1-$2; if (d<0) d=-d; exit !(d < 0.011)}'
ok $? "report: B's noload Ratio is B's Time over A's noload mean"

nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

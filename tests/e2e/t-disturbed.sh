#!/usr/bin/env bash
# What disturbed a run is recorded and said: a CPU hog started beside the
# runs, outside contest, shows in others_cpu_s with about its share of the
# machine (one CPU of N: 100/N %), the run is flagged in `disturbed` and
# kept, the tables, report --stats, compare (a warning when one kernel's
# runs were disturbed more) and the HTML page say so; steal is recorded.
. "$(dirname "$0")/lib.sh"
R=$T/reports
CONF=$T/c.conf
command_conf "$CONF" "sh -c 'i=0; while [ \$i -lt 300000 ]; do i=\$((i+1)); done'"
N=$(getconf _NPROCESSORS_ONLN)	# contest's CPUs: online ones, whatever the affinity
share=$((100 / N))
# the hog has a CPU of its own on 2 or more; on one it shares it with the
# compile and gets about half: 60% of what it can get
want=$((N == 1 ? 30 : share * 6 / 10)) want_s=$((N == 1 ? 3 : 5))
col_of() { awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"; }

others_begin
"$CONTEST" run -c "$CONF" -r "$R" -k quiet -n 2 noload > /dev/null 2> "$T/quiet.err"
ok $? "a run without a hog exits 0"
# contest flags a run whose window others kept a tenth of the CPUs busy;
# averaged over the whole session a burst in the window shows less: half
# that already makes the quiet runs' flag no test of contest
others_busy "$(awk -v n="$N" 'BEGIN { print 0.05 * n }')" && busy=1 || busy=0

timeout 120 sh -c 'while :; do :; done' &
hog=$!
at_exit "kill $hog 2>/dev/null"
"$CONTEST" run -c "$CONF" -r "$R" -k hog -n 2 noload > "$T/hog.out" 2> "$T/hog.err"
ok $? "runs beside a CPU hog exit 0, their rows ok"
kill "$hog" 2> /dev/null
is "$(col_of "$R/hog/runs.tsv" status | sort -u)" "ok" "the disturbed runs stay ok"
pcts=$(col_of "$R/hog/runs.tsv" disturbed | sed -n 's/.*others \([0-9]*\)%.*/\1/p')
lowest=$(sort -n <<< "$pcts" | head -1)
[ "$(wc -l <<< "$pcts")" -eq 2 ] && [ "${lowest:-0}" -ge "$want" ]
ok $? "each run is flagged with the hog's share, about one CPU of $N (${share}%): $(tr '\n' ' ' <<< "$pcts")"
awk -v t="$(col_of "$R/hog/runs.tsv" time_s | head -1)" -v o="$(col_of "$R/hog/runs.tsv" others_cpu_s | head -1)" \
	-v w="$want_s" 'BEGIN { exit !(o >= w / 10 * t) }'
ok $? "others_cpu_s holds the hog's CPU seconds ($(col_of "$R/hog/runs.tsv" others_cpu_s | head -1) s in a $(col_of "$R/hog/runs.tsv" time_s | head -1) s run)"
col_of "$R/hog/runs.tsv" steal_s | grep -qxE '[0-9]+\.[0-9]{3}'
ok $? "steal_s is recorded ($(col_of "$R/hog/runs.tsv" steal_s | tr '\n' ' '))"
if [ "$busy" = 1 ]; then
	skip "the run without a hog is not flagged" "other processes kept the machine busy ($OTHERS CPUs)"
else
	is "$(col_of "$R/quiet/runs.tsv" disturbed | sort -u)" "-" "the run without a hog is not flagged"
fi

# each run as "run N [steal S%, ]others O%": a busy host may steal too
grep -qE "^\(hog: 2 of 2 runs disturbed: run 1 (steal [0-9]+%, )?others [0-9]+%, run 2 (steal [0-9]+%, )?others [0-9]+%\)$" "$T/hog.out"
ok $? "the table says which runs were disturbed: $(grep disturbed "$T/hog.out")"
"$CONTEST" report -r "$R" --stats hog > "$T/stats" 2>&1
grep -q "^Disturbance \[s\] *steal *others$" "$T/stats" && grep -qE "^hog \[2\] +[0-9.]+ +[0-9.]+$" "$T/stats"
ok $? "report --stats has a Disturbance block with the mean seconds"
"$CONTEST" compare -r "$R" quiet hog > "$T/cmp" 2>&1
if [ "$busy" = 1 ]; then
	skip "compare warns of the unequal disturbance" "the quiet runs may be disturbed too here"
else
	grep -q "Warning: the runs were disturbed unequally" "$T/cmp" && grep -q "'hog' 2 of 2" "$T/cmp"
	ok $? "compare warns that one kernel's runs were disturbed more"
fi
"$CONTEST" report -r "$R" --format html -o "$T/page" quiet hog > /dev/null 2>&1
grep -q "Disturbed (kept in the means" "$T/page/index.html" && grep -qE "hog: 2 of 2, run 1 (steal [0-9]+%, )?others" "$T/page/index.html"
ok $? "the HTML page says so too"
"$CONTEST" report -r "$R" --format mail quiet hog > "$T/mail" 2> /dev/null
# quiet may be disturbed too: "(quiet: ...; hog: ...", a note wrapped to the mail's width
tr '\n' ' ' < "$T/mail" | grep -q "hog: 2 of 2 runs disturbed"
ok $? "and the mail"
is "$(awk 'length > 80' "$T/mail" | head -3)" "" "the mail's note lines are wrapped to 80 columns, its names kept"
done_testing

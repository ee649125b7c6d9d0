#!/usr/bin/env bash
# run --until-sd PCT --max-runs N: a steady command settles after the minimum
# of two runs; one that alternates between 0.1 s and 0.6 s never settles and
# stops at N; both say so. Bad values are bad usage, and nothing is recorded.
. "$(dirname "$0")/lib.sh"
R=$T/reports
RUN=("$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -s load_lead=0s -r "$R")
"${RUN[@]}" -s 'command=sleep 0.3' -k steady --until-sd 50 --max-runs 5 noload > /dev/null 2> "$T/steady.err"
ok $? "a steady command under --until-sd exits 0"
is "$(rows_with "$R/steady/runs.tsv" ok)" 2 "it settles after 2 runs (runs = 1, an SD needs 2)"
grep -q "noload: 2 runs, SD of Time .* converged, at most 50%" "$T/steady.err"
ok $? "and says so: $(grep 'SD of Time' "$T/steady.err")"
printf 'if [ -e "$1" ]; then rm "$1"; sleep 0.1; else : > "$1"; sleep 0.6; fi\n' > "$T/alt.sh"
"${RUN[@]}" -s "command=sh $T/alt.sh $T/flag" -k jumpy --until-sd 5 --max-runs 4 noload \
	> /dev/null 2> "$T/jumpy.err"
ok $? "an alternating command under --until-sd exits 0"
is "$(rows_with "$R/jumpy/runs.tsv" ok)" 4 "it stops at --max-runs 4"
grep -q "noload: 4 runs, SD of Time .* did not converge to 5%" "$T/jumpy.err"
ok $? "and says it did not converge: $(grep 'SD of Time' "$T/jumpy.err")"
# the same alternating plan cut short by SIGINT after its second run, then
# resumed with the plain command plus --resume: it goes on to --max-runs 4
# ok runs, counting the runs recorded before the interrupt
# (2 s and 0.1 s: a busy machine's slow poll must not see the plan end first)
printf 'if [ -e "$1" ]; then rm "$1"; sleep 0.1; else : > "$1"; sleep 2; fi\n' > "$T/alt2.sh"
rm -f "$T/flag"
ALT=("${RUN[@]}" -s "command=sh $T/alt2.sh $T/flag" -k cut)
"${ALT[@]}" --until-sd 5 --max-runs 4 noload > /dev/null 2> "$T/cut.err" &
pid=$!
wait_for 60 has_rows "$R/cut/runs.tsv" 2
kill -INT $pid
wait $pid
is "$?" 130 "the --until-sd plan cut short after 2 runs: exit 130"
grep -q "^until_sd	5	4$" "$R/cut/plan"
ok $? "its plan keeps --until-sd 5 --max-runs 4"
"${ALT[@]}" --resume --until-sd 5 > /dev/null 2> "$T/both.err"
is "$?" 2 "--resume with --until-sd again: exit 2 ($(head -1 "$T/both.err"))"
"${ALT[@]}" --resume > /dev/null 2> "$T/resumed.err"
is "$?" 0 "--resume goes on with the plan's --until-sd"
is "$(col "$R/cut/runs.tsv" status | grep -c '^ok$')" 4 "4 ok runs in all, --max-runs"
# a run cut short keeps its number (an aborted row) and its redo takes the
# next: no number twice
is "$(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["run"]}' "$R/cut/runs.tsv" |
	sort -n | uniq -d | wc -l)" 0 "no run number twice ($(col "$R/cut/runs.tsv" run | tr '\n' ' '))"
grep -q "noload: 4 runs, SD of Time .* did not converge to 5%" "$T/resumed.err"
ok $? "and it says so, counting the earlier runs: $(grep 'SD of Time' "$T/resumed.err")"

for bad in "--max-runs 4" "--until-sd 0" "--until-sd x" "--until-sd 5 --max-runs 1"; do
	# shellcheck disable=SC2086
	"${RUN[@]}" -s 'command=true' -k bad $bad noload > /dev/null 2> "$T/bad.err"
	is $? 2 "'$bad' is bad usage ($(head -1 "$T/bad.err"))"
done
[ ! -e "$R/bad" ]
ok $? "nothing recorded for bad usage"
done_testing

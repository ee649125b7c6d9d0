#!/usr/bin/env bash
# A sub-second workload's Time, SD and CI95 take the decimals its values
# need: 0.21 s with an SD of 0.01, not "Time 0.2 SD 0.0 CI95 0.0"; a
# table of Times over a second keeps one decimal (the 2002 mails' tables).
. "$(dirname "$0")/lib.sh"
R=$T/reports
runs() {	# runs KERNEL TIME...: noload runs of these Times
	local k=$1 i=0; shift
	runs_header "$R/$k/runs.tsv"
	for t in "$@"; do i=$((i + 1)); printf 'noload\t%d\t%s\t90\t0\t0\tok\n' $i "$t" >> "$R/$k/runs.tsv"; done
}
runs fast 0.213 0.198 0.221 0.207
runs slow 20.13 20.41 19.93 20.22

"$CONTEST" report -r "$R" --stats fast > "$T/fast" 2> /dev/null
ok $? "report --stats of a sub-second workload exits 0"
is "$(awk '$1 == "fast" { print $3, $8, $9 }' "$T/fast")" "0.21 0.01 0.02" \
	"its Time, SD and CI95 with two decimals ($(grep '^fast' "$T/fast"))"
"$CONTEST" report -r "$R" --stats slow > "$T/slow" 2> /dev/null
is "$(awk '$1 == "slow" { print $3, $8, $9 }' "$T/slow")" "20.2 0.2 0.3" \
	"Times over a second keep one decimal ($(grep '^slow' "$T/slow"))"
"$CONTEST" report -r "$R" --format html -o "$T/site" fast > /dev/null 2>&1
grep -q '<td>0\.21</td>' "$T/site/index.html"
ok $? "the page's Time cell too"
done_testing

#!/usr/bin/env bash
# run appends only to a runs.tsv of contest's own format: a symlink (to a
# file of someone's), a FIFO, a directory, a header with a column contest
# does not write, one lacking a required column or naming one twice are
# refused before any run, exit 2, the file named, nothing written (no
# row, no env, no logs, no plan). An older contest's header (fewer
# columns, all contest's) is appended to in its own layout. A -k given
# twice is refused too: the last would win silently. An env file that is
# a FIFO is read as none, never waited on.
. "$(dirname "$0")/lib.sh"
R=$T/reports
quick() { timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -n 1 -r "$R" "$@" noload; }
# what NAME's folder holds besides runs.tsv, one line
others() { ls -A "$R/$1" | grep -vx runs.tsv | tr '\n' ' '; }
quick -k H > /dev/null 2>&1
header=$(head -n 1 "$R/H/runs.tsv")
[ -n "$header" ]
ok $? "an ordinary run writes a header to compare with"

refused() {	# refused NAME WHAT PATTERN: NAME's runs.tsv is set up; run must refuse it
	local k=$1 what=$2 pattern=$3 st
	quick -k "$k" > /dev/null 2> "$T/err.$k"
	st=$?
	is "$st" 2 "$what: exit 2"
	grep -q -- "$pattern" "$T/err.$k"
	ok $? "$what: the error says why ($(head -n 1 "$T/err.$k"))"
	is "$(others "$k")" "" "$what: nothing written beside it (no env, logs, plan)"
	! grep -q 'run -1\|going on' "$T/err.$k"
	ok $? "$what: no run numbered -1, no going on"
}

mkdir -p "$R/sym"
printf 'not contest\n' > "$T/someones"
ln -s "$T/someones" "$R/sym/runs.tsv"
refused sym "a symlinked runs.tsv" "'$R/sym/runs.tsv' is a symbolic link"
is "$(cat "$T/someones")" "not contest" "the file it points to is unchanged"

mkdir -p "$R/fifo"
mkfifo "$R/fifo/runs.tsv"
refused fifo "a FIFO runs.tsv" "'$R/fifo/runs.tsv' is not a regular file"

mkdir -p "$R/dir/runs.tsv"
refused dir "a directory runs.tsv" "'$R/dir/runs.tsv' is not a regular file"

mkdir -p "$R/extra"
printf '%s\textra\n' "$header" > "$R/extra/runs.tsv"
refused extra "a header with a column contest does not write" "column 'extra' is not one contest writes"

mkdir -p "$R/missing"
printf '%s\n' "$header" | sed 's/\tlcpu_pct\t/\t/' > "$R/missing/runs.tsv"
refused missing "a header without lcpu_pct" "no 'lcpu_pct' column"

mkdir -p "$R/twice"
printf '%s\tload\n' "$header" > "$R/twice/runs.tsv"
refused twice "a header naming load twice" "names 'load' twice"

# an older contest's file: the required columns and status_detail, one row
runs_header "$R/old/runs.tsv" status_detail
printf 'noload\t1\t1.000\t90.00\t0.0000\t0.00\tok\t-\n' >> "$R/old/runs.tsv"
quick -k old > /dev/null 2> "$T/err.old"
is "$?" 0 "an older contest's runs.tsv (fewer columns) is appended to"
awk -F'\t' 'NR==1{n=NF} NF!=n{bad=1} END{exit bad || NR != 3}' "$R/old/runs.tsv"
ok $? "the new row has the header's 8 fields, as the old one"
is "$(col "$R/old/runs.tsv" run | tr '\n' ' ')" "1 2 " "numbered after the old row"
is "$(col "$R/old/runs.tsv" status | tr '\n' ' ')" "ok ok " "its status where the header says"
"$CONTEST" report -r "$R" old > "$T/report" 2> "$T/err.report"
grep -q '^old \[2\]' "$T/report" && [ ! -s "$T/err.report" ]
ok $? "and report reads both rows without a warning"

mkdir -p "$R/real"
ln -s "$R/real" "$R/link"
quick -k link > /dev/null 2> "$T/err.link"
is "$?" 2 "a kernel folder that is a symlink: exit 2"
grep -q "'$R/link' is a symbolic link" "$T/err.link"
ok $? "naming it: $(head -n 1 "$T/err.link")"
is "$(ls -A "$R/real")" "" "nothing written where it points"

quick -k A -k A > /dev/null 2> "$T/err.k"
is "$?" 2 "the same -k given twice: exit 2 (two names are two variants)"
grep -q -- "-k 'A' was given twice" "$T/err.k"
ok $? "saying so: $(head -n 1 "$T/err.k")"
[ ! -e "$R/A" ]
ok $? "and nothing was run"

# a kernel folder's env that is a FIFO (a forged folder) would hang every
# reader that opened it waiting for a writer: it is read as no env file
rm -f "$R/old/env" && mkfifo "$R/old/env"
timeout 20 "$CONTEST" report -r "$R" old > "$T/report.fifo" 2>&1
is "$?" 0 "report with a FIFO for an env file finishes"
timeout 20 "$CONTEST" compare -r "$R" H old > "$T/compare.fifo" 2>&1
is "$?" 0 "compare too"
grep -q "no env file for 'old'" "$T/compare.fifo"
ok $? "saying it has no env file to check ($(grep -m1 "no env file" "$T/compare.fifo"))"
timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" \
	"${NO_EXTRAS[@]}" -n 1 -r "$R" -k old noload > /dev/null 2>&1
is "$?" 0 "a run of that kernel finishes"
[ -f "$R/old/env" ] && [ ! -p "$R/old/env" ]
ok $? "and writes its env file in the FIFO's place"
done_testing

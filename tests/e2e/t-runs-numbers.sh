#!/usr/bin/env bash
# Numbers in runs.tsv that contest never writes: a negative Time (read, it
# gave a Ratio of -1363.64 and a Diff of +136463%), strtod's other forms
# (0x10, "  5", 1e3) are each a row skipped, warned FILE:LINE, and the
# good rows are read; a Time too wide for its cell (1e40, written plain
# as contest would) is printed whole, with an exponent, not cut to 31
# characters (which read as about 1e30), in report and in compare.
. "$(dirname "$0")/lib.sh"
R=$T/reports
HEAD="$(runs_columns)\n"
mkdir -p "$R/odd" "$R/huge"
printf "$HEAD"'noload\t1\t70\t93\t0\t0\tok\nio_load\t1\t-5\t93\t0\t0\tok\nio_load\t2\t0x10\t93\t0\t0\tok\nio_load\t3\t  5\t93\t0\t0\tok\nio_load\t4\t1e3\t93\t0\t0\tok\nio_load\t5\t140\t50\t3\t5\tok\n' \
	> "$R/odd/runs.tsv"
big=1$(printf '%040d' 0).000
printf "$HEAD"'noload\t1\t%s\t93\t0\t0\tok\n' "$big" > "$R/huge/runs.tsv"

"$CONTEST" report -r "$R" odd > "$T/odd.out" 2> "$T/odd.err"
is "$?" 0 "report reads a file with odd numbers"
for w in "3: time_s is negative: '-5'" "4: time_s is not a number: '0x10'" \
	"5: time_s is not a number: '  5'" "6: time_s is not a number: '1e3'"; do
	grep -qxF "warning: $R/odd/runs.tsv:$w; row skipped" "$T/odd.err"
	ok $? "warned as FILE:LINE: ...:$w"
done
is "$(grep -c . "$T/odd.err")" 4 "a warning per odd row, no more"
grep -q '^odd \[1\]  *140\.0  *50  *3  *5  *2\.00$' "$T/odd.out"
ok $? "io_load's one good run counts, Ratio 2.00: $(grep -A3 '^io_load' "$T/odd.out" | tail -1)"

"$CONTEST" report -r "$R" huge > "$T/huge.out" 2> "$T/huge.err"
is "$?" 0 "report of a Time of 1e40"
grep -q '^huge \[1\]  *1\.000e+40  *93 ' "$T/huge.out"
ok $? "printed whole, with an exponent: $(grep '^huge' "$T/huge.out")"
"$CONTEST" compare -r "$R" odd huge > "$T/cmp.out" 2> /dev/null
grep -A1 '^Time ' "$T/cmp.out" | grep -qE '^ +huge +1\.0000e\+40 .* -1\.[0-9]+e\+40% '
ok $? "compare too, its Mean and Diff: $(grep -m1 -A1 '^Time ' "$T/cmp.out" | tail -1)"
done_testing

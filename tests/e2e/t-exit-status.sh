#!/usr/bin/env bash
# Each exit status means one thing: compare --fail-above finding a
# regression (3) is not results that cannot be read (1) nor bad usage (2);
# contest.1 lists each status once.
. "$(dirname "$0")/lib.sh"
R=$T/r
write_runs() {	# write_runs KERNEL BASE-SECONDS: three ok noload runs
	runs_header "$R/$1/runs.tsv"
	for i in 1 2 3; do printf 'noload\t%d\t%d\t99\t0\t0\tok\n' "$i" $(($2 + i)) >> "$R/$1/runs.tsv"; done
}
write_runs A 10
write_runs B 20	# twice as slow: a regression any gate finds
write_runs A2 10	# the same as A
"$CONTEST" compare -r "$R" --fail-above 5 A B > /dev/null 2> "$T/err"
is "$?" 3 "compare --fail-above 5 with a regression: exit 3"
grep -q "^fail: noload Time of 'B'" "$T/err"
ok $? "and names it ($(grep '^fail' "$T/err"))"
"$CONTEST" compare -r "$R" --fail-above 5 A A2 > /dev/null 2>&1
is "$?" 0 "compare --fail-above 5 without one: exit 0"
"$CONTEST" compare -r "$R" A B > /dev/null 2>&1
is "$?" 0 "compare without --fail-above: a difference alone is exit 0"
mkdir -p "$R/C"
mkfifo "$R/C/runs.tsv"
timeout 20 "$CONTEST" compare -r "$R" --fail-above 5 A C > /dev/null 2> "$T/err"
is "$?" 1 "compare --fail-above with results that cannot be read: exit 1, not 3"
grep -q "cannot read '$R/C/runs.tsv'" "$T/err"
ok $? "and names the file ($(head -n 1 "$T/err"))"
"$CONTEST" compare -r "$R" --fail-above 5 A nosuch > /dev/null 2>&1
is "$?" 2 "compare with an unknown kernel: exit 2"

# the manual: each status once, under EXIT STATUS, 3 and 4 among them
man=$TOP/contest.1
sed -n '/^\.SH "EXIT STATUS"/,/^\.SH /p' "$man" | grep -A1 '^\.TP' | grep -E '^\.B' > "$T/statuses"
is "$(tr '\n' ' ' < "$T/statuses")" '.B 0 .B 1 .B 2 .B 3 .B 4 .B 5 .B 6 .BR 130 ", " 143 ", " 129 ' \
	"contest.1 EXIT STATUS lists 0 1 2 3 4 5 6 and the signals, in order"
is "$(sort "$T/statuses" | uniq -d)" "" "no status is listed twice"
sed -n '/^\.SH "EXIT STATUS"/,/^\.SH /p' "$man" | sed -n '/^\.B 1$/,/^\.TP/p' > "$T/one"
! grep -q 'fail.above' "$T/one"
ok $? "status 1 no longer includes compare's --fail-above"
done_testing

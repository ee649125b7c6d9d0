#!/usr/bin/env bash
# contest.1's EXAMPLES: every example under a heading of its own (one
# paragraph of prose, then one .EX block), and the gate example tests the
# status compare --fail-above gives a regression.
. "$(dirname "$0")/lib.sh"
man=$TOP/contest.1
sed -n '/^\.SH EXAMPLES/,/^\.SH /p' "$man" > "$T/ex"
# prose paragraphs since the last block, at each .EX; a heading with no
# block after it shows as 2 at the next one
awk '/^\.EX/ { print prose; prose = 0; inex = 1; next }
	/^\.EE/ { inex = 0; next }
	/^\.(PP|SH)/ { if (text) prose++; text = 0; next }
	!inex && NF { text = 1 }' "$T/ex" > "$T/counts"
[ -s "$T/counts" ]
ok $? "EXAMPLES has blocks ($(wc -l < "$T/counts"))"
is "$(sort -u "$T/counts" | tr '\n' ' ')" "1 " "each block follows exactly one paragraph of prose"
# the block after a heading that mentions the guest boots one, and the gate's checks for 3
awk '/^\.EX/ { inex = 1; printf "%s => ", head; next } /^\.EE/ { inex = 0; head = ""; print ""; next }
	inex { printf "%s ; ", $0; next } /^\./ { next } NF { head = head " " $0 }' "$T/ex" \
	| tr -d '\\' > "$T/pairs"
grep 'user-mode-linux guest' "$T/pairs" | grep -q 'interleave'
ok $? "the user-mode-linux heading heads the --boot example"
grep 'gate' "$T/pairs" | grep -q 'fail-above 5 .*\$? -eq 3'
ok $? "the gate example checks compare's status 3 ($(grep gate "$T/pairs"))"
done_testing

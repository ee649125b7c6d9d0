#!/usr/bin/env bash
# contest help points at a manual that exists: the installed page
# (man contest) when it is installed beside the binary, else contest.1 in
# the source tree the binary sits in, else neither is claimed.
. "$(dirname "$0")/lib.sh"
"$CONTEST" help > "$T/tree" 2>&1
is "$?" 0 "contest help: exit 0"
is "$(tail -n 1 "$T/tree")" "  man -l $TOP/contest.1" "from the source tree: man -l with contest.1's path"
man -l "$TOP/contest.1" > /dev/null 2>&1 || [ ! -x "$(command -v man)" ]
ok $? "that command shows the page (or man is not installed)"
if command -v groff > /dev/null; then
	groff -man -Tutf8 -ww "$TOP/contest.1" 2> "$T/troff.err" > /dev/null
	is "$(cat "$T/troff.err")" "" "the page renders without a troff warning (a line it cannot adjust...)"
else
	skip "no groff to render the page with"
fi
! grep -q 'man contest' "$T/tree"
ok $? "from the source tree: no 'man contest', which needs make install"

# help is read in 80 columns: every command's, options wrapped, usage lines too
wide=
for c in "" $(awk '/^  [a-z-]+ / { print $1 }' "$T/tree") guest-init; do
	"$CONTEST" help $c 2>&1 | awk -v c="${c:-help}" 'length > 80 { print c ": " length; exit 1 }' ||
		wide="$wide $c"
done
is "${wide# }" "" "contest help and each command's help fit in 80 columns"

mkdir -p "$T/prefix/bin" "$T/prefix/share/man/man1"
cp "$CONTEST" "$T/prefix/bin/contest"
"$T/prefix/bin/contest" help > "$T/lone" 2>&1
! grep -qE 'man contest|man -l' "$T/lone" && grep -q 'make install installs it' "$T/lone"
ok $? "a binary with no manual beside it names none, says where it is ($(tail -n 1 "$T/lone"))"
cp "$TOP/contest.1" "$T/prefix/share/man/man1/contest.1"
"$T/prefix/bin/contest" help > "$T/installed" 2>&1
is "$(tail -n 1 "$T/installed")" "  man contest" "installed with its page: man contest"
done_testing

#!/usr/bin/env bash
# valgrind over `contest report` on the published 2002 results, in every
# format: no invalid access, no uninitialised value, no definite leak.
. "$(dirname "$0")/lib.sh"
if ! command -v valgrind > /dev/null; then
	skip "valgrind is not installed (apt-get install valgrind)"; done_testing; exit
fi
if [ "$(cat "$TOP/bin/.mode" 2>/dev/null)" = sanitize ]; then
	skip "bin/contest is the ASan build, which valgrind cannot run"; done_testing; exit
fi
P=$TOP/tests/data/published/reports
for args in "" "--stats --format json" "--format mail --reference-time 71.4" \
	"--format csv --ratio self 2.4.18 2.5.47" "--stats 2.5.47-mm3 nosuchkernel"; do
	valgrind -q --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite,indirect \
		"$CONTEST" report -r "$P" $args > /dev/null 2> "$T/vg"
	st=$?
	[ "$st" -ne 99 ] && ! grep -q '^==[0-9]*==' "$T/vg"
	ok $? "valgrind clean: report $args (exit $st)"
	grep '^==[0-9]*==' "$T/vg" | head -5 | sed 's/^/# /'
done
done_testing

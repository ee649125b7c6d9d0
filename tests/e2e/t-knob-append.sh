#!/usr/bin/env bash
# run -k a --knob into a folder whose recorded runs were made with other
# knobs (env's "knobs:") is refused, exit 2, naming the knob, nothing run
# and nothing recorded lost, unless --append says so; the same knobs add
# to the runs as ever, and a plain run -k a (no knob) into a folder made
# with one is another setting too. The knob is the test's own: it runs
# in a new UTS namespace, so kernel.domainname is private to it.
if [ "$(id -u)" = 0 ] && [ -z "${CONTEST_IN_NS:-}" ] && unshare -u true 2> /dev/null; then
	CONTEST_IN_NS=1 exec unshare -u -- bash "$0" "$@"
fi
. "$(dirname "$0")/lib.sh"
if ! need_root || [ -z "${CONTEST_IN_NS:-}" ]; then
	skip "knobs against the recorded runs' knobs" "needs root and unshare -u"
	done_testing
	exit
fi
DN=/proc/sys/kernel/domainname
echo "orig-$$" > "$DN"
at_exit "echo '(none)' > $DN"	# the namespace's own; it goes anyway
R=$T/reports
run() { timeout 120 "$CONTEST" run "${QUICK_CMD[@]}" -r "$R" -n 1 "$@" noload > /dev/null; }
rows() { grep -c $'\tnoload\t' "$R/$1/runs.tsv"; }

run -k a --knob "$DN=one" 2> "$T/err1"
ok $? "a first variant with $DN=one records its run"
cp "$R/a/runs.tsv" "$T/runs.before"
cp "$R/a/env" "$T/env.before"

run -k a --knob "$DN=two" 2> "$T/err2"
is $? 2 "the same folder with $DN=two: exit 2 ($(head -1 "$T/err2"))"
grep -q "$DN=one, which this run sets to two" "$T/err2" && grep -q -- "--append" "$T/err2"
ok $? "it names the knob, both values and what to do"
cmp -s "$R/a/runs.tsv" "$T/runs.before" && cmp -s "$R/a/env" "$T/env.before" &&
	[ "$(cat "$DN")" = "orig-$$" ]
ok $? "nothing recorded is lost or changed, the knob never written"

run -k a 2> "$T/err3"
is $? 2 "a plain run -k a into it (no knob): another setting, exit 2"
grep -q "$DN=one, which this run leaves as it is" "$T/err3"
ok $? "it says the knob the runs had ($(head -1 "$T/err3"))"

run -k x --knob "$DN=two" -k a --knob "$DN=two" 2> "$T/err4"
is $? 2 "variants of which one differs: exit 2"
[ ! -e "$R/x/runs.tsv" ] && cmp -s "$R/a/runs.tsv" "$T/runs.before"
ok $? "refused before any variant ran"

run -k a --knob "$DN=one" 2> "$T/err5"
ok $? "the same knob again: accepted"
is "$(rows a)" 2 "and added to the runs"

run -k a --knob "$DN=two" --append 2> "$T/err6"
ok $? "another value with --append: accepted"
is "$(rows a)" 3 "and added to the runs"
grep -qx "knobs: $DN=two" "$R/a/env"
ok $? "env says the knob of the newest runs"
done_testing

#!/usr/bin/env bash
# contest bisect prints commit subjects escaped: a subject holding an OSC
# title and colour escapes reaches the terminal as \x1b..., in the
# culprit's line, a range's list and the line --format mail puts on
# stderr. No guest boots: every round is answered from a recorded state
# (as --resume of a finished bisection), the builds copy /bin/true.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
esc=$(printf '\033')
bel=$(printf '\007')
make_plain_repo "$G" good "bad ${esc}]0;owned${bel}${esc}[31mred${esc}[0m"
A=(--tree "$G" --good HEAD~1 --bad HEAD --build "sh build.sh" -c "$TOP/configs/quick.conf"
	-s "work_dir=$T/work" -r "$R" --resume noload)

# state ROUND...: a state of the two commits with these rounds (good,
# bad: confirmed, then the last check)
state() {
	local r rounds=()
	for r; do rounds+=("round 2 $r"); done
	write_state "$R" "$G" - "${rounds[@]}"
}
# escaped FILE WHAT LINE: no raw ESC or BEL in FILE, and its line that
# starts with LINE shows the subject escaped
escaped() {
	local file=$1 what=$2 line
	line=$(grep -- "^$3" "$file" | head -n 1)
	! grep -q "[$esc$bel]" "$file"
	ok $? "$what: no ESC or BEL byte reaches the terminal"
	grep -qF 'bad \x1b]0;owned\x07\x1b[31mred\x1b[0m' <<< "$line"
	ok $? "$what: the subject is shown escaped ($(cat -v <<< "$line"))"
}

CONFIRMED=("0 1 100 150" "1 0 152 101" "0 1 99 149")
state "${CONFIRMED[@]}" "0 1 100 151" "1 0 150 99" "0 1 101 150"
"$CONTEST" bisect "${A[@]}" > "$T/out" 2> "$T/err"
is $? 0 "a culprit named from the state: exit 0"
grep -q '^bisect: the culprit is [0-9a-f]* ("bad ' "$T/out"
ok $? "the culprit's line"
escaped "$T/out" "the culprit's line" "bisect: the culprit is"

state "${CONFIRMED[@]}" "0 1 100 150" "1 0 150 99" "0 1 101 150"
"$CONTEST" bisect "${A[@]}" --format mail > "$T/mail" 2> "$T/err"
grep -q '^bisect: the culprit is [0-9a-f]* ("bad ' "$T/err"
ok $? "--format mail: the culprit's line on stderr"
escaped "$T/err" "--format mail's stderr" "bisect: the culprit is"

# the last check undecided at the cap: the range, each commit's subject
state "${CONFIRMED[@]}" "0 1 100 101" "1 0 100 101" "0 1 101 100"
"$CONTEST" bisect "${A[@]}" --max-rounds 3 > "$T/out" 2> "$T/err"
is $? 5 "the last check undecided: a range, exit 5"
grep -q '^  [0-9a-f]* bad ' "$T/out"
ok $? "the range lists the commit and its subject"
escaped "$T/out" "the range's list" "  [0-9a-f]* bad"
done_testing

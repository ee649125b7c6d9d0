#!/usr/bin/env bash
# A session's last line says where its rows went: "contest: results in
# DIR/KERNEL/runs.tsv" on stderr, after the tables on stdout; a run that
# is refused before it plans anything says no such thing.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
FAST=("${BARE[@]}" -s workload=command -s "command=sleep 0.1" -n 1)

"$CONTEST" run "${FAST[@]}" -r "$R" -k k noload > "$T/out" 2> "$T/err"
ok $? "a session exits 0"
is "$(tail -n 1 "$T/err")" "contest: results in $R/k/runs.tsv" "the last line names runs.tsv"
is "$(col "$R/k/runs.tsv" load)" noload "and its row is there"
grep -q '^k \[1\]' "$T/out"
ok $? "the tables are on stdout"

# a relative results directory is named in full: the line is of use from anywhere
mkdir -p "$T/cwd"
( cd "$T/cwd" && "$CONTEST" run "${FAST[@]}" -r rel -k k noload ) > "$T/out" 2> "$T/err"
ok $? "a session with -r rel exits 0"
is "$(tail -n 1 "$T/err")" "contest: results in $(cd "$T/cwd" && pwd -P)/rel/k/runs.tsv" \
	"the path in full"
[ -s "$T/cwd/rel/k/runs.tsv" ]
ok $? "which is there, relative to where it ran"

"$CONTEST" run "${FAST[@]}" -r "$R" -k k no_such_load > "$T/out" 2> "$T/err"
is $? 2 "an unknown load: exit 2"
grep -q 'results in' "$T/err"
is $? 1 "a refused run says nothing of results ($(head -c 200 "$T/err"))"

nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# long: some 30 user-mode-linux boots, one a run (several minutes on a loaded machine)
# timeout: 3600
# contest bisect drives a bisection end to end without a kernel build: a
# git repository of six commits, each built by `sh build.sh` into a small
# wrapper of Debian's linux.uml; the fifth's wrapper starts two CPU hogs on
# the guest's CPU (the guest really runs about 3 times slower), the third's
# build fails. Ctrl-C once the first step is placed, then --resume: the
# skipped build, the culprit named, no decided step measured twice.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null && command -v cc > /dev/null || { skip "no git or cc"; done_testing; exit; }
boot_before
G=$T/repo
make_bisect_repo "$G" ok ok broken ok slow ok
culprit=$(git -C "$G" rev-parse --short=12 HEAD~1)
broken=$(git -C "$G" rev-parse --short=12 HEAD~3)
ARGS=(--tree "$G" --good HEAD~5 --bad HEAD --build "sh build.sh" --max-rounds 4
	"${BOOT[@]}" noload)

# bad usage: nothing built or measured
"$CONTEST" bisect --tree "$G" --good HEAD~5 > /dev/null 2> "$T/usage.err"
is $? 2 "no --bad: exit 2"
"$CONTEST" bisect --tree "$G" --good HEAD --bad HEAD~5 "${BOOT[@]}" > /dev/null 2> "$T/anc.err"
is $? 2 "--good not an ancestor of --bad: exit 2"
grep -q 'not an ancestor' "$T/anc.err"
ok $? "and it says so"
[ ! -e "$R/.bisect/state" ]
ok $? "no state written for bad usage"

# the bisection, stopped by Ctrl-C (SIGINT) in the pause after the first step
ctrl_c_after_step1 900 "${ARGS[@]}"
grep -q '^bisect: 6 commits from .* ~3 steps, 5 builds' "$T/out1" && grep -q '^bisect: rule: .* each at 0.0125 = 0.05 over 3 steps' "$T/out1"
ok $? "the plan first: commits, steps, builds, the rule and its level"
grep -q "contest: bisect: estimate from the builds" "$T/err1"
ok $? "an estimate once the endpoints are built and run"
grep -q "$broken cannot be built: skipped" "$T/err1" && grep -q "^build [0-9a-f]* skip build" "$R/.bisect/state"
ok $? "the commit whose build fails is skipped, and the state says so"
grep -q "^bisect: step 1: [0-9a-f]* is good after [0-9]* rounds; .* ETA " "$T/out1"
ok $? "a progress line with an ETA"
before=$(state_runs)
[ "$before" -ge 15 ] && [ "$(ok_rows)" = "$before" ]
ok $? "the state holds every run measured before the Ctrl-C ($before)"

# a second bisection into the same results is refused while one is recorded
"$CONTEST" bisect "${ARGS[@]}" > /dev/null 2> "$T/again.err"
is $? 2 "a new bisection over a recorded one: exit 2"
grep -q 'go on with --resume' "$T/again.err"
ok $? "and it says to --resume"

# resumed from a copy of contest that is removed after its first step (a
# make clean): the next guests cannot start, which is this host's fault:
# the bisection stops, no commit skipped
mkdir "$T/cbin"
cp "$CONTEST" "$T/cbin/contest"
CONTEST_TEST_PAUSE=bisect-placed:3000 nice "$T/cbin/contest" bisect --resume "${ARGS[@]}" > "$T/out4" 2> "$T/err4" &
pid=$!
wait_for_line "$T/out4" '^bisect: step 1:' $pid 300
rm -f "$T/cbin/contest"
wait $pid
is $? 1 "its binary removed under a resumed bisection: exit 1"
grep -q "the guest's init, cannot run" "$T/err4" && grep -q 'this host could not start a guest' "$T/err4" &&
	! grep -q ' skip boot$' "$R/.bisect/state"
ok $? "it says why and stops, no commit skipped"

# resumed from a copy of contest that is rebuilt (replaced) after its first
# step, as a developer's make would during a bisection of hours: the
# guests after it boot the binary at the path, and no commit is skipped
cp "$CONTEST" "$T/cbin/contest"
CONTEST_TEST_PAUSE=bisect-placed:3000 nice "$T/cbin/contest" bisect --resume "${ARGS[@]}" > "$T/out2" 2> "$T/err2" &
pid=$!
wait_for_line "$T/out2" '^bisect: step 1:' $pid 300
cp "$CONTEST" "$T/cbin/contest.new" && mv -f "$T/cbin/contest.new" "$T/cbin/contest"
wait $pid
is $? 0 "--resume names a culprit: exit 0"
! grep -q ' skip boot$' "$R/.bisect/state" &&
	! grep -q 'could not be started\|did not boot' "$T/err2"
ok $? "its binary replaced under it: every guest started, none skipped"
grep -q "^bisect: the culprit is $culprit (\"commit 5: slow\")" "$T/out2"
ok $? "the culprit is the commit that slows the guest ($culprit)"
grep -q '^bisect: step 1: .*(from the state)' "$T/out2"
ok $? "the decided step is answered from the state"
! grep -q "building $(git -C "$G" rev-parse --short=12 HEAD~5)\|building $(git -C "$G" rev-parse --short=12 HEAD) " "$T/err2"
ok $? "the endpoints' images are not built again"
is "$(ok_rows)" "$(state_runs)" "every ok run is one the state recorded: none measured twice"
# a round's runs share one number, which compare pairs them by: in time
# order the candidates' numbers never go back, across the Ctrl-C too, and
# the culprit pairs with its parent in every round it ran
for f in "$R"/*/runs.tsv; do
	awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } { print $c["timestamp"], $c["run"] }' "$f"
done | sort -k1,1 -k2,2n | awk '$2 < last { bad = 1; print "# went back: " $0 " after run " last } { last = $2 } END { exit bad }'
ok $? "in time order every candidate's run numbers go up by the round"
parent=$(git -C "$G" rev-parse --short=12 HEAD~2)
"$CONTEST" compare -r "$R" --format json "$parent" "$culprit" > "$T/pair.json" 2> /dev/null
ok_runs() { awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next } $c["status"] == "ok" { print $c["run"] }' "$1" | sort; }
shared=$(comm -12 <(ok_runs "$R/$parent/runs.tsv") <(ok_runs "$R/$culprit/runs.tsv") | wc -l)
grep -q "\"pairs\": $shared," "$T/pair.json"
ok $? "compare pairs the culprit with its parent in the $shared rounds they shared"
[ "$(state_runs)" -gt "$before" ]
ok $? "the resumed bisection measured on ($(state_runs) runs in all)"
grep -qx "commit: $(git -C "$G" rev-parse HEAD~1)" "$R/$culprit/env" &&
	grep -qx 'subject: commit 5: slow' "$R/$culprit/env" && grep -qx "bisect_tree: $G" "$R/$culprit/env"
ok $? "the culprit's env: tree, commit and subject"
"$CONTEST" compare -r "$R" "$(git -C "$G" rev-parse --short=12 HEAD~2)" "$culprit" > "$T/cmp" 2>&1
ok $? "compare reads the candidates' runs like any kernel's"
grep '^bisect: [0-9]* steps' "$T/out2" | sed 's/^/# /'

# the finished bisection again, as the kernel test robot's mail: every
# round from the state, nothing measured, the culprit's mail on stdout
runs=$(state_runs)
nice "$CONTEST" bisect --resume --format mail --to lkml@example.org "${ARGS[@]}" > "$T/mail" 2> "$T/err3"
is $? 0 "--resume --format mail of a finished bisection: exit 0"
is "$(state_runs)" "$runs" "and it measured nothing more"
grep -q "^bisect: the culprit is $culprit" "$T/err3"
ok $? "the text result goes to stderr"
sha=$(git -C "$G" rev-parse HEAD~1)
# the Subject: header unfolded (a long one goes on over the next lines)
subject=$(awk '/^$/ { exit } /^[ \t]/ { sub(/^[ \t]+/, " "); line = line $0; next }
	{ if (line ~ /^Subject:/) print line; line = $0 }' "$T/mail")
grep -qE "^Subject: \[contest\] $sha: contest\.noload\.[a-z_]+ [0-9.]+% regression\$" <<< "$subject"
ok $? "the mail's subject names the culprit and the regression ($subject)"
grep -qx "commit: $sha (\"commit 5: slow\")" "$T/mail"
ok $? "and its commit line, with the subject"
grep -q '^To: lkml@example.org$' "$T/mail" && grep -q '^To reproduce:' "$T/mail"
ok $? "To: and the lines that reproduce it"
boot_nothing_left
ok $? "nothing left behind"
done_testing

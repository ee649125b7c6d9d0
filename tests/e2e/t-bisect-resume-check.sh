#!/usr/bin/env bash
# contest bisect --resume checks the state it believes: a state started
# with another --metric, --tree, --alpha or --max-rounds is refused (exit
# 2, saying which), and so is a round's value that is not a finite number
# >= 0; an image a build line names is used only when it is still the one
# built (its size and mtime recorded), else built again, so forged build
# lines and an executable put in .bisect/images name no culprit unbuilt.
# No guest boots: the rounds are the state's, the builds copy /bin/true.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" good bad
good=$(git -C "$G" rev-parse HEAD~1)
bad=$(git -C "$G" rev-parse HEAD)
A=(--tree "$G" --good HEAD~1 --bad HEAD -c "$TOP/configs/quick.conf" -s "work_dir=$T/work"
	-r "$R" --resume noload)
# good and bad confirmed, then bad decided worse than its parent: a culprit
ROUNDS=("0 1 100 150" "1 0 152 101" "0 1 99 149" "0 1 100 151" "1 0 150 99" "0 1 101 150")

# state METRIC LINE...: a state by METRIC (- none) of the two commits, then
# the lines, then the rounds
state() {
	local metric=$1 r rounds=()
	shift
	for r in "${ROUNDS[@]}"; do rounds+=("round 2 $r"); done
	write_state "$R" "$G" "$metric" "$@" "${rounds[@]}"
}
# refused WHAT PATTERN ARGS...: exit 2 and PATTERN on stderr
refused() {
	local what=$1 pat=$2
	shift 2
	"$CONTEST" bisect "${A[@]}" --build "sh build.sh" "$@" > "$T/out" 2> "$T/err"
	is $? 2 "$what: exit 2"
	grep -qF -- "$pat" "$T/err"
	ok $? "$what: said ($(head -n 1 "$T/err"))"
	! grep -q 'culprit is' "$T/out"
	ok $? "$what: no culprit named"
}

state Time
refused "recorded by Time, resumed with --metric CPU%" \
	"state:4: the bisection was started with --metric Time, not CPU%" --metric 'CPU%'
state -
refused "recorded by the main metric, resumed with --metric Time" \
	"state:4: the bisection was started with --metric (none), not Time" --metric Time
git clone -q "$G" "$T/clone"
state -
"$CONTEST" bisect "${A[@]}" --build "sh build.sh" --tree "$T/clone" > "$T/out" 2> "$T/err"
is $? 2 "the same commits in another --tree: exit 2"
grep -qF "state:2: the bisection was started with --tree $G, not $T/clone" "$T/err"
ok $? "and it says so"
for v in inf nan -1 1e999; do
	state - "round 2 0 1 100 $v"
	refused "a round's value $v" "state:7: a round's value is not a finite number >= 0"
done

# forged build lines and executables in images: built again, not believed
state - "build $good ok" "build $bad ok"
cp /bin/true "$R/.bisect/images/${good:0:12}"
cp /bin/true "$R/.bisect/images/${bad:0:12}"
"$CONTEST" bisect "${A[@]}" --build "sh fails.sh" > "$T/out" 2> "$T/err"
is $? 1 "forged build lines, images put there, builds that fail: exit 1"
! grep -q 'culprit is' "$T/out" && grep -q 'is not the one built (the state does not record it): built again' "$T/err"
ok $? "no culprit named: the images are not the state's, built again ($(grep -m1 'not the one built' "$T/err"))"

# the state's own: built once, then kept while they are what was built
state -
"$CONTEST" bisect "${A[@]}" --build "sh build.sh" > "$T/out" 2> "$T/err"
is $? 0 "a state of rounds alone: exit 0, a culprit"
grep -q '^bisect: .* 2 builds .* 0 guests booted' "$T/out"
ok $? "its two images built ($(grep '^bisect: this session' "$T/out"))"
[ "$(grep -c "^build [0-9a-f]* ok [0-9]* [0-9]* [0-9]*$" "$R/.bisect/state")" = 2 ]
ok $? "each build line records its image's size and mtime"
"$CONTEST" bisect "${A[@]}" --build "sh build.sh" > "$T/out" 2> "$T/err"
is $? 0 "resumed again: exit 0"
grep -q '^bisect: .* 0 builds .* 0 guests booted' "$T/out"
ok $? "the images kept: nothing built"
cp /bin/true "$R/.bisect/images/new" && mv -f "$R/.bisect/images/new" "$R/.bisect/images/${bad:0:12}"
"$CONTEST" bisect "${A[@]}" --build "sh build.sh" > "$T/out" 2> "$T/err"
grep -q '^bisect: .* 1 build .* 0 guests booted' "$T/out" && grep -q "${bad:0:12}: its image .* is not the one built (its size or time is not the one recorded)" "$T/err"
ok $? "an image replaced: that one built again"
chmod 0666 "$R/.bisect/state"
refused "a state others may write" "refusing '$R/.bisect/state': another user owns it or may write it"
done_testing

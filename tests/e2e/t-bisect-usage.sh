#!/usr/bin/env bash
# contest bisect refuses bad usage before it builds or boots anything: exit
# 2, said, no state written (or the recorded one left alone).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" "commit 1" "commit 2" "commit 3"
# a side branch merged in: its commit is not on HEAD's first-parent line
git -C "$G" checkout -q -b side HEAD~1
echo side > "$G/g"
git -C "$G" add g
git -C "$G" -c user.email=t@example.org -c user.name=t commit -qm side
git -C "$G" checkout -q -
git -C "$G" -c user.email=t@example.org -c user.name=t merge -q --no-edit side > /dev/null
A=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R")
refuses() {
	local what=$1 pat=$2
	shift 2
	"$CONTEST" bisect "$@" > "$T/out" 2> "$T/err"
	is $? 2 "$what: exit 2"
	grep -q -- "$pat" "$T/err"
	ok $? "$what: says '$pat'"
	[ ! -s "$T/out" ] && [ ! -e "$R/.bisect/state" ]
	ok $? "$what: nothing printed on stdout, no state"
}
refuses "no --bad" "needs --tree DIR, --good REV and --bad REV" --tree "$G" --good HEAD~2 "${A[@]}"
refuses "--build with --config-fragment" "goes with the default build" --tree "$G" --good HEAD~2 \
	--bad HEAD --build true --config-fragment /dev/null "${A[@]}"
# --build's program is found before anything is built: a relative path from
# where contest runs (not the tree, where scripts/ is the kernel's own)
refuses "--build with a program not on PATH" "cannot run 'nosuch-build-cmd': not on PATH" \
	--tree "$G" --good HEAD~2 --bad HEAD --build nosuch-build-cmd "${A[@]}"
refuses "--build with a relative path that is not there" \
	"cannot run '$PWD/scripts/nosuch.sh' (not an executable file)" \
	--tree "$G" --good HEAD~2 --bad HEAD --build "scripts/nosuch.sh --bisect" "${A[@]}"
refuses "an unknown load" "unknown load 'nosuch_load'" --tree "$G" --good HEAD~2 --bad HEAD "${A[@]}" nosuch_load
refuses "a metric with no better direction" "not a metric with a better direction" --tree "$G" \
	--good HEAD~2 --bad HEAD --metric LCPU% "${A[@]}"
refuses "a revision that is none" "'nosuch' is not a commit" --tree "$G" --good nosuch --bad HEAD "${A[@]}"
refuses "good after bad" "is not an ancestor" --tree "$G" --good HEAD --bad HEAD~2 "${A[@]}"
refuses "good off the first-parent line" "not on the first-parent line" --tree "$G" --good side \
	--bad HEAD "${A[@]}"
refuses "--resume with nothing recorded" "cannot read" --tree "$G" --good HEAD~2 --bad HEAD --resume "${A[@]}"
# a recorded bisection of other commits: not resumed, not overwritten
mkdir -p "$R/.bisect"
printf 'contest-bisect 1\ntree %s\nload noload\nmetric -\ncommit 0000000000000000000000000000000000000000\n' "$G" > "$R/.bisect/state"
cp "$R/.bisect/state" "$T/state.before"
"$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD "${A[@]}" noload > /dev/null 2> "$T/err"
is $? 2 "a new bisection over a recorded one: exit 2"
grep -q 'go on with --resume' "$T/err"
ok $? "and it says to --resume or remove it"
"$CONTEST" bisect --resume --tree "$G" --good HEAD~2 --bad HEAD "${A[@]}" noload > /dev/null 2> "$T/err"
is $? 2 "--resume of another bisection's state: exit 2"
grep -q "state:5: not this bisection's" "$T/err"
ok $? "and it names the line ($(head -n 1 "$T/err"))"
cmp -s "$R/.bisect/state" "$T/state.before"
ok $? "the recorded state is left as it was"
done_testing

#!/usr/bin/env bash
# Names become paths only when safe (no '/', no '..', no leading '-', no
# blanks or control characters, not empty); shell metacharacters are just
# characters, since no shell is ever run. ./contest.conf is read only when
# it belongs to the invoking user (or root) and only they may write it.
# Results follow the user's umask, and under sudo belong to the user.
. "$(dirname "$0")/lib.sh"
R=$T/reports
quick() { "$CONTEST" run "${QUICK_CMD[@]}" -s monitors=no -n 1 -r "$R" "$@" noload; }

for k in 'a/b' '..' '.' '-x' '' $'a\tb' 'a b' $'a\033b' '../up'; do
	quick -k "$k" > /dev/null 2> "$T/err"
	st=$?
	grep -q "bad kernel name" "$T/err"
	ok $(( st != 2 || $? )) "kernel name $(printf '%q' "$k"): exit 2 with a reason"
done
[ ! -e "$R" ] || [ -z "$(ls -A "$R")" ]
ok $? "no bad name made anything in the results"
"$CONTEST" report -r "$R" ../etc > /dev/null 2> "$T/err"
is "$?" 2 "report refuses a kernel name with '..' and '/'"

k='k$(touch${IFS}PWNED);`touch${IFS}PWNED2`|&'
(cd "$T" && quick -k "$k" > /dev/null 2> "$T/err")
is "$?" 0 "a name full of shell metacharacters is just a name"
[ -f "$R/$k/runs.tsv" ] && [ ! -e "$T/PWNED" ] && [ ! -e "$T/PWNED2" ] && [ ! -e PWNED ]
ok $? "its results are where the name says, and nothing ran it"

(umask 027 && quick -k U > /dev/null 2>&1)
is "$(stat -c %a "$R/U/runs.tsv")" 640 "runs.tsv follows the user's umask (027)"

if ! need_root; then
	skip "contest.conf ownership and sudo need root to chown"
	done_testing; exit
fi
mkdir -p "$T/cwd"
printf 'runs = many\n' > "$T/cwd/contest.conf"
list() { (cd "$T/cwd" && env "$@" "$CONTEST" list > /dev/null 2> "$T/err"); }
chown 65534 "$T/cwd/contest.conf"
list
is "$?" 0 "./contest.conf of another user is not read"
grep -q "ignoring './contest.conf': it belongs to uid 65534" "$T/err"
ok $? "and stderr says it was skipped and why"
list SUDO_UID=65534 SUDO_GID=65534
is "$?" 2 "under sudo, the invoking user's own ./contest.conf is read (and its error shown)"
grep -q "contest.conf:1" "$T/err"
ok $? "the error names FILE:LINE"
chown 0 "$T/cwd/contest.conf"
chmod 666 "$T/cwd/contest.conf"
list
is "$?" 0 "a ./contest.conf others may write is not read"
grep -q "others may write it" "$T/err"
ok $? "and stderr says so"

SUDO_UID=65534 SUDO_GID=65534 quick -k S > /dev/null 2>&1
is "$?" 0 "a run under sudo"
[ -z "$(find "$R/S" ! -user 65534 -o ! -group 65534)" ]
ok $? "leaves every result file to the invoking user"
done_testing

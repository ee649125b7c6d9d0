#!/usr/bin/env bash
# contest rerun runs what DIR/KERNEL/env says (its command, work_dir,
# knobs): as root it refuses an env file, kernel folder or results folder
# that another user owns or may write, as ./contest.conf is skipped, naming
# the file and its owner (exit 2); the invoking user's own under sudo runs.
. "$(dirname "$0")/lib.sh"
if ! need_root || ! id nobody > /dev/null 2>&1; then
	skip "rerun refuses another user's env" "needs root and a second user (nobody)"
	done_testing
	exit
fi
U=$(id -u nobody) G=$(id -g nobody)
# the other user's folder: outside $T, whose parents may be private
E=$(mktemp -d /tmp/contest-rerun-owner.XXXXXX) && chmod 0755 "$E" && chown "$U:$G" "$E"
at_exit "rm -rf '$E'"
R=$T/r
"$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -r "$R" -k k -n 1 noload > /dev/null 2>&1
ok $? "root's session to copy runs"
# copy k's env and runs into DIR/KERNEL; set command and work_dir
plant() {	# plant DIR KERNEL COMMAND
	mkdir -p "$1/$2" && cp "$R/k/env" "$R/k/runs.tsv" "$1/$2/" &&
		sed -i -e "s|^command = .*|command = $3|" -e "s|^work_dir = .*|work_dir = $E/work|" \
			"$1/$2/env"
}
rerun() { "$CONTEST" rerun -r "$@" > "$T/out" 2> "$T/err"; }

# what the other user would make by copying root's: all theirs
plant "$E/r" k "sh -c \"id > $E/id\"" && chown -R "$U:$G" "$E/r"
grep -q "^command = sh -c \"id > $E/id\"" "$E/r/k/env"
ok $? "the other user's env (its command writes id) is in place"
rerun "$E/r" k
is "$?" 2 "rerun of another user's env as root exits 2"
[ ! -e "$E/id" ] && [ ! -e "$E/work" ]
ok $? "its command did not run as root, nor was its work_dir made ($(cat "$E/id" 2>/dev/null))"
grep -q "cannot rerun 'k': '$E/r/k/env' belongs to uid $U (nobody), not to you (uid 0) or root" "$T/err"
ok $? "the error names the env file and its owner ($(head -1 "$T/err"))"

# root's own env, but others may write it
plant "$T/r2" k true && chmod 0666 "$T/r2/k/env"
rerun "$T/r2" k
is "$?" 2 "an env file others may write is refused"
grep -q "cannot rerun 'k': others may write '$T/r2/k/env' (mode 666)" "$T/err"
ok $? "saying so ($(head -1 "$T/err"))"

# root's env in a kernel folder the other user owns, then in their results folder
plant "$T/r3" k true && chown "$U:$G" "$T/r3/k"
rerun "$T/r3" k
is "$?" 2 "a kernel folder another user owns is refused"
grep -q "'$T/r3/k' belongs to uid $U (nobody)" "$T/err"
ok $? "naming the folder ($(head -1 "$T/err"))"
plant "$E/r4" k true && chown "$U:$G" "$E/r4"
rerun "$E/r4" k
is "$?" 2 "a results folder another user owns is refused"
grep -q "'$E/r4' belongs to uid $U (nobody)" "$T/err"
ok $? "naming the folder ($(head -1 "$T/err"))"
[ ! -e "$E/work" ]
ok $? "and nothing ran"

# sudo from that user: their own env is theirs to run
plant "$E/r5" k true && chown -R "$U:$G" "$E/r5"
SUDO_UID=$U SUDO_GID=$G rerun "$E/r5" k
ok $? "under sudo the invoking user's env runs ($(grep -m1 error "$T/err"))"
is "$(col "$E/r5/k/runs.tsv" load | wc -l)" 2 "its run was appended"

done_testing

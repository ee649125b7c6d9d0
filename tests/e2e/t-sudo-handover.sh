#!/usr/bin/env bash
# Under sudo the results are the invoking user's, but only what the session
# made: a kernel folder that already held files (as `sudo contest run -r /
# -k etc` would find /etc) keeps them as they were, a symlink in it is
# not followed, while the session's runs.tsv, env and logs, and a results
# directory it made with its parents, are the user's. A kernel folder
# that is a symlink is refused before anything is written.
. "$(dirname "$0")/lib.sh"
if ! need_root; then skip "sudo's hand-over needs root to chown"; done_testing; exit; fi
R=$T/reports
sudo_quick() { SUDO_UID=65534 SUDO_GID=65534 timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" \
	"${NO_EXTRAS[@]}" -n 1 "$@" noload; }
owner() { stat -c %u:%g "$1"; }

# a folder of root's with a secret, and a symlink to a file of root's outside
mkdir -p "$R/etcx/deep"
echo secret > "$R/etcx/deep/shadow"
chmod 600 "$R/etcx/deep/shadow"
echo target > "$T/target"
ln -s "$T/target" "$R/etcx/deep/link"
sudo_quick -r "$R" -k etcx > /dev/null 2> "$T/err1"
is "$?" 0 "a run under sudo into a folder that held files"
is "$(owner "$R/etcx/deep/shadow") $(stat -c %a "$R/etcx/deep/shadow")" "0:0 600" \
	"a file that was there stays root's, mode 600"
is "$(owner "$R/etcx/deep")" 0:0 "so does its directory"
is "$(owner "$R/etcx")" 0:0 "and the kernel folder, which was there"
is "$(stat -c %u:%g "$T/target") $(stat -c %u "$R/etcx/deep/link")" "0:0 0" \
	"a symlink that was there is not followed, nor given"
is "$(owner "$R/etcx/runs.tsv") $(owner "$R/etcx/env") $(owner "$R/etcx/logs")" \
	"65534:65534 65534:65534 65534:65534" "the session's runs.tsv, env and logs are the user's"
[ -z "$(find "$R/etcx/logs" ! -user 65534 -o ! -group 65534)" ]
ok $? "and every log in logs/"

sudo_quick -r "$T/new/a/b" -k fresh > /dev/null 2> "$T/err2"
is "$?" 0 "a run under sudo into a results directory that did not exist"
[ -z "$(find "$T/new" ! -user 65534 -o ! -group 65534)" ]
ok $? "the directories it made, the results directory and all in it are the user's"
is "$(owner "$T")" "$(id -u):$(id -g)" "the directory above them stays as it was"

mkdir -p "$T/elsewhere"
ln -s "$T/elsewhere" "$R/linked"
sudo_quick -r "$R" -k linked > /dev/null 2> "$T/err3"
is "$?" 2 "a kernel folder that is a symlink: exit 2"
grep -q "'$R/linked' is a symbolic link" "$T/err3"
ok $? "naming it: $(head -n 1 "$T/err3")"
is "$(ls -A "$T/elsewhere")" "" "nothing written where it points"
is "$(owner "$T/elsewhere")" 0:0 "nor is it given"
done_testing

#!/usr/bin/env bash
# contest bisect --format mail's "To reproduce", run as written: a real
# bisection of two commits (lib-bisect.sh's UML wrappers, the second
# slow, built by bisect's default build with make a stand-in) names the
# second; the mail, read by python3's email module, gives
# contest rerun of each candidate, which boots the candidate's recorded
# image with its recorded config and loads (a new row in its runs.tsv, the
# env's config section the same), and the commands that build the image
# again (scripts/uml-kernel.sh --bisect), which build the same image. A
# candidate rerun on a host with other CPUs says so and runs (and removes
# what a rerun killed by SIGKILL left in the results); one whose
# results were moved boots the image moved with them; one whose image is
# gone: rerun exits 2 naming it and how to build it again. `contest` in the
# commands is this tree's bin/contest, put first on PATH with the make
# stand-in (nothing else in them is changed). About 30 s: a dozen short
# guest boots.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
for p in git cc python3; do
	command -v $p > /dev/null || { skip "no $p"; done_testing; exit; }
done
boot_before
G=$T/repo
make_bisect_repo "$G" ok slow
make_standin "$T/bin"
export PATH=$T/bin:$PATH
good=$(git -C "$G" rev-parse --short=12 HEAD~1)
bad=$(git -C "$G" rev-parse --short=12 HEAD)
# the default build: kernel/build.c's steps, make the stand-in
"$CONTEST" bisect --tree "$G" --good HEAD~1 --bad HEAD --max-rounds 4 \
	"${BOOT[@]}" --format mail --to lkml@example.org noload > "$T/mail" 2> "$T/err"
is $? 0 "a bisection of two commits names one, as a mail"
grep -q "^bisect: the culprit is $bad " "$T/err"
ok $? "the slow commit ($bad)"

# the mail's body, and its To reproduce section's commands (a line ending
# in a backslash goes on), each on one line: first the reruns, then the builds
python3 - "$T/mail" "$T/cmds" <<'PY'
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=policy.default)
assert not m.defects, m.defects
body = m.get_content()
assert '\nTo reproduce:\n' in body, 'no To reproduce'
out, cmd = open(sys.argv[2], 'w'), ''
for line in body.split('\nTo reproduce:\n', 1)[1].split('\n'):
    if not cmd and not line.startswith('        '):
        continue
    cmd += line.strip()
    if cmd.endswith('\\'):
        cmd = cmd[:-1]
        continue
    print(cmd, file=out)
    cmd = ''
PY
ok $? "python3 reads the mail and its To reproduce commands ($(wc -l < "$T/cmds") of them)"
grep -q "^contest rerun -r $R $bad\$" "$T/cmds"
ok $? "one reruns the culprit's session ($(grep -m1 "rerun.*$bad" "$T/cmds"))"

# the commands as written, contest the one under test
ln -s "$CONTEST" "$T/bin/contest"
config_of() { sed -n '/^config:$/,$p' "$R/$1/env"; }
rows() { awk -F'\t' 'NR > 1' "$R/$1/runs.tsv" | wc -l; }
config_of "$bad" > "$T/config.before"
grep '^run_loads: ' "$R/$bad/env" > "$T/loads.before"
n=$(rows "$bad")
grep "^contest rerun .* $bad\$" "$T/cmds" > "$T/rerun.sh"
# what a rerun killed by SIGKILL leaves (its config for the guest, in a
# marked scratch directory named after its PID, its config unlocked), a
# directory of that form without the marker, which is not contest's, and
# a live rerun's (on another host sharing the results, say: its config
# locked, its PID not one here)
gone=$(bash -c 'echo $$')
dead=$R/.rerun-$gone.Abc123 live=$R/.rerun-$gone.Live12
mkdir "$dead" "$R/.rerun-$gone.NotOurs" "$live" &&
	touch "$dead/.contest-scratch" "$dead/config" "$live/.contest-scratch" "$live/config"
flock "$live/config" sleep 600 &
holder=$!
at_exit "kill $holder 2> /dev/null"
bash -e "$T/rerun.sh" > "$T/rerun.out" 2> "$T/rerun.err"
is $? 0 "the rerun command, run as written, exits 0 ($(grep -m1 'error' "$T/rerun.err"))"
[ ! -e "$dead" ] && grep -q "removed '$dead': a rerun killed" "$T/rerun.err"
ok $? "it removed what a killed rerun left, and said so"
is "$(cd "$R" && ls -d .rerun-* 2> /dev/null | tr '\n' ' ')" ".rerun-$gone.Live12 .rerun-$gone.NotOurs " \
	"its own config directory is gone; the live and the unmarked one are kept"
kill $holder 2> /dev/null
rm -r "$R/.rerun-$gone.NotOurs" "$live"
grep -q "booting $bad: $R/.bisect/images/$bad " "$T/rerun.err"
ok $? "it boots the candidate's recorded image"
is "$(rows "$bad")" $((n + 1)) "a new row in $bad/runs.tsv"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i } END { print $c["load"], $c["run"], $c["status"] }' \
	"$R/$bad/runs.tsv" > "$T/last"
is "$(cat "$T/last")" "noload $((n + 1)) ok" "the new row: the same load, the next run, ok"
cmp -s "$T/config.before" <(config_of "$bad")
ok $? "the new env's config section is the recorded one, byte for byte"
grep -qxF "$(cat "$T/loads.before")" "$R/$bad/env" && grep -q "^guest_image: $R/.bisect/images/$bad\$" "$R/$bad/env" &&
	grep -q "^commit: $(git -C "$G" rev-parse HEAD)\$" "$R/$bad/env"
ok $? "its loads, image and commit as recorded"

# the build commands as written build the same image again: the default
# build's twin, scripts/uml-kernel.sh --bisect
grep -q "^kernel_build: sh $TOP/scripts/uml-kernel.sh --bisect\$" "$R/$bad/env"
ok $? "the env records the default build's twin ($(grep '^kernel_build: ' "$R/$bad/env"))"
grep -v '^contest rerun' "$T/cmds" | grep -q "worktree add .* $(git -C "$G" rev-parse HEAD)\$"
ok $? "the mail checks the culprit's commit out again"
awk -v b="$bad" 'index($0, "/images/" b ".") && !/^contest /' "$T/cmds" > "$T/build.sh"
bash -e "$T/build.sh" > "$T/build.out" 2> "$T/build.err"
is $? 0 "the build commands, run as written, exit 0 ($(tail -n 1 "$T/build.err"))"
img=$(tail -n 1 "$T/build.out")
cmp -s "$img" "$R/.bisect/images/$bad"
ok $? "and build the image rerun boots again ($img)"

# a guest session's host is compared as the host that ran it: another
# CPU count is said before the run, which still runs
sed -i 's/^host_cpus: .*/host_cpus: 999/' "$R/$bad/env"
bash -e "$T/rerun.sh" > /dev/null 2> "$T/host.err"
is $? 0 "rerun on a host with other CPUs than recorded: exit 0"
grep -q "differs from $bad's env: host_cpus: recorded '999', here '$(getconf _NPROCESSORS_ONLN)'" "$T/host.err"
ok $? "it says how the host differs ($(grep -m1 'host_cpus' "$T/host.err"))"

# the results moved (copied): the recorded image is gone, the one under
# the new folder's .bisect/images is booted, said
cp -a "$R" "$T/moved"
mv "$R/.bisect/images/$bad" "$T/image"
n=$(rows "$bad")
contest rerun -r "$T/moved" "$bad" > /dev/null 2> "$T/moved.err"
is $? 0 "rerun of a candidate whose results moved: exit 0"
grep -q "its results moved: booting '$T/moved/.bisect/images/$bad'" "$T/moved.err" &&
	grep -q "booting $bad: $T/moved/.bisect/images/$bad " "$T/moved.err"
ok $? "it boots the image under the moved results ($(grep -m1 'results moved' "$T/moved.err"))"
is "$(awk -F'\t' 'NR > 1' "$T/moved/$bad/runs.tsv" | wc -l) $(rows "$bad")" "$((n + 1)) $n" \
	"its row goes to the moved results, none where they were"
rm -rf "$T/moved"

# the image gone: named, with how to build it again
n=$(rows "$bad")
bash "$T/rerun.sh" > /dev/null 2> "$T/gone.err"
is $? 2 "rerun of a candidate whose image is gone: exit 2"
grep -qF "its guest image '$R/.bisect/images/$bad' is gone" "$T/gone.err" &&
	grep -q "^    git -C $G worktree add --detach" "$T/gone.err" &&
	grep -q "uml-kernel.sh --bisect\$" "$T/gone.err"
ok $? "it names the image and how to build it again"
is "$(rows "$bad")" "$n" "and runs nothing"
boot_nothing_left
ok $? "no guest and no UML memory file left"
done_testing

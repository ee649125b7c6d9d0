#!/usr/bin/env bash
# One session per work directory and per results directory: a second run
# exits 2 at once naming the first one's pid. The driver killed outright
# (SIGKILL) while io_other writes in its own directory of io_other_dir:
# within a few seconds none of its processes remain, and the next run takes
# over its lock, removes its cgroups, swap file and scratch (io_other's
# too), and says so.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
session_swap

sleeping() { pgrep -f "^sleep 40 0\.0$1\$" > /dev/null; }
load_up() { pgrep -f "contest run .* -k $1 " | wc -l | awk '{exit !($1 >= 4)}'; }
run() {	# run N TAG ARGS...: a session whose compile is `sleep 40.0N`
	local n=$1 tag=$2; shift 2
	"$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 40 0.0$n" \
		-s load_lead=1s -k "$tag" -n 1 "$@"
}
elapsed() { awk -v a="$1" -v b="$(date +%s.%N)" 'BEGIN { printf "%.1f", b - a }'; }

# not through run(): $! must be the driver's pid, not a subshell's
mkdir "$T/other"
"$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 40 0.01" \
	-s load_lead=1s -s "io_other_dir=$T/other" -s io_other.size=8M -k A -n 1 -r "$R" "${swap[@]}" \
	io_other > /dev/null 2> "$T/errA" &
A=$!
wait_for 60 sleeping 1
ok $? "the first session is in its compile"
t0=$(date +%s.%N)
run 2 B -r "$R" noload > /dev/null 2> "$T/errB"
is "$?" 2 "a second run on the same work directory exits 2"
awk -v t="$(elapsed "$t0")" 'BEGIN { exit !(t < 10) }'
ok $? "at once ($(elapsed "$t0") s)"
grep -q "work directory '$T/work' is in use by another contest run (pid $A)" "$T/errB"
ok $? "the message names the directory and the running session's pid"
run 2 B -s "work_dir=$T/work2" -r "$R" noload > /dev/null 2> "$T/errB2"
is "$?" 2 "a second run on the same results directory exits 2"
grep -q "results directory '$R' is in use by another contest run (pid $A)" "$T/errB2"
ok $? "that message names the results directory and the pid"
[ ! -e "$R/B" ] && ! compgen -G "$T/work2/scratch*" > /dev/null
ok $? "the refused runs made nothing"

# the driver killed outright, mid-compile, with its load running
wait_for 30 load_up A
kill -KILL $A
wait $A 2>/dev/null
t0=$(date +%s.%N)
gone() { ! pgrep -f "$T/work" > /dev/null; }
wait_for 10 gone
ok $? "SIGKILL of the driver: no process of the session left after $(elapsed "$t0") s"
pgrep -f "$T/work" | xargs -r ps -o pid,ppid,stat,args -p | cut -c1-100 | sed 's/^/# /'
[ -e "$T/work/.contest.lock" ] && compgen -G "$T/work/scratch.*" > /dev/null
ok $? "the dead session's lock record and scratch are still there"
# without root (and no delegated group) a session makes no cgroup at all
if need_root; then
	[ -n "$(find /sys/fs/cgroup -maxdepth 6 -type d -name "contest-$A" 2>/dev/null)" ]
	ok $? "and its cgroups"
else
	skip "the dead session's cgroups: not root, so it made none"
fi
compgen -G "$T/other/contest-io_other.*/io_other.dat" > /dev/null
ok $? "and io_other's directory with its file"
if [ ${#swap[@]} -gt 0 ]; then
	grep -q "$T/work" /proc/swaps
	ok $? "and its swap file is still on"
else
	skip "the dead session's swap file: $SWAP_WHY"
fi

"$CONTEST" run "${QUICK_CMD[@]}" -k C -n 1 -r "$R" noload > /dev/null 2> "$T/errC"
is "$?" 0 "the next run takes over the dead session's lock"
grep -q "earlier session (pid $A) died without cleaning up" "$T/errC"
ok $? "and says an earlier session died"
grep -q "scratch $T/work/scratch.*: removed" "$T/errC"
ok $? "and names the scratch it removed"
if need_root; then
	grep -q "cgroup .*contest-$A: removed" "$T/errC"
	ok $? "and the cgroups it removed"
else
	skip "removed cgroups named: not root, so there were none"
fi
grep -q "scratch $T/other/contest-io_other\..*: removed" "$T/errC" && [ -z "$(ls -A "$T/other")" ]
ok $? "io_other's directory is removed too"
nothing_left "$T/cg.before" $A
ok $? "nothing of the dead session is left"
done_testing

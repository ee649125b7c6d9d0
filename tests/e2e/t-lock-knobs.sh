#!/usr/bin/env bash
# Knobs against hostile input and crossed sessions (issue 27, items 2, 4).
# The knobs are the test's own: it runs in new UTS and network namespaces,
# so kernel.domainname and net.ipv4.ip_local_reserved_ports are private
# to it and go with it, whatever happens.
#  - a lock record's knob lines are believed only when the work directory
#    and the lock file are this user's alone, as the descriptor holding the
#    lock sees them: a file swapped in by name meanwhile changes nothing
#    (CONTEST_TEST_PAUSE holds the window open);
#  - a knob another live session holds is refused, naming its pid;
#  - an original too long to write back whole is refused;
#  - one knob twice in a variant is refused, and a record's knob lines are
#    written back newest first;
#  - a signal in the check before round 1 leaves the knob as it was, and a
#    SIGKILL there leaves it on record for the next session that takes it.
if [ "$(id -u)" = 0 ] && [ -z "${CONTEST_IN_NS:-}" ] && unshare -u -n true 2> /dev/null; then
	CONTEST_IN_NS=1 exec unshare -u -n -- bash "$0" "$@"
fi
. "$(dirname "$0")/lib.sh"
if ! need_root || [ -z "${CONTEST_IN_NS:-}" ]; then
	skip "knobs in private namespaces" "needs root and unshare -u -n"
	done_testing
	exit
fi
DN=/proc/sys/kernel/domainname
RP=/proc/sys/net/ipv4/ip_local_reserved_ports
ORIG=orig-$$
echo "$ORIG" > "$DN"
at_exit "echo '(none)' > $DN"	# the namespace's own; it goes anyway

quick() {	# quick WORK RESULTS ARGS...: one session of `true`; BG=1 quick ... &: $! is contest
	local w=$1 r=$2; shift 2
	set -- "$CONTEST" run "${QUICK_CMD[@]}" -s "work_dir=$w" -r "$r" -n 1 "$@"
	[ -z "${BG:-}" ] || exec "$@"
	timeout 120 "$@"
}
record() {	# record FILE LINES...: a dead session's lock record
	local f=$1; shift
	{ echo "pid 999999"; printf '%s\n' "$@"; } > "$f"
}

# 2: a work directory someone else owns: its root-owned record's knob lines are not believed
W=$T/w-other && mkdir -p "$W" && chown 65534 "$W"
record "$W/.contest.lock" "knob $DN"$'\t'"PWNED" && chmod 644 "$W/.contest.lock"
quick "$W" "$T/r1" -k a noload > /dev/null 2> "$T/err1"
is "$(cat $DN)" "$ORIG" "a knob line in a record in another user's directory is not believed"
grep -q "not restoring '$DN': the lock record is not this user's alone" "$T/err1"
ok $? "and stderr says so"

# 2: a forged record read, then a root-owned one renamed over it while the record is judged
echo "$ORIG" > "$DN"
W=$T/w-race && mkdir -p "$W" && chmod 755 "$W"
record "$W/.contest.lock" "knob $DN"$'\t'"PWNED" && chmod 666 "$W/.contest.lock"
record "$W/kept" && chmod 644 "$W/kept"
BG=1 CONTEST_TEST_PAUSE=lock-record:3000 quick "$W" "$T/r2" -k a noload > /dev/null 2> "$T/err2" &
pid=$!
ino=$(stat -c %i "$W/.contest.lock")
# the session holds the lock (so it is in the pause): /proc/locks, not a probe that could take it
held() { grep -Eq "FLOCK +ADVISORY +WRITE +$pid +[0-9a-f]+:[0-9a-f]+:$ino " /proc/locks; }
wait_for 20 held && mv "$W/kept" "$W/.contest.lock"
ok $? "the root-owned record is swapped in while the session judges the forged one"
wait $pid
is "$(cat $DN)" "$ORIG" "the forged knob line is not believed for the file swapped in"
grep -q "not restoring '$DN': the lock record is not this user's alone" "$T/err2"
ok $? "it is judged by the descriptor that was read"

# 4(a): a knob another live session holds is refused, naming it
echo "$ORIG" > "$DN"
W=$T/w && mkdir -p "$W"
# (a compile of 60 s, cut once the second session is refused: however slow
# that one is to start, the knob is still held)
BG=1 quick "$T/w1" "$T/r3" -s "command=sleep 60" -k a --knob "$DN=one" noload > /dev/null 2> "$T/err3" &
pid=$!
reads() { [ "$(cat $DN)" = "$1" ]; }
wait_for 30 reads one
ok $? "the first session has set the knob"
quick "$T/w2" "$T/r4" -k b --knob "$DN=two" noload > /dev/null 2> "$T/err4"
is $? 2 "a second session on the same knob (other work and results directories): exit 2"
grep -q "cannot set '$DN': another contest session (pid $pid) is using it" "$T/err4"
ok $? "naming the knob and the first session: $(head -1 "$T/err4")"
kill -INT $pid
wait $pid
is "$(cat $DN)" "$ORIG" "and the knob ends at its original"

# 4(b): an original longer than 255 bytes is refused, not cut
long=$(seq -s, 10000 2 10138)	# 70 ports, 419 bytes
echo "$long" > "$RP"
want=$(cat "$RP")
quick "$W" "$T/r5" -k a --knob "$RP=10000" noload > /dev/null 2> "$T/err5"
is $? 2 "a knob whose original is ${#want} bytes: exit 2"
grep -q "cannot set '$RP': its value .* is too long to restore" "$T/err5"
ok $? "and says why: $(head -1 "$T/err5")"
is "$(cat "$RP")" "$want" "the original is left whole"

# 4(c): one knob twice in a variant is refused; a record's knob lines go newest first
echo "$ORIG" > "$DN"
quick "$W" "$T/r6" -k a --knob "$DN=10" --knob "$DN=20" noload > /dev/null 2> "$T/err6"
is $? 2 "one knob twice for one variant: exit 2 ($(head -1 "$T/err6"))"
echo 20 > "$DN"
record "$W/.contest.lock" "knob $DN"$'\t'"$ORIG" "knob $DN"$'\t'"10" && chmod 644 "$W/.contest.lock"
quick "$W" "$T/r7" -k a noload > /dev/null 2> "$T/err7"
is "$(cat $DN)" "$ORIG" "a record's two lines of one knob are written back newest first"

# 4(d): SIGTERM while the check before round 1 has the knob set
echo "$ORIG" > "$DN"
BG=1 CONTEST_TEST_PAUSE=knob-set:3000 quick "$W" "$T/r8" -k a --knob "$DN=set" noload > /dev/null 2> "$T/err8" &
pid=$!
wait_for 30 reads set
kill -TERM $pid
wait $pid
is $? 143 "SIGTERM in the check before round 1: exit 143"
is "$(cat $DN)" "$ORIG" "and the knob is written back"
[ ! -e "$T/r8/a/runs.tsv" ]
ok $? "no run was made"

# 4(d): SIGKILL there: on record before it was written, restored by the next session taking it
echo "$ORIG" > "$DN"
BG=1 CONTEST_TEST_PAUSE=knob-set:3000 quick "$W" "$T/r9" -k a --knob "$DN=set" noload > /dev/null 2> "$T/err9" &
pid=$!
wait_for 30 reads set
kill -KILL $pid
wait $pid 2> /dev/null
is "$(cat $DN)" set "after SIGKILL the knob is still set"
quick "$T/w3" "$T/r10" -k b --knob "$DN=other" noload > /dev/null 2> "$T/err10"
is $? 0 "the next session on that knob (another work directory) runs"
grep -q "an earlier session (pid $pid) died with '$DN' set: restored to '$ORIG'" "$T/err10"
ok $? "and first writes the original back: $(grep -m1 'earlier session' "$T/err10")"
is "$(cat $DN)" "$ORIG" "the knob ends at its true original"
done_testing

#!/usr/bin/env bash
# Variants on one boot: two -k NAME --knob of the I/O scheduler of the
# disk the tree is on run in interleaved rounds, each knob written before
# its variant's runs and the original written back after: at a normal
# end, after Ctrl-C, and after a SIGKILL by the next session (the lock
# record). env records the knobs, compare sees the runs as interleaved.
# A forged knob line in a lock file others could write is not believed.
. "$(dirname "$0")/lib.sh"
if ! need_root; then
	skip "variants of the I/O scheduler" "not root: /sys/block/*/queue/scheduler is root's to write"
	done_testing
	exit
fi
W=$T/work
R=$T/reports
mkdir -p "$W"
# the tree's disk: the mount's device, or the disk a partition is on
dev=$(basename "$(findmnt -no SOURCE --target "$T" 2>/dev/null)")
[ -e "/sys/class/block/$dev/partition" ] && dev=$(basename "$(dirname "$(readlink -f "/sys/class/block/$dev")")")
SCHED=/sys/block/$dev/queue/scheduler
if [ ! -w "$SCHED" ] || [ "$(wc -w < "$SCHED")" -lt 2 ]; then
	skip "variants of the I/O scheduler" "no switchable scheduler for $T's disk ('$dev')"
	done_testing
	exit
fi
current() { sed -n 's/.*\[\(.*\)\].*/\1/p' "$SCHED"; }
ORIG=$(current)
at_exit "echo $ORIG > $SCHED"
OTHER=$(tr -d '[]' < "$SCHED" | tr ' ' '\n' | grep -v "^$ORIG\$" | grep -v '^$' | head -1)
CONF=$T/c.conf
command_conf "$CONF" "sleep 0.2"
variants=(-k a --knob "$SCHED=$ORIG" -k b --knob "$SCHED=$OTHER")

"$CONTEST" run -c "$CONF" -r "$R" -n 3 "${variants[@]}" noload > "$T/out" 2> "$T/err"
ok $? "two variants ($ORIG, $OTHER) of $SCHED, 3 rounds: exit 0"
is "$(current)" "$ORIG" "the scheduler is $ORIG again after a normal end"
is "$(grep -o 'round [0-9]/3: [ab]' "$T/err" | tr '\n' ' ')" \
	"round 1/3: a round 1/3: b round 2/3: b round 2/3: a round 3/3: a round 3/3: b " \
	"rounds interleaved, balanced: a b, b a, a b"
grep -qx "knobs: $SCHED=$OTHER" "$R/b/env" && grep -qx "io_scheduler: $OTHER" "$R/b/env" &&
	grep -qx "knobs: $SCHED=$ORIG" "$R/a/env"
ok $? "env records each variant's knob, and the scheduler it ran under"
is "$(grep -c $'\tnoload\t[0-9]*\t.*\tok' "$R/a/runs.tsv") $(grep -c $'\tnoload\t[0-9]*\t.*\tok' "$R/b/runs.tsv")" \
	"3 3" "three ok runs each"
grep -q "^Time   a " "$T/out" && grep -q "Verdict" "$T/out" && ! grep -q "separate sessions" "$T/out"
ok $? "the tables and compare follow, the runs interleaved (no separate sessions)"
"$CONTEST" compare -r "$R" --format csv a b 2> /dev/null | awk -F, '$3 == "b" && $2 == "Time" { print $12 }' > "$T/sessions"
is "$(cat "$T/sessions")" "paired" "compare pairs the variants' rounds (csv: paired)"
grep -q "interleaved rounds, paired" "$T/out"
ok $? "and its text says so"
"$CONTEST" compare -r "$R" a b > "$T/cmpout" 2>&1
! grep -qiE "different (knobs|io_scheduler)|knobs.*differ" "$T/cmpout"
ok $? "compare does not warn of the knobs varied: they are the difference under test"
"$CONTEST" report -r "$R" --format mail a b 2> /dev/null | tr '\n' ' ' | grep -q "ran with the knobs.*what was varied"
ok $? "and the mail says once what was varied"

# a value the kernel refuses is bad usage before any run
"$CONTEST" run -c "$CONF" -r "$T/bad" -n 1 -k x --knob "$SCHED=no-such-scheduler" noload > /dev/null 2> "$T/err.bad"
is $? 2 "a scheduler the kernel refuses: exit 2"
[ ! -e "$T/bad/x/runs.tsv" ] && [ "$(current)" = "$ORIG" ]
ok $? "nothing run, nothing changed ($(head -1 "$T/err.bad"))"
grep -qF "it offers: $(sed 's/ *$//' "$SCHED")" "$T/err.bad"
ok $? "and the error lists what the file offers"
"$CONTEST" run -c "$CONF" -r "$T/bad" -n 1 -k x --knob /etc/hostname=x noload > /dev/null 2> "$T/err.etc"
is $? 2 "a knob outside /proc/sys and /sys: exit 2 ($(head -1 "$T/err.etc"))"
"$CONTEST" run -c "$CONF" -r "$T/bad" -n 1 -k a -k a noload > /dev/null 2> "$T/err.dup"
is $? 2 "the same name twice: exit 2 ($(head -1 "$T/err.dup"))"

# Ctrl-C while variant b's knob is set: restored, runs kept
slow=(-s "command=sleep 3")
"$CONTEST" run -c "$CONF" "${slow[@]}" -r "$T/intr" -n 3 "${variants[@]}" noload > /dev/null 2> "$T/err.intr" &
pid=$!
wait_for 30 grep -q "round 1/3: b" "$T/err.intr"
sleep 1
is "$(current)" "$OTHER" "during b's run the scheduler is $OTHER"
kill -INT "$pid"
wait "$pid"
is $? 130 "SIGINT: exit 130"
is "$(current)" "$ORIG" "the scheduler is $ORIG again after Ctrl-C"

# SIGKILL while b's knob is set: the next session writes the original back
"$CONTEST" run -c "$CONF" "${slow[@]}" -r "$T/kill" -n 3 "${variants[@]}" noload > /dev/null 2> "$T/err.kill" &
pid=$!
wait_for 30 grep -q "round 1/3: b" "$T/err.kill"
sleep 1
kill -KILL "$pid"
wait "$pid" 2> /dev/null
is "$(current)" "$OTHER" "after a SIGKILL the scheduler is still $OTHER"
grep -q "^knob $(readlink -f "$SCHED")"$'\t'"$ORIG\$" "$W/.contest.lock"
ok $? "the lock record holds the knob and its original"
"$CONTEST" run -c "$CONF" -r "$T/next" -n 1 -k next noload > /dev/null 2> "$T/err.next"
ok $? "the next session runs"
is "$(current)" "$ORIG" "and has written $ORIG back: $(grep -m1 'knob' "$T/err.next")"

# a forged knob line: believed only from a lock file no one else can write
echo "$OTHER" > "$SCHED"
printf 'pid 999999\nknob %s\t%s\n' "$(readlink -f "$SCHED")" "$ORIG" > "$W/.contest.lock"
chmod 666 "$W/.contest.lock"
"$CONTEST" run -c "$CONF" -r "$T/next" -n 1 -k next noload > /dev/null 2> "$T/err.forged"
is "$(current)" "$OTHER" "a knob line in a world-writable lock file is not believed"
grep -q "not restoring .*: the lock record is not this user's alone" "$T/err.forged"
ok $? "and says so: $(grep -m1 'not restoring' "$T/err.forged")"
echo "$ORIG" > "$SCHED"
done_testing

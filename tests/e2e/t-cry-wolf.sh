#!/usr/bin/env bash
# Warnings that would cry wolf are not given: the config key a variant's
# --set varies is what it varies, not an environment difference (compare's
# text and mail, report's mail); a machine still busy after quiet_wait is
# said once a command, with the idle it measured, not before every run.
. "$(dirname "$0")/lib.sh"
CONF=$T/c.conf
command_conf "$CONF" "true"

"$CONTEST" run -c "$CONF" -r "$T/r" -k a -k b --set make_jobs=3 -n 2 noload > /dev/null 2> "$T/run.err"
ok $? "two variants, b with --set make_jobs=3: exit 0 ($(grep -m1 error "$T/run.err"))"
grep -qx 'run_sets: make_jobs' "$T/r/b/env"
ok $? "b's env records the key its --set gave ($(grep run_sets "$T/r/b/env"))"
"$CONTEST" compare -r "$T/r" a b > "$T/out" 2> "$T/err"
! grep -q 'make_jobs' "$T/err"
ok $? "compare does not warn of the varied key ($(head -1 "$T/err"))"
"$CONTEST" compare -r "$T/r" --format mail a b > "$T/mail" 2> /dev/null
! grep -q 'make_jobs' "$T/mail"
ok $? "nor its mail ($(grep -m1 '^Warning' "$T/mail"))"
"$CONTEST" report -r "$T/r" --format mail a b > "$T/rmail" 2> /dev/null
! grep -qi 'different config.make_jobs\|make_jobs differs' "$T/rmail"
ok $? "nor report's mail"
# a key varied by no --set is still a difference
sed -i 's/^make_jobs = .*/make_jobs = 7/' "$T/r/a/env"
sed -i '/^run_sets:/d' "$T/r/b/env"
"$CONTEST" compare -r "$T/r" a b > /dev/null 2> "$T/err2"
grep -q "different config.make_jobs" "$T/err2"
ok $? "without run_sets the same difference is warned ($(head -1 "$T/err2"))"

# quiet_idle = 100 beside a busy loop of our own is never met (an idle
# machine meets it): busy before each of 3 runs, said once
timeout 300 sh -c 'while :; do :; done' &
hog=$!
"$CONTEST" run -c "$CONF" -r "$T/q" -s quiet_wait=1s -s quiet_idle=100 -k q -n 3 noload \
	> /dev/null 2> "$T/q.err"
ok $? "3 runs on a machine never quiet enough: exit 0"
kill "$hog" 2> /dev/null; wait "$hog" 2> /dev/null
is "$(grep -c 'not quiet' "$T/q.err")" 1 "the busy machine is said once, not before each run"
grep -qE "not quiet after 1 s: [0-9]+% of the CPUs idle .*quiet_idle wants 100%" "$T/q.err"
ok $? "with what it measured: $(grep 'not quiet' "$T/q.err")"
done_testing

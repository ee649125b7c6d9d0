#!/usr/bin/env bash
# long: a real git bisect run, each step a build and a contest run (a minute or two)
# A real git bisect run of a small C program in which one commit makes it
# slower, each step built and timed with contest run (a session of its
# own, as after a reboot) and judged by contest judge, with the drift
# between sessions from contest calibrate.
. "$(dirname "$0")/lib.sh"
R=$T/reports
# a real bisection: prog sums a loop; commit 5 of 8 makes the loop 8 times longer
command -v git > /dev/null && command -v cc > /dev/null || { skip "no git or cc"; done_testing; exit; }
G=$T/repo
mkdir -p "$G"
git -C "$G" init -q
git -C "$G" config user.email t@example.org
git -C "$G" config user.name t
for i in 1 2 3 4 5 6 7 8; do
	n=40000000
	[ "$i" -ge 5 ] && n=320000000
	printf '/* step %d */\nint main(void) { volatile long s = 0; for (long i = 0; i < %dL; i++) s += i; return 0; }\n' \
		"$i" "$n" > "$G/prog.c"
	git -C "$G" add prog.c
	git -C "$G" commit -qm "step $i"
done
culprit=$(git -C "$G" rev-list --reverse HEAD | sed -n 5p)
CONF=$T/c.conf
command_conf "$CONF" "$G/prog"
# step: build HEAD, time it (a session of its own, as after a reboot), judge it
cat > "$T/step.sh" <<EOF
#!/bin/sh
cd "$G" && cc -O0 -o prog prog.c || exit 125
k=\$(git rev-parse --short HEAD)
[ -d "$R/\$k" ] || "$CONTEST" run -c "$CONF" -r "$R" -k "\$k" -n 5 noload > /dev/null 2>&1 || exit 128
exec "$CONTEST" judge -c "$CONF" -r "$R" --good good --bad bad "\$k"
EOF
chmod +x "$T/step.sh"
rm -rf "$R"
(cd "$G" && git checkout -q HEAD~7 && cc -O0 -o prog prog.c)
"$CONTEST" run -c "$CONF" -r "$R" -k good -n 5 noload > /dev/null 2>&1
(cd "$G" && git checkout -q - && cc -O0 -o prog prog.c)
"$CONTEST" run -c "$CONF" -r "$R" -k bad -n 5 noload > /dev/null 2>&1
# separate sessions: the drift between them from a calibration of this workload
"$CONTEST" calibrate -c "$CONF" -r "$R" -n 5 --runs 3 > "$T/cal.out" 2>&1
ok $? "good, bad and a calibration of the program measured"
# the drift compare allows across sessions: an 8x slowdown must stand out of
# it at judge's alpha (its MDE is about 5 times the drift bound, on the log
# scale), which a bound under 30% allows
used=$(sed -n "s/^compare's tests of separate sessions use \([0-9.]*\)%.*/\1/p" "$T/cal.out")
# a calibration that ran says the drift it allows: no such line (reworded,
# or calibrate failed) is a failure, only a noisy machine's bound a skip
if [ -z "$used" ]; then
	ok 1 "calibrate says the drift separate sessions allow"
	sed 's/^/# /' "$T/cal.out" | tail -20
	done_testing
	exit
fi
if ! awk -v u="$used" 'BEGIN { exit !(u < 30) }'; then
	skip "this machine is too noisy now for separate sessions: the drift it cannot rule out is ${used}%"
	done_testing
	exit
fi
(cd "$G" && git bisect start HEAD HEAD~7 && timeout 600 git bisect run "$T/step.sh") \
	> "$T/bisect.out" 2>&1
first=$(sed -n 's/^\([0-9a-f]*\) is the first bad commit$/\1/p' "$T/bisect.out")
is "$first" "$culprit" "git bisect run with contest judge names the commit that made it slower (drift allowed ${used}%)"
[ -n "$first" ] || sed 's/^/# /' "$T/bisect.out" | tail -20
git -C "$G" bisect reset > /dev/null 2>&1
done_testing

#!/usr/bin/env bash
# Without a terminal, the driver sleeps through the compile until it ends:
# it sees the end at once (Time of `sleep 0.2` against the same command timed
# here with date, a difference, repeated) and does not wake in the meantime
# (its voluntary context switches over 3 s of a `sleep 5` compile, from 1 s
# in, when the driver has settled; a 1 s progress poll would wake it 3 times).
. "$(dirname "$0")/lib.sh"
R=$T/reports
run() {	# run KERNEL COMMAND: one noload run of COMMAND, stdout and stderr not a tty
	"$CONTEST" run "${QUICK_CMD[@]}" -s "command=$2" "${NO_EXTRAS[@]}" \
		-k "$1" -n 3 -r "$R" noload > "$T/out.$1" 2> "$T/err.$1"
}
ref_ns() { local a b; a=$(date +%s%N); sleep 0.2; b=$(date +%s%N); echo $(( b - a )); }

# the end is seen at once: the reference around it, the same repeats as contest's
refs=$(for i in 1 2 3; do ref_ns; done)
run S 'sleep 0.2'
ok $? "three runs of sleep 0.2 exit 0"
times=$(col "$R/S/runs.tsv" time_s | tr '\n' ' ')
refmin=$(echo "$refs" | sort -n | head -1 | awk '{print $1 / 1e9}')
refmed=$(echo "$refs" | sort -n | sed -n 2p | awk '{print $1 / 1e9}')
echo "# contest's Time: $times; date around sleep 0.2: $(echo "$refs" | awk '{printf "%.3f ", $1 / 1e9}')"
awk -v t="$times" -v m="$refmed" 'BEGIN { n = split(t, v, " "); if (n != 3) exit 1
	for (i = 1; i <= n; i++) if (v[i] - m >= 0.5) exit 1 }'
ok $? "every Time minus the reference's median ($refmed s) is under 0.5 s"
awk -v t="$times" -v m="$refmin" 'BEGIN { n = split(t, v, " "); if (n != 3) exit 1
	for (i = 1; i <= n; i++) if (v[i] < 0.75 * m) exit 1 }'
ok $? "no Time is under 0.75 of the shortest reference ($refmin s): the clock neither starts late nor stops early"

# no wake-ups while the compile runs: the driver's sleeps counted from outside
"$CONTEST" run "${QUICK_CMD[@]}" -s "command=sh -c 'touch $T/started && exec sleep 5'" \
	"${NO_EXTRAS[@]}" -k W -n 1 -r "$R" noload > "$T/out.W" 2> "$T/err.W" &
driver=$!
at_exit "kill $driver 2> /dev/null"
switches() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$driver/status"; }
if wait_for 30 test -e "$T/started"; then
	sleep 1
	a=$(switches); sleep 3; b=$(switches)
	echo "# the driver's voluntary context switches over 3 s of the compile: $a -> $b"
	[ -n "$a" ] && [ -n "$b" ] && [ $(( b - a )) -le 1 ]
	ok $? "the driver wakes at most once in 3 s of the compile (got $(( ${b:-0} - ${a:-0} )))"
else
	ok 1 "the sleep 5 compile never started: $(tail -n 3 "$T/err.W" | tr '\n' ' ')"
fi
wait "$driver"
ok $? "the sleep 5 run exits 0"
is "$(col "$R/W/runs.tsv" status)" ok "its row is ok"
done_testing

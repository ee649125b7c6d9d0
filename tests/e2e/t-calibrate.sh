#!/usr/bin/env bash
# contest calibrate runs separate sessions of one kernel's noload into
# DIR/.calibration and prints the drift between them; compare uses that
# drift for kernels whose runs were not interleaved, and without it leaves
# such rows undecided. A calibration of another machine is not used, and
# sessions of another machine or workload among this one's are left out of
# the drift, said; a stop keeps the sessions that finished.
. "$(dirname "$0")/lib.sh"
need_gawk
R=$T/reports
CONF=$T/c.conf
command_conf "$CONF" "sh -c 'i=0; while [ \$i -lt 20000 ]; do i=\$((i+1)); done'"

# the machinery: three real sessions of three runs
"$CONTEST" calibrate -c "$CONF" -r "$R" -n 3 --runs 3 > "$T/out" 2> "$T/err"
ok $? "calibrate -n 3 --runs 3 exits 0"
sessions=$(find "$R/.calibration" -mindepth 1 -maxdepth 1 -type d | wc -l)
is "$sessions" 3 "three session folders under .calibration"
rows=$(cat "$R"/.calibration/s-*/runs.tsv | grep -c $'\tnoload\t[0-9]*\t.*\tok')
is "$rows" 9 "each with three ok noload runs"
grep -q '^calibration in .*: 3 sessions of noload, 9 runs$' "$T/out" &&
	grep -qE '^drift between sessions: [0-9.]+% ' "$T/out" &&
	grep -qE '^noise within a session: +[0-9.]+% ' "$T/out"
ok $? "it prints the sessions, the noise and the drift: $(grep -m1 "^drift" "$T/out")"
grep -qx "workload: command (sh -c 'i=0; while \[ \$i -lt 20000 \]; do i=\$((i+1)); done')" "$T/out"
ok $? "and names the workload it measured: $(grep '^workload' "$T/out")"
grep -qE '^drift between sessions: .*95% interval [0-9.]+% to [0-9.]+%' "$T/out" &&
	grep -qE "^compare's tests of separate sessions use [0-9.]+%, the interval's upper end" "$T/out"
ok $? "the drift carries its 95% interval, and says which end compare tests with"
is "$(grep -c 'calibration session [123] of 3' "$T/err")" 3 "one progress line a session on stderr"
"$CONTEST" report -r "$R" > "$T/report" 2>&1
grep -q "no results in" "$T/report"
ok $? "the sessions are not kernels to report ($(head -1 "$T/report"))"
"$CONTEST" calibrate -r "$R" -n 0 > "$T/show" 2>&1
is "$(head -1 "$T/show")" "$(head -1 "$T/out")" "-n 0 prints the calibration without running a session"
"$CONTEST" calibrate -r "$R" -n 0 extra > /dev/null 2>&1
is $? 2 "an operand is bad usage"

# compare: two kernels of separate sessions, 20% apart at 1% noise, with
# and without a calibration of about 2% drift (made here, its truth known;
# six sessions leave the drift uncertain, so 10% would not always show)
C2=$T/c2
seed=0
runs() {	# runs DIR KERNEL MEAN START: 5 noload runs at 1% noise, a minute apart
	mkdir -p "$1/$2"
	seed=$((seed + 1))	# the same draws every time
	gawk -v m="$3" -v t0="$4" -v seed="$seed" -v head="$(runs_columns timestamp)" 'BEGIN { srand(seed)
		print head
		for (i = 1; i <= 5; i++) {
			u = rand(); v = rand(); z = sqrt(-2 * log(u + 1e-12)) * cos(6.2831853 * v)
			printf "%s\tnoload\t%d\t%.3f\t190\t0\t0\tok\n",
				strftime("%Y-%m-%dT%H:%M:%SZ", t0 + 60 * i, 1), i, m * (1 + 0.01 * z) } }' \
		> "$1/$2/runs.tsv"
	printf 'cpu_model: Test CPU\ncpus: 2\nmemtotal: 1073741824 (1.0 GiB)\n' > "$1/$2/env"
}
runs "$C2" base 100 1700000000
runs "$C2" new 120 1700090000
"$CONTEST" compare -r "$C2" --format json base new > "$T/nocal.json" 2> "$T/nocal.err"
python3 - "$T/nocal.json" > "$T/nocal.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "new"][0]
assert d["drift_pct"] is None, d["drift_pct"]
assert t["verdict"] == "undecided" and t["sessions"] == "separate", t
assert t["verdict_reason"] == "separate sessions and no calibration" and t["mde_floor"], t
print("ok")
PY
is "$(cat "$T/nocal.check")" ok "without a calibration a 20% slower session is undecided, saying why"
grep -q "calibrate" <("$CONTEST" compare -r "$C2" base new 2>/dev/null)
ok $? "and the text names contest calibrate"
for i in 1 2 3 4 5 6; do	# six sessions whose speed differs by about 2%
	runs "$C2/.calibration" "s-$i" "$(awk -v i=$i 'BEGIN { split("100 102 98 101 97 103", m); print m[i] }')" \
		$((1700000000 + 10000 * i))
done
"$CONTEST" compare -r "$C2" --format json base new > "$T/cal.json" 2> "$T/cal.err"
python3 - "$T/cal.json" > "$T/cal.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "new"][0]
assert 1.0 < d["drift_pct"] < 5.0, d["drift_pct"]
assert t["verdict"] == "worse" and not t["mde_floor"] and t["mde_pct"] > 0, t
print("ok %.1f%% drift, MDE %.1f%%" % (d["drift_pct"], t["mde_pct"]))
PY
grep -q '^ok' "$T/cal.check"
ok $? "with a calibration (6 sessions) the 20% slower one is worse: $(cat "$T/cal.check")"
python3 - "$T/nocal.json" "$T/cal.json" > "$T/sum.check" 2>&1 <<'PY'
import json, sys
a, b = (json.load(open(f))["summary"][0] for f in sys.argv[1:3])
assert a["drift"] == "left out" and b["drift"] == "added", (a, b)
assert b["ci95_high"] - b["ci95_low"] > a["ci95_high"] - a["ci95_low"], (a, b)
print("ok %.3f to %.3f, %.3f to %.3f without" % (b["ci95_low"], b["ci95_high"], a["ci95_low"], a["ci95_high"]))
PY
grep -q '^ok' "$T/sum.check"
ok $? "the Overall interval adds the calibrated drift, as the rows do: $(cat "$T/sum.check")"
# a calibration too small to see drift: three sessions whose means agree
# better than their noise (estimate 0) must not make separate sessions
# drift-free; 6% apart at 1% noise is then undecided, not worse
C3=$T/c3
runs "$C3" base 100 1700000000
runs "$C3" new 106 1700090000
for i in 1 2 3; do runs "$C3/.calibration" "s-$i" 100 $((1700000000 + 10000 * i)); done
"$CONTEST" calibrate -r "$C3" -n 0 > "$T/c3.show" 2>&1
grep -q '^too few sessions to tell' "$T/c3.show"
ok $? "three agreeing sessions: calibrate says too few to tell ($(grep '^drift' "$T/c3.show"))"
"$CONTEST" compare -r "$C3" --format json base new > "$T/c3.json" 2> "$T/c3.err"
python3 - "$T/c3.json" > "$T/c3.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "new"][0]
assert d["drift_high_pct"] > d["drift_pct"], (d["drift_pct"], d["drift_high_pct"])
assert t["verdict"] == "undecided", t
print("ok estimate %.2f%%, tested %.2f%%, MDE %.1f%%" % (d["drift_pct"], d["drift_high_pct"], t["mde_pct"]))
PY
grep -q '^ok' "$T/c3.check"
ok $? "compare tests with the drift's upper end, not a lucky zero: $(cat "$T/c3.check")"

# the calibration's workload must be the comparison's: another workload is
# not used; another size of the same one is, as a relative figure, said
conf() { for f in "$@"; do printf 'config:\nworkload = %s\nsynthetic_dirs = %s\n' "$w" "$d" >> "$f"; done; }
w=synthetic d=8 conf "$C2"/base/env "$C2"/new/env
w=command d=8 conf "$C2"/.calibration/s-*/env
"$CONTEST" compare -r "$C2" --format json base new > "$T/wl.json" 2> "$T/wl.err"
grep -q "calibration is not used: none of its 6 sessions was measured on BASE's machine and workload: 6 of another workload (its config.workload differs" "$T/wl.err" &&
	python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["drift_pct"] is None' "$T/wl.json"
ok $? "a calibration of another workload is not used, with a warning: $(head -1 "$T/wl.err")"
for f in "$C2"/.calibration/s-*/env; do sed -i '/^config:/,$d' "$f"; done
w=synthetic d=5 conf "$C2"/.calibration/s-*/env
"$CONTEST" compare -r "$C2" --format json base new > "$T/sz.json" 2> "$T/sz.err"
grep -q "another size of this workload (its config.synthetic_dirs differs" "$T/sz.err" &&
	python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["drift_pct"] > 0' "$T/sz.json"
ok $? "another size of the same workload is used as a relative figure, said: $(head -1 "$T/sz.err")"

# the same drift on another machine is not used
sed -i 's/^cpu_model: .*/cpu_model: Other CPU/' "$C2"/.calibration/s-*/env
"$CONTEST" compare -r "$C2" --format json base new > "$T/other.json" 2> "$T/other.err"
grep -q "calibration is not used: none of its 6 sessions .*: 6 on another machine (its cpu_model differs" "$T/other.err" &&
	python3 -c 'import json, sys; assert json.load(open(sys.argv[1]))["drift_pct"] is None' "$T/other.json"
ok $? "a calibration of another CPU is not used, with a warning: $(head -1 "$T/other.err")"
# interleaved runs need no calibration: nothing said of one that is not used
C5=$T/c5
runs "$C5" base 100 1700000000
runs "$C5" new 120 1700000030
cp -r "$C2/.calibration" "$C5/"
"$CONTEST" compare -r "$C5" base new > "$T/inter.out" 2> "$T/inter.err"
! grep -q "calibration" "$T/inter.err" && grep -q "paired" "$T/inter.out"
ok $? "kernels of interleaved runs: no calibration warning ($(head -1 "$T/inter.err"))"

# sessions of another machine in the folder (copied in, or the disk moved)
# are left out of the drift, said by compare and calibrate -n 0: six of
# this machine within 0.3% of each other decide a 5% slower kernel of
# another session worse; pooled with two of another CPU 40% apart they
# would not
C4=$T/c4
runs "$C4" base 100 1700000000
runs "$C4" new 105 1700090000
i=0
for m in 100 100.3 140 99.8 100.1 70 99.9 100.2; do
	i=$((i + 1))
	runs "$C4/.calibration" "s-$i" "$m" $((1700000000 + 10000 * i))
done
sed -i 's/^cpu_model: .*/cpu_model: Other CPU/' "$C4/.calibration/s-3/env" "$C4/.calibration/s-6/env"
"$CONTEST" compare -r "$C4" --format json base new > "$T/c4.json" 2> "$T/c4.err"
python3 - "$T/c4.json" > "$T/c4.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
t = [r for r in d["rows"] if r["metric"] == "Time" and r["kernel"] == "new"][0]
assert d["drift_pct"] is not None and d["drift_high_pct"] < 2.0, (d["drift_pct"], d["drift_high_pct"])
assert t["verdict"] == "worse", t
print("ok drift %.2f%% (upper %.2f%%), %s" % (d["drift_pct"], d["drift_high_pct"], t["verdict"]))
PY
grep -q '^ok' "$T/c4.check"
ok $? "sessions of another CPU are left out of the drift: $(cat "$T/c4.check")"
grep -q "the calibration leaves out 2 of its 8 sessions: 2 on another machine (its cpu_model differs from BASE's); its drift is of the 6 measured on BASE's machine and workload" "$T/c4.err"
ok $? "compare says how many were left out and why: $(grep -m1 'leaves out' "$T/c4.err")"
"$CONTEST" calibrate -r "$C4" -n 0 > "$T/c4.show" 2>&1
grep -q '^calibration in .*: 6 sessions of noload, 30 runs$' "$T/c4.show" &&
	grep -q "^left out: 2 sessions not of the newest session's machine, workload and size: 2 on another machine (its cpu_model differs from the newest session's)$" "$T/c4.show"
ok $? "calibrate -n 0 counts the six and says why two are left out: $(grep '^left' "$T/c4.show")"

# a stop: SIGTERM to calibrate alone reaches its session, which keeps its rows
R3=$T/r3
# (the compile names R3, so that a search finds it and nothing of others')
"$CONTEST" calibrate -c "$CONF" -s "command=sh -c 'sleep 3; : $R3'" -r "$R3" -n 3 --runs 2 \
	> /dev/null 2> "$T/stop.err" &
pid=$!
wait_for 20 test -s "$R3/.calibration/calibrate.log"
sleep 4
kill -TERM "$pid"
wait "$pid"
is $? $((128 + 15)) "SIGTERM: calibrate exits 128+15"
pgrep -f -- "$R3" > /dev/null
ok $((! $?)) "nothing of its session is left running (no session, no compile)"
n=$(cat "$R3"/.calibration/s-*/runs.tsv 2>/dev/null | grep -c $'\tnoload\t')
[ "$n" -ge 1 ]
ok $? "the finished run is kept ($n noload rows)"
grep -q $'\tnoload\t[0-9]*\t.*\taborted' "$R3"/.calibration/s-*/runs.tsv
ok $? "the run in flight was wound down by the session itself: recorded aborted"
done_testing

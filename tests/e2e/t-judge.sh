#!/usr/bin/env bash
# contest judge, the step of git bisect run: on crafted results it exits 0
# (like good), 1 (like bad) or 125 (cannot tell), and 128 on an error (a
# --load or --metric the runs do not have among them), never 2, which git
# bisect run would take for a bad commit (t-judge-bisect
# drives a real git bisect run with it).
. "$(dirname "$0")/lib.sh"
need_gawk
R=$T/reports
# kernel KERNEL MEAN [N]: N (5) noload runs at 1% noise, interleaved with the
# others' (one session), the same draws for the same kernel name
kernel() {
	mkdir -p "$R/$1"
	gawk -v m="$2" -v n="${3:-5}" -v seed="$(printf %s "$1" | cksum | cut -d' ' -f1)" 'BEGIN {
		srand(seed % 100000)
		print "timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus"
		for (i = 1; i <= n; i++) {
			u = rand(); v = rand(); z = sqrt(-2 * log(u + 1e-12)) * cos(6.2831853 * v)
			printf "%s\tnoload\t%d\t%.3f\t190\t0\t0\tok\n",
				strftime("%Y-%m-%dT%H:%M:%SZ", 1700000000 + 60 * i, 1), i, m * (1 + 0.01 * z) } }' \
		> "$R/$1/runs.tsv"
}
kernel good 100; kernel bad 115; kernel c-good 100.5; kernel c-bad 114.5; kernel c-mid 107
kernel c-one 115 1
judge() { "$CONTEST" judge -r "$R" --good good --bad bad "$@" > "$T/j.out" 2> "$T/j.err"; }

judge c-bad
is "$?" 1 "a candidate as slow as bad: exit 1 ($(cat "$T/j.out"))"
judge c-good
is "$?" 0 "a candidate as fast as good: exit 0 ($(cat "$T/j.out"))"
grep -q "c-good against good: same" "$T/j.err" && grep -q "bad against c-good: worse" "$T/j.err"
ok $? "and it says why: both comparisons, with their verdicts"
judge c-mid
is "$?" 125 "a candidate between the two: 125, git bisect skips it ($(cat "$T/j.out"))"
judge c-one
is "$?" 125 "a candidate of one run cannot be told: 125"
grep -q "too few runs" "$T/j.err"
ok $? "saying why: too few runs"
"$CONTEST" judge -r "$R" --good good --bad c-good c-bad > /dev/null 2> "$T/j.err"
is "$?" 128 "good and bad that cannot be told apart: 128, the bisection stops"
grep -q "is not decided worse than 'good' on any load" "$T/j.err"
ok $? "saying there is nothing to bisect"
# a load or metric the runs do not have is a mistake in the script, which
# would be the same at every commit: 128 stops the bisection, where 125
# would skip every commit
judge --load io_lod c-bad
is "$?" 128 "a --load no kernel ran: 128, not 125 (skip)"
grep -q "no load 'io_lod' in the runs of good, c-bad and bad; they have: noload" "$T/j.err"
ok $? "naming the loads there are ($(head -1 "$T/j.err"))"
judge --load noload --metric Tme c-bad
is "$?" 128 "a --metric the load does not have: 128"
grep -q "no metric 'Tme' on noload in the runs; there are: Time, CPU%" "$T/j.err"
ok $? "naming the metrics there are ($(head -1 "$T/j.err"))"
judge --metric Tme c-bad
is "$?" 128 "the same without --load"
grep -q "no metric 'Tme' in the runs; there are: Time, CPU%" "$T/j.err"
ok $? "naming the metrics of every load ($(head -1 "$T/j.err"))"
judge --load noload --metric CPU% c-bad
is "$?" 125 "a metric there is, that cannot tell: still 125 ($(cat "$T/j.out"))"
"$CONTEST" judge -r "$R" --good good c-bad > /dev/null 2>&1
is "$?" 128 "bad usage is 128, not 2 (which git bisect run takes for bad)"
"$CONTEST" judge -r "$R" --good good --bad bad no-such > /dev/null 2>&1
is "$?" 128 "a candidate without results: 128"

done_testing

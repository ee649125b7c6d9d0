#!/usr/bin/env bash
# workload = command: a single-threaded busy loop has the CPU% and the Time
# GNU time gives the same command just before and after (issue 2's third
# "done when"); on an idle machine that CPU% is near 100.
. "$(dirname "$0")/lib.sh"
R=$T/reports
LOOP='BEGIN { for (i = 0; i < 120000000; i++) s += i }'
command -v /usr/bin/time >/dev/null || { skip "GNU time is not installed (apt-get install time)"; done_testing; exit; }

# "SECONDS CPU%" of the same command under GNU time
gnu_time() { /usr/bin/time -f '%e %P' -o "$T/gnu.$1" awk "$LOOP"; tr -d % < "$T/gnu.$1"; }
read -r g1 p1 <<< "$(gnu_time 1)"
"$CONTEST" run -s workload=command -s "command=awk '$LOOP'" -s flush=no -s monitors=no \
	-s "work_dir=$T/work" -k cmd -n 1 -r "$R" noload > "$T/out" 2> "$T/err"
ok $? "run of the command workload exits 0"
read -r g2 p2 <<< "$(gnu_time 2)"
f=$R/cmd/runs.tsv
is "$(col "$f" status)" ok "the row is ok"
cpu=$(col "$f" cpu_pct); t=$(col "$f" time_s)
# a busy machine lowers both alike: the reference is GNU time's, not 100
awk -v c="$cpu" -v a="$p1" -v b="$p2" 'BEGIN {
	lo = (a < b ? a : b) - 10; hi = (a > b ? a : b) + 10; exit !(c >= lo && c <= hi && c <= 101) }'
ok $? "CPU% is within 10 points of GNU time's ($p1, $p2) and at most 101 (got $cpu)"
echo "# contest Time $t s, GNU time $g1 s before and $g2 s after"
awk -v t="$t" -v a="$g1" -v b="$g2" 'BEGIN {
	lo = (a < b ? a : b) * 0.95; hi = (a > b ? a : b) * 1.05; exit !(t >= lo && t <= hi) }'
ok $? "Time is within 5% of GNU time's for the same command"
is "$(col "$f" jobs)" 0 "a command workload has no make jobs"
is "$(col "$f" flush)" none "flush = no is recorded"
done_testing

#!/usr/bin/env bash
# workload = command: a single-threaded busy loop, run by contest under GNU
# time, has the Time and CPU% GNU time gives that very execution; on an
# idle machine that CPU% is near 100. The reference
# is the same process, so a busy shared machine moves both alike, but for
# the edges: where contest says others disturbed the run, a miss is a skip.
. "$(dirname "$0")/lib.sh"
R=$T/reports
LOOP='BEGIN { for (i = 0; i < 120000000; i++) s += i }'
command -v /usr/bin/time >/dev/null || { skip "GNU time is not installed (apt-get install time)"; done_testing; exit; }

"$CONTEST" run -s workload=command \
	-s "command=/usr/bin/time -f '%e %P' -o '$T/gnu' awk '$LOOP'" "${NO_EXTRAS[@]}" \
	-s "work_dir=$T/work" -k cmd -n 1 -r "$R" noload > "$T/out" 2> "$T/err"
ok $? "run of the command workload exits 0"
f=$R/cmd/runs.tsv
is "$(col "$f" status)" ok "the row is ok"
read -r g p < <(tr -d % < "$T/gnu")
cpu=$(col "$f" cpu_pct); t=$(col "$f" time_s)
echo "# contest Time $t s CPU% $cpu; GNU time inside it $g s, $p%"
# a fork and an exit scheduled late widen contest's window around GNU
# time's on a busy machine (8.764 s against 8.37 at load 8)
# GNU time's %e has 10 ms resolution and starts a fork later than contest's clock
awk -v t="$t" -v g="$g" 'BEGIN { exit !(t >= g - 0.02) }'
ok $? "Time holds GNU time's for the same execution ($t vs $g)"
awk -v t="$t" -v g="$g" 'BEGIN { exit !(t <= g * 1.01 + 0.05) }'
ok_unless_disturbed $? "Time is GNU time's for the same execution, within 1% + 50 ms ($t vs $g)" "$f"
awk -v c="$cpu" 'BEGIN { exit !(c <= 101) }'
ok $? "CPU% is at most 101 ($cpu)"
awk -v c="$cpu" -v p="$p" 'BEGIN { exit !(c >= p - 2 && c <= p + 2) }'
ok_unless_disturbed $? "CPU% is GNU time's within 2 points ($cpu vs $p)" "$f"
is "$(col "$f" jobs)" 0 "a command workload has no make jobs"
is "$(col "$f" flush)" none "flush = no is recorded"
done_testing

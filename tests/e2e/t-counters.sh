#!/usr/bin/env bash
# The compile's perf counters are counted on its whole process tree: a
# command whose work is all in children has CPU migrations counted
# (inherit: the first process alone never moves). Each child is pinned to
# CPU 0 and then moves itself to CPU 1, so every run has migrations
# whatever the scheduler does: busy loops alone may be placed evenly at
# fork and never move, which is what a CI run once saw. Instructions and
# cycles are a count where the PMU has them, "-" where it has not (a VM's
# "<not supported>"), never 0; and cpu_mhz is cpufreq's clock where it
# exists, "-" where not, never 0.
. "$(dirname "$0")/lib.sh"
R=$T/reports
CONF=$T/c.conf
# one child: busy on CPU 0, then moves itself to CPU 1 and is busy there
cat >"$T/child.sh" <<'SH'
busy() { i=0; while [ $i -lt 50000 ]; do i=$((i + 1)); done; }
busy
taskset -p -c 1 $$ >/dev/null
busy
SH
printf 'for j in 1 2 3 4; do taskset -c 0 sh %s & done; wait\n' "$T/child.sh" >"$T/children.sh"
command_conf "$CONF" "sh $T/children.sh"
col_of() { awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"; }

"$CONTEST" run -c "$CONF" -r "$R" -k k -n 2 noload > /dev/null 2> "$T/err"
ok $? "two runs of 4 children that move between CPUs exit 0"
m=$(col_of "$R/k/runs.tsv" cpu_migrations | tr '\n' ' ')
if [ ! -e /proc/sys/kernel/perf_event_paranoid ]; then
	skip "CPU migrations are counted" "this kernel has no perf events (no /proc/sys/kernel/perf_event_paranoid)"
elif [ "$m" = "- - " ] && [ "$(id -u)" != 0 ] && [ "$(cat /proc/sys/kernel/perf_event_paranoid)" -ge 2 ]; then
	skip "CPU migrations are counted" "perf events are closed to this user (perf_event_paranoid $(cat /proc/sys/kernel/perf_event_paranoid)): contest records '-'"
elif ! taskset -c 0 true 2>/dev/null || ! taskset -c 1 true 2>/dev/null; then
	skip "CPU migrations are counted" "CPUs 0 and 1 are not both usable here: nothing is made to migrate"
else
	awk -v m="$m" 'BEGIN { n = split(m, v, " "); for (i = 1; i <= n; i++) if (v[i] !~ /^[0-9]+$/ || v[i] < 1) exit 1 }'
	ok $? "CPU migrations of the children are counted, inherited: $m"
fi
ins=$(col_of "$R/k/runs.tsv" instructions | tr '\n' ' ')
cyc=$(col_of "$R/k/runs.tsv" cycles | tr '\n' ' ')
case $ins in
"- - ") is "$cyc" "- - " "no PMU here: instructions and cycles are both '-', not 0" ;;
*) awk -v a="$ins" -v b="$cyc" 'BEGIN { split(a, x, " "); split(b, y, " "); exit !(x[1] > 1e6 && y[1] > 1e6) }'
   ok $? "instructions and cycles are counted: $ins / $cyc" ;;
esac
mhz=$(col_of "$R/k/runs.tsv" cpu_mhz | tr '\n' ' ')
if [ -r /sys/devices/system/cpu/cpu0/cpufreq/scaling_cur_freq ]; then
	awk -v m="$mhz" 'BEGIN { n = split(m, v, " "); for (i = 1; i <= n; i++) if (v[i] !~ /^[0-9]+$/ || v[i] < 1) exit 1 }'
	ok $? "cpu_mhz is cpufreq's mean clock: $mhz"
else
	is "$mhz" "- - " "no cpufreq here: cpu_mhz is '-', not 0"
fi
done_testing

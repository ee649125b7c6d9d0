#!/usr/bin/env bash
# run --boot: each guest run records what the host charged the guest
# (host_cpu_s, its user and sys split) and the guest's own CPU time
# (cpu_s), UML's meaningless user/sys split is left out, and compare,
# judge and changes take HostCPU as a metric (and as the guests' default).
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
boot_before

# a shell loop: user time in the guest, no syscalls; b's boot argument
# spin= (in its /proc/cmdline) makes it three times longer, so that judge
# has a bad kernel to tell from a good one
SPIN="sh -c 'n=\$(sed -n \"s/.* spin=\\([0-9]*\\).*/\\1/p\" /proc/cmdline); i=0; while [ \$i -lt \${n:-100000} ]; do i=\$((i+1)); done'"
start=$(date +%s)
others_begin
"$CONTEST" run --boot "$UML" --interleave -n 3 -k a=$UML -k b=$UML --boot-arg spin=300000 \
	"${BOOT[@]}" -s "command=$SPIN" noload > "$T/out" 2> "$T/err"
ok $? "run --boot of two kernels, interleaved, exits 0"
echo "# took $(( $(date +%s) - start )) s; load average $(cut -d' ' -f1 /proc/loadavg)"
f=$R/a/runs.tsv
for c in cpu_s host_cpu_s host_user_s host_sys_s; do
	head -n 1 "$f" | tr '\t' '\n' | grep -qx "$c"
	ok $? "runs.tsv has the column $c"
done
# the first row's values, "absent" for a column the header lacks
read -r time cpu host huser hsys user sys < <(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
	function v(k) {return (k in c) ? $c[k] : "absent"}
	NR==2 {print v("time_s"), v("cpu_s"), v("host_cpu_s"), v("host_user_s"), v("host_sys_s"), v("user_s"), v("sys_s")}' "$f")
num() { [[ $1 =~ ^[0-9]+(\.[0-9]+)?$ ]]; }
echo "# time_s $time cpu_s $cpu host_cpu_s $host host_user_s $huser host_sys_s $hsys"
num "$host" && num "$huser" && num "$hsys" &&
	awk -v h="$host" -v u="$huser" -v s="$hsys" 'BEGIN {exit !(h > 0 && u > 0 && s >= 0)}'
ok $? "the host charged the guest CPU time, user and sys ($host = $huser + $hsys)"
num "$host" && num "$huser" && num "$hsys" && num "$time" &&
	awk -v h="$host" -v u="$huser" -v s="$hsys" 'BEGIN {d = h - u - s; exit !(d < 0.02 && d > -0.02)}'
ok $? "host user and sys add up to host_cpu_s"
# the loop is the guest's processes' own work: the host charges it to them
num "$huser" && num "$hsys" && awk -v u="$huser" -v s="$hsys" 'BEGIN {exit !(u > s)}'
ok $? "a user-space loop is mostly the guest's user time on the host ($huser > $hsys)"
# one UML CPU: the host cannot charge more than the window (plus its tick)
num "$host" && awk -v h="$host" -v t="$time" 'BEGIN {exit !(h <= t + 0.1)}'
ok $? "host_cpu_s is within the run's wall time ($host <= $time)"
num "$cpu" && awk -v c="$cpu" -v t="$time" 'BEGIN {exit !(c > 0 && c <= t + 0.1)}'
ok $? "cpu_s, the guest's own count, is within the wall time ($cpu <= $time)"
is "$user $sys" "- -" "the guest's own user/sys split (UML's is noise) is not recorded"
# a quiet host runs the guest most of the window: quiet as others' CPU
# time and the hypervisor's steal say (the load average sees no steal):
# at most all CPUs but one and a half busy, and at least half a CPU
# allowed (on 2 CPUs, the one-CPU guest then has a CPU and a half)
quiet=$(awk -v n="$(getconf _NPROCESSORS_ONLN)" 'BEGIN { q = n - 1.5; print q < 0.5 ? 0.5 : q }')
if ! others_busy "$quiet"; then
	awk -v h="$host" -v t="$time" 'BEGIN {exit !(h >= 0.5 * t)}'
	ok $? "on a quiet host the guest gets half the window or more ($host of $time)"
else
	skip "the host is busy (others and steal kept $OTHERS CPUs busy): no share of the window to expect"
fi

"$CONTEST" compare -r "$R" a b > "$T/cmp" 2>&1
grep -q '^ *HostCPU' "$T/cmp" || grep -q 'HostCPU' "$T/cmp"
ok $? "compare shows HostCPU"
grep -q 'Time' "$T/cmp"
ok $? "and Time beside it"
"$CONTEST" compare -r "$R" --format lkp --metric HostCPU a b > "$T/lkp" 2>&1
rc=$?
grep -q 'contest\.noload\.host_cpu_s' "$T/lkp"
ok $? "compare --format lkp --metric HostCPU reports on host_cpu_s (exit $rc)"
# three rounds: alpha 0.05, as a bisection with few runs would take
J=(judge -r "$R" --good a --bad b --alpha 0.05)
"$CONTEST" "${J[@]}" --metric HostCPU b > "$T/judge" 2> "$T/judge.err"
is "$?" 1 "judge --metric HostCPU calls the slow kernel bad"
"$CONTEST" "${J[@]}" --metric HostCPU a > /dev/null 2>&1
is "$?" 0 "and the fast one good"
"$CONTEST" "${J[@]}" --metric NoSuchMetric a > /dev/null 2>&1
is "$?" 128 "a metric the runs lack stops it (the checks above could not pass by accident)"
"$CONTEST" "${J[@]}" b > "$T/judge2" 2> "$T/judge2.err"
is "$(grep 'against a' "$T/judge2.err")" "$(grep 'against a' "$T/judge.err")" \
	"judge of guests goes by HostCPU by default (the same difference)"
"$CONTEST" changes -r "$R" --metric host_cpu_s a b > "$T/changes" 2>&1
rc=$?
[ $rc -ne 2 ]
ok $? "changes --metric host_cpu_s is accepted (exit $rc)"
boot_nothing_left
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# t-monitors - every run logs vmstat and iostat (and sar, pidstat when asked)
# from before the load to after it, records the pressure stall time of the
# compile window where /proc/pressure exists, and a monitor that is not
# installed is one warning per session, not a failure. The timed command is
# a cheap sleep plus a little I/O, so the whole test takes seconds.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
CMD="sh -c 'dd if=/dev/zero of=$T/io bs=1M count=32 conv=fsync 2>/dev/null; rm -f $T/io; sleep 3'"
common=(-s workload=command -s "command=$CMD" -s flush=no -s quiet_wait=0 -s load_lead=1s
	-s "work_dir=$T/work" -r "$R")

"$CONTEST" run "${common[@]}" -k M -n 1 noload process_load >"$T/m.out" 2>"$T/m.err"
ok $? "run with the default monitors exits 0"
for load in noload process_load; do
	v=$R/M/logs/$load.1.vmstat i=$R/M/logs/$load.1.iostat
	# the header, then at least 3 one-second samples: started before the
	# 1 s lead and the 3 s command, stopped after them (a margin of one)
	[ "$(grep -c '^ *[0-9]' "$v" 2>/dev/null)" -ge 3 ] && grep -q ' free ' "$v"
	ok $? "$load: vmstat log with its header and 3+ samples ($(grep -c '^ *[0-9]' "$v" 2>/dev/null) lines)"
	[ "$(grep -c '^Device' "$i" 2>/dev/null)" -ge 2 ]
	ok $? "$load: iostat -dx log with 2+ reports"
done
if [ -r /proc/pressure/cpu ]; then
	# one line a second, seconds then six totals; the totals never go down
	awk '!/^#/ { n++; if (NF != 7) bad = 1; for (i = 2; i <= 7; i++) { if (n > 1 && $i < p[i]) bad = 1; p[i] = $i } }
	     END { exit bad || n < 3 }' "$R/M/logs/process_load.1.psi"
	ok $? "psi log: a line a second with six growing totals ($(grep -vc '^#' "$R/M/logs/process_load.1.psi") lines)"
else
	skip "psi log" "no /proc/pressure on this kernel"
fi
[ ! -e "$R/M/logs/noload.1.sar" ] && [ ! -e "$R/M/logs/noload.1.pidstat" ]
ok $? "sar and pidstat only when asked"

# whole column names: psi_io_full_us is also a substring of cg_psi_io_full_us
head -n 1 "$R/M/runs.tsv" | tr '\t' '\n' > "$T/columns"
for c in psi_cpu_some_us psi_memory_full_us psi_io_some_us cg_psi_io_full_us; do
	grep -qxF "$c" "$T/columns"
	ok $? "runs.tsv has a $c column"
done
if [ -r /proc/pressure/cpu ]; then
	# the load is a ring of 4 x CPUs processes passing a token: CPU
	# pressure over the window must show, but how much is the scheduler's
	# (90 ms to seconds here, by what else the machine runs): more than 0
	is "$(col "$R/M/runs.tsv" psi_io_some_us | grep -cE '^[0-9]+$')" 2 \
		"psi_io_some_us is a whole number of microseconds in both rows"
	some=$(col "$R/M/runs.tsv" psi_cpu_some_us | tail -n 1)
	awk -v s="$some" 'BEGIN { exit !(s ~ /^[0-9]+$/ && s > 0) }'
	ok $? "process_load's ring of processes shows as CPU pressure (${some} us > 0)"
	"$CONTEST" report -r "$R" --stats M >"$T/stats" 2>/dev/null
	mean=$(awk '/^process_load:/ { t = 1 } t && /^Pressure/ { p = 1; next } p && /^M \[1\]/ { print $3; exit }' "$T/stats")
	is "$mean" "$(awk -v s="$some" 'BEGIN { printf "%.2f", s / 1e6 }')" \
		"report --stats shows process_load's CPU pressure in seconds ($mean)"
	own=$(col "$R/M/runs.tsv" psi_cpu_some_us | head -n 1)
	split=$(awk '/^process_load:/ { t = 1 } t && /^  own \(noload\)/ { o = $3 } t && /^  from the load/ { print o, $4; exit }' "$T/stats")
	is "$split" "$(awk -v s="$some" -v o="$own" 'BEGIN { printf "%.2f %.2f", o / 1e6, (s - o) / 1e6 }')" \
		"and splits it: the compile's own (noload's) and the rest, the load's ($split)"
else
	skip "pressure values" "no /proc/pressure on this kernel"
	skip "process_load CPU pressure" "no /proc/pressure on this kernel"
	skip "report --stats pressure" "no /proc/pressure on this kernel"
	skip "report --stats pressure split" "no /proc/pressure on this kernel"
fi
"$CONTEST" report -r "$R" --format csv M >"$T/csv" 2>/dev/null
is "$(head -n 1 "$T/csv" | tr ',' '\n' | grep -c '_us$')" 12 "report --format csv carries the 12 pressure means"

# sar writes sadc's binary file, which sar -f reads back; pidstat its text
"$CONTEST" run "${common[@]}" -s "command=sleep 2" -s "monitors=sar pidstat" -k S -n 1 noload >/dev/null 2>"$T/s.err"
ok $? "run with monitors = sar pidstat exits 0"
sar -f "$R/S/logs/noload.1.sar" >"$T/sar.txt" 2>&1
ok $? "the .sar file is one sar -f reads ($(grep -c 'all' "$T/sar.txt") CPU lines)"
grep -q 'PID' "$R/S/logs/noload.1.pidstat"
ok $? "pidstat log"
[ ! -e "$R/S/logs/noload.1.vmstat" ]
ok $? "no vmstat log when monitors leaves it out"

# a PATH without vmstat: one warning for the whole session, runs still ok
mkdir "$T/bin"	# what this run executes, vmstat left out
for p in sleep sh iostat; do ln -s "$(command -v "$p")" "$T/bin/$p"; done
PATH=$T/bin "$CONTEST" run "${common[@]}" -s "command=sleep 1" -k W -n 2 noload >/dev/null 2>"$T/w.err"
ok $? "run without vmstat installed exits 0"
is "$(grep -c "'vmstat' not found" "$T/w.err")" 1 "one warning in a session of two runs"
is "$(rows_with "$R/W/runs.tsv" ok)" 2 "both runs ok"
[ -s "$R/W/logs/noload.2.iostat" ] && [ ! -e "$R/W/logs/noload.2.vmstat" ]
ok $? "iostat still logged"

"$CONTEST" run "${common[@]}" -s "monitors=vmstat,top" -k X noload >/dev/null 2>"$T/x.err"
is $? 2 "an unknown monitor is bad config (exit 2)"
grep -q "monitors=vmstat,top" "$T/x.err"
ok $? "the error names the -s: $(head -n 1 "$T/x.err")"
[ ! -e "$R/X" ]
ok $? "nothing recorded for the bad config"

nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

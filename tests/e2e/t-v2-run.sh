#!/usr/bin/env bash
# A whole session in a user-mode-linux guest with a pure cgroup v2
# hierarchy and contest started outside any delegation (tests/e2e/lib-uml.sh):
# quick.conf with mem_limit=256M and cpu_limit=0.5 runs noload process_load
# mem_load to ok rows, the driver sits in a leaf of its own group meanwhile,
# LCPU% comes from the load's cgroup, and no cgroup is left. The synthetic
# tree is tiny: quick.conf's takes ~4 minutes to compile in the guest.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

R=$T/reports
tiny=(-s synthetic_dirs=1 -s synthetic_files=1 -s synthetic_funcs=1 -s quiet_wait=0 -s mem_load.size=64M)
before=$(uml_groups)
"$CONTEST" run "${QUICK[@]}" "${tiny[@]}" -s mem_limit=256M -s cpu_limit=0.5 -k V -r "$R" \
	noload process_load mem_load > "$T/out" 2> "$T/err" &
pid=$!
# where the driver and the compile sit while it runs
while kill -0 $pid 2> /dev/null; do
	cat /proc/$pid/cgroup >> "$T/driver.cg" 2> /dev/null
	for p in $(cat /sys/fs/cgroup/contest-$pid/session/compile/cgroup.procs 2> /dev/null); do
		echo "$p" >> "$T/compile.pids"
	done
	sleep 0.5
done
wait $pid
rc=$?
ok $rc "quick.conf noload process_load mem_load under mem_limit=256M cpu_limit=0.5 exits 0"
[ $rc -eq 0 ] || sed 's/^/# /' "$T/err" | tr '\r' '\n' | grep -v elapsed | tail -15
f=$R/V/runs.tsv
is "$(col "$f" status | tr '\n' ' ')" "ok ok ok " "three ok rows"
grep -qx "0::/contest-$pid/driver" "$T/driver.cg"
ok $? "the driver ran in the leaf /contest-$pid/driver ($(sort -u "$T/driver.cg" | tr '\n' ' '))"
[ -s "$T/compile.pids" ]
ok $? "compile processes were seen in /contest-$pid/session/compile"
grep -q "cgroup v2: compile and load in '/sys/fs/cgroup/contest-$pid/session'" "$T/err"
ok $? "contest says where compile and load run"
! grep -q "LCPU% from a /proc scan" "$T/err"
ok $? "LCPU% never fell back to the /proc scan"
lcpu=$(col "$f" lcpu_pct | sed -n 2p); cpu=$(col "$f" cpu_pct | sed -n 2p)
# compile and load share the session's half CPU: their sum is the quota
awk -v l="$lcpu" -v c="$cpu" 'BEGIN { exit !(l > 5 && l + c >= 40 && l + c <= 56) }'
ok $? "process_load's LCPU% $lcpu and the compile's CPU% $cpu share the 0.5 CPU quota"
is "$(col "$f" mem_limit | sort -u)" 256M "the rows record mem_limit"
is "$(uml_groups)" "$before" "no cgroup left behind (/sys/fs/cgroup: $(uml_groups))"
done_testing

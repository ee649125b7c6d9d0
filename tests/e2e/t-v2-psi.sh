#!/usr/bin/env bash
# The session cgroup's own pressure under cgroup v2: a run in a user-mode-linux
# guest with a pure v2 hierarchy (tests/e2e/lib-uml.sh) fills runs.tsv's
# cg_psi_*_us columns from the group's {cpu,memory,io}.pressure with numbers,
# and they measure the group: process_load's spinners under cpu_limit=0.5
# stall on the CPU for a part of the window that noload's sleep does not,
# and no stall is longer than the window. Debian's linux.uml is built without
# CONFIG_PSI, so the guest kernel is one `make uml-kernel` built (it turns
# PSI on): $CONTEST_UML_PSI, else the first work/*.uml of this tree.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"

if [ -z "${CONTEST_IN_UML:-}" ]; then
	if ! zcat /usr/share/doc/user-mode-linux/config.gz 2> /dev/null | grep -qx 'CONFIG_PSI=y'; then
		UML=
		for img in ${CONTEST_UML_PSI:-} "$TOP"/work/*.uml; do
			[ -x "$img" ] && { UML=$img; break; }
		done
		[ -n "$UML" ] || {
			skip "Debian's linux.uml has no CONFIG_PSI and no work/*.uml is built" \
				"(make uml-kernel, or CONTEST_UML_PSI=IMAGE)"
			done_testing
			exit
		}
		echo "# guest kernel: $UML"
	fi
	uml_main "$0" 512M
fi

[ -r /proc/pressure/cpu ] && [ -r /sys/fs/cgroup/init.scope/cpu.pressure ] || {
	skip "the guest kernel has no pressure stall information (CONFIG_PSI)"
	done_testing
	exit
}
R=$T/reports
"$CONTEST" run -s workload=command -s "command=sleep 2" -s flush=no -s quiet_wait=0 \
	-s "work_dir=$T/work" -s cpu_limit=0.5 -s monitors=none -n 1 -k V -r "$R" \
	noload process_load > "$T/out" 2> "$T/err"
rc=$?
ok $rc "noload and process_load under cpu_limit=0.5 exit 0"
[ $rc -eq 0 ] || sed 's/^/# /' "$T/err" | tr '\r' '\n' | grep -v elapsed | tail -15
f=$R/V/runs.tsv
is "$(col "$f" status | tr '\n' ' ')" "ok ok " "two ok rows"
for c in cpu_some cpu_full memory_some memory_full io_some io_full; do
	v=$(col "$f" "cg_psi_${c}_us" | tr '\n' ' ')
	[[ $v =~ ^[0-9]+(\.[0-9]+)?\ [0-9]+(\.[0-9]+)?\ $ ]]
	ok $? "cg_psi_${c}_us holds a number in both rows: $v"
done
[[ $(col "$f" psi_cpu_some_us | tr '\n' ' ') =~ ^[0-9]+(\.[0-9]+)?\ [0-9]+(\.[0-9]+)?\ $ ]]
ok $? "the machine's psi_cpu_some_us too: $(col "$f" psi_cpu_some_us | tr '\n' ' ')"
noload=$(col "$f" cg_psi_cpu_some_us | sed -n 1p)
spin=$(col "$f" cg_psi_cpu_some_us | sed -n 2p)
time=$(col "$f" time_s | sed -n 2p)
awk -v s="$spin" -v t="$time" 'BEGIN { exit !(s > 0.1 * t * 1e6) }'
ok $? "process_load's group stalled on the CPU for over a tenth of the window ($spin us of $time s)"
awk -v n="$noload" -v s="$spin" 'BEGIN { exit !(n < s / 10) }'
ok $? "noload's group stalled far less ($noload us against $spin us)"
awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) { if ($i == "time_s") t = i
		if ($i ~ /^cg_psi_/) c[i] } next }
	{ for (i in c) if ($i > $t * 1e6 * 1.05 + 100000) bad = 1 } END { exit bad }' "$f"
ok $? "no stall is longer than its window"
done_testing

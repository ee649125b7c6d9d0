#!/usr/bin/env bash
# run --boot: a quick noload + process_load session inside a user-mode-linux
# guest records ok rows on the host, whose env says guest and kernel 6.1.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
boot_before

start=$(date +%s)
"$CONTEST" run --boot "$UML" -k uml "${BOOT[@]}" noload process_load > "$T/out" 2> "$T/err"
ok $? "run --boot exits 0"
echo "# took $(( $(date +%s) - start )) s"
f=$R/uml/runs.tsv
is "$(rows_with "$f" ok)" 2 "two ok rows on the host"
is "$(col "$f" load | tr '\n' ' ')" "noload process_load " "the loads in order"
awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} $c["load"]=="process_load" && $c["loads"] > 0 && $c["lcpu_pct"] > 0' "$f" | grep -q .
ok $? "process_load did work beside the workload in the guest"
grep -q '^guest: uml$' "$R/uml/env"
ok $? "env: guest: uml"
grep -Eq '^uname: Linux .* 6\.1\.' "$R/uml/env"
ok $? "env: the guest kernel's uname (6.1)"
is "$(sed -n 's/^cpus: //p' "$R/uml/env")" 1 "env: the guest's one CPU"
mem=$(sed -n 's/^memtotal: \([0-9]*\).*/\1/p' "$R/uml/env")
[ "$mem" -gt $((400 << 20)) ] && [ "$mem" -le $((512 << 20)) ]
ok $? "env: memtotal is the guest's 512M, not the host's ($mem)"
grep -q '^guest_mem: 512M$' "$R/uml/env" && grep -q '^guest_boot_args: none$' "$R/uml/env" &&
	grep -q "^guest_image: $UML\$" "$R/uml/env" && grep -q '^host_uname: ' "$R/uml/env"
ok $? "env: how the guest was booted, and the host"
sched=$(sed -n 's/^guest_scratch_scheduler: //p' "$R/uml/env")
[ -n "$sched" ] && [ "$sched" != unknown ] && grep -q "$sched" <<< "mq-deadline none bfq kyber"
ok $? "env: the scratch disk's I/O scheduler in the guest ($sched)"
grep -qx "work_dir = $T/work" "$R/uml/env" && grep -q '^command = sh -c' "$R/uml/env" &&
	grep -qx 'load_lead = 1s' "$R/uml/env"
ok $? "env: the guest's session had run's -c and -s"
grep -q '^noload:$' "$T/out" && grep -q '^uml \[1\]' "$T/out"
ok $? "the tables on stdout"
grep -q 'contest: process_load [^:]*, run 1: ' "$T/err"
ok $? "the guest's progress on stderr"
is "$(tail -n 1 "$T/err")" "contest: results in $f" "the session ends saying where the rows went"
grep -q 'reboot: System halted' "$R/uml/logs/guest.console"
ok $? "the console log shows the guest powering off"
"$CONTEST" env | grep -qx 'guest: none'
ok $? "contest env on the host says guest: none"
boot_nothing_left
ok $? "nothing left behind"
done_testing

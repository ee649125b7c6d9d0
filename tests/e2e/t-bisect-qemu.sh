#!/usr/bin/env bash
# long: a bisection under QEMU (TCG where KVM cannot boot it) of four commits of linux-source-6.1: 17 minutes here the first time, about 9 of them its first bzImage build, 5 with work/ kept; emulated guests
# timeout: 1800
# contest bisect --build 'scripts/qemu-kernel.sh --bisect' names its commit
# over a short range of a real tree: four commits of linux-source-6.1
# (lib-bisect.sh's open_delay_repo, HEAD~6..HEAD~2), the second of which
# busy-waits 60 us in do_sys_openat2, each step an x86_64 bzImage built out
# of tree in one build directory and booted under QEMU on as many vCPUs as
# the host has CPUs (2 here), whose workload opens /dev/null 20000 times.
# Under TCG every instruction is emulated: only a large regression is
# worth a bisection there, and the times are the emulator's.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-qemu-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
why=$(qemu_boot_skip)
[ -z "$why" ] || { skip "$why"; done_testing; exit; }
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
export TMPDIR=$T
R=$T/reports
t0=$(date +%s)
open_delay_repo
is "$(git -C "$G" rev-list --count HEAD 2>/dev/null)" 14 \
	"a git repository of linux-source-6.1 and thirteen commits ($(( $(date +%s) - t0 )) s)"
git -C "$G" show HEAD~4:fs/open.c | grep -q '^	udelay(60);'
ok $? "the ninth commit puts a delay in do_sys_openat2"
culprit=$(git -C "$G" rev-parse --short=12 HEAD~4)
accel=$(qemu_accel)

# 20000 opens of /dev/null (devtmpfs, in the guest): the delay adds 1.2 s
# of busy-waiting to each bad run
OPENS="sh -c 'i=0; while [ \$i -lt 20000 ]; do : < /dev/null; i=\$((i+1)); done'"
t1=$(date +%s)
nice "$CONTEST" bisect --tree "$G" --good HEAD~6 --bad HEAD~2 --max-rounds 8 \
	--build "$TOP/scripts/qemu-kernel.sh --bisect" -c "$TOP/configs/quick.conf" \
	-s "work_dir=$W/qemu-work" -s quiet_wait=0 -s load_lead=1s -s flush=no -s workload=command \
	-s "command=$OPENS" -r "$R" --vm-mem 512M noload > "$T/out" 2> "$T/err"
is $? 0 "bisect under QEMU/$accel ends (exit 0)"
t2=$(date +%s)
grep -q "^bisect: the culprit is $culprit " "$T/out"
ok $? "the culprit is the commit that delays open() ($culprit)"
grep -qx "guest: qemu-$accel" "$R/$culprit/env" && grep -qx "guest_cpus: $(nproc)" "$R/$culprit/env"
ok $? "the culprit ran in a QEMU/$accel guest on the host's CPUs ($(grep '^guest' "$R/$culprit/env" | tr '\n' ' '))"
grep -q "^commit: $(git -C "$G" rev-parse HEAD~4)\$" "$R/$culprit/env"
ok $? "the culprit's env records its commit"
# auto fell back to TCG: said once in the whole bisection, not at each boot
[ "$accel" != tcg ] || is "$(grep -c 'QEMU emulates the CPU (TCG)' "$T/err")" 1 \
	"the TCG warning once, not once a guest"
# what it took, for docs/PERFORMANCE.md
builds=$(grep -c '^====' "$R/.bisect/build.log")
echo "# the repository $(( t1 - t0 )) s, the bisection $(( t2 - t1 )) s ($builds builds)"
grep '^bisect: ' "$T/out" | grep -v '^bisect: rule:' | sed 's/^/# /'
grep -h '^warning\|^error' "$T/err" | sort | uniq -c | sed 's/^/# /'
guest_nothing_left
ok $? "nothing left behind: no QEMU, no scratch disk, no guest directory"
done_testing

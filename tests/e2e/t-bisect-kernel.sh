#!/usr/bin/env bash
# slow: a real kernel bisection: UML built from linux-source-6.1 (9 minutes the first time, 30 s a commit after), 17 minutes in all the first time, which CI's 90 now spend on the QEMU and fitted UML kernels
# timeout: 7200
# contest bisect on a real kernel: a git repository of linux-source-6.1 (a
# base commit, then nine small commits, the sixth of which busy-waits in
# the read() path), each step built for UML by the default build (one build
# directory, incremental after the first) and booted as a guest whose
# workload is dd's reads; a Ctrl-C after the first step and --resume name
# the same commit without measuring a decided step again.
. "$(dirname "$0")/lib.sh"
[ -f /usr/src/linux-source-6.1.tar.xz ] ||
	{ skip "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"; done_testing; exit; }
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
# every kernel booted is one the default build made, fitted to this CPU
# (guest/uml-fp.h): Debian's linux.uml need not run here
BOOT_OWN_KERNELS=1
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
boot_before
t0=$(date +%s)
# The repository, its bisect worktree and build directory live in
# work/bisect-kernel and are made once (make_kernel_repo)
W=$TOP/work/bisect-kernel
G=$W/linux
# the sixth commit: 1 ms of udelay in ksys_read
delay_read() {
	awk '/^ssize_t ksys_read\(unsigned int fd/ { f = 1 }
		f && /ssize_t ret = -EBADF;/ { print; print "\tudelay(1000);\t/* contest test: a delay in read() */"; f = 0; next }
		{ print }' "$1" > "$T/rw.c" && cat "$T/rw.c" > "$1"
	sed -i '0,/^#include/s|^#include|#include <linux/delay.h>\n&|' "$1"
}
make_kernel_repo "$W" "contest t-bisect-kernel 3" delay_read "read: busy-wait 1ms in ksys_read" ||
	{ done_testing; exit; }
is "$(git -C "$G" rev-list --count HEAD 2>/dev/null)" 10 \
	"a git repository of linux-source-6.1 and nine commits ($(( $(date +%s) - t0 )) s)"
git -C "$G" show HEAD~3:fs/read_write.c | grep -q 'udelay(1000);'
ok $? "the sixth commit puts a delay in ksys_read"
culprit=$(git -C "$G" rev-parse --short=12 HEAD~3)
# 10000 reads: about 1.5 s in a UML guest, 10 s more with the delay; a
# guest's run varies by a second or two now and then
DD="dd if=/dev/zero of=/dev/null bs=512 count=10000"
ARGS=(--tree "$G" --good HEAD~9 --bad HEAD --max-rounds 8 -c "$TOP/configs/quick.conf"
	--config-fragment "$W/fast.config" -s "work_dir=$W/work" -s quiet_wait=1s -s load_lead=1s -s workload=command
	-s "command=$DD" -r "$R" --vm-mem 256M noload)
# stopped by Ctrl-C once the first step is placed
ctrl_c_after_step1 7200 "${ARGS[@]}"
t1=$(date +%s)
before=$(state_runs)
nice "$CONTEST" bisect --resume "${ARGS[@]}" > "$T/out2" 2> "$T/err2"
is $? 0 "--resume goes on and names a culprit"
grep -q "^bisect: the culprit is $culprit " "$T/out2"
ok $? "the culprit is the commit that delays read() ($culprit)"
[ -n "$(grep '^bisect: step 1: .*(from the state)' "$T/out2")" ]
ok $? "the decided step is answered from the state, not measured again"
is "$(ok_rows)" "$(state_runs)" "every ok run is one the state recorded: none measured twice"
echo "# before the Ctrl-C: $before runs, $(( t1 - t0 )) s; in all $(state_runs) runs, $(( $(date +%s) - t0 )) s"
grep '^bisect: [0-9]* steps' "$T/out2" | sed 's/^/# /'
grep -h '^warning\|^error' "$T/err1" "$T/err2" | sed 's/^/# /'
grep -q "^commit: $(git -C "$G" rev-parse HEAD~3)\$" "$R/$culprit/env" &&
	grep -q '^subject: read: busy-wait 1ms' "$R/$culprit/env"
ok $? "the culprit's env records its commit and subject"
[ -f "$T/out2" ] && sed 's/^/# /' "$T/out2" | tail -5
boot_nothing_left
ok $? "nothing left behind"
done_testing

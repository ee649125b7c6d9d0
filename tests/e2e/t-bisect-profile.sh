#!/usr/bin/env bash
# slow: a real kernel bisection with profiles, UML built from linux-source-6.1: 28 minutes here the first time (its first build 15, beside another bisection; 20-60 s a commit after), more than CI's spare half hour
# timeout: 7200
# contest bisect names the function: a git repository of linux-source-6.1
# (a base commit, then nine small commits, the sixth of which puts a busy
# loop in ksys_read itself), each step built for UML by the default build
# and booted as a guest whose workload is dd's reads, with monitors =
# profile (the host's perf samples each guest's kernel); the mail names
# the culprit and, decided by the test per symbol, ksys_read as the
# function it made slower.
. "$(dirname "$0")/lib.sh"
[ -f /usr/src/linux-source-6.1.tar.xz ] ||
	{ skip "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"; done_testing; exit; }
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
command -v perf > /dev/null && perf --version > /dev/null 2>&1 ||
	{ skip "no working perf (apt-get install linux-perf)"; done_testing; exit; }
# every kernel booted is one the default build made, fitted to this CPU
BOOT_OWN_KERNELS=1
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
boot_before
t0=$(date +%s)
# made once in work/bisect-profile (make_kernel_repo)
W=$TOP/work/bisect-profile
G=$W/linux
# the sixth commit spins in ksys_read's own code, about 1 ms a read, so
# that its self samples are ksys_read's (udelay's would be __delay's)
spin_read() {
	awk '/^ssize_t ksys_read\(unsigned int fd/ { f = 1 }
		f && /ssize_t ret = -EBADF;/ { print; print "\tvolatile unsigned long spin;\n\n\tfor (spin = 0; spin < 500000; spin++)\t/* contest test: busy in read() */\n\t\t;"; f = 0; next }
		{ print }' "$1" > "$T/rw.c" && cat "$T/rw.c" > "$1"
}
make_kernel_repo "$W" "contest t-bisect-profile 1" spin_read "read: spin in ksys_read" ||
	{ done_testing; exit; }
is "$(git -C "$G" rev-list --count HEAD 2>/dev/null)" 10 \
	"a git repository of linux-source-6.1 and nine commits ($(( $(date +%s) - t0 )) s)"
git -C "$G" show HEAD~3:fs/read_write.c | grep -q 'contest test: busy in read()'
ok $? "the sixth commit spins in ksys_read"
culprit=$(git -C "$G" rev-parse --short=12 HEAD~3)
rm -rf "$R"
DD="dd if=/dev/zero of=/dev/null bs=512 count=10000"
nice "$CONTEST" bisect --tree "$G" --good HEAD~9 --bad HEAD --max-rounds 8 \
	-c "$TOP/configs/quick.conf" --config-fragment "$W/fast.config" -s "work_dir=$W/work" \
	-s quiet_wait=1s -s load_lead=1s -s workload=command -s "command=$DD" \
	-s monitors=profile -r "$R" --vm-mem 256M --format mail --to lkml@example.org \
	noload > "$T/mail" 2> "$T/err"
is $? 0 "the bisection names a culprit and writes its mail"
grep -q "^bisect: the culprit is $culprit " "$T/err"
ok $? "the culprit is the commit that spins in ksys_read ($culprit)"
n=$(ls "$R/$culprit"/logs/noload.*.profile 2>/dev/null | wc -l)
[ "$n" -ge 2 ]
ok $? "the culprit's runs have profiles, the host's perf of its UML kernel ($n)"
line=$(grep '^bisect: the culprit against its parent, by their profiles: ' "$T/err")
echo "# $line"
[[ $line =~ most\ changed:\ ksys_read\ self\ [0-9.]+%\ -\>\ [0-9.]+%,\ worse,\ p\  ]]
ok $? "the outcome names ksys_read, decided worse"
tr '\n' ' ' < "$T/mail" | tr -s ' ' | grep -q 'By their profiles (the perf-profile.self rows, a test per kernel function): most changed: ksys_read self'
ok $? "the mail names ksys_read as the function the culprit made slower"
grep 'perf-profile.self.ksys_read' "$T/mail" | sed 's/^/# /'
grep 'perf-profile.self.ksys_read' "$T/mail" | grep -q 'worse'
ok $? "its perf-profile.self.ksys_read row is decided worse"
echo "# in all $(state_runs) runs, $(( $(date +%s) - t0 )) s"
grep '^bisect: the bisection:\|^bisect: this session:' "$T/err" | sed 's/^/# /'
grep -h '^warning\|^error' "$T/err" | sed 's/^/# /'
boot_nothing_left
ok $? "nothing left behind"
done_testing

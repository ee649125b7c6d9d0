#!/usr/bin/env bash
# slow: the 24% case of issue 37, a UML bisection of linux-source-6.1 beside two busy loops: 19 minutes here with the build kept (100 rounds, 262 guests), plus a cold build of 9 to 18, more than CI's spare 30 minutes leave beside the other long tests
# timeout: 7200
# contest bisect names a 24% regression on a busy machine: a git repository
# of linux-source-6.1 (a base commit, then thirteen small commits, the
# ninth of which busy-waits 60 us in do_sys_openat2), each step built for
# UML by the default build and booted as a guest whose workload is a grep
# over /usr/include (about 8000 opens), while two busy loops of this test
# compete for the host's two CPUs from the first measurement on. The default metric for a guest
# (HostCPU) and the default cap of rounds must be enough to name it.
. "$(dirname "$0")/lib.sh"
[ -f /usr/src/linux-source-6.1.tar.xz ] ||
	{ skip "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"; done_testing; exit; }
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
opens=$(find /usr/include -type f 2>/dev/null | wc -l)
[ "$opens" -ge 4000 ] ||
	{ skip "/usr/include has $opens files: the workload wants thousands of opens"; done_testing; exit; }
# every kernel booted is one the default build made, fitted to this CPU
BOOT_OWN_KERNELS=1
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
boot_before
t0=$(date +%s)
# work/bisect-open: the repository (lib-bisect.sh), kept with its build
# directory, so a later run builds incrementally
open_delay_repo || { done_testing; exit; }
is "$(git -C "$G" rev-list --count HEAD 2>/dev/null)" 14 \
	"a git repository of linux-source-6.1 and thirteen commits ($(( $(date +%s) - t0 )) s)"
git -C "$G" show HEAD~4:fs/open.c | grep -q '^	udelay(60);'
ok $? "the ninth commit puts a delay in do_sys_openat2"
culprit=$(git -C "$G" rev-parse --short=12 HEAD~4)

# a grep that opens every file under /usr/include and finds nothing
# (its exit status 1, which the run takes as success)
GREP="grep -r -c zzzz-contest /usr/include > /dev/null; [ \$? = 1 ]"
ARGS=(--tree "$G" --good HEAD~13 --bad HEAD -c "$TOP/configs/quick.conf"
	--config-fragment "$W/fast.config" -s "work_dir=$W/work" -s quiet_wait=0 -s load_lead=1s
	-s flush=no -s workload=command -s "command=sh -c '$GREP'" -r "$R"
	--vm-mem 256M noload)
# the hog: two busy loops at contest's niceness, bounded by the test's own
# timeout, killed at exit however the test ends. They start with the
# first measurement (the first candidate's results): the builds are not
# measured, and beside a cold build they would only double it.
HOG=()
hog_stop() { [ ${#HOG[@]} -eq 0 ] || { kill "${HOG[@]}" 2> /dev/null; wait "${HOG[@]}" 2> /dev/null; }; HOG=(); }
at_exit hog_stop
t1=$(date +%s)
nice "$CONTEST" bisect "${ARGS[@]}" > "$T/out" 2> "$T/err" &
pid=$!
at_exit "kill $pid 2> /dev/null"
while kill -0 $pid 2> /dev/null && [ -z "$(ls "$R" 2> /dev/null)" ]; do
	sleep 1
done
th=$(date +%s)
for _ in 1 2; do
	nice timeout 7200 sh -c 'while :; do :; done' &
	HOG+=($!)
done
wait $pid
is $? 0 "bisect beside two busy loops ends (exit 0)"
t2=$(date +%s)
hog_stop
grep -q "^bisect: the culprit is $culprit " "$T/out"
ok $? "the culprit is the commit that delays open() ($culprit)"
grep -q "^commit: $(git -C "$G" rev-parse HEAD~4)\$" "$R/$culprit/env"
ok $? "the culprit's env records its commit"
# what it took, for docs/PERFORMANCE.md
echo "# $opens files under /usr/include; the repository $(( t1 - t0 )) s, the bisection $(( t2 - t1 )) s, $(( t2 - th )) s of it beside the hog"
grep '^bisect: ' "$T/out" | grep -v '^bisect: rule:' | sed 's/^/# /'
grep -h '^warning\|^error' "$T/err" | sed 's/^/# /'
boot_nothing_left
ok $? "nothing left behind"
done_testing

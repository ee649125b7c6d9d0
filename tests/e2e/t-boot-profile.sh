#!/usr/bin/env bash
# run --boot with monitors = profile: a UML guest's kernel is a process of
# the host, so the host's perf samples it (cpu-clock, perf record -p) over
# each run's compile window, the guest's session asking for it; each run
# keeps logs/LOAD.N.profile whose kernel symbols are the UML binary's, and
# compare tests them as it does the host's. A QEMU guest's session runs
# perf inside (cpu-clock), its FIFOs and raw data off the 9p results.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
command -v perf > /dev/null && perf --version > /dev/null 2>&1 ||
	{ skip "no working perf (apt-get install linux-perf)"; done_testing; exit; }
boot_before
# dd's reads: most of the guest's time is its kernel's, in the read path
DD="dd if=/dev/zero of=/dev/null bs=512 count=20000"
start=$(date +%s)
nice "$CONTEST" run --boot "$UML" --interleave -n 3 -k a=$UML -k b=$UML "${BOOT[@]}" \
	-s "command=$DD" -s monitors=profile noload > "$T/out" 2> "$T/err"
ok $? "run --boot of two kernels with monitors = profile exits 0"
echo "# took $(( $(date +%s) - start )) s"
grep -h '^warning\|^error' "$T/err" | sed 's/^/# /'
n=0
for k in a b; do
	for i in 1 2 3; do
		f=$R/$k/logs/noload.$i.profile
		[ -f "$f" ] && grep -qx 'event cpu-clock' "$f" &&
			awk '$1 == "kernel" && $2 > 0 { k = 1 } END { exit !k }' "$f" &&
			grep -q '^sym ' "$f" && n=$((n + 1))
	done
done
is "$n" 6 "every run of both guests has a profile with kernel samples, by cpu-clock"
f=$R/a/logs/noload.1.profile
sed -n 1,6p "$f" 2>/dev/null | sed 's/^/# /'
grep -q '^# contest profile: perf record -p of a UML guest' "$f"
ok $? "the profile says it is the UML kernel's process, sampled by the host"
# its symbols are the guest kernel's: the UML binary's, not the host's
nm "$UML" 2>/dev/null | awk '{ print $NF }' | sort -u > "$T/uml-syms"
awk '$1 == "sym" { print $3 }' "$R"/[ab]/logs/noload.*.profile | sort -u > "$T/prof-syms"
total=$(wc -l < "$T/prof-syms")
inuml=$(comm -12 "$T/uml-syms" "$T/prof-syms" | wc -l)
echo "# $inuml of $total symbols named are the UML binary's"
[ "$total" -gt 0 ] && [ "$inuml" -ge $(( total * 9 / 10 )) ]
ok $? "the kernel symbols are the UML binary's ($inuml of $total)"
{ ls "$R"/[ab]/logs | grep "perf\.data\|perf\.ctl\|perf\.ack\|perf\.script"; ls "$T" | grep "^contest-perf\."; } | grep -q .
ok $((!$?)) "perf's raw data and FIFOs are removed"
"$CONTEST" compare -r "$R" a b > "$T/cmp" 2>&1
grep -q "^Kernel symbols of 'b' against 'a'" "$T/cmp"
ok $? "compare tests the guests' kernel symbols"
grep -A3 "^Kernel symbols of" "$T/cmp" | sed 's/^/# /'
boot_nothing_left
ok $? "nothing left behind"
ps -eo args | grep -v grep | grep -q "perf record -p"
ok $((!$?)) "no perf record left running"

# QEMU (TCG here): the kernel make qemu-kernel built, when work/ has one
img=$TOP/work/qemu-6.1.bzImage
if [ -f "$img" ] && command -v qemu-system-x86_64 > /dev/null; then
	nice "$CONTEST" run --boot "$img" -k q -n 2 "${BOOT[@]}" -s guest_cpus=1 \
		-s "command=$DD" -s monitors=profile noload > "$T/qout" 2> "$T/qerr"
	ok $? "run --boot of a QEMU guest with monitors = profile exits 0"
	n=0
	for i in 1 2; do
		f=$R/q/logs/noload.$i.profile
		grep -qx 'event cpu-clock' "$f" 2> /dev/null &&
			awk '$1 == "kernel" && $2 > 0 { k = 1 } END { exit !k }' "$f" && n=$((n + 1))
	done
	is "$n" 2 "both runs in the QEMU guest have a profile with kernel samples, by cpu-clock"
	sed -n 3,8p "$R/q/logs/noload.1.profile" 2>/dev/null | sed 's/^/# /'
	grep -h '^warning\|^error' "$T/qerr" | grep -v 'QEMU emulates' | sed 's/^/# /'
else
	skip "no work/qemu-6.1.bzImage (make qemu-kernel) or no qemu-system-x86_64: no QEMU guest"
fi
done_testing

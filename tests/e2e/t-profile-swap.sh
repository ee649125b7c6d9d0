#!/usr/bin/env bash
# long: two sessions under memory pressure with perf recording, about a minute
# t-profile-swap - the rmap seed's blocks: a shm_load + io_load session
# with monitors = profile, on two kernels (names) inside a 192M memory
# cgroup with a session swap file, prints per kernel the share per program
# and the top kernel symbols ("Symbol"), the swap ranges ("0 - 641"), and
# compare lists the symbols, none tested with one run a kernel. Each block
# is shown to fail: a run that did not swap reads "0 - 0", an empty
# profile says so, and without perf the monitor is refused up front.
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (memory cgroup, swapon, perf record -a)"; done_testing; exit; }
[ -d /sys/fs/cgroup/memory ] || grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
	{ skip "no memory cgroup controller"; done_testing; exit; }
perf --version >/dev/null 2>&1 || { skip "no perf (apt-get install linux-perf)"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
R=$T/reports
common=("${QUICK[@]}" -s quiet_wait=0 -s mem_limit=192M -s swapfile=256M
	-s shm_load.region_size=64M -s io_load.size=64M -s "monitors=vmstat profile"
	-s synthetic_dirs=4 -s synthetic_files=6 -r "$R")
for k in A B; do
	"$CONTEST" run "${common[@]}" -k $k -n 1 shm_load io_load >"$T/$k.out" 2>"$T/$k.err"
	ok $? "kernel $k: shm_load and io_load with monitors = profile exit 0"
done
ls "$R"/A/logs/*.perf.data "$R"/A/logs/*.perf.script 2>/dev/null | grep -q . 
ok $((! $?)) "no raw perf data is kept, only the summaries"
grep -qE '^event (cpu-clock|cycles)$' "$R/A/logs/shm_load.1.profile"
ok $? "the summary names the event used ($(awk '/^event/ { print $2 }' "$R/A/logs/shm_load.1.profile"))"

"$CONTEST" report --stats -r "$R" A B >"$T/stats" 2>"$T/stats.err"
ok $? "report --stats exits 0"
# the Symbol block of each kernel under shm_load: 1 to 10 symbol rows with samples and %
for k in A B; do
	n=$(awk -v k="$k" '/^shm_load:/ { t = 1 } /^io_load:/ { t = 0 }
		t && $0 ~ "^Profile of " k " under shm_load" { p = 1; next }
		p && /^Symbol/ { s = 1; next } p && /^Profile of / { p = 0 }
		s && p && NF == 3 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9.]+$/ { n++ }
		END { print n + 0 }' "$T/stats")
	[ "$n" -ge 1 ] && [ "$n" -le 10 ]
	ok $? "$k under shm_load: $n top kernel symbols with samples and %"
done
grep -q '^vmlinux  *[0-9][0-9]*  *[0-9.]*$' "$T/stats"
ok $? "the share per program has the kernel as vmlinux"
# the swap block: si and so as "MIN - MAX" then the mean, per kernel and load
is "$(grep -cE '^[AB] \[1\] +[0-9]+ - [0-9]+ +[0-9.]+ +[0-9]+ - [0-9]+ ' "$T/stats")" 4 \
	"Swap rows for both kernels under both loads"
so_max=$(awk '/^shm_load:/ { t = 1 } t && /^Swap/ { s = 1; next } s && /^A \[1\]/ { print $9; exit }' "$T/stats")
awk -v m="$so_max" 'BEGIN { exit !(m > 0) }'
ok $? "shm_load in 192M swapped out: so up to $so_max kB/s"

"$CONTEST" compare -r "$R" A B >"$T/cmp" 2>"$T/cmp.err"
# one run a kernel: the symbols are listed, none can be tested
sed -n '/^shm_load:/,/^$/p' "$T/cmp" | grep -A2 "^Kernel symbols of 'B' against 'A'" |
	grep -qE '^  none decided worse or better: 0 undecided, 0 same, [1-9][0-9]* not tested \(kept'
ok $? "compare's symbol test says one run a kernel tests none: $(grep -A2 '^Kernel symbols' "$T/cmp" | tail -n 1)"

# each block can fail: C is A with a run that never swapped (vmstat's si
# column 0, 641, 100) and an empty profile
cp -r "$R/A" "$R/C"
v=$R/C/logs/shm_load.1.vmstat
{ head -n 3 "$v"	# the two header lines and the since-boot line
  for si in 0 641 100; do
	echo " 1  0      0 100000   1000  50000  $si    0     0     0  100  200  5  2 93  0  0  0"
  done; } >"$T/v" && mv "$T/v" "$v"
printf '# empty\nevent cpu-clock\nsamples 0\nkernel 0\n' >"$R/C/logs/shm_load.1.profile"
"$CONTEST" report --stats -r "$R" C >"$T/c" 2>&1
grep -qE '^C \[1\] +0 - 641 +247\.0 +0 - 0 +0\.0 ' "$T/c"
ok $? "swap from the vmstat seconds: si 0 - 641, mean 247.0; so 0 - 0 ($(awk '/^shm_load:/ { t = 1 } t && /^Swap/ { s = 1; next } s && /^C/ { print; exit }' "$T/c"))"
grep -q '^(no sample in the kernel)$' "$T/c"
ok $? "an empty profile says it has no kernel sample"
"$CONTEST" compare -r "$R" A C >"$T/cmp2" 2>&1
sed -n '/^shm_load:/,/^$/p' "$T/cmp2" | grep -q '^Kernel symbols'
ok $((! $?)) "compare lists no symbol against an empty profile"

# without perf the monitor is refused up front, naming the package
mkdir "$T/bin"
for p in sh make cc vmstat; do ln -s "$(command -v "$p")" "$T/bin/$p"; done
PATH=$T/bin "$CONTEST" run "${common[@]}" -k D -n 1 noload >"$T/d.out" 2>"$T/d.err"
is $? 2 "monitors = profile without perf: exit 2"
grep -q 'apt-get install linux-perf' "$T/d.err"
ok $? "the error names the package ($(head -n 1 "$T/d.err"))"
[ ! -e "$R/D/runs.tsv" ]
ok $? "and nothing ran"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

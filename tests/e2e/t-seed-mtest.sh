#!/usr/bin/env bash
# t-seed-mtest - the seed experiment of issue 29, scaled down: LTP's
# `mtest01 -b 512M -w` (allocate, write every page) under a 256M memory
# limit with a swap file, timed per kernel, reports real, user and sys
# time and the swap-out rate over the command's window in one table
# (report --stats' Window block) and compare's rows. Here a tiny C
# allocator writes 64M under mem_limit=32M with a 128M swap file on the
# scratch dir, two runs for each of two kernel names. Needs root and a
# memory cgroup; the swap file and cgroups are removed even on failure.
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (memory cgroup, swapon)"; done_testing; exit; }
[ -d /sys/fs/cgroup/memory ] || grep -qw memory /sys/fs/cgroup/unified/cgroup.controllers 2>/dev/null ||
	grep -qw memory /sys/fs/cgroup/cgroup.controllers 2>/dev/null ||
	{ skip "no memory cgroup controller"; done_testing; exit; }
swapon --show > /dev/null 2>&1 || { skip "swapon --show fails here"; done_testing; exit; }
command -v cc > /dev/null || { skip "no C compiler for the allocator"; done_testing; exit; }
cat > "$T/mtest.c" <<'EOF'
/* mtest01 -b SIZE -w, small: allocate SIZE MiB, write every page (not
 * zeros: a kernel may keep a zero-filled page off the swap device) */
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>
int main(int argc, char **argv)
{
	size_t size = (size_t)atol(argc > 1 ? argv[1] : "64") << 20, page = (size_t)sysconf(_SC_PAGESIZE);
	char *p = malloc(size);

	if (!p)
		return 1;
	for (size_t i = 0; i < size; i += page)
		p[i] = (char)(i >> 12 | 1);
	printf("wrote %zu MiB\n", size >> 20);
	return 0;
}
EOF
cc -O2 -o "$T/mtest" "$T/mtest.c" || { ok 1 "the allocator compiles"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
# on any exit: this test's swap files off, its sessions' cgroups gone
# (contest removes both itself; this is for a run that died midway)
at_exit 'awk -v t="$T" "index(\$1, t) == 1 { print \$1 }" /proc/swaps | xargs -r -n1 swapoff 2>/dev/null'
at_exit 'for p in "${PIDS[@]}"; do find /sys/fs/cgroup -depth -type d -name "contest-$p" -exec rmdir {} \; 2>/dev/null; done'
PIDS=()
R=$T/r
for k in a b; do
	timeout 300 "$CONTEST" run "${QUICK[@]}" "${NO_EXTRAS[@]}" -s quiet_wait=0 -s load_lead=0 \
		-s workload=command -s "command=$T/mtest 64" -s mem_limit=32M -s swapfile=128M \
		-n 2 -r "$R" -k $k noload > "$T/$k.out" 2> "$T/$k.err" &
	PIDS+=($!)
	wait $!
	ok $? "kernel $k: 64M written under mem_limit=32M with a 128M swap file ($(grep -m1 'error' "$T/$k.err"))"
done
col() { awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) n = i; next }
	{ print $n }' "$R/$1/runs.tsv"; }
is "$(col a status | sort -u)/$(col b status | sort -u)" "ok/ok" "every run is ok"
o=$(col a swap_out_mbs | head -n 1)
[[ $o =~ ^[0-9]+\.[0-9]{3}$ ]] && awk -v o="$o" 'BEGIN { exit !(o > 0) }'
ok $? "it swapped out: swap_out_mbs $(col a swap_out_mbs | tr '\n' ' ')(pswpout $(col a pswpout | tr '\n' ' '))"
"$CONTEST" report --stats -r "$R" a b > "$T/report" 2> /dev/null
ok $? "report --stats exits 0"
grep -A2 -E '^Window \[s, MB/s, ms\] +Time +User +Sys +SwapIn +SwapOut ' "$T/report" > "$T/window"
# the Time is shown, not asserted: 64M written can take under 0.05 s (0.0)
awk '$1 == "a" || $1 == "b" { if ($7 > 0 && $3 ~ /^[0-9]+\.[0-9]$/) n++ } END { exit n != 2 }' "$T/window"
ok $? "one table: each kernel's real, user, sys and swap-out rate ($(tail -n 2 "$T/window" | tr -s ' ' | tr '\n' ';'))"
"$CONTEST" compare --format csv -r "$R" a b > "$T/cmp.csv" 2> /dev/null
is "$(cut -d, -f2 "$T/cmp.csv" | grep -xcE 'Time|User|Sys|SwapOut')" 8 "compare has Time, User, Sys and SwapOut rows for both"
grep -q "$T" /proc/swaps
ok $((!$?)) "the swap file is off"
nothing_left "$T/cg.before" "${PIDS[@]}"
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# mem_load inside a 256M memory cgroup with a 512M session swap file swaps
# (pswpout > 0); the swap file and cgroups are gone afterwards.
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (memory cgroup, swapon)"; done_testing; exit; }
[ -d /sys/fs/cgroup/memory ] || grep -qw memory /sys/fs/cgroup/unified/cgroup.controllers 2>/dev/null ||
	{ skip "no memory cgroup controller"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
R=$T/reports
swaps_before=$(wc -l < /proc/swaps)
"$CONTEST" run "${QUICK[@]}" -s mem_limit=256M -s swapfile=512M -s mem_load.size=110% \
	-s synthetic_dirs=4 -s synthetic_files=6 -k M -n 1 -r "$R" mem_load > "$T/out" 2> "$T/err"
rc=$?
ok $rc "mem_load under mem_limit=256M with a 512M swapfile exits 0"
[ $rc -eq 0 ] || grep -v '^contest:' "$T/err" | sed 's/^/# /' | tail -20
f=$R/M/runs.tsv
is "$(col "$f" status)" ok "the row is ok ($(col "$f" status_detail))"
out=$(col "$f" pswpout)
awk -v o="$out" 'BEGIN { exit !(o > 0) }'
ok $? "it swapped: pswpout $out, pswpin $(col "$f" pswpin)"
awk -v u="$(col "$f" loads)" 'BEGIN { exit !(u > 0) }'
ok $? "mem_load did work ($(col "$f" loads) passes)"
is "$(col "$f" mem_limit)" 256M "the row records mem_limit"
grep -q '^mem_limit: 256M' "$R/M/env"
ok $? "the env file records mem_limit"
is "$(wc -l < /proc/swaps)" "$swaps_before" "the swap file is off"
nothing_left "$T/cg.before"
ok $? "nothing left behind"

# a mem_load bigger than memory plus swap refuses to start, saying why
"$CONTEST" run "${QUICK[@]}" -s mem_limit=256M -s mem_load.size=200% -k M2 -n 1 -r "$R" mem_load \
	> "$T/out2" 2> "$T/err2"
is "$?" 1 "an oversized mem_load: exit 1"
is "$(col "$R/M2/runs.tsv" status)" load-failed "recorded load-failed"
col "$R/M2/runs.tsv" status_detail | grep -q 'memory plus swap'
ok $? "with the reason: $(col "$R/M2/runs.tsv" status_detail)"
done_testing

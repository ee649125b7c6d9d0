#!/usr/bin/env bash
# mem_load swaps inside mem_limit in a user-mode-linux guest with pure
# cgroup v2 and a swap device (tests/e2e/lib-uml.sh): an 80M mem_load under
# mem_limit=48M pages out (pswpout > 0 in its row), the row is ok, no OOM
# kill, and no cgroup is left.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M 128M

grep -q /dev/ubdb /proc/swaps || { skip "no swap device in the guest"; done_testing; exit; }
R=$T/reports
before=$(uml_groups)
# the "compile" lasts until a process of mem_load's group holds more than
# the limit in its own memory and swap together (RssAnon + VmSwap: not
# the binary's pages, nor counted once per process), 90 s at most, and
# writes the most it saw. Counting the guest's pages out was not enough:
# a page can go out, come back and go out again, so 48M paged out is not
# 48M touched (CI once saw 63M paged out while mem_load had touched 46M).
cat > "$T/wait-load.sh" <<'EOF'
cg=$(sed -n 's/^0:://p' /proc/self/cgroup)
load=/sys/fs/cgroup${cg%/compile}/load
held() {
	local most=0 kb pid
	for pid in $(cat "$load/cgroup.procs" 2>/dev/null); do
		kb=$(awk '$1 == "RssAnon:" || $1 == "VmSwap:" { s += $2 } END { print s + 0 }' /proc/$pid/status 2>/dev/null)
		[ "${kb:-0}" -gt "$most" ] && most=$kb
	done
	echo $(( most * 1024 ))
}
most=0
for i in $(seq 180); do
	now=$(held)
	[ "$now" -gt "$most" ] && most=$now && echo "$most" > "$1"
	[ "$most" -gt $(( 48 * 1048576 )) ] && exit 0
	sleep 0.5
done
EOF
"$CONTEST" run "${QUICK[@]}" -s workload=command -s "command=bash $T/wait-load.sh $T/held" -s quiet_wait=0 -s flush=no \
	-s mem_limit=48M -s mem_load.size=80M -k S -n 1 -r "$R" mem_load > "$T/out" 2> "$T/err"
rc=$?
ok $rc "mem_load of 80M under mem_limit=48M exits 0"
[ $rc -eq 0 ] || tr '\r' '\n' < "$T/err" | grep -v elapsed | sed 's/^/# /' | tail -8
f=$R/S/runs.tsv
is "$(col "$f" status)" ok "the row is ok ($(col "$f" status_detail))"
out=$(col "$f" pswpout)
awk -v o="$out" 'BEGIN { exit !(o > 0) }'
ok $? "it swapped inside the limit: pswpout $out, pswpin $(col "$f" pswpin)"
held=$(cat "$T/held" 2>/dev/null || echo 0)
awk -v h="$held" 'BEGIN { exit !(h > 48 * 1048576) }'
ok $? "mem_load's process held more than the limit in memory and swap ($held bytes)"
is "$(uml_groups)" "$before" "no cgroup left behind"
done_testing

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
# the "compile" lasts until the guest has paged out 48M more (12288 pages)
# than when it started, 90 s at most: a fixed sleep was too short on a
# slow host. Paging out as much as the limit means the load touched
# more than it.
cat > "$T/wait-load.sh" <<'EOF'
out() { awk '$1 == "pswpout" { print $2 }' /proc/vmstat; }
start=$(out)
for i in $(seq 180); do
	[ $(( $(out) - start )) -gt 12288 ] && exit 0
	sleep 0.5
done
EOF
"$CONTEST" run "${QUICK[@]}" -s workload=command -s "command=bash $T/wait-load.sh" -s quiet_wait=0 -s flush=no \
	-s mem_limit=48M -s mem_load.size=80M -k S -n 1 -r "$R" mem_load > "$T/out" 2> "$T/err"
rc=$?
ok $rc "mem_load of 80M under mem_limit=48M exits 0"
[ $rc -eq 0 ] || tr '\r' '\n' < "$T/err" | grep -v elapsed | sed 's/^/# /' | tail -8
f=$R/S/runs.tsv
is "$(col "$f" status)" ok "the row is ok ($(col "$f" status_detail))"
out=$(col "$f" pswpout)
awk -v o="$out" 'BEGIN { exit !(o > 0) }'
ok $? "it swapped inside the limit: pswpout $out, pswpin $(col "$f" pswpin)"
awk -v w="$(col "$f" load_work)" 'BEGIN { exit !(w > 48 * 1048576) }'
ok $? "mem_load touched more than the limit ($(col "$f" load_work) bytes)"
is "$(uml_groups)" "$before" "no cgroup left behind"
done_testing

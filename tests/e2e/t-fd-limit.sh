#!/usr/bin/env bash
# process_load under a small RLIMIT_NOFILE: a ring sized for a big machine
# (procs = 300, as 4 x 75 CPUs) must not need two descriptors per member
# at once: a ring that opened every pipe before forking would fail here.
. "$(dirname "$0")/lib.sh"
R=$T/reports
command -v prlimit >/dev/null || { skip "prlimit is not installed (util-linux)"; done_testing; exit; }
prlimit --nofile=64:64 "$CONTEST" run -s workload=command -s "command=sleep 2" "${NO_EXTRAS[@]}" \
	-s quiet_wait=0 -s load_lead=1s -s process_load.procs=300 \
	-s "work_dir=$T/work" -r "$R" -k fd -n 1 process_load > "$T/out" 2> "$T/err"
ok $? "process_load with 300 processes under a limit of 64 descriptors exits 0"
is "$(col "$R/fd/runs.tsv" status)" ok "the row is ok"
awk -v l="$(col "$R/fd/runs.tsv" loads)" 'BEGIN { exit !(l > 0) }'
ok $? "the ring passed chunks around ($(col "$R/fd/runs.tsv" loads) round trips)"
grep -i 'pipe' "$T/err" | sed 's/^/# /'
done_testing

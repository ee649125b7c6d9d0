#!/usr/bin/env bash
# CPUs are the CPUs contest may use: under `taskset -c CPU`, env records one
# usable CPU beside the online ones, and make_jobs = 0 means 4 x usable.
. "$(dirname "$0")/lib.sh"
R=$T/reports
command -v taskset >/dev/null || { skip "taskset is not installed (util-linux)"; done_testing; exit; }
online=$(getconf _NPROCESSORS_ONLN)
# the first CPU this shell may use (under a cpuset CPU 0 need not be one)
cpu=$(taskset -pc $$ | sed 's/.*: //; s/[-,].*//')

taskset -c "$cpu" "$CONTEST" env > "$T/env" 2> "$T/env.err"
ok $? "taskset -c $cpu contest env exits 0"
is "$(sed -n 's/^cpus_usable: //p' "$T/env")" 1 "env: one usable CPU"
is "$(sed -n 's/^cpus: //p' "$T/env")" "$online" "env: every online CPU still recorded as cpus"

taskset -c "$cpu" "$CONTEST" run "${QUICK[@]}" "${TINY_TREE[@]}" \
	-s make_jobs=0 "${NO_EXTRAS[@]}" -s quiet_wait=0 \
	-r "$R" -k one -n 1 noload > "$T/out" 2> "$T/err"
ok $? "a run under taskset -c $cpu exits 0"
is "$(col "$R/one/runs.tsv" jobs)" 4 "make_jobs = 0 gives 4 x the usable CPUs"
grep -qx 'cpus_usable: 1' "$R/one/env"
ok $? "the run's env records one usable CPU"
done_testing

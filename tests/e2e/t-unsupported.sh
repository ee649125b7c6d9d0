#!/usr/bin/env bash
# A load that cannot run says why: in contest list, and as a load-failed row
# whose status_detail holds the reason; the compile is not counted.
. "$(dirname "$0")/lib.sh"
R=$T/reports
"$CONTEST" list -s io_other_dir= > "$T/list"
ok $? "contest list exits 0"
is "$(grep -c '^[a-z_]* *\(yes\|no\) ' "$T/list")" 14 "list shows all 14 loads"
awk '/^io_other / { t = 1; next } t && /^[a-z]/ { t = 0 } t' "$T/list" | tr '\n' ' ' | tr -s ' ' | grep -q 'why: .*io_other_dir'
ok $? "list: io_other cannot run without io_other_dir, and says why"
grep '^process_load ' "$T/list" | grep -q ' yes .*chunk'
ok $? "list: process_load can run, with its unit"

"$CONTEST" run "${QUICK[@]}" -s io_other_dir= -s quiet_wait=0 -k U -n 1 -r "$R" io_other > "$T/out" 2> "$T/err"
is "$?" 1 "run of an unsupported load: exit 1"
is "$(col "$R/U/runs.tsv" status)" load-failed "recorded as load-failed"
col "$R/U/runs.tsv" status_detail | grep -q io_other_dir
ok $? "status_detail says why: $(col "$R/U/runs.tsv" status_detail)"
"$CONTEST" report -r "$R" U > "$T/rep" 2>&1
grep -q 'not ok' "$T/rep"
ok $? "the report counts it as not ok: $(grep 'not ok' "$T/rep")"

# dbench missing: fails to start, with the reason
"$CONTEST" run "${QUICK[@]}" -s dbench_load.dbench=/nonexistent/dbench -s quiet_wait=0 -k D -n 1 -r "$R" dbench_load \
	> "$T/out" 2> "$T/err"
is "$?" 1 "dbench missing: exit 1"
is "$(col "$R/D/runs.tsv" status)" load-failed "recorded as load-failed"
col "$R/D/runs.tsv" status_detail | grep -q dbench
ok $? "status_detail names dbench: $(col "$R/D/runs.tsv" status_detail)"

# a load that starts and dies: dbench replaced by false
"$CONTEST" run "${QUICK[@]}" -s dbench_load.dbench=false -s quiet_wait=0 -k Z -n 1 -r "$R" dbench_load \
	> "$T/out" 2> "$T/err"
is "$?" 1 "a load that dies: exit 1"
is "$(col "$R/Z/runs.tsv" status)" load-failed "recorded as load-failed"
col "$R/Z/runs.tsv" status_detail | grep -q 'exited with status 1'
ok $? "status_detail says how it died: $(col "$R/Z/runs.tsv" status_detail)"
is "$(col "$R/Z/runs.tsv" time_s)" 0.000 "the compile is not counted as a loaded run"
done_testing

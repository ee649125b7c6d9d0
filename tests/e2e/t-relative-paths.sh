#!/usr/bin/env bash
# Relative work_dir and results (the defaults, as `make run` uses them) work
# though the compile runs in the tree and the loads in their scratch dirs.
. "$(dirname "$0")/lib.sh"
cd "$T"
"$CONTEST" run -c "$TOP/configs/quick.conf" -s work_dir=work -s synthetic_dirs=2 -s synthetic_files=3 \
	-s quiet_wait=0 -r reports -k rel -n 1 noload xtar_load > out 2> err
ok $? "run with relative work_dir and -r exits 0"
is "$(col reports/rel/runs.tsv status | tr '\n' ' ')" "ok ok " "both rows ok"
grep -q 'vmlinux' reports/rel/logs/noload.1.make
ok $? "the compile's log is where -r says"
grep -q "^work_dir = $T/work\$" reports/rel/env
ok $? "the env file records the absolute work_dir"
! compgen -G 'work/scratch*' > /dev/null
ok $? "no scratch left"
done_testing

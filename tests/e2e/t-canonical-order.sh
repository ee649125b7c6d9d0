#!/usr/bin/env bash
# Loads given out of order run in canonical order (the load table's order,
# loads/loads.h), and run says so on stderr; given in order, it says nothing.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
FAST=("${BARE[@]}" -s workload=command -s "command=sleep 0.2" -r "$R")

"$CONTEST" run "${FAST[@]}" -k out -n 1 process_load cacherun noload > "$T/out.out" 2> "$T/out.err"
ok $? "run with loads out of order exits 0"
is "$(col "$R/out/runs.tsv" load | tr '\n' ' ')" "noload cacherun process_load " \
	"rows are in canonical order"
grep -q 'canonical order: noload cacherun process_load' "$T/out.err"
ok $? "stderr says the loads were reordered"
is "$(grep -o '^contest: [a-z_]* [0-9]/[0-9] (step' "$T/out.err" | awk '{print $2}' | tr '\n' ' ')" \
	"noload cacherun process_load " "progress shows the canonical order"

"$CONTEST" run "${FAST[@]}" -s "loads=process_load noload" -k conf -n 1 > "$T/conf.out" 2> "$T/conf.err"
ok $? "run of the config's loads out of order exits 0"
is "$(col "$R/conf/runs.tsv" load | tr '\n' ' ')" "noload process_load " \
	"the config's loads list runs in canonical order too"

"$CONTEST" run "${FAST[@]}" -k in -n 1 noload process_load > "$T/in.out" 2> "$T/in.err"
ok $? "run with loads in order exits 0"
! grep -q 'canonical order' "$T/in.err"
ok $? "nothing said when the order is already canonical"

nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

#!/usr/bin/env bash
# Every load is prepared from a clean tree: xtar_load's tarball is the same
# size whether a noload run compiled the tree before it or not. xtar_load
# counts the bytes of the tarball as its work, so load_work / load_units is
# the tarball's size.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
SMALL=(-c "$TOP/configs/quick.conf" -s synthetic_dirs=3 -s synthetic_files=4 -s quiet_wait=0
       "${NO_EXTRAS[@]}" -s load_lead=1s -r "$R")
per_unit() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
	$c["load"]=="xtar_load" && $c["load_units"] > 0 {printf "%d\n", $c["load_work"] / $c["load_units"]}' "$1"; }

"$CONTEST" run "${SMALL[@]}" -s "work_dir=$T/w1" -k alone xtar_load > "$T/1.out" 2> "$T/1.err"
ok $? "xtar_load alone exits 0"
"$CONTEST" run "${SMALL[@]}" -s "work_dir=$T/work" -k after noload xtar_load > "$T/2.out" 2> "$T/2.err"
ok $? "noload then xtar_load exits 0"
a=$(per_unit "$R/alone/runs.tsv"); b=$(per_unit "$R/after/runs.tsv")
echo "# tarball bytes: alone $a, after a noload run $b"
[ -n "$a" ] && [ "$a" -gt 0 ]
ok $? "xtar_load records the tarball's bytes per tree extracted"
is "$b" "$a" "the tarball does not depend on what ran before it"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

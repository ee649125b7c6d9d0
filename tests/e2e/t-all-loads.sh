#!/usr/bin/env bash
# long: every load once, a real compile each (about two minutes)
# Every load once under quick.conf: every row ok, every load but noload
# and cacherun did work in the compile's window, and nothing is left behind.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
mkdir -p "$T/other"
start=$(date +%s)
# smaller than quick.conf: a tree of 20 files (about 4 s alone) and sizes
# each load gets through many times inside it (dbench 9 units, list_load
# 28, io_load 79 here in December), so the whole takes under two minutes
SMALL=(-s synthetic_dirs=4 -s synthetic_files=5 -s load_lead=1s -s quiet_wait=2s
	-s dbench_load.time=1s -s list_load.dir=/usr/include -s io_load.size=64M -s io_other.size=64M -s read_load.size=64M
	-s mem_load.size=128M -s tworead_load.size1=16M -s tworead_load.size2=48M
	-s shm_load.region_size=16M -s shm_load.writer_size=8M)
"$CONTEST" run "${QUICK[@]}" "${SMALL[@]}" -s "io_other_dir=$T/other" -k K -n 1 -r "$R" > "$T/out" 2> "$T/err"
rc=$?
echo "# all loads took $(( $(date +%s) - start )) s"
ok $rc "run of every load exits 0"
[ $rc -eq 0 ] || grep -v '^contest:' "$T/err" | sed 's/^/# /' | tail -20
f=$R/K/runs.tsv
# the fourteen loads README names, in the table's order; written here, not
# taken from contest itself, so a load dropped from the table is missed
all="noload cacherun process_load dbench_load ctar_load xtar_load io_load io_other read_load list_load mem_load tworead_load shm_load compile_load "
is "$("$CONTEST" list | awk 'NR>1 && $2 ~ /^(yes|no)$/ {print $1}' | tr '\n' ' ')" "$all" \
	"contest list names the fourteen loads, in order"
is "$(col "$f" load | tr '\n' ' ')" "$all" "one row per load, in table order"
for l in $all; do
	row=$(awk -F'\t' -v l="$l" 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next}
		$c["load"]==l {print $c["status"], $c["loads"], $c["lcpu_pct"], $c["load_cpu_s"], $c["status_detail"]}' "$f")
	set -- ${row:-missing 0 0 0}	# no row: fail the checks below, do not stop
	is "$1" ok "$l: status ok${5:+ ($5)}"
	case $l in
	noload|cacherun)
		awk -v u="$2" -v c="$3" 'BEGIN { exit !(u == 0 && c == 0) }'
		ok $? "$l: no load, no work ($2 units, LCPU $3%)" ;;
	*)
		awk -v u="$2" -v c="$3" 'BEGIN { exit !(u > 0 && c > 0) }'
		ok $? "$l: did work in the window ($2 units, LCPU $3%, $4 CPU s)" ;;
	esac
done
for l in $all; do grep -q "^$l:\$" "$T/out" || echo "# no table for $l"; done
is "$(grep -c ':$' "$T/out")" "$(echo $all | wc -w)" "the tables printed at the end cover every load"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
[ -z "$(ls -A "$T/other")" ]
ok $? "io_other removed its files from io_other_dir"
done_testing

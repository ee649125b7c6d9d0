#!/usr/bin/env bash
# t-compare-cpu-rates - what a run measures beside Time is compared too:
# the user and system CPU seconds (runs.tsv's user_s, sys_s) as User and
# Sys rows, lower better, the swap and disk rates over the timed window
# (swap_in_mbs, swap_out_mbs, disk_read_mbs, disk_write_mbs) as rows with
# no better direction, where some run moved any, and the disks' await
# (disk_await_ms, iostat's, over the window) lower better; in compare's
# text, csv and json, with verdicts, and plot's disk-LOAD chart. Hand-written interleaved runs decide
# each way; a real `workload = command` run writes the columns and gets
# the rows; results without the columns keep their tables as they were.
. "$(dirname "$0")/lib.sh"
R=$T/r
# runs FILE USER SYS SWAPOUT AWAIT MINUTE-OFFSET: three noload runs, interleaved
runs() {
	runs_header "$1" timestamp user_s sys_s swap_in_mbs swap_out_mbs disk_read_mbs disk_write_mbs \
		disk_await_ms
	for i in 1 2 3; do
		printf '2026-01-01T10:%02d:00Z\tnoload\t%d\t60.%d\t95\t0\t0\tok\t%s\t%s\t0\t%s\t0\t0\t%s\n' \
			$((i * 2 + $6)) "$i" "$i" "$(echo "$2 + $i / 100" | bc -l)" \
			"$(echo "$3 - $i / 100" | bc -l)" "$(echo "$4 + $i / 10" | bc -l)" \
			"$(echo "$5 + $i / 10" | bc -l)" >>"$1"
	done
}
runs "$R/base/runs.tsv" 40 10 0 2 0
runs "$R/new/runs.tsv" 30 20 50 8 1

"$CONTEST" compare --format csv -r "$R" base new >"$T/cmp.csv" 2>"$T/err"
ok $? "compare exits 0 ($(head -n 1 "$T/err"))"
row() { awk -F, -v m="$1" -v k="$2" '$1 == "noload" && $2 == m && $3 == k' "$T/cmp.csv"; }
row User new | grep -qE '^noload,User,new,30\.0200,.*,better,'
ok $? "csv: a quarter less user time is better ($(row User new | cut -d, -f4-12))"
row Sys new | grep -qE '^noload,Sys,new,19\.9800,.*,worse,'
ok $? "csv: twice the system time is worse ($(row Sys new | cut -d, -f4-12))"
row SwapOut new | grep -qE '^noload,SwapOut,new,50\.2000,.*,changed,'
ok $? "csv: a swap-out rate from 0 to 50 MB/s is a change ($(row SwapOut new | cut -d, -f4-12))"
row Await new | grep -qE '^noload,Await,new,8\.2000,.*,worse,'
ok $? "csv: four times the disks' await is worse ($(row Await new | cut -d, -f4-12))"
is "$(grep -cE '^noload,(SwapIn|DiskRd|DiskWr),' "$T/cmp.csv")" 0 \
	"no row for the rates no run moved"

"$CONTEST" compare -r "$R" base new >"$T/cmp.txt" 2>/dev/null
grep -A1 -E '^User +base ' "$T/cmp.txt" | grep -qE '^ +new +30\.02 .* better$' &&
	grep -A1 -E '^Sys +base ' "$T/cmp.txt" | grep -qE '^ +new +19\.98 .* worse$' &&
	grep -A2 -x 'SwapOut' "$T/cmp.txt" | grep -qE '^ +new +50\.20 .* changed$'
ok $? "text: User, Sys and SwapOut rows with their verdicts"
tr '\n' ' ' < "$T/cmp.txt" | grep -q 'of what was timed (the compile or the command'
ok $? "text: the legend says what User and Sys are, not only of a compile"
"$CONTEST" compare --format json -r "$R" base new >"$T/cmp.json" 2>/dev/null
python3 - "$T/cmp.json" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
def rows(o):
    if isinstance(o, dict):
        if o.get("metric") in ("User", "Sys", "SwapOut") and o.get("kernel") == "new":
            yield o
        for v in o.values():
            yield from rows(v)
    elif isinstance(o, list):
        for v in o:
            yield from rows(v)
got = {r["metric"]: r["verdict"] for r in rows(d)}
assert got == {"User": "better", "Sys": "worse", "SwapOut": "changed"}, got
PY
ok $? "json: User, Sys and SwapOut rows with their verdicts"

# plot: the disks' chart, every kernel on it
if command -v gnuplot > /dev/null; then
	"$CONTEST" plot -r "$R" -o "$T/plots" base new > "$T/plot.out" 2> "$T/plot.err"
	ok $? "plot exits 0 ($(head -n 1 "$T/plot.err"))"
	grep -qx "$T/plots/disk-noload.png" "$T/plot.out" &&
		grep -qx '2 "new" 0.000 0.000 8.200' "$T/plots/disk-noload.dat"
	ok $? "plot: a disk-noload chart with each kernel's rates and await ($(tail -n 1 "$T/plots/disk-noload.dat"))"
else
	skip "plot's disk chart" "no gnuplot"
	skip "plot's disk chart's numbers" "no gnuplot"
fi
"$CONTEST" plot -r "$TOP/tests/data/published/reports" -o "$T/pub" 2.4.18 2.5.47 > /dev/null 2>&1
is "$(ls "$T/pub" | grep -c '^disk-')" 0 "no disk chart for results without the columns"

# a real command: its columns are written and compared
for k in one two; do
	"$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -s load_lead=0 -n 2 \
		-s "command=sh -c 'i=0; while [ \$i -lt 3000 ]; do i=\$((i+1)); done'" \
		-r "$T/real" -k $k noload >/dev/null 2>"$T/run.err"
	ok $? "a workload = command session for $k exits 0 ($(head -n 1 "$T/run.err"))"
done
col() { awk -F'\t' -v c="$1" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) n = i; next }
	{ print $n }' "$T/real/one/runs.tsv" | head -n 1; }
[[ $(col user_s) =~ ^[0-9]+\.[0-9]{3}$ && $(col swap_out_mbs) =~ ^[0-9]+\.[0-9]{3}$ &&
   $(col disk_await_ms) =~ ^([0-9]+\.[0-9]{3}|-)$ ]]
ok $? "runs.tsv has user_s $(col user_s), swap_out_mbs $(col swap_out_mbs), disk_await_ms $(col disk_await_ms)"
"$CONTEST" compare -r "$T/real" one two >"$T/real.txt" 2>/dev/null
grep -qE '^User +one ' "$T/real.txt" && grep -qE '^Sys +one ' "$T/real.txt"
ok $? "compare of the command's runs has User and Sys rows"

"$CONTEST" compare -r "$TOP/tests/data/published/reports" 2.4.18 2.5.47 2>/dev/null |
	grep -qE '^(User|Sys|SwapIn|SwapOut|DiskRd|DiskWr|Await)\b'
ok $((!$?)) "no such rows for results without the columns"
done_testing

#!/usr/bin/env bash
# t-plot - contest plot writes one real PNG per load (with its .dat and .gp
# beside it) from hand-written results, a vmstat chart per kernel and load
# from a real run's monitor logs, SVGs that parse as XML, and says clearly
# when gnuplot is missing (the .dat and .gp still written); a sweep's points
# share one vmstat chart.
. "$(dirname "$0")/lib.sh"

if ! command -v gnuplot >/dev/null; then
	skip "contest plot" "gnuplot is not installed (apt-get install gnuplot-nox)"
	done_testing
	exit
fi
PUB=$TOP/tests/data/published/reports
R=$T/r
mkdir -p "$R"
cp -r "$PUB"/. "$R/"
# a name gnuplot and file names must survive: quotes, a space, an underscore
odd="it's \"odd\" _name"
cp -r "$PUB/2.4.18" "$R/$odd"

"$CONTEST" plot -r "$R" -o "$T/png" >"$T/png.out" 2>"$T/png.err"
ok $? "plot exits 0 ($(cat "$T/png.err" | head -n 1))"
loads=$(awk -F'\t' 'FNR > 1 { print $1 }' "$PUB"/*/runs.tsv | sort -u | wc -l)
is "$(ls "$T"/png/time-*.png | wc -l)" "$loads" "one time- chart per load ($loads loads)"
n=0
for f in "$T"/png/time-*.png; do
	file -b "$f" | grep -q '^PNG image data, 800 x 480' && n=$((n + 1))
done
is "$n" "$loads" "each is a real 800x480 PNG (file)"
for f in "$T"/png/time-*.png; do
	[ -s "${f%.png}.dat" ] && [ -s "${f%.png}.gp" ] || { n=-1; break; }
done
ok $((n < 0)) "each PNG has its .dat and .gp beside it"
is "$(wc -l <"$T/png.out")" "$loads" "stdout lists the images, one a line"
grep -q '"it'"'"'s .odd. _name"' "$T/png/time-noload.dat"
ok $? "the odd kernel name is a quoted field of the .dat"
# 7 kernels in the noload chart: the kernel column has every name once
is "$(grep -vc '^#' "$T/png/time-noload.dat")" 7 "noload: one bar per kernel"
# gnuplot again on the written script gives the same image: the .gp is self-contained
(cd "$T/png" && gnuplot time-io_load.gp) && file -b "$T/png/time-io_load.png" | grep -q PNG
ok $? "the .gp runs on its own in its directory"

# a real run: monitor logs become a time series per kernel and load
"$CONTEST" run -s workload=command -s "command=sleep 3" -s flush=no -s quiet_wait=0 \
	-s "work_dir=$T/work" -r "$T/real" -k live -n 2 noload >/dev/null 2>&1
ok $? "a quick real run (2 x sleep 3) for monitor logs"
"$CONTEST" plot -r "$T/real" -o "$T/svg" --format svg >"$T/svg.out" 2>"$T/svg.err"
ok $? "plot --format svg exits 0"
[ -s "$T/svg/time-noload.svg" ] && [ -s "$T/svg/vmstat-live-noload.svg" ]
ok $? "a time- and a vmstat- chart in SVG"
is "$(grep -c '^# run' "$T/svg/vmstat-live-noload.dat")" 2 "the vmstat chart's data has a block per run"
awk '!/^#/ && NF == 5' "$T/svg/vmstat-live-noload.dat" | wc -l | awk '{ exit !($1 >= 4) }'
ok $? "with the seconds of each run (free, si, so, wa)"
if [ -r /proc/pressure/cpu ]; then
	[ -s "$T/svg/vmstat-live-noload.psi.dat" ] && grep -q "stalled" "$T/svg/vmstat-live-noload.gp"
	ok $? "with a pressure panel from the psi logs"
else
	skip "pressure panel" "no /proc/pressure on this kernel"
fi
# a sweep: its points share the kernel's and the load's monitor log, charted
# once with a block per run of every point (a chart a point collided)
"$CONTEST" run -s workload=command --sweep "command=sleep 2,sleep 3" -s flush=no \
	-s quiet_wait=0 -s "work_dir=$T/work" -r "$T/swept" -k sw -n 1 noload >/dev/null 2>&1
ok $? "a real sweep of two points (sleep 2, sleep 3)"
"$CONTEST" plot -r "$T/swept" -o "$T/swept-png" >"$T/swept.out" 2>"$T/swept.err"
ok $? "plot of a sweep exits 0 ($(head -n 1 "$T/swept.err"))"
[ -s "$T/swept-png/sweep-noload.png" ] && [ -s "$T/swept-png/vmstat-sw-noload.png" ]
ok $? "its sweep- chart and one vmstat- chart"
is "$(grep -c '^# run' "$T/swept-png/vmstat-sw-noload.dat")" 2 "the vmstat chart has both points' runs"
parses() {
	if command -v xmllint >/dev/null; then xmllint --noout "$1"
	else python3 -c 'import sys, xml.etree.ElementTree as E; E.parse(sys.argv[1])' "$1"; fi
}
n=0
for f in "$T"/svg/*.svg; do parses "$f" 2>/dev/null && n=$((n + 1)); done
# time-, vmstat- and, where the machine's disks were measured, disk-
svgs=$(ls "$T"/svg/*.svg | wc -l)
[ "$svgs" -ge 2 ] || svgs=2
is "$n" "$svgs" "every SVG parses as XML"
# a quiet disk: rates of 0 and no await in any run (no request finished
# in the window, as on a fresh CI machine); gnuplot fails a series with no
# defined point, so the chart draws only the rates
cp -r "$T/real" "$T/quiet"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "disk_await_ms") c = i }
	NR > 1 && c { $c = "-" } { print }' "$T/real/live/runs.tsv" >"$T/quiet/live/runs.tsv"
"$CONTEST" plot -r "$T/quiet" -o "$T/qsvg" --format svg >/dev/null 2>"$T/qsvg.err"
ok $? "a disk with no await in any run: plot exits 0 ($(head -n 1 "$T/qsvg.err"))"
if [ -s "$T/qsvg/disk-noload.gp" ]; then
	! grep -q 'using 1:5' "$T/qsvg/disk-noload.gp" && grep -q 'using ($1-0.15):3:xtic(2)' "$T/qsvg/disk-noload.gp" &&
		parses "$T/qsvg/disk-noload.svg" 2>/dev/null
	ok $? "its disk chart draws the rates, not the await, and parses"
else
	skip "quiet disk chart" "no disk measured by this run (no iostat)"
fi
printf '<svg><g></svg>' >"$T/broken.svg"
parses "$T/broken.svg" 2>/dev/null
ok $((!$?)) "a broken SVG does not parse (the check can fail)"

# no gnuplot on PATH: a clear error, exit 1, the data and scripts still there
mkdir "$T/bin"	# plot runs nothing but gnuplot: an empty PATH will do
PATH=$T/bin "$CONTEST" plot -r "$R" -o "$T/none" >/dev/null 2>"$T/none.err"
is $? 1 "without gnuplot plot exits 1"
grep -q "gnuplot not found.*gnuplot-nox" "$T/none.err"
ok $? "and says so: $(head -n 1 "$T/none.err")"
[ -s "$T/none/time-noload.gp" ] && [ -z "$(ls "$T"/none/*.png 2>/dev/null)" ]
ok $? "the .dat and .gp are written, no image"

"$CONTEST" plot -r "$R" --format jpeg >/dev/null 2>"$T/bad.err"
is $? 2 "an unknown format is bad usage"
"$CONTEST" plot -r "$R" -o "$T/typo" 2.4.18 2.4.81 >/dev/null 2>"$T/typo.err"
is $? 2 "a kernel without results is bad usage"
grep -q "no results for kernel '2.4.81'" "$T/typo.err" && [ ! -e "$T/typo" ]
ok $? "named, and nothing written"
done_testing

#!/usr/bin/env bash
# What a user may plant where contest writes or reads (a kernel folder
# handed to them under sudo, a scratch directory) is never written
# through nor waited on. A symbolic link in the place of a log, of the
# plan's temporary file or of a load's data file is replaced, its target
# left as it was; a logs/ that is a symbolic link is refused; a FIFO for
# env.tmp is not waited on. A FIFO or a /dev/zero link as a monitor log,
# a calibration's env or the plan makes report, plot, compare, calibrate
# and run --resume finish, a warning or an error naming the file.
. "$(dirname "$0")/lib.sh"
need_root || { skip "planting files in root's place: not root"; done_testing; exit; }
R=$T/reports
quick() { timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" -s flush=no -n 1 -r "$R" "$@"; }
victim() {	# victim NAME: a file of someone's holding known text
	printf 'someone else'"'"'s %s\n' "$1" > "$T/$1"
	chmod 600 "$T/$1"
}
unchanged() {	# unchanged NAME WHAT
	is "$(cat "$T/$1")" "someone else's $1" "$2: the file it pointed to is unchanged"
}

# ---- writes ----
mkdir -p "$R/P/logs"
victim make; victim vmstat; victim plan
ln -s "$T/make" "$R/P/logs/noload.1.make"
ln -s "$T/vmstat" "$R/P/logs/noload.1.vmstat"
ln -s "$T/plan" "$R/P/plan.tmp"
quick -k P -s monitors=vmstat noload > "$T/out.P" 2>&1
is "$?" 0 "a run with symlinks planted for its logs and plan.tmp succeeds"
unchanged make "logs/noload.1.make"
unchanged vmstat "logs/noload.1.vmstat"
unchanged plan "plan.tmp"
[ -f "$R/P/logs/noload.1.make" ] && [ ! -L "$R/P/logs/noload.1.make" ] &&
	[ -f "$R/P/logs/noload.1.vmstat" ] && [ ! -L "$R/P/logs/noload.1.vmstat" ]
ok $? "the logs are files of their own in the links' place"

mkdir -p "$R/L" "$T/elsewhere"
ln -s "$T/elsewhere" "$R/L/logs"
quick -k L -s monitors=vmstat noload > "$T/out.L" 2>&1
is "$?" 2 "a logs/ that is a symbolic link is refused before any run: exit 2"
grep -q "'$R/L/logs' is a symbolic link" "$T/out.L"
ok $? "naming it: $(grep -m1 'symbolic link' "$T/out.L")"
is "$(ls -A "$T/elsewhere")" "" "nothing written where it points"

mkdir -p "$R/E"
mkfifo "$R/E/env.tmp"
quick -k E -s monitors=no noload > "$T/out.E" 2>&1
is "$?" 0 "a FIFO planted as env.tmp is not waited on"
[ -f "$R/E/env" ] && [ ! -p "$R/E/env" ]
ok $? "and the env is written"

S=$T/scratch
mkdir -p "$S"
victim data
ln -s "$T/data" "$S/io_load.dat"
timeout 60 "$CONTEST" measure -s "work_dir=$T/work" -s io_load.size=1M --duration 1 \
	--scratch "$S" io_load > "$T/out.measure" 2>&1
st=$?
[ "$st" -ne 124 ]
ok $? "measure --scratch with a symlinked io_load.dat finishes (exit $st)"
unchanged data "DIR/io_load.dat"

# ---- reads ----
# a kernel with noload runs 1 and 2 and their vmstat logs, written by hand
mkdir -p "$R/K/logs"
runs_header "$R/K/runs.tsv" timestamp
for i in 1 2 3; do
	printf '2026-01-01T00:0%d:00Z\tnoload\t%d\t10.%d\t190\t0\t0\tok\n' "$i" "$i" "$i" >> "$R/K/runs.tsv"
done
vm=' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st'
printf 'procs\n%s\n 1 0 0 1000 0 0 0 0 0 0 0 0 0 0 100 0 0\n 1 0 0 900 0 0 5 6 0 0 0 0 50 0 50 0 0\n' \
	"$vm" > "$R/K/logs/noload.2.vmstat"
mkfifo "$R/K/logs/noload.1.vmstat"
ln -s /dev/zero "$R/K/logs/noload.3.vmstat"
# memory bounded: a reader of /dev/zero must stop at its cap, not fill it;
# ASan reserves terabytes of address space, so under it the allocation cap
if ldd "$CONTEST" | grep -q libasan; then
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=256
	vlimit=unlimited
else
	vlimit=1048576
fi
readers() {	# readers WHAT: report --stats, html and plot finish, naming the log
	local f=$1 what=$2
	( ulimit -v $vlimit; timeout 20 "$CONTEST" report --stats -r "$R" K ) > "$T/stats" 2>&1
	is "$?" 0 "report --stats with $what as a vmstat log finishes"
	grep -q "warning: cannot read '$R/K/logs/$f'" "$T/stats"
	ok $? "warning of it: $(grep -m1 "$f" "$T/stats")"
	( ulimit -v $vlimit; timeout 20 "$CONTEST" report --format html -o "$T/html" -r "$R" K ) \
		> "$T/html.out" 2>&1
	st=$?
	[ "$st" -ne 124 ] && [ "$st" -ne 4 ] && grep -q "$f" "$T/html.out"
	ok $? "report --format html too (exit $st)"
	if command -v gnuplot > /dev/null; then
		( ulimit -v $vlimit; timeout 20 "$CONTEST" plot -r "$R" -o "$T/plot" K ) > "$T/plot.out" 2>&1
		st=$?
		[ "$st" -ne 124 ] && [ "$st" -ne 4 ] && grep -q "$f" "$T/plot.out"
		ok $? "and plot (exit $st)"
	else
		skip "plot: gnuplot is not installed"
	fi
}
readers noload.1.vmstat "a FIFO"
rm -f "$R/K/logs/noload.1.vmstat"
readers noload.3.vmstat "a link to /dev/zero"

# a calibration whose newest session's env is a FIFO
for s in s-1 s-2; do
	mkdir -p "$R/.calibration/$s"
	cp "$R/K/runs.tsv" "$R/.calibration/$s/runs.tsv"
	mkfifo "$R/.calibration/$s/env"
done
cp -r "$R/K" "$R/K2"
timeout 20 "$CONTEST" calibrate -r "$R" -n 0 > "$T/cal" 2>&1
st=$?
[ "$st" -ne 124 ]
ok $? "calibrate -n 0 with a FIFO as the newest session's env finishes (exit $st)"
timeout 20 "$CONTEST" compare -r "$R" K K2 > "$T/cmp" 2>&1
st=$?
[ "$st" -ne 124 ]
ok $? "compare too (exit $st)"
grep -q "cannot read '$R/.calibration/s-[12]/env': not a regular file" "$T/cmp"
ok $? "naming it: $(grep -m1 'calibration/' "$T/cmp")"

# the plan run --resume reads, with both locks held
mkdir -p "$R/F"
mkfifo "$R/F/plan"
timeout 20 "$CONTEST" run "${QUICK[@]}" -r "$R" -k F --resume > "$T/resume" 2>&1
st=$?
[ "$st" -ne 124 ] && [ "$st" -ne 0 ]
ok $? "run --resume with a FIFO plan fails at once (exit $st)"
grep -q "cannot read '$R/F/plan': not a regular file" "$T/resume"
ok $? "naming it: $(grep -m1 plan "$T/resume")"
done_testing

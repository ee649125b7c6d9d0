#!/usr/bin/env bash
# SIGINT at several moments of a real quick run (in the wait for quiet, in the
# load's lead, in make clean, right after a finished run while the next one cleans and
# flushes, during the compile, and at fixed delays from the start): every
# time the exit comes within a few seconds with 130, every row in runs.tsv
# is whole and ok or aborted (never a failure the stop itself caused), and no process, cgroup, swap file or scratch file is left.
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
swap=()
if need_root && swapon --show >/dev/null 2>&1; then swap=(-s swapfile=64M); fi

load_up() { pgrep -f "contest run .* -k $1 " | wc -l | awk '{exit !($1 >= 3)}'; }
whole_rows() {	# every line has the header's field count and ends in a newline
	local f=$R/$1/runs.tsv
	[ ! -e "$f" ] && return 0
	[ "$(tail -c1 "$f" | od -An -c | tr -d ' ')" = '\n' ] &&
		awk -F'\t' 'NR==1{n=NF} NF!=n{bad=1} END{exit bad}' "$f"
}

# start TAG ARGS...: a session in the background, $pid its driver
start() {
	local tag=$1; shift
	"$CONTEST" run "${QUICK[@]}" "${swap[@]}" -s synthetic_dirs=4 -k "$tag" -r "$R" "$@" \
		> "$T/out.$tag" 2> "$T/err.$tag" &
	pid=$!
}
# stop TAG WHAT: SIGINT now, then the checks
stop() {
	local tag=$1 what=$2 t0 t1 st i
	t0=$(date +%s.%N)
	kill -INT $pid
	# a hang fails the test rather than blocking it
	for ((i = 0; i < 600; i++)); do kill -0 $pid 2>/dev/null || break; sleep 0.1; done
	kill -KILL $pid 2>/dev/null
	wait $pid
	st=$?
	t1=$(date +%s.%N)
	is "$st" 130 "$what: exit status 130"
	awk -v a="$t0" -v b="$t1" 'BEGIN { exit !(b - a < 10) }'
	ok $? "$what: exit within 10 s ($(awk -v a="$t0" -v b="$t1" 'BEGIN{printf "%.1f", b-a}') s)"
	whole_rows "$tag"
	ok $? "$what: every row of runs.tsv is whole"
	nothing_left "$T/cg.before" $pid
	ok $? "$what: nothing left behind"
}

# a CPU hog keeps the machine from ever being 100% idle (quiet_idle's top)
timeout 90 sh -c 'while :; do :; done' & hog=$!
at_exit "kill $hog 2>/dev/null"
start quiet -s quiet_wait=60s -s quiet_idle=100 -n 1 noload
wait_for 60 grep -q "(step 1 of" "$T/err.quiet"; sleep 2
stop quiet "in the wait for quiet"
kill $hog 2>/dev/null
is "$(rows_with "$R/quiet/runs.tsv" aborted 2>/dev/null)" 1 "in the wait for quiet: the cut run is aborted"

start lead -s load_lead=60s -s quiet_wait=0 -n 1 process_load
wait_for 60 load_up lead; sleep 1
stop lead "in the load's lead"
# the load dies of the stop: the run is cut short, not a failed load
is "$(col "$R/lead/runs.tsv" status | tr '\n' ' ')" "aborted " "in the load's lead: the cut run is aborted"

# a tree whose make clean (before each run) takes 30 s: the stop cuts it short, and the run
# that was cleaning for is aborted (redone by --resume), not a failed compile
mkdir -p "$T/tree"
printf 'vmlinux:\n\t@true\nclean:\n\t@sleep 31.5\n' > "$T/tree/Makefile"
start clean -s workload=kernel -s "kernel_tree=$T/tree" -s kconfig= -s quiet_wait=0 -n 1 noload
clean_up() { grep -q "(step 1 of" "$T/err.clean" && pgrep -xf "sleep 31.5" > /dev/null; }
wait_for 60 clean_up
ok $? "make clean is under way"
stop clean "in make clean"
is "$(col "$R/clean/runs.tsv" status | tr '\n' ' ')" "aborted " "in make clean: the cut run is aborted"
wait_for 5 sh -c '! pgrep -xf "sleep 31.5" > /dev/null'
ok $? "in make clean: what make clean started is gone too"

start next -s quiet_wait=1s -n 2 noload
wait_for 120 has_rows "$R/next/runs.tsv" 1
stop next "right after a finished run"
is "$(rows_with "$R/next/runs.tsv" ok)" 1 "right after a finished run: the finished row is kept"

start compile -s quiet_wait=0 -s load_lead=1s -n 1 dbench_load
wait_for 90 test -s "$R/compile/logs/dbench_load.1.make"
ok $? "the compile under dbench_load has started"
sleep 1
stop compile "during the compile under dbench_load"

for d in 0.3 1 2.5 4; do
	start "at$d" -s quiet_wait=1s -n 1 noload io_load
	sleep "$d"
	stop "at$d" "$d s after the start"
	# whatever the signal cut short is aborted, never failed
	is "$(col "$R/at$d/runs.tsv" status 2>/dev/null | grep -cv '^ok$\|^aborted$')" 0 \
		"$d s after the start: every row is ok or aborted"
done
done_testing

# bench/idle.sh - idle overhead: what contest and its monitors cost while the
# timed workload does nothing (sourced by bench.sh)
#
# The workload is `sleep 8` (noload, no flush, no quiet wait, monitors on).
# From 0.5 s after the sleep starts to 0.5 s before it ends, the CPU time of
# the driver and of every process below it but the sleep is read from
# /proc/PID/schedstat (nanoseconds on CPU, not clock ticks) and divided by
# the wall time between the two readings. The driver's voluntary context
# switches over the same window say how often it wakes: without a terminal
# it waits for the compile without a timer (it once woke once a second), so anything above zero is a poll or a signal.

# the pids of PID's descendants, one per line
descendants() {
	local c
	for c in $(pgrep -P "$1"); do
		echo "$c"
		descendants "$c"
	done
}

# oncpu PID...: nanoseconds on CPU summed over the pids; fails if one is gone
oncpu() {
	local p sum=0 ns
	for p in "$@"; do
		read -r ns _ < "/proc/$p/schedstat" || return 1
		sum=$((sum + ns))
	done
	echo "$sum"
}

wakeups() { awk '/^voluntary_ctxt_switches/ {print $2}' "/proc/$1/status"; }

# idle_once N: one session; appends "overhead_pct wakeups_per_s session_pct driver_pct"
# to $B/idle
idle_once() {
	local n=$1 tpid driver='' sleeper='' pids t0 t1 c0 c1 d0 d1 w0 w1 i
	/usr/bin/time -f '%e %U %S' -o "$B/idle.time.$n" "$CONTEST" run -c "$TOP/configs/quick.conf" \
		-s "work_dir=$B/work" -r "$B/r" -k "idle$n" -n 1 -s workload=command \
		-s "command=sleep 8" -s flush=no -s quiet_wait=0 -s monitors=yes noload \
		>> "$B/log" 2>&1 &
	tpid=$!
	for i in $(seq 200); do	# the bench may poll: its CPU is not counted
		[ -n "$driver" ] || driver=$(pgrep -P "$tpid" || true)	# time has one child: contest, whatever its file name
		[ -n "$driver" ] && sleeper=$(pgrep -P "$driver" -x sleep || true)
		[ -n "$sleeper" ] && break
		sleep 0.05
	done
	if [ -z "$sleeper" ]; then
		wait "$tpid"
		say "idle: the 'sleep 8' workload never appeared"
		return 1
	fi
	sleep 0.5
	mapfile -t pids < <( (echo "$driver"; descendants "$driver") | grep -vx "$sleeper")
	t0=$EPOCHREALTIME c0=$(oncpu "${pids[@]}") d0=$(oncpu "$driver") w0=$(wakeups "$driver")
	sleep 6.5
	t1=$EPOCHREALTIME c1=$(oncpu "${pids[@]}") d1=$(oncpu "$driver") w1=$(wakeups "$driver")
	ps -o comm= -p "$(IFS=,; echo "${pids[*]}")" | sort | tr '\n' ' ' > "$B/idle.procs"
	wait "$tpid" || { say "idle: contest run failed"; tail -n 5 "$B/log" >&2; return 1; }
	if [ -z "$c0" ] || [ -z "$c1" ] || [ -z "$d1" ]; then
		say "idle: a process of contest's went away inside the window"
		return 1
	fi
	read -r e u s < "$B/idle.time.$n"
	awk -v c0="$c0" -v c1="$c1" -v t0="$t0" -v t1="$t1" -v w0="$w0" -v w1="$w1" \
		-v d0="$d0" -v d1="$d1" -v e="$e" -v u="$u" -v s="$s" 'BEGIN {
		printf "%.4f %.2f %.3f %.4f\n", (c1 - c0) / 1e9 / (t1 - t0) * 100, (w1 - w0) / (t1 - t0),
			(u + s) / e * 100, (d1 - d0) / 1e9 / (t1 - t0) * 100 }' >> "$B/idle"
}

bench_idle() {
	local n rounds over wake sess drv
	rounds=$(reps 3 1)
	for n in $(seq "$rounds"); do
		say "idle overhead: session $n of $rounds (sleep 8)"
		idle_once "$n" || return 1
	done
	over=$(awk '{print $1}' "$B/idle" | median)
	wake=$(awk '{print $2}' "$B/idle" | median)
	sess=$(awk '{print $3}' "$B/idle" | median)
	drv=$(awk '{print $4}' "$B/idle" | median)
	figure "idle overhead" "$(calc "$over" %.3f)% of wall" "<= 0.5%" \
		"$(met "$over <= 0.5")" \
		"median of $rounds; CPU of $(cat "$B/idle.procs")over 6.5 s of sleep 8 (schedstat), the driver's share $(calc "$drv" %.4f)%, it wakes $(calc "$wake" %.1f)/s; whole session incl. start-up $(calc "$sess" %.2f)% (GNU time)"
}

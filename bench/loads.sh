# bench/loads.sh - load strength: do the loads press as hard as the plain
# tools they stand for? (sourced by bench.sh)
#
# Each load runs under contest with `sleep 4` (3 under QUICK=1) as the
# workload, so its rate is its work (the load_work column: bytes, messages)
# over the window Time, with nothing competing. The reference does the same work for about as long:
#   io_load      dd if=/dev/zero bs=1M of a file of the same size, again
#                and again (dd truncates as io_load does; neither syncs)
#   read_load    dd of=/dev/null bs=64K (read_load's block) of a cached file
#                of the same size, again and again
#   process_load hackbench -p (rt-tests) with as many processes, messages/s;
#                skipped with the reason when hackbench is not installed
# Reference and load alternate; the figure is the median of per-pair ratios.

LOAD_SECS=$(reps 4 3)

# dd_loop OUT DD-ARGS...: repeat dd for LOAD_SECS; "runs microseconds" into OUT
dd_loop() {
	local out=$1 t0 now end n=0; shift
	t0=${EPOCHREALTIME/./} end=$((t0 + LOAD_SECS * 1000000))
	while now=${EPOCHREALTIME/./}; [ "$now" -lt "$end" ]; do
		dd "$@" status=none || return 1
		n=$((n + 1))
	done
	echo "$n $((${EPOCHREALTIME/./} - t0))" > "$out"
}

# load_rate KERNEL LOAD: contest's work per second for LOAD, and its Loads
load_rate() {
	crun "$1" -s workload=command -s "command=sleep $LOAD_SECS" -s flush=no -s quiet_wait=0 \
		-s monitors=yes "$2" || return 1
	awk -F'\t' 'NR == 1 {for (i = 1; i <= NF; i++) c[$i] = i; next}
		END {print $c["load_work"] / $c["time_s"], $c["loads"] / $c["time_s"]}' "$B/r/$1/runs.tsv"
}

# size_mb LOAD: the quick profile's size of LOAD in MiB
size_mb() { awk -v s="[$1]" '$0 == s {in_s = 1; next} /^\[/ {in_s = 0} in_s && $1 == "size" {print $3 + 0}' \
	"$TOP/configs/quick.conf"; }

# hackbench_rate PROCS: messages per second of hackbench -p with PROCS processes
hackbench_rate() {
	local fds=$(($1 / 2)) loops t
	loops=$(reps 2000 500)
	t=$(hackbench -p -g 1 -f "$fds" -l "$loops" 2>> "$B/log" | awk '/^Time:/ {print $2}')
	[ -n "$t" ] && calc "$fds * $fds * $loops / $t" %.0f
}

bench_loads() {
	local rounds n io rd pl iomb rdmb procs have_hb=''
	rounds=$(reps 3 1)
	iomb=$(size_mb io_load) rdmb=$(size_mb read_load) procs=$((4 * $(nproc)))
	command -v hackbench > /dev/null && have_hb=1
	mkdir -p "$B/work"
	dd if=/dev/zero of="$B/work/dd-read.dat" bs=1M count="$rdmb" status=none
	: > "$B/loads"
	for n in $(seq "$rounds"); do
		say "load strength: round $n of $rounds (io_load, read_load, process_load, ${LOAD_SECS} s each)"
		dd_loop "$B/dd.io" if=/dev/zero of="$B/work/dd-io.dat" bs=1M count="$iomb" || return 1
		io=$(load_rate "io$n" io_load) || return 1
		dd_loop "$B/dd.rd" if="$B/work/dd-read.dat" of=/dev/null bs=64K || return 1
		rd=$(load_rate "rd$n" read_load) || return 1
		read -r n_io us_io < "$B/dd.io"
		read -r n_rd us_rd < "$B/dd.rd"
		echo "io ${io% *} $(calc "$n_io * $iomb * 1048576 / ($us_io / 1e6)" %.0f)" >> "$B/loads"
		echo "rd ${rd% *} $(calc "$n_rd * $rdmb * 1048576 / ($us_rd / 1e6)" %.0f)" >> "$B/loads"
		[ -z "$have_hb" ] || echo "hb $(hackbench_rate "$procs")" >> "$B/loads"
		pl=$(load_rate "pl$n" process_load) || return 1
		echo "pl $pl" >> "$B/loads"
	done
	rm -f "$B/work/dd-io.dat" "$B/work/dd-read.dat"
	loads_figure io "io_load vs dd" "$iomb MiB files, bs=1M"
	loads_figure rd "read_load vs dd" "a cached $rdmb MiB file, bs=64K"
	loads_process "$procs" "$rounds"
}

# loads_figure KEY NAME HOW: the median ratio of KEY's rows (load rate / dd rate)
loads_figure() {
	local ratio mbs ddmbs
	ratio=$(awk -v k="$1" '$1 == k {print $2 / $3}' "$B/loads" | median)
	mbs=$(awk -v k="$1" '$1 == k {print $2 / 1048576}' "$B/loads" | median)
	ddmbs=$(awk -v k="$1" '$1 == k {print $3 / 1048576}' "$B/loads" | median)
	figure "load strength: $2" "$(calc "$ratio" %.3f) x dd" ">= 0.9" "$(met "$ratio >= 0.9")" \
		"$3; medians $(calc "$mbs" %.0f) MiB/s vs dd's $(calc "$ddmbs" %.0f) MiB/s over $LOAD_SECS s, $(grep -c "^$1 " "$B/loads") pairs"
}

loads_process() {
	local msgs trips hb
	msgs=$(awk '$1 == "pl" {print $2}' "$B/loads" | median)
	trips=$(awk '$1 == "pl" {print $3}' "$B/loads" | median)
	if grep -q '^hb [0-9]' "$B/loads"; then
		hb=$(awk '$1 == "hb" {print $2}' "$B/loads" | median)
		figure "load strength: process_load" "$(calc "$msgs / $hb" %.3f) x hackbench -p" "reported" "-" \
			"$(calc "$trips" %.0f) round trips/s, $(calc "$msgs" %.0f) messages/s, $1 processes; hackbench -p -g 1 -f $(($1 / 2)): $(calc "$hb" %.0f) messages/s"
	else
		figure "load strength: process_load" "$(calc "$trips" %.0f) round trips/s" "reported" "-" \
			"$(calc "$msgs" %.0f) messages/s, $1 processes, median of $2; no ratio: hackbench is not installed (apt-get install rt-tests)"
	fi
}

# bench/interactive.sh - the interactive tasks' wake-up latency against
# cyclictest's (rt-tests), the kernel people's reference (sourced by bench.sh)
#
# The same wake-up, measured two ways at the same period (50 ms, audio's)
# and priority (SCHED_FIFO 50), each inside `contest run` under the same
# load, one after the other in the same round: contest's audio task (its
# latencies plus the idle floor it took off, so both are raw oversleep)
# and `cyclictest -p 50 -i 50000 -v` as a workload = command. Under noload
# and process_load; the median and p99 (nearest rank) of each, and their
# ratio. The audio task also burns 2.5 ms a period, which cyclictest does
# not: under a load that costs it CPU, not wake-ups.

# the latencies (us) of the last run of kernel k: contest's "lat" lines plus
# the floor, or cyclictest's "THREAD: COUNT: LATENCY" lines
probe_lat() {
	local log floor
	log=$(ls -t "$B/r/$1"/logs/*.make | head -1)
	floor=$(last "$B/r/$1/runs.tsv" lat_floor_us)
	awk -v f="$floor" '$1 == "lat" { print $2 + f }' "$log"
}
cyclic_lat() {
	awk -F: 'NF == 3 && $1 ~ /^ *[0-9]+$/ && $3 ~ /^ *[0-9]+$/ { print $3 + 0 }' \
		"$(ls -t "$B/r/$1"/logs/*.make | head -1)"
}
p99() { sort -g | awk '{ v[NR] = $1 } END { if (!NR) exit 1; k = int(0.99 * NR); if (k < 0.99 * NR) k++; print v[k] }'; }

bench_interactive() {
	local secs load loops p c pm cm p9 c9
	command -v cyclictest > /dev/null || { say "cyclictest not found (apt-get install rt-tests)"; return 1; }
	secs=$(reps 20 4)
	loops=$((secs * 20))
	for load in noload process_load; do
		say "interactive: audio and cyclictest under $load, ${secs} s each"
		crun "probe-$load" -s workload=audio -s rt_priority=50 -s "duration=${secs}s" \
			-s quiet_wait=0 -s monitors= "$load" || return 1
		crun "cyclic-$load" -s workload=command -s quiet_wait=0 -s monitors= \
			-s "command=cyclictest -p 50 -i 50000 -l $loops -m -q -v" "$load" || return 1
		probe_lat "probe-$load" > "$B/probe.$load"
		cyclic_lat "cyclic-$load" > "$B/cyclic.$load"
		p=$(wc -l < "$B/probe.$load") c=$(wc -l < "$B/cyclic.$load")
		[ "$p" -gt 0 ] && [ "$c" -gt 0 ] || { say "no latencies read ($p, $c)"; return 1; }
		pm=$(median < "$B/probe.$load") cm=$(median < "$B/cyclic.$load")
		p9=$(p99 < "$B/probe.$load") c9=$(p99 < "$B/cyclic.$load")
		figure "wake-up latency vs cyclictest ($load)" \
			"median $(calc "$pm" %.1f) vs $(calc "$cm" %.1f) us ($(calc "$pm / ($cm > 0 ? $cm : 1)" %.2f) x); p99 $(calc "$p9" %.1f) vs $(calc "$c9" %.1f) us ($(calc "$p9 / ($c9 > 0 ? $c9 : 1)" %.2f) x)" \
			"reported" "-" \
			"SCHED_FIFO 50, 50 ms period, $p and $c wake-ups; contest's audio task (latency plus its idle floor of $(last "$B/r/probe-$load/runs.tsv" lat_floor_us) us) against cyclictest -p 50 -i 50000 -v, one after the other"
	done
}

# bench/fidelity.sh - timing fidelity: contest's Time and CPU% for a fixed
# command against GNU time's for the same command (sourced by bench.sh)
#
# The command is two single-threaded awk busy loops in parallel under sh, so
# the CPU of children that are not the timed process itself must be counted
# (CPU% near 200 on an idle 2-CPU box). contest (monitors on, no flush, no
# quiet wait: the instrument alone) times GNU time timing the command, so
# both instruments measure the very same execution and no drift or noise
# stands between them; GNU time's own fork and exec, a millisecond or so, is
# inside contest's Time only. The figure is the median over rounds of the
# Time ratio and of the CPU% difference. Each round also runs GNU time
# alone just before, and the detail gives contest's Time over that separate
# run's: the interleaved comparison, which noise on a busy box dominates.
#
# The harness's own part of Time is a figure of its own: contest's Time of
# `true` minus the wall time bash measures ($EPOCHREALTIME, no fork of its
# own) around its own fork, exec and wait of `true`, in the same round; what
# is left is what contest adds (it was once the cgroup attach, before the clock started after it).

FIDELITY_LOOP="BEGIN { for (i = 0; i < $(reps 120000000 20000000); i++) s += i }"
FIDELITY_SH='awk "$0" & awk "$0"; wait'

bench_fidelity() {
	local n rounds k e u s ratio cpu apart
	bench_fidelity_start || return 1
	rounds=$(reps 5 2)
	: > "$B/fidelity"
	for n in $(seq "$rounds"); do
		say "timing fidelity: round $n of $rounds"
		gnu_time "$B/fid.alone" sh -c "$FIDELITY_SH" "$FIDELITY_LOOP" || return 1
		k=fid$n
		crun "$k" -s workload=command -s flush=no -s quiet_wait=0 -s monitors=yes \
			-s "command=/usr/bin/time -f '%e %U %S' -o $B/fid.nested sh -c '$FIDELITY_SH' '$FIDELITY_LOOP'" \
			noload || return 1
		read -r e u s < "$B/fid.nested"
		echo "$(last "$B/r/$k/runs.tsv" time_s) $(last "$B/r/$k/runs.tsv" cpu_pct) $e $u $s" \
			"$(awk '{print $1}' "$B/fid.alone")" >> "$B/fidelity"
	done
	ratio=$(awk '{print $1 / $3}' "$B/fidelity" | median)
	cpu=$(awk '{print $2 - ($4 + $5) / $3 * 100}' "$B/fidelity" | median)
	apart=$(awk '{print $1 / $6}' "$B/fidelity" | median)
	figure "timing fidelity: Time" "$(calc "$ratio" %.4f) x GNU time" "1.00 +- 0.01" \
		"$(met "$ratio >= 0.99 && $ratio <= 1.01")" \
		"two parallel awk loops, GNU time inside contest's run, median of $rounds ($(awk '{print $3}' "$B/fidelity" | median) s); against GNU time run separately just before: $(calc "$apart" %.4f)"
	figure "timing fidelity: CPU%" "$(calc "$cpu" %+.2f) points vs GNU time" "within 1 point" \
		"$(met "$cpu >= -1 && $cpu <= 1")" \
		"same runs; GNU time's median CPU% $(awk '{printf "%.1f\n", ($4 + $5) / $3 * 100}' "$B/fidelity" | median)"
}

# the harness's own part: contest's Time of `true` minus bash's wall time of it
bench_fidelity_start() {
	local n rounds k a b
	rounds=$(reps 20 10)
	: > "$B/start"
	say "harness start: $rounds rounds of true"
	for n in $(seq "$rounds"); do
		a=$EPOCHREALTIME; /bin/true; b=$EPOCHREALTIME
		k=start$n
		crun "$k" -s workload=command -s flush=no -s quiet_wait=0 -s monitors=yes \
			-s command=true noload || return 1
		awk -v t="$(last "$B/r/$k/runs.tsv" time_s)" -v a="${a/,/.}" -v b="${b/,/.}" \
			'BEGIN {printf "%.6f %.6f\n", (t - (b - a)) * 1000, t * 1000}' >> "$B/start"
	done
	figure "harness's own part of Time" "$(calc "$(awk '{print $1}' "$B/start" | median)" %.1f) ms (median)" \
		"reported" "-" \
		"contest's Time of true minus bash's wall time around true, same round, $rounds rounds; largest $(calc "$(awk '{print $1}' "$B/start" | sort -g | tail -n 1)" %.1f) ms; Time has 1 ms resolution"
}

# bench/fidelity.sh - timing fidelity: contest's Time and CPU% for a fixed
# command against GNU time's for the same command (sourced by bench.sh)
#
# The command is two single-threaded awk busy loops in parallel under sh, so
# the CPU of children that are not the timed process itself must be counted
# (CPU% near 200 on an idle 2-CPU box). GNU time and contest (monitors on, no
# flush, no quiet wait: the instrument alone) alternate; each pair gives a
# Time ratio and a CPU% difference, and the figure is their median.

FIDELITY_LOOP="BEGIN { for (i = 0; i < $(reps 120000000 20000000); i++) s += i }"

bench_fidelity() {
	local n rounds k e u s ratio cpu
	rounds=$(reps 7 2)
	: > "$B/fidelity"
	for n in $(seq "$rounds"); do
		say "timing fidelity: pair $n of $rounds"
		gnu_time "$B/fid.gnu" sh -c 'awk "$0" & awk "$0"; wait' "$FIDELITY_LOOP" || return 1
		k=fid$n
		crun "$k" -s workload=command -s flush=no -s quiet_wait=0 -s monitors=yes \
			-s "command=sh -c 'awk \"\$0\" & awk \"\$0\"; wait' '$FIDELITY_LOOP'" noload || return 1
		read -r e u s < "$B/fid.gnu"
		echo "$(last "$B/r/$k/runs.tsv" time_s) $(last "$B/r/$k/runs.tsv" cpu_pct) $e $u $s" >> "$B/fidelity"
	done
	ratio=$(awk '{print $1 / $3}' "$B/fidelity" | median)
	cpu=$(awk '{print $2 - ($4 + $5) / $3 * 100}' "$B/fidelity" | median)
	figure "timing fidelity: Time" "$(calc "$ratio" %.4f) x GNU time" "1.00 +- 0.01" \
		"$(met "$ratio >= 0.99 && $ratio <= 1.01")" \
		"median over $rounds interleaved pairs of two parallel awk loops; GNU time's median $(awk '{print $3}' "$B/fidelity" | median) s"
	figure "timing fidelity: CPU%" "$(calc "$cpu" %+.2f) points vs GNU time" "within 1 point" \
		"$(met "$cpu >= -1 && $cpu <= 1")" \
		"same pairs; GNU time's median CPU% $(awk '{printf "%.1f\n", ($4 + $5) / $3 * 100}' "$B/fidelity" | median)"
}

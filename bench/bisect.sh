# bench/bisect.sh - how often contest's bisection names the right commit (sourced by bench.sh)
#
# bench/bisect-sim.c drives results/bisect.c's own bisect_run() with
# simulated measurements: commits 16 and 64, a step of 5%, 10% and 20% at
# a random commit, noise 2%, 5% and 8%, a drift of 2% between sessions;
# 1000 bisections each (QUICK: 200), against a plain bisection of 5 runs
# a step with Welch's test in the same run, on the same draws of culprit;
# and the median of the smallest difference contest bisect prints that a
# step can place, to set beside the share it named.
# Target: a wrong culprit named no more often than alpha (5%).

bench_bisect() {
	local out=$B/bisect.tsv
	[ -x "${BISECT_SIM:-}" ] || { say "no bisect-sim: run make bench"; return 1; }
	"$BISECT_SIM" "$(reps 1000 200)" > "$out" || return 1
	cat "$out" >> "$B/log"
	awk -F'\t' 'NR > 1 {
		printf "bisect: %s commits, %s step at %s noise\t", $1, $2, $3
		printf "culprit %.1f%%, wrong %.1f%%, range %.1f%%, refused %.1f%%; %.1f runs a step (p95 %d); plain: right %.1f%%, wrong %.1f%%; a step can place %.1f%% (median printed)\t", \
			100 * $4, 100 * $5, 100 * $6, 100 * $7, $8, $9, 100 * $10, 100 * $11, $13
		printf "wrong <= 5%%\t%s\tbisect-sim: bisect_run() against 5 runs a step and Welch\n", \
			($5 <= 0.05) ? "yes" : "no" }' "$out" >> "$B/figures"
}

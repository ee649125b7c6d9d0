# bench/profile.sh - what monitors = profile costs the Time it measures
# (sourced by bench.sh)
#
# The quick profile's noload, no flush, no quiet wait, with the default
# monitors and with profile added (perf record -a at 499 Hz over the
# compile's window), interleaved round by round, the order swapped every
# round. The figure: the geometric mean over rounds of with / without in
# the same round, and its 95% interval (Student's t on the log ratios).
# PROFILE_ROUNDS=N sets the rounds (default 12, QUICK 4).

profile_run() {	# profile_run on|off
	local mon="vmstat iostat psi"
	[ "$1" = off ] || mon="$mon profile"
	crun "prof-$1" -s "monitors=$mon" -s flush=no -s quiet_wait=0 "${TREE_OPTS[@]}" noload
}

bench_profile() {
	local rounds r ratio lo hi t
	perf --version > /dev/null 2>&1 || { say "profile: no perf (apt-get install linux-perf)"; return 1; }
	# PROFILE_ROUNDS: as many rounds as a busy machine leaves time for
	rounds=${PROFILE_ROUNDS:-$(reps 12 4)}
	say "profile: generating and warming the synthetic tree"
	crun prof-warm -s flush=no -s quiet_wait=0 "${TREE_OPTS[@]}" noload || return 1
	for r in $(seq "$rounds"); do
		say "profile: round $r of $rounds"
		if [ $((r % 2)) = 1 ]; then
			profile_run off && profile_run on
		else
			profile_run on && profile_run off
		fi || return 1
	done
	paste <(col "$B/r/prof-off/runs.tsv" time_s) <(col "$B/r/prof-on/runs.tsv" time_s) |
		awk '{ print log($2 / $1) }' > "$B/prof.logs"
	# Student's t(0.975) at rounds - 1 degrees of freedom (3 to 11; beyond, 2.2)
	t=$(awk -v df=$((rounds - 1)) 'BEGIN { split("12.71 4.303 3.182 2.776 2.571 2.447 2.365 2.306 2.262 2.228 2.201", q)
		print (df in q) ? q[df] : 2.2 }')
	read -r ratio lo hi < <(awk -v t="$t" '{ x[NR] = $1; s += $1 } END { m = s / NR
		for (i = 1; i <= NR; i++) ss += (x[i] - m) ^ 2
		h = t * sqrt(ss / (NR - 1) / NR)
		printf "%.4f %.4f %.4f\n", exp(m), exp(m - h), exp(m + h) }' "$B/prof.logs")
	figure "profile cost" "$ratio x Time without (95% CI $lo to $hi)" "<= 1.01" \
		"$(met "$ratio <= 1.01")" \
		"noload of the quick synthetic tree, monitors vmstat iostat psi with and without profile, no flush, no quiet wait, $rounds interleaved rounds, geometric mean of the per-round ratios; load average $(cut -d' ' -f1-3 /proc/loadavg) after"
}

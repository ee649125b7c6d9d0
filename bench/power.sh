# bench/power.sh - resolving power, measured (POWER=1; sourced by bench.sh)
#
# Ten repeats (two under QUICK=1) of three kernels of 5 noload runs each
# (3 under QUICK=1), contest's defaults otherwise, runs interleaved:
#   a, a2  cpu_limit = 0.75 x CPUs: an A/A pair, nothing differs
#   b      cpu_limit 3% lower: a compile bound by the quota slows by 1/0.97
# Counted: the repeats where b is found slower than a (Welch, p < 0.05), and
# those where a2 differs from a at all (a false alarm). The test is contest
# compare's when this contest has it, else Welch's from bench/power.c.
# Needs root and a cgroup cpu controller (cpu_limit).

# power_p BASE NEW: the two-sided p-value of NEW's noload Time against BASE's
power_p() {
	local p=
	if [ -n "$POWER_COMPARE" ]; then
		p=$("$CONTEST" compare -r "$B/r" --format csv "$1" "$2" 2>> "$B/log" |
			awk -F, -v k="$2" '$1 == "noload" && $2 == "Time" && $3 == k {print $8}')
	fi
	[ -n "$p" ] || p=$("$POWER_BIN" welch "$(col "$B/r/$1/runs.tsv" time_s | tr '\n' ' ')" \
		"$(col "$B/r/$2/runs.tsv" time_s | tr '\n' ' ')")
	echo "$p"
}

# power_repeat R RUNS LIMIT_A LIMIT_B: one repeat; "p_ab p_aa slowdown" into $B/power
power_repeat() {
	local r=$1 runs=$2 i v kernels=(a a2 b) k opts=(-s flush=yes -s "quiet_wait=$(reps 10s 2s)")
	for i in $(seq "$runs"); do
		for v in $(seq 0 2); do
			k=${kernels[$(((v + i) % 3))]}
			if [ "$k" = b ]; then
				crun "pw$r-$k" "${opts[@]}" -s "cpu_limit=$4" "${TREE_OPTS[@]}" noload || return 1
			else
				crun "pw$r-$k" "${opts[@]}" -s "cpu_limit=$3" "${TREE_OPTS[@]}" noload || return 1
			fi
		done
	done
	echo "$(power_p "pw$r-a" "pw$r-b") $(power_p "pw$r-a" "pw$r-a2")" \
		"$(calc "$(col "$B/r/pw$r-b/runs.tsv" time_s | mean) / $(col "$B/r/pw$r-a/runs.tsv" time_s | mean)")" \
		>> "$B/power"
}

bench_power() {
	local repeats runs la lb r found alarms slow how
	if [ -z "$POWER" ]; then
		figure "resolving power (measured)" "not run" "reported" "-" "make bench POWER=1"
		return 0
	fi
	if [ "$(id -u)" != 0 ]; then
		figure "resolving power (measured)" "not run" "reported" "-" "cpu_limit needs root"
		return 0
	fi
	POWER_COMPARE=
	"$CONTEST" compare --help > /dev/null 2>&1 && POWER_COMPARE=1
	repeats=$(reps 10 2) runs=$(reps 5 3)
	la=$(calc "0.75 * $(nproc)" %.3f) lb=$(calc "0.75 * $(nproc) * 0.97" %.3f)
	: > "$B/power"
	for r in $(seq "$repeats"); do
		say "resolving power: repeat $r of $repeats ($runs runs each of cpu_limit $la, $la, $lb)"
		power_repeat "$r" "$runs" "$la" "$lb" || return 1
	done
	found=$(awk '$1 < 0.05 && $3 > 1' "$B/power" | wc -l)
	alarms=$(awk '$2 < 0.05' "$B/power" | wc -l)
	slow=$(awk '{print ($3 - 1) * 100}' "$B/power" | mean)
	how=$([ -n "$POWER_COMPARE" ] && echo "contest compare" || echo "Welch in bench/power.c (no contest compare here)")
	figure "resolving power (measured)" "3% found $found/$repeats; A/A marked $alarms/$repeats" \
		"reported" "-" \
		"$runs vs $runs noload runs per repeat, cpu_limit $la vs $lb (realised slowdown $(calc "$slow" %.2f)%), test: $how, p < 0.05"
}

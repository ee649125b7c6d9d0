# bench/compile.sh - does the harness perturb the compile it times, and how
# noisy is that time? (sourced by bench.sh; was bench/overhead.sh)
#
# The quick profile's synthetic tree, make -j4, timed five ways per round:
#   ref      GNU time around `make -j4` in the tree, after `make clean`
#   mon      contest noload, monitors on, no flush, no quiet wait
#   flush    mon with the page cache dropped before each run
#   quiet    mon waiting up to 10 s (2 s under QUICK) for the CPUs to go idle first
#   default  contest's defaults: flush and quiet wait
# The order rotates every round so that no variant always follows another.
# perturbation: the median over rounds of mon's Time / ref's, same round.
# noise: each variant's coefficient of variation of Time over the rounds.
# resolving power: from the default's CV, the smallest slowdown Welch's test
# on 5 runs per kernel finds at p < 0.05 with 80% power (bench/power.c).

COMPILE_VARIANTS=(ref mon flush quiet default)

# the variant's contest settings
compile_opts() {
	case $1 in
	mon) echo "-s flush=no -s quiet_wait=0" ;;
	flush) echo "-s flush=yes -s quiet_wait=0" ;;
	quiet) echo "-s flush=no -s quiet_wait=$(reps 10s 2s)" ;;
	default) echo "-s flush=yes -s quiet_wait=$(reps 10s 2s)" ;;
	esac
}

# as contest does it: make clean untimed, then make -j4 in the tree
compile_ref() {
	(cd "$B/work/synthetic" && make clean > /dev/null && gnu_time "$B/cmp.gnu" make -j4) || return 1
	awk '{print $1}' "$B/cmp.gnu" >> "$B/cmp.ref"
}

# compile_round R: one round, the variants rotated by R
compile_round() {
	local r=$1 i v n=${#COMPILE_VARIANTS[@]}
	for i in $(seq 0 $((n - 1))); do
		v=${COMPILE_VARIANTS[$(((i + r) % n))]}
		if [ "$v" = ref ]; then
			compile_ref || return 1
		else
			# shellcheck disable=SC2046
			crun "cmp-$v" -s monitors=yes $(compile_opts "$v") "${TREE_OPTS[@]}" noload || return 1
		fi
	done
}

compile_times() { if [ "$1" = ref ]; then cat "$B/cmp.ref"; else col "$B/r/cmp-$1/runs.tsv" time_s; fi; }

bench_compile() {
	local rounds r v cvs lowv pert det student
	rounds=$(reps 5 3)
	say "compile: generating and warming the synthetic tree"
	crun cmp-warm -s flush=no -s quiet_wait=0 "${TREE_OPTS[@]}" noload || return 1
	: > "$B/cmp.ref"
	for r in $(seq "$rounds"); do
		say "compile: round $r of $rounds (${COMPILE_VARIANTS[*]})"
		compile_round "$r" || return 1
	done
	paste "$B/cmp.ref" <(compile_times mon) > "$B/cmp.pairs"
	pert=$(awk '{print $2 / $1}' "$B/cmp.pairs" | median)
	figure "perturbation" "$(calc "$pert" %.4f) x GNU time" "median ratio <= 1.01" \
		"$(met "$pert <= 1.01")" \
		"make -j4 of the synthetic tree, contest (monitors on, no flush, no quiet wait) over GNU time in the same round, median of $rounds; GNU time's median $(median < "$B/cmp.ref") s"
	for v in "${COMPILE_VARIANTS[@]}"; do
		echo "$v $(compile_times "$v" | cv)" >> "$B/cmp.cv"
	done
	cvs=$(awk '$1 != "ref" {printf "%s%s %.2f%%", (NR > 2 ? "; " : ""), $1, $2 * 100}' "$B/cmp.cv")
	read -r lowv _ < <(awk '$1 != "ref"' "$B/cmp.cv" | sort -g -k2 | head -n 1)
	figure "noise (CV of noload Time)" "$cvs" "reported; default lowest" \
		"$(met "\"$lowv\" == \"default\"")" \
		"$rounds runs each, interleaved; lowest: $lowv; GNU time's bare make $(awk '$1 == "ref" {printf "%.2f%%", $2 * 100}' "$B/cmp.cv"); mon = no flush, no quiet wait"
	read -r det student < <("$POWER_BIN" detect "$(awk '$1 == "default" {print $2}' "$B/cmp.cv")" 5)
	figure "resolving power (computed)" "$det% slowdown" "<= 3%" "$(met "$det <= 3")" \
		"smallest slowdown Welch's test on 5 runs per kernel finds at p < 0.05 with 80% power, from the default's CV (simulated Welch; Student's noncentral t says $student%)"
}

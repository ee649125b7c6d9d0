# bench/pairs.sh - contest's noload Time against the same bare make, in the
# user's environment and in contest's own build environment (sourced by bench.sh)
#
# The quick profile's synthetic tree, make -j4 after an untimed make clean,
# three ways per round, the order rotated every round, 40 rounds (QUICK: 3;
# PAIRS_ROUNDS=N for another count; PAIRS_TREE="-s synthetic_dirs=8" for
# another tree, the same for all three ways):
#   user     GNU time around make, in the environment a shell gives the user:
#            the bench's own minus what contest scrubs (`make bench`'s
#            MAKEFLAGS, MAKELEVEL...), LANG=C.UTF-8 when no locale is set
#   build    the same make in contest's build environment: exactly that
#            environment minus what contest scrubs plus what it sets, both
#            read from `contest env` (build_env_scrubbed, build_env_set),
#            so that no second copy of lib/buildenv.c's list lives here
#   contest  contest noload: monitors on, no flush, no quiet wait
# Figures: contest's CV of Time over the user make's (target at most 1.10),
# with a 95% bootstrap interval (rounds resampled whole, 2000 times, so a
# round's drift stays paired across the three ways),
# the perturbation (median of contest / build, same round) and the build
# environment's effect apart (median of build / user, same round).
# Then 6 rounds (QUICK: 2; PAIRS_BISECT_ROUNDS=0 skips them) bisecting the environment: user, build, and raw
# (the bench's environment as inherited, make bench's MAKE* variables and
# all, which bench/compile.sh's ref used); and the locale's cost to one gcc
# of one file of the tree, 10 interleaved pairs under perf stat's task-clock.

PAIRS_MAIN=(user build contest)
PAIRS_BISECT=(user build raw)

# pairs_envs: the three environments' NUL-separated files from `contest env`
pairs_envs() {
	local out names=() set=() kv n keep
	out=$("$CONTEST" env -c "$TOP/configs/quick.conf" 2>> "$B/log") || return 1
	# names only: a value may hold spaces; a spurious name from inside one is
	# unset harmlessly
	read -r -a names < <(sed -n 's/^build_env_scrubbed: //p' <<< "$out" | grep -o '[A-Za-z_][A-Za-z0-9_]*=' | tr -d = | tr '\n' ' ')
	read -r -a set < <(sed -n 's/^build_env_set: //p' <<< "$out")
	[ "${#set[@]}" -gt 0 ] || { say "pairs: contest env printed no build_env_set"; return 1; }
	: > "$B/pairs.env.raw"; : > "$B/pairs.env.user"; : > "$B/pairs.env.build"
	while IFS= read -r -d '' kv; do
		printf '%s\0' "$kv" >> "$B/pairs.env.raw"
		keep=1
		for n in "${names[@]}"; do [ "${kv%%=*}" != "$n" ] || keep=; done
		[ -z "$keep" ] || printf '%s\0' "$kv" | tee -a "$B/pairs.env.build" >> "$B/pairs.env.user"
	done < <(env -0)
	[ -n "${LANG:-}${LC_ALL:-}" ] || printf 'LANG=C.UTF-8\0' >> "$B/pairs.env.user"
	printf '%s\0' "${set[@]}" >> "$B/pairs.env.build"
	PAIRS_SET="${set[*]}"
	PAIRS_SCRUBBED="${names[*]:-none}"
}

# pairs_make ENV: GNU time around make -j4 in exactly that environment
pairs_make() {
	local e=()
	mapfile -d '' -t e < "$B/pairs.env.$1"
	(cd "$B/work/synthetic" && env -i "${e[@]}" make clean > /dev/null &&
		gnu_time "$B/pairs.gnu" env -i "${e[@]}" make -j4) || return 1
	awk '{print $1}' "$B/pairs.gnu" >> "$B/pairs.$2.$1"
}

# pairs_round PHASE R VARIANT...: one round, the variants rotated by R
pairs_round() {
	local phase=$1 r=$2 i v n
	shift 2
	n=$#
	for i in $(seq 0 $((n - 1))); do
		v=${*:$(((i + r) % n + 1)):1}
		if [ "$v" = contest ]; then
			crun pairs -s monitors=yes -s flush=no -s quiet_wait=0 "${tree[@]}" noload || return 1
		else
			pairs_make "$v" "$phase" || return 1
		fi
	done
}

# pairs_cv_ci A B: a 95% percentile bootstrap interval of CV(A) / CV(B),
# rounds (the files' lines, paired) resampled whole; prints "LOW HIGH"
pairs_cv_ci() {
	paste "$1" "$2" | awk -v seed="${PAIRS_SEED:-1}" '
	function cv(col,   i, s, m, ss) {
		s = 0; for (i = 1; i <= n; i++) s += v[col, pick[i]]
		m = s / n; ss = 0
		for (i = 1; i <= n; i++) ss += (v[col, pick[i]] - m) ^ 2
		return sqrt(ss / (n - 1)) / m
	}
	{ n = NR; v[1, NR] = $1; v[2, NR] = $2 }
	END {
		if (n < 3) exit 1
		srand(seed)
		for (b = 1; b <= 2000; b++) {
			for (i = 1; i <= n; i++) pick[i] = int(rand() * n) + 1
			d = cv(2); r[b] = d > 0 ? cv(1) / d : 1e9
		}
		# sort r[1..2000] (insertion sort would be slow: a shell sort)
		for (gap = 1000; gap > 0; gap = int(gap / 2))
			for (i = gap + 1; i <= 2000; i++)
				for (j = i; j > gap && r[j - gap] > r[j]; j -= gap) { t = r[j]; r[j] = r[j - gap]; r[j - gap] = t }
		printf "%.3f %.3f\n", r[50], r[1951]
	}'
}

# pairs_ratio PHASE A B: median over rounds of A's Time / B's
pairs_ratio() { paste "$B/pairs.$1.$2" "$B/pairs.$1.$3" | awk '{print $1 / $2}' | median; }

# pairs_gcc_locale: task-clock ms of gcc -c on one file of the tree, C.UTF-8
# against C, interleaved; prints "median_utf8 median_c"
pairs_gcc_locale() {
	local i f src
	src=$(cd "$B/work/synthetic" && ls d000/f000.c) || return 1
	for i in $(seq 10); do
		for f in utf8 c; do
			(cd "$B/work/synthetic" && if [ $f = utf8 ]; then
				env -u LC_ALL LANG=C.UTF-8 perf stat -x, -e task-clock -o "$B/pairs.perf" \
					gcc -Iinclude -Id000 -O2 -Wall -c -o /dev/null "$src"
			else
				env LANG=C.UTF-8 LC_ALL=C perf stat -x, -e task-clock -o "$B/pairs.perf" \
					gcc -Iinclude -Id000 -O2 -Wall -c -o /dev/null "$src"
			fi) 2>> "$B/log" || return 1
			awk -F, '$3 == "task-clock" {print $1}' "$B/pairs.perf" >> "$B/pairs.gcc.$f"
		done
	done
	echo "$(median < "$B/pairs.gcc.utf8") $(median < "$B/pairs.gcc.c")"
}

bench_pairs() {
	local rounds bisect r v cvr ci pert envr raw build loadavg others0 others1 u c
	local -a tree=("${TREE_OPTS[@]}")
	rounds=${PAIRS_ROUNDS:-$(reps 40 3)} bisect=${PAIRS_BISECT_ROUNDS:-$(reps 6 2)}
	# shellcheck disable=SC2206 # words on purpose: -s KEY=VALUE pairs
	[ -z "${PAIRS_TREE:-}" ] || tree=($PAIRS_TREE)
	pairs_envs || return 1
	say "pairs: contest's build environment: scrubbed $PAIRS_SCRUBBED; set $PAIRS_SET"
	say "pairs: generating and warming the synthetic tree"
	crun pairs-warm -s flush=no -s quiet_wait=0 "${tree[@]}" noload || return 1
	loadavg=$(cut -d' ' -f1-3 /proc/loadavg)
	for r in $(seq "$rounds"); do
		say "pairs: round $r of $rounds (${PAIRS_MAIN[*]})"
		pairs_round main "$r" "${PAIRS_MAIN[@]}" || return 1
	done
	col "$B/r/pairs/runs.tsv" time_s > "$B/pairs.main.contest"
	col "$B/r/pairs/runs.tsv" others_cpu_s > "$B/pairs.others"
	cvr=$(calc "$(cv < "$B/pairs.main.contest") / $(cv < "$B/pairs.main.user")" %.3f)
	ci=$(pairs_cv_ci "$B/pairs.main.contest" "$B/pairs.main.user") || ci="- -"
	figure "contest's CV over bare make's" "$cvr (95% CI ${ci% *} to ${ci#* })" "<= 1.10" "$(met "$cvr <= 1.10")" \
		"$rounds interleaved rounds${PAIRS_TREE:+ (tree: $PAIRS_TREE)}; interval: rounds resampled whole, 2000 bootstrap samples; CV contest $(calc "$(cv < "$B/pairs.main.contest") * 100" %.2f)%, bare make in the user's environment $(calc "$(cv < "$B/pairs.main.user") * 100" %.2f)%, in contest's $(calc "$(cv < "$B/pairs.main.build") * 100" %.2f)%; contest: monitors on, no flush, no quiet wait; load average $loadavg at the start, others used $(calc "$(mean < "$B/pairs.others")" %.1f) CPU s a run on average (runs.tsv others_cpu_s)"
	pert=$(pairs_ratio main contest build)
	figure "perturbation, contest / make in its environment" "$(calc "$pert" %.4f)" "<= 1.01" \
		"$(met "$pert <= 1.01")" "median over $rounds rounds of contest's Time over GNU time's, the same make in contest's build environment; that make's median $(median < "$B/pairs.main.build") s"
	envr=$(pairs_ratio main build user)
	figure "build environment's effect" "$(calc "$envr" %.4f)" "reported" "-" \
		"median over $rounds rounds of make in contest's environment (set: $PAIRS_SET; scrubbed: $PAIRS_SCRUBBED) over make in the user's (LANG=${LANG:-C.UTF-8}${LC_ALL:+, LC_ALL=$LC_ALL})"
	for r in $(seq "$bisect"); do
		say "pairs: bisect round $r of $bisect (${PAIRS_BISECT[*]})"
		pairs_round bisect "$r" "${PAIRS_BISECT[@]}" || return 1
	done
	if [ "$bisect" -gt 0 ]; then
		raw=$(pairs_ratio bisect raw user) build=$(pairs_ratio bisect build user)
		figure "environment bisected" "build/user $(calc "$build" %.4f); raw/user $(calc "$raw" %.4f)" \
			"reported" "-" "$bisect more rounds; raw: the bench's environment as inherited (scrubbed variables kept), as bench/compile.sh's ref ran make; build differs from user only in: $PAIRS_SET"
	fi
	if command -v perf > /dev/null && read -r u c < <(pairs_gcc_locale) && [ -n "$c" ]; then
		figure "locale's cost to one gcc" "$(calc "$c / $u" %.4f) (C / C.UTF-8)" "reported" "-" \
			"task-clock of gcc -O2 -c of d000/f000.c, 10 interleaved pairs under perf stat; medians $u ms (LANG=C.UTF-8) and $c ms (LC_ALL=C)"
	else
		figure "locale's cost to one gcc" "-" "reported" "-" "no perf, or perf stat failed (see the log)"
	fi
}

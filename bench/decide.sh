# bench/decide.sh - does compare say what its runs can see? (sourced by bench.sh)
#
# A small synthetic tree (one directory of 20 files, about 4 s a compile
# here; QUICK=1: 8 files), contest's defaults otherwise:
#   drift     contest calibrate: 6 sessions of 3 noload runs (QUICK: 3 of 2),
#             the drift between sessions and the noise within one
#   aa        20 repeats (QUICK: 3) of the same kernel measured in two
#             sessions of 3 runs, one after the other, compared with that
#             calibration: how often the verdict is better or worse (a
#             false alarm; target at most alpha, 0.05), and how often
#             Welch's test alone marks the pair (the old behaviour)
#   detect    a variant compiling 10% and 5% more files (22 and 21 of 20)
#             against the plain tree, and 3% (34 of 33 files, a tree of its
#             own: 3% of 20 files is not a whole file), interleaved
#             variants: 3 repeats (QUICK: 2, 10% only) of 5 rounds, how
#             often the verdict is worse; and of --until-decided (at most
#             10 rounds), how often worse and the rounds it took

DECIDE_TREE=(-s synthetic_dirs=1 -s "synthetic_files=$(reps 20 8)" -s synthetic_funcs=8)

# drun ARGS...: contest with the quick profile and the small tree into $B/d
drun() {
	"$CONTEST" "$1" -c "$TOP/configs/quick.conf" -s "work_dir=$B/dwork" -s quiet_wait=2s \
		"${DECIDE_TREE[@]}" -r "$B/d" "${@:2}" >> "$B/log" 2>&1
}

# the NEW kernel's noload Time row of compare's csv: "verdict,significant"
decide_verdict() {
	"$CONTEST" compare -r "$B/d" --format csv "$1" "$2" 2>> "$B/log" |
		awk -F, '$1 == "noload" && $2 == "Time" && $3 == k { print $11 "," $9 }' k="$2"
}

decide_drift() {
	local sessions=$(reps 6 3) runs=$(reps 3 2) out
	say "decide: calibrate, $sessions sessions of $runs runs"
	drun calibrate -n "$sessions" --runs "$runs" || return 1
	out=$("$CONTEST" calibrate -r "$B/d" -n 0 2>> "$B/log")
	DRIFT=$(sed -n 's/^drift between sessions: \([0-9.]*\)%.*/\1/p' <<< "$out")
	NOISE=$(sed -n 's/^noise within a session: *\([0-9.]*\)%.*/\1/p' <<< "$out")
	figure "drift between sessions (calibrated)" "${DRIFT:--}% (noise within a session ${NOISE:--}%)" \
		"reported" "-" "contest calibrate -n $sessions --runs $runs, the small tree"
}

decide_aa() {
	local repeats=$(reps 20 3) r v alarms=0 marked=0
	for r in $(seq "$repeats"); do
		say "decide: A/A sessions, repeat $r of $repeats"
		drun run -k "aa$r-1" -n 3 noload && drun run -k "aa$r-2" -n 3 noload || return 1
		v=$(decide_verdict "aa$r-1" "aa$r-2")
		case $v in better,* | worse,*) alarms=$((alarms + 1)) ;; esac
		case $v in *,\**) marked=$((marked + 1)) ;; esac
	done
	figure "A/A in two sessions: better or worse" "$alarms of $repeats" "at most 5%" \
		"$(met "$alarms <= 0.05 * $repeats + 1")" \
		"same kernel, 2 sessions of 3 runs, calibrated; Welch alone marked $marked of $repeats"
}

# decide_detect PCT FILES [BASE]: the plain tree (or one of BASE files, in a
# work dir of its own) against FILES files, default rounds and until-decided
decide_detect() {
	local pct=$1 files=$2 repeats=$(reps 3 2) r worse=0 uworse=0 rounds= base=()
	[ -z "${3:-}" ] || base=(--set "synthetic_files=$3" --set "work_dir=$B/dwork-$3")
	for r in $(seq "$repeats"); do
		say "decide: $pct% more files, repeat $r of $repeats"
		drun run -n 5 -k "d$pct-$r-a" "${base[@]}" -k "d$pct-$r-b" --set "synthetic_files=$files" \
			--set "work_dir=$B/dwork-b$files" noload || return 1
		case $(decide_verdict "d$pct-$r-a" "d$pct-$r-b") in worse,*) worse=$((worse + 1)) ;; esac
		drun run -k "u$pct-$r-a" "${base[@]}" -k "u$pct-$r-b" --set "synthetic_files=$files" \
			--set "work_dir=$B/dwork-b$files" --until-decided --max-rounds 10 noload || return 1
		grep "until-decided: noload of 'u$pct-$r-b'" "$B/log" | tail -n 1 | grep -q ": worse (" &&
			uworse=$((uworse + 1))
		rounds="$rounds $(grep -c "round [0-9]* of 10: u$pct-$r-b" "$B/log")"
	done
	figure "$pct% more files found worse" "$worse of $repeats (5 rounds); $uworse of $repeats until decided" \
		"reported" "-" "interleaved variants, paired; until-decided took$rounds rounds (cap 10)"
}

bench_decide() {
	decide_drift || return 1
	decide_aa || return 1
	decide_detect 10 "$(reps 22 9)" || return 1
	[ -n "$QUICK" ] || decide_detect 5 21 || return 1
	[ -n "$QUICK" ] || decide_detect 3 34 33 || return 1
}

# bench/report.sh - report scale: `contest report`, `contest compare` and
# `contest changes` over 1200 and over 12000 kernels of 10 loads each (sourced
# by bench.sh)
#
# The results are generated (bench/gen-runs.awk): every kernel has the
# default loads list, 3 ok runs of each, with every column the driver
# writes, and an env file (this machine's, `contest env`, its host line
# one of four lab machines in turn, as a lab's gathered folders have). Each
# size is timed several times, the two sizes alternating, and the shortest
# wall time taken: the work is the same every time, so other work on the
# machine can only add to it; the peak memory is GNU time's maximum
# resident set size of that command. Growth is linear when ten times the
# kernels cost at most about ten times the time (12 allows for noise).

REPORT_SIZES="1200 12000"

# report_time OUT CMD...: wall seconds and peak RSS (KB) of CMD, a line in OUT
report_time() {
	local out=$1 t0 t1; shift
	t0=$EPOCHREALTIME
	/usr/bin/time -f %M -o "$B/rss" "$@" > "$B/report.out" 2>> "$B/log" || return 1
	t1=$EPOCHREALTIME
	echo "$(calc "$t1 - $t0" %.4f) $(tail -n 1 "$B/rss")" >> "$out"
}

# report_cmd WHAT DIR: into CMD, figure WHAT's command over kernel folder
# DIR: a report in a format, or compare of the first kernel (BASE) with
# every other one
report_cmd() {
	case $1 in
	compare) CMD=("$CONTEST" compare -r "$2"); mapfile -t -O 4 CMD < <(cd "$2" && ls) ;;
	changes) CMD=("$CONTEST" changes -r "$2") ;;
	*) CMD=("$CONTEST" report -r "$2" --format "$1") ;;
	esac
}

# changes_found DIR K: whether `contest changes` over DIR's K generated
# kernels finds gen-runs.awk's known history: io_load's step (its 95% set
# holding the true position) and read_load's ramp (ends within 20 kernels),
# each load's only change point; "step ramp" when both are
changes_found() {
	local step=$(($2 * 37 / 100 + 1)) ramp=$(($2 * 60 / 100 + 1))
	"$CONTEST" changes -r "$1" --format csv 2>> "$B/log" | awk -F, -v step="$step" -v ramp="$ramp" '
		function at(name) { sub(/^k0*/, "", name); return name + 0 }
		$1 == "io_load" { n_io++; if ($7 == "step" && at($18) < step && at($19) >= step) io = 1 }
		$1 == "read_load" { n_rd++
			d0 = at($8) - ramp; d1 = at($9) - ramp - 100
			if ($7 == "ramp" && d0 * d0 <= 400 && d1 * d1 <= 400) rd = 1 }
		END { printf "%s %s\n", io && n_io == 1 ? "step" : "-", rd && n_rd == 1 ? "ramp" : "-" }'
}

bench_report() {
	local k n rounds what CMD small large ratio rows mb limit found
	rounds=$(reps 5 3)
	"$CONTEST" env > "$B/env.txt" 2>> "$B/log" || { say "contest env failed"; return 1; }
	for k in $REPORT_SIZES; do
		say "report scale: generating $k kernels x 10 loads x 3 runs, env files of 4 machines"
		awk -v kernels="$k" -v runs=3 -v dir="$B/rep$k" -v env="$B/env.txt" -v machines=4 \
			-f "$TOP/bench/gen-runs.awk" || return 1
	done
	for what in text json compare changes; do
		# changes finds change points besides reading: issue 31 allows it 2 s
		limit=1; [ "$what" = changes ] && limit=2
		for k in $REPORT_SIZES; do : > "$B/rep.$k"; done
		for n in $(seq "$rounds"); do
			say "report scale: $what, round $n of $rounds"
			for k in $REPORT_SIZES; do
				report_cmd "$what" "$B/rep$k"
				report_time "$B/rep.$k" "${CMD[@]}" ||
					{ say "$what over $k kernels failed"; return 1; }
			done
		done
		rows=$(grep -c . "$B/report.out")
		small=$(sort -g "$B/rep.1200" | head -n 1 | cut -d' ' -f1)
		large=$(sort -g "$B/rep.12000" | head -n 1 | cut -d' ' -f1)
		mb=$(sort -g -k2 "$B/rep.12000" | tail -n 1 | awk '{printf "%.0f", $2 / 1024}')
		ratio=$(calc "$large / $small" %.2f)
		if [ "$what" = changes ]; then
			found="$(changes_found "$B/rep12000" 12000) at 12000 kernels, $(changes_found "$B/rep1200" 1200) at 1200"
			figure "changes finds the known history" "$found" "step ramp at both" \
				"$([ "$found" = "step ramp at 12000 kernels, step ramp at 1200" ] && echo yes || echo no)" \
				"io_load's 10% step at 37% (its 95% set holding it), read_load's 10% ramp over 100 kernels at 60% (ends within 20), each the load's only change point"
		fi
		figure "report scale ($what)" \
			"$(calc "$large" %.3f) s and $mb MB for 12000 kernels, $(calc "$small" %.3f) s for 1200 (x$ratio)" \
			"12000 kernels <= $limit s and 200 MB, growth linear" \
			"$(met "$large <= $limit && $mb <= 200 && $ratio <= 12")" \
			"$(report_how "$what") over generated runs.tsv and env files (360000 rows at 12000 kernels, $rows output lines), shortest of $rounds, sizes alternating; MB: the largest peak RSS"
	done
}

report_how() {
	case $1 in
	compare) echo "contest compare k0001 k0002 ... k12000 (all kernels on the command line, 72 KB of argv)" ;;
	changes) echo "contest changes (E-divisive change points of every load's series, every run)" ;;
	*) echo "contest report --format $1" ;;
	esac
}

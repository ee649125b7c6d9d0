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

bench_report() {
	local k n rounds what CMD small large ratio rows mb limit
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

# bench/report.sh - report scale: `contest report` over 120 and over 1200
# kernels of 10 loads each (sourced by bench.sh)
#
# The results are generated (bench/gen-runs.awk): every kernel has the
# default loads list, 3 ok runs of each, with every column the driver
# writes. Each size is timed several times, the two sizes alternating, and
# the shortest wall time taken: the work is the same every time, so other
# work on the machine can only add to it. Growth is linear when ten times the kernels
# cost at most about ten times the time (12 allows for noise).

# report_time DIR FORMAT: wall seconds of one `contest report` over DIR
report_time() {
	local t0 t1
	t0=$EPOCHREALTIME
	"$CONTEST" report -r "$1" --format "$2" > "$B/report.out" 2>> "$B/log" || return 1
	t1=$EPOCHREALTIME
	calc "$t1 - $t0" %.4f
}

bench_report() {
	local k n rounds fmt small large ratio rows
	rounds=$(reps 5 3)
	for k in 120 1200; do
		say "report scale: generating $k kernels x 10 loads x 3 runs"
		awk -v kernels="$k" -v runs=3 -v dir="$B/rep$k" -f "$TOP/bench/gen-runs.awk" || return 1
	done
	for fmt in text json; do
		: > "$B/rep.120" ; : > "$B/rep.1200"
		for n in $(seq "$rounds"); do
			say "report scale: --format $fmt, round $n of $rounds"
			for k in 120 1200; do
				report_time "$B/rep$k" "$fmt" >> "$B/rep.$k" || { say "report failed"; return 1; }
			done
		done
		rows=$(grep -c . "$B/report.out")
		small=$(sort -g "$B/rep.120" | head -n 1) large=$(sort -g "$B/rep.1200" | head -n 1)
		ratio=$(calc "$large / $small" %.2f)
		figure "report scale ($fmt)" "$(calc "$large" %.3f) s for 1200 kernels, $(calc "$small" %.3f) s for 120 (x$ratio)" \
			"1200 kernels <= 1 s, growth linear" "$(met "$large <= 1 && $ratio <= 12")" \
			"contest report --format $fmt over generated runs.tsv (36000 rows at 1200 kernels, $rows output lines), shortest of $rounds, sizes alternating"
	done
}

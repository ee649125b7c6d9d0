#!/usr/bin/env bash
# long: bench.sh's table end to end and R's simulations (about 30 s quiet)
# make bench's machinery, not its timings: the statistics helper agrees with
# R (t.test, power.t.test, a simulation of Welch's test in R), the generated
# results read back as the tables they stand for, and bench.sh prints its
# table. No time is asserted: the benchmark is not a test.
. "$(dirname "$0")/lib.sh"
[ -f /usr/include/Rmath.h ] || { skip "no Rmath.h (apt-get install r-mathlib)"; done_testing; exit; }
mode=(); obj=build/plain
[ "$(cat "$TOP/bin/.mode" 2>/dev/null)" = sanitize ] && mode=(SANITIZE=1) obj=build/san
make -s -C "$TOP" "${mode[@]}" "$obj/bench/power" > "$T/make.out" 2>&1
ok $? "make builds $obj/bench/power"
POWER=$TOP/$obj/bench/power

# R: t.test(c(10.1,10.4,9.8,10.0,10.3), c(10.9,11.6,10.2,12.5,11.1))$p.value
is "$("$POWER" welch "10.1 10.4 9.8 10.0 10.3" "10.9 11.6 10.2 12.5 11.1")" 0.0384693 \
	"Welch's p-value is R's t.test's, unequal variances"
is "$("$POWER" welch "1 2 3 4 5" "2 3 4 5 6")" 0.346594 "Welch's p-value is R's t.test's, t = 1"
"$POWER" welch "1 2" "3 x" > /dev/null 2>&1
is $? 2 "a sample that is not numbers is a usage error"

# R: power.t.test(n=5, sd=0.01, power=.8, strict=TRUE)$delta = 0.02026 (uniroot's
# tolerance; the exact root is 0.02024), and a simulation of t.test in R gives
# power 0.799 at a 2.08% slowdown
read -r sim student < <("$POWER" detect 0.01 5)
awk -v s="$student" 'BEGIN { exit !(s >= 2.01 && s <= 2.04) }'
ok $? "Student's noncentral t figure is R's power.t.test (got $student%)"
awk -v s="$sim" 'BEGIN { exit !(s >= 2.0 && s <= 2.2) }'
ok $? "simulated Welch figure is R's simulation (got $sim%)"
read -r sim3 _ < <("$POWER" detect 0.03 5)
awk -v a="$sim" -v b="$sim3" 'BEGIN { exit !(b / a > 2.9 && b / a < 3.1) }'
ok $? "three times the noise needs three times the slowdown ($sim% -> $sim3%)"

# generated results: every kernel has the ten default loads, 3 ok runs each
awk -v kernels=3 -v runs=3 -v dir="$T/gen" -f "$TOP/bench/gen-runs.awk"
ok $? "gen-runs.awk makes 3 kernels"
"$CONTEST" report -r "$T/gen" > "$T/report" 2> "$T/report.err"
ok $? "contest report reads them"
is "$(grep -c ':$' "$T/report")" 10 "ten load tables"
is "$(grep -c '^k000[123] \[3\]' "$T/report")" 30 "each kernel in each table with 3 runs"
is "$(wc -c < "$T/report.err" | tr -d ' ')" 0 "no warnings about the generated rows"

# the driver script: one cheap figure end to end
CONTEST_BENCH_TMP=$T QUICK=1 POWER_BIN=$POWER "$TOP/bench/bench.sh" report > "$T/bench" 2> "$T/bench.err"
ok $? "bench.sh report exits 0"
grep -Eq '^\| report scale \(text\) \| [0-9.]+ s and [0-9]+ MB for 12000 kernels, [0-9.]+ s for 1200 \(x[0-9.]+\) \|' "$T/bench"
ok $? "the table has the text report's row with both sizes and the memory"
grep -q '^| figure | measured | target | met | how |$' "$T/bench"
ok $? "the table has its header"
left=("$T"/contest-bench.*)
[ ! -e "${left[0]}" ]
ok $? "bench.sh removes its temp dir"
"$TOP/bench/bench.sh" nosuch > /dev/null 2>&1
is $? 2 "an unknown figure is a usage error"
done_testing

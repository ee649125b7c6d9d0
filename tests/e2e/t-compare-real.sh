#!/usr/bin/env bash
# long: about 15 real runs of a CPU-bound job, 3 to 5 minutes
# compare on real runs: kernel names A and A2 run the same fixed CPU-bound
# job (two awk loops under make -j2), B runs it under cpu_limit at 90% of
# the CPUs, so B's Time is about 11% longer. Runs are interleaved (A, B, A2,
# A, B, A2, ...) so a drift of the shared machine hits all three alike.
# compare A A2 must not mark Time '**' (an A/A test is allowed its 5% of
# single '*' marks: that is what Holm is for). compare A B must mark B's Time, when
# the machine let A have more CPU than B's quota: on a busy shared box it
# does not, and that part skips saying so.
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (cpu cgroup quota)"; done_testing; exit; }
[ -d /sys/fs/cgroup/cpu ] || [ -f /sys/fs/cgroup/unified/cgroup.controllers ] ||
	{ skip "no cpu cgroup controller"; done_testing; exit; }
command -v make >/dev/null || { skip "make is not installed"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
cpus=$(nproc)
limit=$(awk -v n="$cpus" 'BEGIN { printf "%.2f", 0.9 * n }')
# one loop per CPU, each about 4 s of CPU here (longer runs, less relative jitter)
printf 'all: %s\n%s:\n\t@awk '\''BEGIN { for (i = 0; i < 150000000; i++) s += i }'\''\n' \
	"$(seq -s ' ' 1 "$cpus")" "$(seq -s ' ' 1 "$cpus")" > "$T/loop.mk"
R=${KEEP_R:-$T/reports}
RUN=("$CONTEST" run "${QUICK[@]}" -s workload=command -s "command=make -s -j$cpus -f $T/loop.mk"
	-s flush=no -s monitors=no -s quiet_wait=0s -s load_lead=0s -n 1 -r "$R")
rc=0
for i in 1 2 3 4 5; do
	"${RUN[@]}" -k A noload >/dev/null 2>>"$T/err" || rc=1
	"${RUN[@]}" -k B -s cpu_limit="$limit" noload >/dev/null 2>>"$T/err" || rc=1
	"${RUN[@]}" -k A2 noload >/dev/null 2>>"$T/err" || rc=1
done
if [ $rc -ne 0 ] && why=$(cpu_quota_missing "$T/err"); then
	skip "cpu quota not available: $why"; done_testing; exit
fi
ok $rc "15 runs of A, B (cpu_limit=$limit) and A2 exit 0"
# the quota itself, whatever the noise does to Time: B never had more CPU
# than cpu_limit allows (CFS enforces it per 100 ms period; 5 points of slack)
b_max=$(col "$R/B/runs.tsv" cpu_pct | sort -n | tail -1)
awk -v c="$b_max" -v l="$limit" 'BEGIN { exit !(c != "" && c <= 100 * l + 5) }'
ok $? "the quota binds: B's CPU% is at most $(awk -v l="$limit" 'BEGIN { print 100 * l }')% + 5 in all 5 runs (highest $b_max)"
"$CONTEST" compare -r "$R" --format csv A A2 > "$T/aa.csv" 2> "$T/aa.err"
ok $? "compare A A2 exits 0"
echo "# A A2: $(grep '^noload,Time,A2,' "$T/aa.csv")"
# Time is the question. An A/A test may earn a single '*' 5% of the time by
# design; '**' (Holm) must not come. CPU% of a fixed job moves with whatever
# else a shared box runs in each slot, and with a tiny SD that shift can be
# real, so the other metrics' marks are only shown.
mark=$(grep '^noload,Time,A2,' "$T/aa.csv" | cut -d, -f9)
[ "$mark" != "**" ]
ok $? "A against A2: Time does not survive Holm (mark '$mark')"
echo "# A A2 marks: $(awk -F, '$9 != "" && NR > 1 { printf "%s %s; ", $2, $9 }' "$T/aa.csv")"
# other tests on a shared box switch swap files on and off: that one may differ
is "$(grep -v "different swap_total" "$T/aa.err")" "" "A and A2: no confound warning"
"$CONTEST" compare -r "$R" --fail-above 5 A A2 > /dev/null 2>&1
is $? 0 "--fail-above 5: A A2 exits 0"
# the premise of the slowdown: unlimited, the job had more CPU than B's quota allows
a_cpu=$(col "$R/A/runs.tsv" cpu_pct | awk '{ s += $1 } END { printf "%.0f", s / NR }')
# (185% of 2 CPUs against a quota of 180%: B is then at least 185/180 - 1 =
# 3% slower, more where both loops run at once)
if awk -v c="$a_cpu" -v l="$limit" 'BEGIN { exit !(c >= 100 * l + 5) }'; then
	"$CONTEST" compare -r "$R" --format csv A B > "$T/ab.csv" 2> "$T/ab.err"
	ok $? "compare A B exits 0"
	row=$(grep '^noload,Time,B,' "$T/ab.csv")
	# a shared box can hide a 10% cut in one set of five; a second, fresh
	# set of five against five (not ten against ten) gets one more chance
	case $(echo "$row" | cut -d, -f9) in '*'|'**') ;; *)
		echo "# first set not marked ($row): a second set of five each"
		for i in 1 2 3 4 5; do
			"${RUN[@]}" -k A3 noload >/dev/null 2>>"$T/err"
			"${RUN[@]}" -k B3 -s cpu_limit="$limit" noload >/dev/null 2>>"$T/err"
		done
		"$CONTEST" compare -r "$R" --format csv A3 B3 > "$T/ab.csv" 2> "$T/ab.err"
		row=$(grep '^noload,Time,B3,' "$T/ab.csv") ;;
	esac
	echo "# A B: $row"
	diff=$(echo "$row" | cut -d, -f7); mark=$(echo "$row" | cut -d, -f9)
	# Welch on 5 against 5 finds at p < 0.05 with 80% power a shift of
	# about 2 SDs: the smallest slowdown these runs could resolve is 2 x
	# their CV. A VM whose own noise hides the quota's ~11% cannot show it
	# (docs/PERFORMANCE.md: bare make varied 7.7% here), and says so.
	k=$(echo "$row" | cut -d, -f3); base=A; [ "$k" = B3 ] && base=A3
	resolve=$(paste <(col "$R/$base/runs.tsv" time_s) <(col "$R/$k/runs.tsv" time_s) | awk '
		{ a[NR] = $1; b[NR] = $2; sa += $1; sb += $2 }
		END { ma = sa / NR; mb = sb / NR
		      for (i = 1; i <= NR; i++) { va += (a[i] - ma)^2; vb += (b[i] - mb)^2 }
		      printf "%.1f", 2 * 100 * sqrt((va + vb) / (2 * (NR - 1))) / ma }')
	expect=$(awk -v l="$limit" -v n="$cpus" 'BEGIN { printf "%.1f", 100 * (n / l - 1) }')
	case $mark in
	'*'|'**')
		awk -v d="$diff" 'BEGIN { exit !(d <= -3 && d >= -25) }'
		ok $? "B's Time is 3-25% worse (got $diff%)"
		ok 0 "the slowdown is marked ($mark; 5 runs resolve about $resolve%)" ;;
	*) # the quota costs between 185/180 - 1 and n/l - 1 ($expect%), as the
	   # loops overlap: what the runs must resolve is the slowdown that
	   # happened, not the most it could be
	   if awk -v r="$resolve" -v d="$diff" 'BEGIN { exit !(r > -d) }'; then
		why="these runs resolve only about $resolve% (2 x their CV), more than the ${diff#-}% the quota cost here (at most $expect%): the machine's noise hides it"
		skip "B's Time is 3-25% worse (got $diff%): $why"
		skip "the slowdown is not marked: $why"
	   else
		awk -v d="$diff" 'BEGIN { exit !(d <= -3 && d >= -25) }'
		ok $? "B's Time is 3-25% worse (got $diff%)"
		ok 1 "the slowdown is marked (got '$mark'; 5 runs resolve about $resolve%, the quota costs $expect%)"
	   fi ;;
	esac
	grep -q "cpu_limit" "$T/ab.err"
	ok $? "the cpu_limit difference is warned about: $(grep cpu_limit "$T/ab.err")"
	# the gate on the pair compared above: it fails on exactly the marked
	# rows (not LCPU%, which has no better side) that are over 5% worse;
	# under the quota that is Time when marked, and often CPU% as well
	want=$(awk -F, -v k="$k" '$3 == k && $9 != "" && $2 != "LCPU%" && $7 < -5 { n++ }
		END { print n + 0 }' "$T/ab.csv")
	"$CONTEST" compare -r "$R" --fail-above 5 "$base" "$k" > /dev/null 2> "$T/fail.err"
	st=$?
	is "$st" "$((want > 0 ? 3 : 0))" "--fail-above 5: $base $k exits $((want > 0 ? 3 : 0)) ($want marked rows over 5% worse)"
	if [ -n "$mark" ] && awk -v d="$diff" 'BEGIN { exit !(d < -5) }'; then
		grep -q "^fail: noload Time of '$k' is" "$T/fail.err"
		ok $? "the marked Time ($diff%) is among them"
	fi
	is "$(grep -c '^fail: ' "$T/fail.err")" "$want" \
		"it names each of them: $(grep '^fail: ' "$T/fail.err" | tr '\n' ';')"
else
	skip "the machine is too busy: A got only $a_cpu% CPU of $((100 * cpus))%, so B's quota of $limit CPUs cannot bind"
fi
# a session's cgroups are named contest-PID: one whose driver is gone and that
# was not there before is left behind (other users' live sessions, and the
# unit tests' contest-test-* groups, are not ours)
left=$(comm -13 "$T/cg.before" <(contest_cgroups) | grep -E '/contest-[0-9]+$' | while read -r d; do
	kill -0 "${d##*contest-}" 2>/dev/null || echo "$d"; done)
is "$left" "" "no cgroup left behind"
is "$(pgrep -f "$T" | grep -vx "$$" | wc -l | tr -d ' ')" 0 "no process left behind"
done_testing

#!/usr/bin/env bash
# t-changes - contest changes over a made-up history of 60 kernels, each
# its own session: noload's Time steps up 10% at k037 (2% noise), cacherun
# stays flat; every format, the orders, --min-change, --metric, the
# bisect command from the env files' commits, and the 2002 mail's series
# (tests/data/published) with the change points the README shows.
. "$(dirname "$0")/lib.sh"
need_gawk
R=$T/r
# history DIR N [VAR=VALUE...]: kernels k001..kN (changes-history.awk)
history() {
	local dir=$1 n=$2 v vars=(); shift 2
	for v; do vars+=(-v "$v"); done
	gawk -v dir="$dir" -v n="$n" "${vars[@]}" -v header="$(runs_columns timestamp)" \
		-f "$TOP/tests/e2e/changes-history.awk"
}
history "$R" 60
printf 'bisect_tree: /src/linux\ncommit: 1111aaaa\n' > "$R/k036/env"
printf 'bisect_tree: /src/linux\ncommit: 2222bbbb\n' > "$R/k037/env"
KS=$(cd "$R" && ls | sort -V)

"$CONTEST" changes -r "$R" $KS > "$T/text" 2> "$T/err"
ok $? "changes exits 0 ($(head -n 1 "$T/err"))"
is "$(grep -c '^  step' "$T/text")" 1 "one change point in all"
is "$(awk '/^noload:/ { on = 1 } /^$/ { on = 0 } on && /^  step/ { print $2, $3, $4 }' "$T/text")" \
	"k036 -> k037" "noload's step: the last kernel before is k036, the first after k037"
grep -q '^  step k036 -> k037 .* +[0-9.]*% \[+[0-9.]*%, +[0-9.]*%\]  p < 1e-16  regression$' "$T/text"
ok $? "with both means, the change, its interval, p (a bound, not p 0) and which way"
grep -q '^    between k036 and k037 (95%: this pair alone)$' "$T/text"
ok $? "a 10% step at 2% noise: the 95% set of its positions is the one pair"
grep -q '^    contest bisect --tree /src/linux --good 1111aaaa --bad 2222bbbb$' "$T/text"
ok $? "the bisect command from the two kernels' commits"
is "$(awk '/^cacherun:/ { on = 1 } on && /no change point/ { print "none"; exit }' "$T/text")" none \
	"cacherun: no change point"
grep -q '^noload: Time \[s\], 60 kernels (180 runs), 60 sessions, drift not calibrated$' "$T/text"
ok $? "every run counted, each kernel its own session"

"$CONTEST" changes -r "$R" --format csv $KS > "$T/csv"
is "$(awk -F, '$1 == "noload" { print $7, $8, $9 }' "$T/csv")" "step k036 k037" "csv: noload's step"
is "$(awk -F, '$1 == "cacherun" { print $7 }' "$T/csv")" none "csv: cacherun none"
"$CONTEST" changes -r "$R" --format json $KS > "$T/json"
is "$(python3 -c 'import json,sys
d = json.load(open(sys.argv[1]))
for s in d["series"]:
    for c in s["changes"]:
        print(s["load"], c["before"], c["after"], c["direction"], c["bisect"] is not None)' "$T/json")" \
	"noload k036 k037 regression True" "json: the same change, with its bisect command"

# orders: shuffled on the command line, --order version puts them back
SHUF=$(echo "$KS" | sort -R --random-source=<(yes))
"$CONTEST" changes -r "$R" --order version $SHUF > "$T/version"
cmp -s "$T/text" "$T/version"
ok $? "--order version of shuffled names is the order sort -V gives"
"$CONTEST" changes -r "$R" $SHUF > "$T/given"
! cmp -s "$T/text" "$T/given"
ok $? "--order given (the default) keeps the shuffled order: another history"
"$CONTEST" changes -r "$R" --order time > "$T/time"
cmp -s "$T/text" "$T/time"
ok $? "--order time (by the first run) is the same history"

# none named: by version, whatever the times of their runs say; a time
# order far from it is warned of
history "$T/scr" 60 scramble=1
"$CONTEST" changes -r "$T/scr" > "$T/scr.text" 2> "$T/scr.err"
grep -q '^  step k036 -> k037 ' "$T/scr.text"
ok $? "no kernels named: version order, the step at k036 -> k037 found"
grep -q "warning: the kernels' first runs are far from their version order (rank correlation -\?[0-9.]*): --order time would give another history" \
	"$T/scr.err"
ok $? "their first runs far from version order: warned ($(head -n 1 "$T/scr.err"))"
"$CONTEST" changes -r "$T/scr" --order time > "$T/scr.time" 2> "$T/scr.err"
! grep -q '^  step k036 -> k037 ' "$T/scr.time" && grep -q -- '--order version would give' "$T/scr.err"
ok $? "--order time: another history, and the warning names --order version"
"$CONTEST" changes -r "$R" > "$T/plain" 2> "$T/plain.err"
cmp -s "$T/text" "$T/plain" && ! grep -q warning "$T/plain.err"
ok $? "a history whose times follow its versions: the same either way, no warning"
"$CONTEST" changes -h 2>&1 | grep -q 'as given (the default with KERNELs), by' &&
	grep -q 'version as sort -V (the default without)' <("$CONTEST" changes -h 2>&1)
ok $? "--help says which default applies when"

"$CONTEST" changes -r "$R" --min-change 20 $KS > "$T/min"
is "$(grep -c '^  step' "$T/min")" 0 "--min-change 20: the 10% step is none"
"$CONTEST" changes -r "$R" k001 k002 > "$T/two" 2>&1
grep -q 'too few runs to test for a change' "$T/two"
ok $? "two kernels in two sessions, uncalibrated: too few runs, said"
"$CONTEST" changes -r "$R" --min-change 1 k001 k002 k003 k004 > "$T/four" 2>&1
grep -q 'too few runs to see a change of 1.0%: the least they can see is' "$T/four"
ok $? "four kernels cannot see 1%, and say what they could"
"$CONTEST" changes -r "$R" k001 > "$T/one" 2>&1
grep -q '^noload: Time \[s\], 1 kernel (3 runs), one session$' "$T/one"
ok $? "one kernel is 1 kernel, not 1 kernels"
# three kernels of one run each, 100, 160 and 70 s: no change is visible
for k in 1 2 3; do
	runs_header "$T/few/f$k/runs.tsv" timestamp
	printf '2026-01-0%dT00:00:00Z\tnoload\t1\t%s\t95\t0\t0\tok\n' $k \
		"$(echo 100 160 70 | cut -d' ' -f$k)" >> "$T/few/f$k/runs.tsv"
done
"$CONTEST" changes -r "$T/few" f1 f2 f3 > "$T/few.text" 2>&1
grep -q '^  cannot see a change: too few runs or too much noise (the least a split could show is [0-9]*%)$' \
	"$T/few.text" && ! grep -q 'sees a change\|no change point' "$T/few.text"
ok $? "a least visible change in the thousands of percent: it cannot see a change, said so"

# where, within what: a 5% step at 5% noise is placed within a set of
# kernels, and the bisect command spans the set, not the likeliest pair
history "$T/wide" 60 step=5 noise=5
for k in "$T"/wide/k*; do
	printf 'bisect_tree: /src/linux\ncommit: c%s\n' "${k##*/}" > "$k/env"
done
"$CONTEST" changes -r "$T/wide" > "$T/wide.text" 2>&1
set -- $(sed -n 's/^    between k0*\([0-9]*\) and k0*\([0-9]*\) (95%: \([0-9]*\) positions), most likely k0*\([0-9]*\) -> k0*\([0-9]*\)$/\1 \2 \3 \4 \5/p' \
	"$T/wide.text")
[ $# = 5 ] && [ "$1" -le 36 ] && [ "$2" -ge 37 ] && [ "$3" -gt 1 ] && [ "$1" -le "$4" ] && [ "$5" -le "$2" ]
ok $? "a 5% step at 5% noise: between A and B at 95%, the true k036 -> k037 within ($(grep '^    between' "$T/wide.text"))"
A=$(printf k%03d "${1:-0}") B=$(printf k%03d "${2:-0}")
grep -q "^    contest bisect --tree /src/linux --good c$A --bad c$B\$" "$T/wide.text"
ok $? "its bisect command spans the set's outer kernels, $A and $B"
is "$("$CONTEST" changes -r "$T/wide" --format csv | awk -F, '$7 == "step" { print $18, $19, $20 }')" \
	"$A $B ${3:-}" "csv: the set's outer kernels and its width"

# a ramp is reported as one ramp: 10% over 30, 100 and 300 kernels, in
# sessions of their own and in one session (runs overlapping)
for len in 30 100 300; do
	for il in 0 1; do
		history "$T/ramp$len.$il" $((len + 60)) ramp=$len interleaved=$il
		"$CONTEST" changes -r "$T/ramp$len.$il" --format csv > "$T/ramp.csv" 2>&1
		is "$(awk -F, '$1 == "noload" { printf "%s %s ", $7, ($12 > 7 && $12 < 13) }' "$T/ramp.csv")" \
			"ramp 1 " "a 10% ramp over $len kernels ($([ $il = 1 ] && echo one session ||
			echo sessions)): one csv row of kind ramp, +7% to +13%"
	done
done
"$CONTEST" changes -r "$T/ramp100.0" > "$T/ramp.text" 2>&1
is "$(grep -c '^  ramp k0[0-9]* \.\. k[0-9]* ' "$T/ramp.text") $(grep -c '^  step' "$T/ramp.text")" "1 0" \
	"text: one ramp line, no step"

# a folder of synthetic compiles and of dd commands: a series each, never
# one series with a -99% "step" from the compiles to the commands
for k in s1 s2 s3 s4 s5 s6 d1 d2 d3 d4 d5 d6; do
	runs_header "$T/mixed/$k/runs.tsv" timestamp
	case $k in
	s*) t=100 env='workload = synthetic\ncommand = ' ;;
	d*) t=1.1 env='workload = command\ncommand = dd if=/dev/zero of=f bs=4k count=1000' ;;
	esac
	printf "host: lab\nconfig:\n$env\n" > "$T/mixed/$k/env"
	for r in 1 2 3; do
		printf '2026-01-01T%02d:%02d:00Z\tnoload\t%d\t%s\t95\t0\t0\tok\n' "${k#?}" "$r" "$r" \
			"$(echo "$t * (1 + ($r - 2) / 100)" | bc -l)" >> "$T/mixed/$k/runs.tsv"
	done
done
"$CONTEST" changes -r "$T/mixed" s1 s2 s3 s4 s5 s6 d1 d2 d3 d4 d5 d6 > "$T/mixed.text" 2>&1
grep -q '^2 workloads (their config.workload differs): a series of each load per workload$' \
	"$T/mixed.text" && ! grep -q '^  step' "$T/mixed.text"
ok $? "synthetic compiles and dd commands: split by workload, said, no step between them"
is "$(grep -o '^noload \[[^]]*\]: Time \[s\], [0-9]* kernels' "$T/mixed.text")" \
"noload [workload=synthetic]: Time [s], 6 kernels
noload [workload=command]: Time [s], 6 kernels" "a series of each workload's 6 kernels"
is "$("$CONTEST" changes -r "$T/mixed" --format csv s1 s2 s3 s4 s5 s6 d1 d2 d3 d4 d5 d6 |
	awk -F, 'NR > 1 { print $1, $7, $21 }')" "noload none workload=synthetic
noload none workload=command" "csv: the workload of each series' row"

"$CONTEST" changes -r "$R" --metric cpu_pct $KS > "$T/cpu"
grep -q '^noload: CPU% \[%\]' "$T/cpu"
ok $? "--metric cpu_pct: the series of CPU%"
"$CONTEST" changes -r "$R" --metric nosuch > /dev/null 2>&1
is $? 2 "--metric of no measure: exit 2"

"$CONTEST" changes -r "$R" --format mail --from a@b.c $KS > "$T/mail"
grep -q '^Subject: \[contest\] 1 change point in 60 kernels$' "$T/mail" &&
	grep -q '^  +[0-9.]*% regression of noload.Time \[s\] between k036 and k037$' "$T/mail"
ok $? "mail: a digest, a line per change in the robot's words"

"$CONTEST" changes -r "$R" --format html -o "$T/page" $KS > /dev/null
P=$T/page/index.html
is "$(grep -o 'class="point"' "$P" | wc -l)" 120 "html: a point per kernel in each of two charts"
grep -q 'class="change-label"[^>]*>+[0-9.]*% k037<' "$P"
ok $? "html: noload's change marked and labelled"

# the same kernels in interleaved rounds: one session, tested by the runs
gawk -v dir="$T/il" -v n=60 -v interleaved=1 -v header="$(runs_columns timestamp)" \
	-f "$TOP/tests/e2e/changes-history.awk"
"$CONTEST" changes -r "$T/il" $KS > "$T/il.text"
grep -q '^noload: Time \[s\], 60 kernels (180 runs), one session$' "$T/il.text" &&
	grep -q '^  step k036 -> k037 ' "$T/il.text"
ok $? "kernels whose runs overlap in time are one session; the step is found"

# a calibration of this machine whose sessions drift 6% apart: the 10% step
# between kernels of separate sessions is within what the drift allows
printf 'cpu_model: Lab CPU\ncpus: 2\nmemtotal: 1000000000\n' > "$R/k001/env"
i=0
for mean in 100 108 94 104; do
	i=$((i + 1))
	runs_header "$R/.calibration/s$i/runs.tsv"
	cp "$R/k001/env" "$R/.calibration/s$i/env"
	for r in 1 2 3; do
		printf 'noload\t%d\t%s\t95\t0\t0\tok\n' $r "$(echo "$mean * (1 + ($r - 2) / 100)" | bc -l)" \
			>> "$R/.calibration/s$i/runs.tsv"
	done
done
"$CONTEST" changes -r "$R" $KS > "$T/cal" 2> "$T/cal.err"
grep -q '^noload: Time \[s\], 60 kernels (180 runs), 60 sessions, their drift of [0-9.]*% allowed for$' \
	"$T/cal"
ok $? "with a calibration the drift between sessions is allowed for ($(head -n 1 "$T/cal.err"))"
is "$(grep -c '^  step' "$T/cal")" 0 "and the step within it is no change"
rm -rf "$R/.calibration"

# the 2002 mail's six kernels, oldest first: its change points per load
PUB=$TOP/tests/data/published/reports
"$CONTEST" changes -r "$PUB" --format csv 2.4.18 2.4.19 2.4.20-rc1 2.5.47 2.5.47-mm1 2.5.47-mm3 \
	> "$T/pub.csv"
is "$(awk -F, 'NR > 1 && $7 == "step" { printf "%s %s %s %+.0f%%\n", $1, $8, $9, $12 }' "$T/pub.csv")" \
"process_load 2.4.20-rc1 2.5.47 -23%
dbench_load 2.4.20-rc1 2.5.47 -36%
io_load 2.4.19 2.4.20-rc1 +136%
io_load 2.4.20-rc1 2.5.47 -88%
list_load 2.4.20-rc1 2.5.47 +13%" "2.5.47-mm3's series: the change points of the README's table"

# -s commit=SHA and -s commit_tree=DIR at run time: kept in env's config
# section, and the bisect line reads them; a run's own tree: line (the
# compile's tree) is never taken for the kernel's git tree
cp -r "$R" "$T/rc"
for k in k036:3333cccc k037:4444dddd; do
	"$CONTEST" run "${QUICK_CMD[@]}" -s "work_dir=$T/work" -r "$T/real" -k "${k%:*}" -n 1 \
		-s "commit=${k#*:}" -s commit_tree=/src/linux-next noload > /dev/null 2>&1
	cp "$T/real/${k%:*}/env" "$T/rc/${k%:*}/env"
done
"$CONTEST" changes -r "$T/rc" $KS > "$T/rc.text" 2>&1
grep -q '^    contest bisect --tree /src/linux-next --good 3333cccc --bad 4444dddd$' "$T/rc.text"
ok $? "run -s commit= -s commit_tree=: the bisect line from their env ($(grep '^    contest bisect' "$T/rc.text"))"
sed -i '/^commit_tree = /d' "$T/rc/k037/env"
"$CONTEST" changes -r "$T/rc" $KS > "$T/rc.text" 2>&1
grep -q '^    contest bisect --tree TREE --good 3333cccc --bad 4444dddd$' "$T/rc.text"
ok $? "without a commit_tree: TREE, not the compile's tree ($(grep '^    contest bisect' "$T/rc.text"))"

# a commit longer than the command's buffer: no command rather than a cut one
long=$(printf 'c%.0s' $(seq 700))
printf 'bisect_tree: /src/linux\ncommit: %s\n' "$long" > "$R/k037/env"
"$CONTEST" changes -r "$R" $KS > "$T/long" 2>&1
is "$(grep '^    contest bisect' "$T/long" | grep -vc -- "--bad $long\$")" 0 \
	"a 700-character commit: no bisect command cut short"
done_testing

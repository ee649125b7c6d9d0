#!/usr/bin/env bash
# The clockpro review's experiment, scaled down: a load as the measured
# workload (workload = load, measure = tworead_load: block pairs read in a
# fixed duration) swept over the two files' sizes in step (n and TOTAL - n)
# on two knob variants, as one command; report prints the seed's table, a
# row per n and a column per kernel, and inside a memory cgroup smaller
# than the two files the count falls once the small file no longer fits.
# Before it, what needs no root: --sweep's bad usage, contest measure
# alone, and a measured load's own table.
. "$(dirname "$0")/lib.sh"
R=$T/reports
mkdir -p "$T/work"
CONF=$T/m.conf
cat > "$CONF" <<CONF
workload = load
measure = tworead_load
duration = 2s
quiet_wait = 0s
load_lead = 0s
flush = no
monitors =
work_dir = $T/work
runs = 1
[tworead_load]
size1 = 4M
size2 = 8M
CONF

# ---- bad usage: exit 2 before any run ----
"$CONTEST" run -c "$CONF" -r "$R" -k u --sweep tworead_load.size1=4M,8M \
	--sweep tworead_load.size2=8M noload > /dev/null 2> "$T/err"
is "$?" 2 "--sweep lists of unequal lengths: exit 2"
grep -q 'pairwise' "$T/err"
ok $? "it says keys swept together go pairwise: $(cat "$T/err")"
"$CONTEST" run -c "$CONF" -r "$R" -k u --sweep tworead_load.nosuch=1,2 noload > /dev/null 2> "$T/err"
is "$?" 2 "--sweep of an unknown key: exit 2 ($(cat "$T/err"))"
"$CONTEST" run -c "$CONF" -r "$R" -k u --sweep tworead_load.size1=4M,,8M noload > /dev/null 2> "$T/err"
is "$?" 2 "--sweep with an empty value: exit 2 ($(cat "$T/err"))"
"$CONTEST" run -c "$CONF" -r "$R" -k u --resume --sweep tworead_load.size1=4M,8M > /dev/null 2> "$T/err"
is "$?" 2 "--sweep with --resume: exit 2"
"$CONTEST" run -c "$CONF" -r "$R" -k u -s measure= noload > /dev/null 2> "$T/err"
is "$?" 2 "workload = load without measure: exit 2 ($(cat "$T/err"))"
"$CONTEST" run -c "$CONF" -r "$R" -k u -s measure=noload noload > /dev/null 2> "$T/err"
is "$?" 2 "measure = noload (no process to measure): exit 2"
[ ! -e "$R/u/runs.tsv" ]
ok $? "no run was made"

# ---- contest measure alone: prepares, runs, removes ----
"$CONTEST" measure -s "work_dir=$T/work" -s tworead_load.size1=4M -s tworead_load.size2=8M \
	--duration 1 tworead_load > "$T/m.out" 2> "$T/m.err"
ok $? "contest measure tworead_load --duration 1: exit 0"
units=$(sed -n 's/^measure: units=\([0-9]*\) .*/\1/p' "$T/m.out")
[ -n "$units" ] && [ "$units" -gt 0 ]
ok $? "it prints the block pairs it read: $(cat "$T/m.out")"
is "$(find "$T/work" -mindepth 1 | wc -l)" 0 "its own scratch directory is gone"

# ---- a measured load under two background loads ----
"$CONTEST" run -c "$CONF" -r "$R" -s io_load.size=16M -k m noload io_load > "$T/out" 2> "$T/err"
ok $? "workload = load, measure = tworead_load under noload and io_load: exit 0"
is "$(col "$R/m/runs.tsv" load | tr '\n' ' ')" "tworead_load+noload tworead_load+io_load " \
	"its rows are named MEASURE+LOAD"
w=$(col "$R/m/runs.tsv" work_units | head -1)
[ "$w" != - ] && [ "${w%.*}" -gt 0 ]
ok $? "work_units holds the block pairs read ($w)"
is "$(col "$R/m/runs.tsv" time_s | awk '{ print ($1 >= 1.9 && $1 < 10) }' | sort -u)" 1 \
	"Time is the duration asked for, 2 s, plus the stop"
grep -A2 '^tworead_load+io_load:' "$T/out" | grep -q '^Kernel \[runs\] *Work *Rate *Loads *LCPU%$'
ok $? "report: a table per background load with Work and Rate"
grep -q '^(Work: units finished in the duration, a unit a block pair read' "$T/out"
ok $? "it says what a unit is"
"$CONTEST" report -r "$R" --format csv m > "$T/csv"
is "$(awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == "work_units") k = i; next }
	$1 == "tworead_load+noload" { print ($k > 0) }' "$T/csv")" 1 "report --format csv carries work_units"
cp -r "$R/m" "$R/m2"
"$CONTEST" compare -r "$R" m m2 > "$T/cmp" 2> /dev/null
grep -q '^Work   m ' "$T/cmp" && grep -q '^Rate   m ' "$T/cmp"
ok $? "compare tests Work and Rate"

# ---- the seed's experiment ----
KNOB=/proc/sys/vm/swappiness
if ! need_root; then
	skip "the clockpro sweep" "not root: no memory cgroup, no knob"
elif ! [ -d /sys/fs/cgroup/memory ] && ! grep -qw memory /sys/fs/cgroup/cgroup.controllers 2> /dev/null; then
	skip "the clockpro sweep" "no memory controller"
elif ! [ -w "$KNOB" ]; then
	skip "the clockpro sweep" "$KNOB cannot be written"
else
	ORIG=$(cat "$KNOB")
	at_exit "echo $ORIG > $KNOB"
	contest_cgroups > "$T/cg.before"
	# two 200M files, 48M of memory: n = 8M fits beside the big file's
	# stream, 96M does not; 4 s a point, 6 runs, under a minute
	"$CONTEST" run -c "$CONF" -r "$R" -s duration=4s -s mem_limit=48M -s flush=yes \
		-k a --knob "$KNOB=60" -k b --knob "$KNOB=10" \
		--sweep tworead_load.size1=8M,48M,96M --sweep tworead_load.size2=192M,152M,104M \
		noload > "$T/out" 2> "$T/err"
	ok $? "one command: two variants, three points of a pairwise sweep, exit 0"
	sed -n '1,7p' "$T/out" | sed 's/^/#   /'
	sed -n '1,3p' "$T/out" > "$T/head"
	is "$(sed -n 1p "$T/head")" "tworead_load+noload, Work by tworead_load.size1,tworead_load.size2:" \
		"the sweep's title names the load, the measure and the keys"
	sed -n 3p "$T/head" | grep -qE '^tworead_load.size1,tworead_load.size2 +a +b$'
	ok $? "a column per kernel"
	is "$(sed -n '4,6p' "$T/out" | awk '{ print $1 }' | tr '\n' ' ')" "8M,192M 48M,152M 96M,104M " \
		"a row per point, starting with the values as given, in order"
	is "$(sed -n '4,6p' "$T/out" | awk 'NF == 3 && $2 ~ /^[0-9]+$/ && $3 ~ /^[0-9]+$/' | wc -l)" 3 \
		"each row has a count per kernel"
	# one 4 s run a point: a quiet box moves a count by less than a tenth, so
	# each kernel's must fall by more than that (without mem_limit they do not
	# fall at all); others' CPU starves the cached reads more than the disk's,
	# and a count they took is no evidence either way
	fell=$(sed -n '4,6p' "$T/out" | awk 'NR == 1 { a = $2; b = $3 } NR == 3 { print (a > 1.1 * $2 && b > 1.1 * $3) }')
	counts=$(sed -n '4,6p' "$T/out" | awk '{ printf "%s%s %s", (NR > 1 ? ", " : ""), $2, $3 }')
	[ "$fell" = 1 ]
	ok_unless_disturbed $? "the count falls by more than a tenth once the small file no longer fits ($counts)" \
		"$R/a/runs.tsv" "$R/b/runs.tsv"
	is "$(col "$R/a/runs.tsv" sweep | tr '\n' ' ')" \
		"tworead_load.size1=8M,tworead_load.size2=192M tworead_load.size1=48M,tworead_load.size2=152M tworead_load.size1=96M,tworead_load.size2=104M " \
		"runs.tsv keeps each row's point as it was given"
	is "$(col "$R/b/runs.tsv" mem_limit | sort -u)" 48M "inside the 48M memory cgroup"
	is "$(cat "$KNOB")" "$ORIG" "the knob is written back"
	grep -q 'differs in' "$T/err"
	ok $((! $?)) "no warning that the swept keys changed the environment"
	grep -q '^tworead_load+noload at tworead_load.size1=96M,tworead_load.size2=104M:$' "$T/out"
	ok $? "compare has a table per point"
	"$CONTEST" report -r "$R" --stats a b > "$T/stats"
	sed -n 3p "$T/stats" | grep -qE '^tworead_load.size1,tworead_load.size2 +a +SD +b +SD$'
	ok $? "report --stats: each kernel's SD beside its mean"
	"$CONTEST" plot -r "$R" -o "$T/plots" a b > /dev/null 2>&1
	is "$(grep -vc '^#' "$T/plots/sweep-tworead_load_noload.dat")" 4 \
		"plot: the sweep's data, a header and a line per point"
	is "$(sed -n 2p "$T/plots/sweep-tworead_load_noload.dat")" 'x point "a" "b"' \
		"a line per kernel over the swept values"
	"$CONTEST" report -r "$R" --format csv a b > "$T/csv"
	is "$(awk -F'"' 'NR > 1 { print $2 }' "$T/csv" | sort -u | wc -l)" 3 "report --format csv: each row has its point"
	"$CONTEST" report -r "$R" --format html -o "$T/site" a b > /dev/null 2>&1
	is "$(grep -c '<h2>tworead_load+noload at tworead_load.size1=' "$T/site/index.html")" 3 \
		"the page: a section per point, named by it"
	nothing_left "$T/cg.before"
	ok $? "nothing left behind"
fi
done_testing

#!/usr/bin/env bash
# compare --format lkp: the kernel test robot's mail of two kernels on
# hand-written results. The table is parsed (every row: base mean, +-SD%,
# %change, head mean, +-SD%, MDE, verdict, contest.LOAD.KEY), the subject's
# regression is the row in focus, rows come worse first, lines outside the
# table are at most 80 columns, and "To reproduce" names contest rerun.
. "$(dirname "$0")/lib.sh"
R=$T/reports
runs() {	# runs KERNEL SCALE SECOND: noload and io_load, 6 interleaved runs, io_load's Time times SCALE
	runs_header "$R/$1/runs.tsv" timestamp psi_io_some_us
	awk -v s="$2" -v sec="$3" 'BEGIN { split("20.1 20.4 19.9 20.2 20.0 20.3", n)
		split("60.2 61.0 59.5 60.8 60.1 60.4", io)
		for (i = 1; i <= 6; i++) {
			ts = sprintf("2026-01-01T10:%02d:%02dZ", i, sec)
			printf "%s\tnoload\t%d\t%.3f\t190\t0\t0\tok\t%d\n", ts, i, n[i], 1000 + i
			printf "%s\tio_load\t%d\t%.3f\t40\t%d\t12\tok\t%d\n", ts, i, io[i] * s * (1 + (s - 1) * (i % 3 - 1) / 20), 7 + i % 2, 50000 * s + 100 * i } }' >> "$R/$1/runs.tsv"
}
envfile() {	# envfile KERNEL [COMMIT SUBJECT]
	{ printf 'knobs: none\nhost: box\nuname: Linux box 6.1.0 #1 SMP x86_64\ncpu_model: Test CPU\ncpus: 2\n'
	  printf 'memtotal: 1073741824 (1.0 GiB)\nguest: none\nmem_limit: none\ncpu_limit: none\n'
	  [ $# -lt 2 ] || printf 'commit: %s\nsubject: %s\n' "$2" "$3"
	  printf 'contest_version: 0.1.0\nconfig:\nworkload = kernel\nkconfig = tinyconfig\n'
	  printf 'make_target = vmlinux\nmake_jobs = 4\nruns = 6\n'; } > "$R/$1/env"
}
runs base 1.0 10; runs head 1.117 20
envfile base; envfile head 1234abcd5678 'fs: slow down read()'

"$CONTEST" compare -r "$R" --format lkp base head > "$T/mail" 2> "$T/err"
ok $? "compare --format lkp exits 0"
! grep -q "columns wide" "$T/err"
ok $? "no warning about the table's wide rows (they stay one row a line): $(head -c 200 "$T/err")"
subject=$(sed -n 's/^Subject: //p' "$T/mail")
is "$subject" "[contest] 1234abcd5678: contest.io_load.time_s 11.7% regression" \
	"the subject names env's commit, the worst row and its change"
grep -qx 'contest noticed a 11.7% regression of contest.io_load.time_s on:' "$T/mail"
ok $? "the opening line"
grep -qx 'commit: 1234abcd5678 ("fs: slow down read()")' "$T/mail"
ok $? "the commit line with its subject"
for l in 'testcase: contest/io_load' 'config: not recorded (kernel 6.1.0)' \
	'compiler: not recorded' 'test machine: box (Test CPU, 2 CPUs, 1.0 GiB)' 'parameters:' \
	'        workload: make tinyconfig vmlinux -j4 (the timed compile)'; do
	grep -qxF "$l" "$T/mail"; ok $? "the line '$l'"
done

grep -qE '^base +1234abcd5678$' "$T/mail"
ok $? "the table's columns are named by commit (env's), else by kernel"

# the table: from the line after the "\ |" marks to the blank line
awk '/^ *\\ +\| +\\ *$/ { on = 1; next } on && /^$/ { exit } on' "$T/mail" > "$T/table"
awk -v out="$T/parsed" '
	function num(s) { return s ~ /^-?[0-9]+(\.[0-9]+)?$/ }
	function sd(s) { return s ~ /^[0-9]+%$/ || s == "-" }
	{ if (NF != 10 || !num($1) || $2 != "+-" || !sd($3) || ($4 !~ /^[-+][0-9]+\.[0-9]%$/ && $4 != "-") ||
	      !num($5) || $6 != "+-" || !sd($7) || ($8 !~ /^[<>]?[0-9.]+%$/ && $8 != "-") ||
	      $9 !~ /^(worse|better|changed|same|undecided|-)$/ || $10 !~ /^contest\.[a-z_]+\./) {
		print "bad row: " $0; bad = 1 }
	  print $9, $10, $4 > out }
	END { exit bad || NR < 5 }' "$T/table"
ok $? "every table row parses: mean +- SD% change% mean +- SD% MDE verdict metric ($(wc -l < "$T/table") rows)"
is "$(head -1 "$T/parsed")" "worse contest.io_load.time_s +11.7%" "the first row is the focus: worse, the largest"
grep -q ' contest.io_load.psi_io_some_us$' "$T/table"
ok $? "pressure has a row"
grep -q ' contest.noload.time_s$' "$T/table" && grep -q ' contest.io_load.ratio$' "$T/table"
ok $? "every load's metrics have rows, Ratio too"
awk '{ r = 0; for (i = 1; i <= split("worse better changed same undecided -", o, " "); i++) if ($1 == o[i]) r = i
	if (r < last) bad = 1; last = r } END { exit bad }' "$T/parsed"
ok $? "rows are ordered by verdict"
awk -v t="$T/table" 'BEGIN { while ((getline l < t) > 0) tab[l] = 1 }
	!($0 in tab) && length($0) > 80 { print; bad = 1 } END { exit bad }' "$T/mail"
ok $? "no line outside the table is over 80 columns"
LC_ALL=C grep -q '[^ -~]' "$T/mail"
ok $((! $?)) "the mail is ASCII without tabs"
sed -n '/^To reproduce:/,$p' "$T/mail" | grep -qxF "        contest rerun -r $R head"
ok $? "To reproduce names contest rerun of the head's session"

# an env with a compiler line (contest since it records one): the head's is printed,
# and a compiler that differs between the kernels is warned of
sed -i 's/^contest_version:/compiler: gcc (Debian 12.2.0-14) 12.2.0\n&/' "$R/base/env"
sed -i 's/^contest_version:/compiler: gcc (Debian 13.2.0-4) 13.2.0\n&/' "$R/head/env"
"$CONTEST" compare -r "$R" --format lkp base head > "$T/cc-mail" 2> "$T/cc-err"
grep -qxF "        workload's compiler: gcc (Debian 13.2.0-4) 13.2.0" "$T/cc-mail"
ok $? "a recorded compiler is printed, the workload's (a parameter)"
# (the mail wraps its lines: read as one)
cat "$T/cc-mail" "$T/cc-err" | tr -s '\n ' '  ' |
	grep -qF "'head' and 'base' were measured with different compiler: 'gcc (Debian 13.2.0-4) 13.2.0' against 'gcc (Debian 12.2.0-14) 12.2.0'"
ok $? "the compiler's difference is warned of"

"$CONTEST" compare -r "$R" --format lkp --load noload --metric Time base head > "$T/focus" 2>/dev/null
ok $? "--load and --metric choose the row in focus"
grep -q '^Subject: \[contest\] 1234abcd5678: contest.noload.time_s .* change$' "$T/focus"
ok $? "a row that is not worse is a change in the subject"
"$CONTEST" compare -r "$R" --format lkp --load nosuch base head > /dev/null 2>&1
is $? 1 "a focus that names no row fails"
"$CONTEST" compare -r "$R" --format lkp base head head > /dev/null 2>&1
is $? 2 "--format lkp with three kernels is bad usage"
"$CONTEST" compare -r "$R" --metric Time base head > /dev/null 2>&1
is $? 2 "--metric without --format lkp is bad usage"
done_testing

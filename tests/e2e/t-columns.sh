#!/usr/bin/env bash
# runs.tsv's columns come from one table (results/store.c): the header a
# new file gets, the writer, the reader, the man page's list and the
# benchmark's generator (bench/gen-runs.awk) agree on it.
. "$(dirname "$0")/lib.sh"
R=$T/reports
FAST=("${BARE[@]}" -n 1 -s workload=command -s command=true)

"$CONTEST" run "${FAST[@]}" -r "$R" -k new noload > /dev/null 2> "$T/new.err"
ok $? "a run into a new file exits 0"
head -1 "$R/new/runs.tsv" | tr '\t' '\n' > "$T/cols"
is "$(sort "$T/cols" | uniq -d)" "" "the new header names each column once"
is "$(awk -F'\t' 'NR == 2 { print NF }' "$R/new/runs.tsv")" "$(wc -l < "$T/cols")" \
	"its row has a field for each column"

# the tests' one list of the columns (lib.sh), which their fake files take
is "$(cat "$T/cols")" "$(printf '%s\n' "${RUNS_COLUMNS[@]}")" \
	"lib.sh's RUNS_COLUMNS is the header contest writes (else update it there)"
is "$(sed -n 's/^\tREQUIRED("\([a-z_0-9]*\)".*/\1/p' "$TOP/contest/results/store.c")" \
	"$(printf '%s\n' "${RUNS_REQUIRED[@]}")" \
	"lib.sh's RUNS_REQUIRED is results/store.c's REQUIRED columns (else update it there)"
runs_header "$T/fake/K/runs.tsv"
printf 'noload\t1\t10\t99\t0\t0\tok\n' >> "$T/fake/K/runs.tsv"
"$CONTEST" report -r "$T/fake" --format csv > "$T/fake.csv" 2> "$T/fake.err"
ok $? "report reads a fake runs.tsv of runs_header's required columns"
is "$(cat "$T/fake.err")" "" "without a warning"
runs_header "$T/fake2" timestamp cycles
is "$(head -1 "$T/fake2")" "$(printf 'timestamp\tload\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\tcycles')" \
	"runs_header puts further columns in contest's order"

# the man page names every column; the cgroup's pressure columns as the
# machine's with "the same with a cg_ prefix"
grep -A1 'the same with a$' "$TOP/contest.1" | grep -qx '.B cg_'
ok $? "contest.1 gives the cg_ prefix of the cgroup's pressure columns"
for c in $(sed 's/^cg_psi_/psi_/' "$T/cols"); do
	grep -qw -- "$c" "$TOP/contest.1" || echo "$c"
done > "$T/unlisted"
is "$(cat "$T/unlisted")" "" "contest.1 names every column of the header"

awk -v kernels=1 -v runs=2 -v dir="$T/gen" -f "$TOP/bench/gen-runs.awk"
ok $? "bench/gen-runs.awk exits 0"
head -1 "$T/gen/k0001/runs.tsv" | tr '\t' '\n' > "$T/gencols"
is "$(grep -vxFf "$T/cols" "$T/gencols")" "" "every column it writes is one contest writes"
is "$(grep -xFf "$T/gencols" "$T/cols")" "$(cat "$T/gencols")" "in contest's order"
"$CONTEST" report -r "$T/gen" --format csv > "$T/gen.csv" 2> "$T/gen.err"
ok $? "report reads its file"
is "$(cat "$T/gen.err")" "" "without a warning"
is "$(awk -F, 'NR > 1 && $3 == 2' "$T/gen.csv" | wc -l)" 10 "ten loads of two runs each"
"$CONTEST" run "${FAST[@]}" -r "$T/gen" -k k0001 noload > /dev/null 2> "$T/append.err"
ok $? "run appends to its file (the writer takes its header)"
is "$(awk -F'\t' 'NR > 1 && $2 == "noload"' "$T/gen/k0001/runs.tsv" | wc -l)" 3 \
	"the new noload row is there, in the file's columns"
is "$(awk -F'\t' '{ print NF }' "$T/gen/k0001/runs.tsv" | sort -u)" "$(wc -l < "$T/gencols")" \
	"every row has the file's number of fields"
done_testing

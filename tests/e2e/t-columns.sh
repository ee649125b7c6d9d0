#!/usr/bin/env bash
# runs.tsv's columns come from one table (results/store.c): the header a
# new file gets, the writer, the reader, the man page's list and the
# benchmark's generator (bench/gen-runs.awk) agree on it.
. "$(dirname "$0")/lib.sh"
R=$T/reports
FAST=(-s flush=no -s monitors=no -s quiet_wait=0 -s load_lead=0 -s "work_dir=$T/work" -n 1
      -s workload=command -s command=true)

"$CONTEST" run "${FAST[@]}" -r "$R" -k new noload > /dev/null 2> "$T/new.err"
ok $? "a run into a new file exits 0"
head -1 "$R/new/runs.tsv" | tr '\t' '\n' > "$T/cols"
is "$(sort "$T/cols" | uniq -d)" "" "the new header names each column once"
is "$(awk -F'\t' 'NR == 2 { print NF }' "$R/new/runs.tsv")" "$(wc -l < "$T/cols")" \
	"its row has a field for each column"

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

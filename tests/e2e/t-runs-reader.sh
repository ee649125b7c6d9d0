#!/usr/bin/env bash
# report over runs.tsv files a hand, a copy or an accident made: a NUL byte
# in a row costs that row alone (warned FILE:LINE), a column named twice
# is warned about naming the column used, a FIFO called runs.tsv is an
# error naming it rather than a hang, and a kernel folder that is a symlink
# to another results folder is read (merging results by symlink).
. "$(dirname "$0")/lib.sh"
R=$T/reports
HEAD="$(runs_columns)\n"
write_runs() {	# write_runs KERNEL FORMAT-OF-THE-ROWS: a runs.tsv with the required columns
	mkdir -p "$R/$1"
	printf "$HEAD$2" > "$R/$1/runs.tsv"
}

write_runs nul 'noload\t1\t70\t93\t0\t0\tok\nio\0load\t1\t80\t50\t3\t5\tok\nnoload\t2\t72\t93\t0\t0\tok\nnoload\t3\t74\t93\t0\t0\tok\n'
is "$(tr -cd '\0' < "$R/nul/runs.tsv" | wc -c)" 1 "the file holds one NUL byte"
"$CONTEST" report -r "$R" nul > "$T/nul.out" 2> "$T/nul.err"
is "$?" 0 "report reads a file with a NUL byte in a row"
grep -q '^nul \[3\] ' "$T/nul.out"
ok $? "the rows after the NUL byte count: noload has 3 runs ($(grep '^nul' "$T/nul.out" | head -1))"
is "$(cat "$T/nul.err")" "warning: $R/nul/runs.tsv:3: a NUL byte in the row; row skipped" \
	"one warning, naming FILE:LINE of that row"

write_runs dup 'noload\t1\t70\t93\t0\t0\tok\t999\nnoload\t2\t72\t93\t0\t0\tok\t999\n'
sed -i '1s/$/\ttime_s/' "$R/dup/runs.tsv"
"$CONTEST" report -r "$R" dup > "$T/dup.out" 2> "$T/dup.err"
is "$?" 0 "report reads a file with a column named twice"
grep -q '^dup \[2\]  *71\.0 ' "$T/dup.out"
ok $? "the first time_s column is the one used ($(grep '^dup' "$T/dup.out"))"
grep -q "^warning: '$R/dup/runs.tsv': the column 'time_s' appears twice (columns 3 and 8): using column 3$" "$T/dup.err"
ok $? "a warning names the file, the column and the one used: $(cat "$T/dup.err")"
is "$(grep -c . "$T/dup.err")" 1 "once for the file, not once per row"

mkdir -p "$R/fifo"
mkfifo "$R/fifo/runs.tsv"
timeout 20 "$CONTEST" report -r "$R" fifo > /dev/null 2> "$T/fifo.err"
st=$?
ok $(( st == 124 )) "report on a FIFO runs.tsv does not hang (exit $st)"
is "$st" 1 "it exits 1: results unreadable"
grep -q "^error: cannot read '$R/fifo/runs.tsv': not a regular file$" "$T/fifo.err"
ok $? "the error names the file: $(cat "$T/fifo.err")"
timeout 20 "$CONTEST" report -r "$R" > "$T/all.out" 2> "$T/all.err"
is "$?" 1 "report of every kernel: exit 1, the FIFO one cannot be read"
grep -q "'$R/fifo/runs.tsv': not a regular file" "$T/all.err" && grep -q '^nul \[3\]' "$T/all.out"
ok $? "the FIFO is named, and the other kernels are shown"
rm "$R/fifo/runs.tsv"

# results of another directory, merged in by a symlink: read as they are
mkdir -p "$T/elsewhere/k"
printf "$HEAD"'noload\t1\t60\t93\t0\t0\tok\n' > "$T/elsewhere/k/runs.tsv"
ln -s "$T/elsewhere/k" "$R/linked"
"$CONTEST" report -r "$R" linked > "$T/link.out" 2> "$T/link.err"
is "$?" 0 "a kernel folder that is a symlink to another results folder is read"
grep -q '^linked \[1\]  *60\.0 ' "$T/link.out"
ok $? "with its runs ($(grep '^linked' "$T/link.out"))"
done_testing

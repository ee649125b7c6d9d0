#!/usr/bin/env bash
# A full results disk: runs.tsv lives on a real tmpfs that is full but for
# the tail of runs.tsv's last page, so an append is written in part and then
# fails with ENOSPC. The error names the file, run exits 1, and runs.tsv is
# exactly as before: no half row for the next append to glue onto.
. "$(dirname "$0")/lib.sh"
if ! need_root; then skip "mounting a tmpfs needs root"; done_testing; exit; fi
R=$T/reports
FULL=$T/full
mkdir -p "$FULL"
mount -t tmpfs -o size=64k contest-test "$FULL" || { skip "cannot mount a tmpfs"; done_testing; exit; }
at_exit "umount '$R/K/runs.tsv' 2>/dev/null; umount '$FULL'"
run() {	# run RUNS: a quick session of noload with a command that takes no time
	"$CONTEST" run "${QUICK_CMD[@]}" -s monitors=no -k K -r "$R" -n "$1" noload
}

run 1 > /dev/null 2> "$T/err1"
is "$(col "$R/K/runs.tsv" status)" ok "one row recorded on an ordinary disk"
# copy runs.tsv to the tmpfs, padded with a whole row to 50 bytes short of a page
row=$(tail -n 1 "$R/K/runs.tsv")
size=$(stat -c %s "$R/K/runs.tsv")
pad=$(( 4096 - 50 - size - ${#row} ))	# the row's status_detail "-" becomes pad x's
{ cat "$R/K/runs.tsv"; printf '%s%s\n' "${row%-}" "$(head -c "$pad" /dev/zero | tr '\0' x)"; } > "$FULL/runs.tsv"
is "$(stat -c %s "$FULL/runs.tsv")" 4046 "runs.tsv is 50 bytes short of a page"
# bound over R/K/runs.tsv: contest appends to a regular file only, never through a symlink
mount --bind "$FULL/runs.tsv" "$R/K/runs.tsv"
dd if=/dev/zero of="$FULL/fill" bs=4k 2>/dev/null
cp "$FULL/runs.tsv" "$T/before.tsv"

run 2 > /dev/null 2> "$T/err2"
is "$?" 1 "an append that fails on a full disk: exit status 1"
grep -q "cannot write '$R/K/runs.tsv': No space left on device" "$T/err2"
ok $? "the error names the file and the cause"
cmp -s "$T/before.tsv" "$FULL/runs.tsv"
ok $? "runs.tsv is cut back to its last whole row"
rm -f "$FULL/fill"
run 1 > /dev/null 2> "$T/err3"
is "$?" 0 "with room again, the next run is recorded"
awk -F'\t' 'NR==1{n=NF} NF!=n{bad=1} END{exit bad}' "$FULL/runs.tsv"
ok $? "every row is whole"
is "$(col "$FULL/runs.tsv" status | tr '\n' ' ')" "ok ok ok " "three whole rows: the two before and the new one"
done_testing

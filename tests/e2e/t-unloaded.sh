#!/usr/bin/env bash
# A load that did not load is said: io_load's run records what its disk
# read and wrote over the window (disk_read_mb, disk_write_mb), and
# `unloaded` names the run whose writes stayed in the page cache (less
# than 10% of the bytes io_load wrote reached the disk) - the flag agrees
# with the numbers either way - and the table says "did not load".
# (load_judge's rules on known numbers: tests/unit/t-disturb.c.)
. "$(dirname "$0")/lib.sh"
R=$T/reports
CONF=$T/c.conf
command_conf "$CONF" "sleep 2"
col_of() { awk -F'\t' -v c="$2" 'NR == 1 { for (i = 1; i <= NF; i++) if ($i == c) k = i; next } { print $k }' "$1"; }
if [ -z "$(findmnt -no SOURCE --target "$T" 2>/dev/null | grep '^/dev/')" ]; then
	skip "io_load's disk over the window" "$T is on no block device ($(findmnt -no FSTYPE --target "$T"))"
	done_testing
	exit
fi

"$CONTEST" run -c "$CONF" -r "$R" -k k -n 2 -s load_lead=1s -s io_load.size=16M io_load \
	> "$T/out" 2> "$T/err"
ok $? "two io_load runs of 16 MiB files exit 0"
is "$(col_of "$R/k/runs.tsv" status | sort -u)" "ok" "their rows are ok"
col_of "$R/k/runs.tsv" disk_write_mb | grep -qxvE '[0-9]+\.[0-9]'
ok $((! $?)) "disk_write_mb holds MiB of the disk ($(col_of "$R/k/runs.tsv" disk_write_mb | tr '\n' ' ')written)"
bad=0 flagged=0
while IFS=$'\t' read -r work wrote flag; do
	cached=$(awk -v w="$work" -v d="$wrote" 'BEGIN { print (d < 0.10 * w / 1048576) ? 1 : 0 }')
	if [ "$cached" = 1 ]; then
		flagged=$((flagged + 1))
		case $flag in "writes stayed in the page cache: "*) ;; *) bad=$((bad + 1)) ;; esac
	else
		[ "$flag" = "-" ] || bad=$((bad + 1))
	fi
done < <(paste <(col_of "$R/k/runs.tsv" load_work) <(col_of "$R/k/runs.tsv" disk_write_mb) \
	<(col_of "$R/k/runs.tsv" unloaded))
is "$bad" 0 "each run's unloaded agrees with its numbers ($flagged of 2 stayed in the cache: $(col_of "$R/k/runs.tsv" unloaded | head -1))"
if [ "$flagged" -gt 0 ]; then
	grep -q "^(k: $flagged of 2 runs did not load: run [12] writes stayed in the page cache" "$T/out"
	ok $? "the table says which runs did not load"
else
	! grep -q "did not load" "$T/out"
	ok $? "the writes reached the disk: the table says nothing of it"
fi
done_testing

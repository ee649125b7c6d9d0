#!/usr/bin/env bash
# bench/overhead.sh [ROUNDS] - does the harness perturb what it measures?
#
# Times the same compile (the quick profile's synthetic tree, make -j4) three
# ways, interleaved ROUNDS times so drift hits all alike:
#   ref       GNU time around `make -j4` in the tree (the reference)
#   contest   contest's noload run, monitors off
#   +monitors contest's noload run with vmstat 1 and iostat -dx 1 running
# and prints each one's median Time as a ratio to ref's median measured in
# the same run. No absolute time is judged; a ratio near 1.00 means the
# harness costs nothing the compile can see.
set -eu
cd "$(dirname "$0")/.."
rounds=${1:-5}
make -s bin/contest
tmp=$(mktemp -d /tmp/contest-bench.XXXXXX)
trap 'rm -rf "$tmp"' EXIT
common=(-c configs/quick.conf -s "work_dir=$tmp/work" -s quiet_wait=2s -s flush=no -r "$tmp/r" -n 1)
bin/contest run "${common[@]}" -k warm noload >/dev/null 2>&1	# generate and warm the tree
tree=$tmp/work/synthetic
for i in $(seq "$rounds"); do
	make -s -C "$tree" clean >/dev/null
	/usr/bin/time -f %e -o "$tmp/t" make -s -C "$tree" -j4 >/dev/null 2>&1
	cat "$tmp/t" >> "$tmp/ref"
	bin/contest run "${common[@]}" -s monitors=no -k plain noload >/dev/null 2>&1
	bin/contest run "${common[@]}" -s monitors=yes -k mon noload >/dev/null 2>&1
done
median() { sort -n | awk '{v[NR]=$1} END{print (NR%2) ? v[(NR+1)/2] : (v[NR/2]+v[NR/2+1])/2}'; }
times() { awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) if($i=="time_s") k=i; next} {print $k}' "$1"; }
ref=$(median < "$tmp/ref")
plain=$(times "$tmp/r/plain/runs.tsv" | median)
mon=$(times "$tmp/r/mon/runs.tsv" | median)
printf 'rounds %d, medians: ref %.2f s\n' "$rounds" "$ref"
printf '%-10s %s\n' variant ratio
printf '%-10s %.3f\n' ref 1 contest "$(echo "$plain / $ref" | bc -l)" +monitors "$(echo "$mon / $ref" | bc -l)"

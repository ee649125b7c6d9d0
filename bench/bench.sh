#!/usr/bin/env bash
# bench/bench.sh - benchmark contest itself: `make bench` (see docs/PERFORMANCE.md)
#
#   bench/bench.sh [FIGURE...]      FIGURE: idle fidelity compile loads report power decide interactive pairs bisect guest profile
#
# Every figure is a ratio or a difference against a reference measured in
# the same run, A and B interleaved so that drift hits both alike; no
# absolute time is judged. The table goes to stdout, progress to stderr.
# QUICK=1 runs each figure with small counts (a smoke run, minutes);
# POWER=1 adds the measured resolving power (about 10 x 15 compiles).
# Needs root for the flush and the cpu_limit of POWER=1.
. "$(dirname "$0")/lib.sh"
for f in idle fidelity compile loads report power decide interactive pairs bisect guest profile; do
	. "$TOP/bench/$f.sh"
done

# a function, so that bash has read all of it before it starts: editing the
# file during a long run cannot change what runs
main() {
	local figures f started loadavg
	[ -x "$CONTEST" ] || { say "no $CONTEST: run make first"; exit 2; }
	[ -x /usr/bin/time ] || { say "GNU time is needed (apt-get install time)"; exit 2; }
	[ -x "$POWER_BIN" ] || { say "no $POWER_BIN: run make bench"; exit 2; }

	figures=${*:-idle fidelity compile loads report power decide interactive pairs bisect guest profile}
	for f in $figures; do
		declare -F "bench_$f" > /dev/null || { say "unknown figure '$f'"; exit 2; }
	done
	started=$(date +%s)
	loadavg=$(cut -d' ' -f1-3 /proc/loadavg)
	say "temp dir $B${QUICK:+, QUICK=1 (small counts)}${POWER:+, POWER=1}"
	: > "$B/figures"
	for f in $figures; do
		"bench_$f" || { say "$f: not measured"; figure "$f" "failed" "-" "no" "see the messages on stderr"; }
	done

	echo "contest benchmark, $(date -u +%Y-%m-%dT%H:%MZ), $(nproc) CPUs, $(uname -r)," \
		"load average before: $loadavg${QUICK:+, QUICK=1}"
	echo
	echo "| figure | measured | target | met | how |"
	echo "| --- | --- | --- | --- | --- |"
	awk -F'\t' '{printf "| %s | %s | %s | %s | %s |\n", $1, $2, $3, $4, $5}' "$B/figures"
	echo
	echo "took $(( $(date +%s) - started )) s"
}

main "$@"

#!/bin/sh
# contest-lava.sh - a contest session, reported through LAVA's test shell
#
# usage: CONTEST=bin/contest [KERNEL=NAME] [RESULTS=DIR] [BASE=KERNEL] \
#        contest-lava.sh [contest run OPTIONS] [LOAD...]
#
# Runs `contest run` with the arguments, then, for each load of the kernel's
# report, a test set named after the load holding:
#   LOAD-time   its mean Time (--measurement, --units s)
#   LOAD-cpu    its mean CPU% (--units %)
#   LOAD-runs   pass when every run of it was ok, with the ok runs counted
#   LOAD-verdict  with BASE: compare's Time verdict against BASE (better,
#               same, undecided pass; worse fails; the word is in the log),
#               the difference in percent as the measurement
# and a test case "contest-session" for the session's exit status. It
# exits 0 once the cases are reported (LAVA's run.sh stops at a failing
# step); it exits 2 when lava-test-case is not on PATH or contest fails to
# report.
set -u
: "${CONTEST:=contest}" "${RESULTS:=reports}" "${KERNEL:=}" "${BASE:=}"
[ -n "$KERNEL" ] || KERNEL=$(uname -r)
command -v lava-test-case > /dev/null || { echo "contest-lava: lava-test-case is not on PATH" >&2; exit 2; }
tmp=$(mktemp -d) || exit 2
trap 'rm -rf "$tmp"' EXIT

"$CONTEST" run -k "$KERNEL" -r "$RESULTS" "$@"
if [ $? -eq 0 ]; then session=pass; else session=fail; fi
lava-test-case contest-session --result $session

"$CONTEST" report -r "$RESULTS" --format csv "$KERNEL" > "$tmp/report.csv" || exit 2
if [ -n "$BASE" ]; then
	"$CONTEST" compare -r "$RESULTS" --format csv "$BASE" "$KERNEL" > "$tmp/compare.csv" || exit 2
else
	: > "$tmp/compare.csv"
fi

# load runs not_ok time_s cpu_pct, one line per load (columns found by name)
awk -F, 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ print $c["load"], $c["runs"], $c["not_ok"], $c["time_s"], $c["cpu_pct"] }' \
	"$tmp/report.csv" > "$tmp/loads"
while read -r load runs not_ok time cpu; do
	lava-test-set start "$load"
	if [ "$runs" -gt 0 ]; then
		lava-test-case "$load-time" --result pass --measurement "$time" --units s
		lava-test-case "$load-cpu" --result pass --measurement "$cpu" --units %
	else
		lava-test-case "$load-time" --result fail
		lava-test-case "$load-cpu" --result fail
	fi
	if [ "$not_ok" -eq 0 ] && [ "$runs" -gt 0 ]; then ok=pass; else ok=fail; fi
	lava-test-case "$load-runs" --result $ok --measurement "$runs" --units runs
	verdict=$(awk -F, -v l="$load" -v k="$KERNEL" 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
		$c["load"] == l && $c["metric"] == "Time" && $c["kernel"] == k {
			print $c["verdict"], ($c["diff_pct"] == "" ? 0 : $c["diff_pct"]) }' "$tmp/compare.csv")
	if [ -n "$verdict" ]; then
		set -- $verdict
		if [ "$1" = worse ]; then ok=fail; else ok=pass; fi
		echo "contest: $load: Time of $KERNEL against $BASE: $1 (${2:-0}%)"
		lava-test-case "$load-verdict" --result $ok --measurement "${2:-0}" --units %
	fi
	lava-test-set stop
done < "$tmp/loads"
exit 0

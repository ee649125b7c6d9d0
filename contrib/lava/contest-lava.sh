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

# contest's CSV as CSV (RFC 4180): a field in quotes may hold a comma (a
# kernel named 6.1,slow) or a doubled quote, and a text field that would
# read as a spreadsheet formula has a ' before it; csv() splits $0 into
# f[1..n], undoing both, and the header names the columns in c[]. Names
# reach awk through ENVIRON: -v would undo backslashes in them.
CSV_AWK='function csv(   n, i, ch, q, cur) {
	split("", f); n = 0; cur = ""; q = 0
	for (i = 1; i <= length($0); i++) {
		ch = substr($0, i, 1)
		if (q && ch == "\"" && substr($0, i + 1, 1) == "\"") { cur = cur ch; i++ }
		else if (ch == "\"") q = !q
		else if (!q && ch == ",") { f[++n] = unquote(cur); cur = "" }
		else cur = cur ch
	}
	f[++n] = unquote(cur)
	return n
}
function unquote(s) { return s ~ /^'"'"'[-=+@\t\r'"'"']/ ? substr(s, 2) : s }
NR == 1 { n = csv(); for (i = 1; i <= n; i++) c[f[i]] = i; next }
{ csv() }'

# load runs not_ok time_s cpu_pct, one line per load (columns found by name)
awk "$CSV_AWK"'
	{ print f[c["load"]], f[c["runs"]], f[c["not_ok"]], f[c["time_s"]], f[c["cpu_pct"]] }' \
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
	verdict=$(L=$load K=$KERNEL awk "$CSV_AWK"'
		f[c["load"]] == ENVIRON["L"] && f[c["metric"]] == "Time" && f[c["kernel"]] == ENVIRON["K"] {
			print f[c["verdict"]], (f[c["diff_pct"]] == "" ? 0 : f[c["diff_pct"]]) }' "$tmp/compare.csv")
	if [ -n "$verdict" ]; then
		set -- $verdict
		if [ "$1" = worse ]; then ok=fail; else ok=pass; fi
		echo "contest: $load: Time of $KERNEL against $BASE: $1 (${2:-0}%)"
		lava-test-case "$load-verdict" --result $ok --measurement "${2:-0}" --units %
	fi
	lava-test-set stop
done < "$tmp/loads"
exit 0

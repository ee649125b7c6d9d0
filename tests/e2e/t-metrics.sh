#!/usr/bin/env bash
# A metric's label and JSON key are spelled in results/metric.h only:
# scripts/check-metrics.sh (part of make check-layers) passes on the tree
# and fails, naming FILE:LINE, on a copy with one spelled again: a label
# in a text table, an HTML cell or a command, a JSON key in a JSON writer
# or a CSV header; a comment, or the same word as something else's name
# outside the writers, does not fail it.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-metrics.sh

"$CHECK" "$TOP" > "$T/out" 2>&1
rc=$?
ok $rc "check-metrics passes on this tree"
[ $rc -eq 0 ] || sed 's/^/# /' "$T/out"

copy() {	# a fresh copy of the sources in $T/tree
	rm -rf "$T/tree" && mkdir -p "$T/tree" && cp -r "$TOP/contest" "$TOP/loads" "$T/tree/"
}
breach() {	# breach WHAT EXPECT: the check fails on the copy and says EXPECT
	"$CHECK" "$T/tree" > "$T/breach" 2>&1
	local rc=$?
	[ $rc -eq 1 ] && grep -qF -- "$2" "$T/breach"
	ok $? "$1 fails the check (status $rc): $(head -1 "$T/breach")"
}
passes() {	# passes WHAT: the check still passes on the copy
	"$CHECK" "$T/tree" > "$T/breach" 2>&1
	ok $? "$1 passes the check: $(head -1 "$T/breach")"
}
plant() {	# plant FILE TEXT: TEXT as the file's last line
	printf '%s\n' "$2" >> "$T/tree/$1"
}
lines() { wc -l < "$T/tree/$1"; }

copy; plant contest/output/report-text.c 'static const char *const cells[] = { "Kernel [runs]", "Time", "CPU%" };'
breach "report-text.c spelling the label Time again" \
	"contest/output/report-text.c:$(lines contest/output/report-text.c): the metric label \"Time\""
copy; plant contest/output/report-html.c 'static const char head[] = "<th>Deadlines</th>";'
breach "an HTML cell spelling Deadlines" 'the metric label "Deadlines"'
copy; plant contest/cmd/run.c 'static const char *what = "Ratio";'
breach "a command spelling the label Ratio" 'contest/cmd/run.c:'
copy; plant contest/output/report-json.c 'static void f(struct json_stream *js) { json_stream_number(js, "time_sd", 0); }'
breach "report-json.c spelling the key time_sd" 'the metric JSON key "time_sd"'
copy; sed -i 's|fputs("load,kernel,runs,not_ok", out);|fputs("load,kernel,runs,not_ok,time_s,time_sd", out);|' \
	"$T/tree/contest/output/report-csv.c"
breach "a CSV header spelling time_s" 'contest/output/report-csv.c'
copy; plant contest/output/report-json.c 'static const char *arr = "loads";'
breach "a second \"loads\" in report-json.c beside its array's" 'the metric JSON key "loads"'
# a metric the table gains: its label and key are held too
add_metric() {	# one more line in the copy's table, after Time's
	EXTRA='	X(EXTRA, "extra", "Extra", "extra_key", NULL, 0, 1, 1, HIGHER, KIND_ALL, NULL, NULL) \' \
		awk '{ print } /^\tX\(TIME, / { print ENVIRON["EXTRA"] }' "$T/tree/contest/results/metric.h" \
		> "$T/metric.h" && mv "$T/metric.h" "$T/tree/contest/results/metric.h"
}
copy; add_metric; plant contest/output/compare-text.c 'static const char *x = "Extra";'
breach "a new metric's label spelled in compare-text.c" 'the metric label "Extra"'
copy; add_metric; plant contest/output/report-kcidb.c 'static const char *x = "extra_key";'
breach "a new metric's key spelled in report-kcidb.c" 'the metric JSON key "extra_key"'

copy; plant contest/output/report-text.c '/* the "Time" and "Latency" columns, "time_s" */'
plant contest/output/report-json.c '// "time_s" "Time"'
passes "a comment naming labels and keys"
copy; plant contest/session/plan.c 'static const char *key = "loads";'
passes "\"loads\" as a config key outside the writers"

done_testing

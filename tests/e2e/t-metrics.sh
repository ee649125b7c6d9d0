#!/usr/bin/env bash
# A metric's label and JSON key are spelled in results/metric.h only:
# scripts/check-metrics.sh (part of make check-layers) passes on the tree
# and fails, naming FILE:LINE, on a copy with one spelled again: a label
# in a text table, an HTML cell or a command, a JSON key in a JSON writer
# or a CSV header; a comment, or the same word as something else's name
# outside the writers, does not fail it.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-metrics.sh

tree_check_top

tree_copy; tree_plant contest/output/report-text.c 'static const char *const cells[] = { "Kernel [runs]", "Time", "CPU%" };'
tree_breach "report-text.c spelling the label Time again" \
	"contest/output/report-text.c:$(tree_lines contest/output/report-text.c): the metric label \"Time\""
tree_copy; tree_plant contest/output/report-html.c 'static const char head[] = "<th>Deadlines</th>";'
tree_breach "an HTML cell spelling Deadlines" 'the metric label "Deadlines"'
tree_copy; tree_plant contest/cmd/run.c 'static const char *what = "Ratio";'
tree_breach "a command spelling the label Ratio" 'contest/cmd/run.c:'
tree_copy; tree_plant contest/output/report-json.c 'static void f(struct json_stream *js) { json_stream_number(js, "time_sd", 0); }'
tree_breach "report-json.c spelling the key time_sd" 'the metric JSON key "time_sd"'
tree_copy; sed -i 's|fputs("load,kernel,runs,not_ok", out);|fputs("load,kernel,runs,not_ok,time_s,time_sd", out);|' \
	"$T/tree/contest/output/report-csv.c"
tree_breach "a CSV header spelling time_s" 'contest/output/report-csv.c'
tree_copy; tree_plant contest/output/report-json.c 'static const char *arr = "loads";'
tree_breach "a second \"loads\" in report-json.c beside its array's" 'the metric JSON key "loads"'
# a metric the table gains: its label and key are held too
add_metric() {	# one more line in the copy's table, after Time's
	EXTRA='	X(EXTRA, "extra", "Extra", "extra_key", NULL, 0, 1, 1, HIGHER, KIND_ALL, NULL, NULL) \' \
		awk '{ print } /^\tX\(TIME, / { print ENVIRON["EXTRA"] }' "$T/tree/contest/results/metric.h" \
		> "$T/metric.h" && mv "$T/metric.h" "$T/tree/contest/results/metric.h"
}
tree_copy; add_metric; tree_plant contest/output/compare-text.c 'static const char *x = "Extra";'
tree_breach "a new metric's label spelled in compare-text.c" 'the metric label "Extra"'
tree_copy; add_metric; tree_plant contest/output/report-kcidb.c 'static const char *x = "extra_key";'
tree_breach "a new metric's key spelled in report-kcidb.c" 'the metric JSON key "extra_key"'

tree_copy; tree_plant contest/output/report-text.c '/* the "Time" and "Latency" columns, "time_s" */'
tree_plant contest/output/report-json.c '// "time_s" "Time"'
tree_passes "a comment naming labels and keys"
tree_copy; tree_plant contest/session/plan.c 'static const char *key = "loads";'
tree_passes "\"loads\" as a config key outside the writers"

done_testing

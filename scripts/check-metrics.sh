#!/usr/bin/env bash
# check-metrics.sh [DIR] - a metric's label and JSON key are spelled once
#
# contest/results/metric.h is the one table of the metrics (docs/
# ARCHITECTURE.md): every writer takes a metric's label ("Time", "CPU%")
# and its JSON key ("time_s") from metrics[]. This fails, naming
# FILE:LINE, when a label is spelled as a string ("Time", or inside a
# string as an HTML cell, ">Time<") in any source file but metric.h, or
# a JSON key ("time_s", or a CSV header's ",time_s,") in a writer of
# JSON, CSV or KCIDB (output/*json*, *csv*, *kcidb*) or in results/.
# Comments do not count. Words that are also another thing's name are
# allowed only on the lines listed in `elsewhere` below, each with what
# it is; a second spelling anywhere else still fails. The labels and keys
# come from metric.h itself, through the preprocessor ($CC, else cc).
# Exits 1 on a breach, 2 when the table cannot be read.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
table=contest/results/metric.h
[ -f "$table" ] || { echo "check-metrics: no $table" >&2; exit 2; }

# words of the table that also name something else, where they do: FILE:TEXT
elsewhere=(
	# the report document's array of per-load tables, and its ratio mode
	'contest/output/report-json.c:json_stream_begin(&js, "loads", 1);'
	'contest/output/report-json.c:json_stream_string(&js, "ratio", '
	# a compare summary's number of loads in its geometric mean
	'contest/output/compare-json.c:json_put(o, "loads", json_integer('
	# runs.tsv's columns (store.c's table), which metric.h's column names
	'contest/results/store.c:REQUIRED("time_s", '
	'contest/results/store.c:REQUIRED("cpu_pct", '
	'contest/results/store.c:REQUIRED("loads", '
	'contest/results/store.c:REQUIRED("lcpu_pct", '
	'contest/results/store.c:READ("instructions", '
	'contest/results/store.c:READ("cycles", '
	'contest/results/store.c:READ("work_units", '
	'contest/results/store.c:READ("work_rate", '
	'contest/results/store.c:READ("user_s", '
	'contest/results/store.c:READ("sys_s", '
	'contest/results/store.c:READ("cpu_s", '
	'contest/results/store.c:READ("host_cpu_s", '
	'contest/results/store.c:READ("host_user_s", '
	'contest/results/store.c:READ("host_sys_s", '
	'contest/results/store.c:READ("swap_in_mbs", '
	'contest/results/store.c:READ("swap_out_mbs", '
	'contest/results/store.c:READ("disk_read_mbs", '
	'contest/results/store.c:READ("disk_write_mbs", '
	'contest/results/store.c:READ("disk_await_ms", '
)

src=$(mktemp)
trap 'rm -f "$src"' EXIT
cat > "$src" <<'EOF'
#include "results/metric.h"
#define X(id, column, label, json, unit, text, cmp, csv, better, kinds, sd_label, sd_json) \
	METRIC_LABEL_IS label METRIC_KEY_IS json METRIC_LABEL_IS sd_label METRIC_KEY_IS sd_json
METRIC_TABLE(X)
METRIC_LABEL_IS METRIC_SD_LABEL METRIC_LABEL_IS METRIC_CI95_LABEL METRIC_KEY_IS METRIC_CI95_JSON
EOF
words=$(${CC:-cc} -E -P -iquote contest -iquote . -x c "$src" 2>&1) ||
	{ echo "check-metrics: cannot read $table: $words" >&2; exit 2; }
# a `metric =` figure's label is "" in the table (its results name it): no word
mapfile -t labels < <(grep -o 'METRIC_LABEL_IS "[^"]*"' <<< "$words" | sed 's/^[^"]*"//; s/"$//' |
		      grep -v '^$' | sort -u)
mapfile -t keys < <(grep -o 'METRIC_KEY_IS "[^"]*"' <<< "$words" | sed 's/^[^"]*"//; s/"$//' | sort -u)
[ ${#labels[@]} -ge 10 ] && [ ${#keys[@]} -ge 10 ] ||
	{ echo "check-metrics: too few labels or keys in $table" >&2; exit 2; }

# one perl over every file: a fork a file made the check slow on a busy machine
find contest loads -name '*.[ch]' ! -path "$table" | sort |
LABELS=$(printf '%s\n' "${labels[@]}") KEYS=$(printf '%s\n' "${keys[@]}") \
ELSEWHERE=$(printf '%s\n' "${elsewhere[@]}") TABLE=$table perl -e '
	my @labels = split /\n/, $ENV{LABELS};
	my @keys = split /\n/, $ENV{KEYS};
	my %is_label = map { $_ => 1 } @labels;
	my @elsewhere = map { [split /:/, $_, 2] } split /\n/, $ENV{ELSEWHERE};
	my $lre = join "|", map { "\"\Q$_\E\"|>\Q$_\E<" } @labels;
	my $kre = join "|", map { "[\",]\Q$_\E[\",]" } @keys;
	my $status = 0;
	while (my $f = <STDIN>) {
		chomp $f;
		open my $fh, "<", $f or die "check-metrics: cannot read $f: $!\n";
		local $/;
		my $text = <$fh>;
		close $fh;
		# comments out, strings kept, a line for each line
		$text =~ s{("(?:\\.|[^"\\\n])*"|\x27(?:\\.|[^\x27\\\n])*\x27)|/\*.*?\*/|//[^\n]*}
			  { defined $1 ? $1 : ($& =~ tr/\n//cdr) }gse;
		my $re = $f =~ m{^contest/(output/[^/]*(json|csv|kcidb)|results/)} ? "$lre|$kre" : $lre;
		my $n = 0;
		LINE: for my $line (split /\n/, $text) {
			$n++;
			next unless $line =~ /($re)/;
			my $word = substr $1, 1, -1;
			for my $e (@elsewhere) {
				next LINE if $e->[0] eq $f && index($line, $e->[1]) >= 0;
			}
			printf "%s:%d: the metric %s \"%s\" is spelled outside %s\n", $f, $n,
			       $is_label{$word} ? "label" : "JSON key", $word, $ENV{TABLE};
			$status = 1;
		}
	}
	exit $status;
'

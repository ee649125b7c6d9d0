#!/usr/bin/env bash
# t-lava-csv - contrib/lava/contest-lava.sh reads contest's CSV as CSV:
# a kernel named 6.1,slow (a valid name: its CSV field is quoted) that
# takes 75 times as long as its BASE gets its Time and CPU% measured and
# the verdict case failed as worse. It read the fields by splitting at
# every comma, so the name's comma shifted them: "[: Illegal number", the
# time and cpu cases failed, and the verdict case was never sent. Runs the
# script with the helper scripts of Debian's lava-dispatcher.
. "$(dirname "$0")/lib.sh"
HELPERS=/usr/lib/python3/dist-packages/lava_dispatcher/lava_test_shell
[ -r "$HELPERS/lava-test-case" ] || { echo "1..0 # SKIP lava-dispatcher is not installed"; exit 0; }
mkdir -p "$T/lava/bin" "$T/lava/result"
for f in "$HELPERS"/lava-*; do	# as LAVA's overlay installs them
	{ printf '#!/bin/sh\n\n'; cat "$f"; } > "$T/lava/bin/${f##*/}"
	chmod 755 "$T/lava/bin/${f##*/}"
done
command_conf "$T/c.conf" true
R=$T/reports
SLOW='6.1,slow'
"$CONTEST" run -c "$T/c.conf" -r "$R" -k 6.0 -n 3 noload > /dev/null 2> "$T/run.err"
ok $? "three runs of the base, 6.0"
# the slow kernel: the base's rows at the same times, 75 times as long,
# 0.3% more or less in turn (paired rounds, as a real interleaved session)
mkdir -p "$R/$SLOW"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	{ $c["time_s"] = sprintf("%.4f", $c["time_s"] * 75 * (1 + (n++ % 2 ? -0.003 : 0.003))) }
	{ print }' "$R/6.0/runs.tsv" > "$R/$SLOW/runs.tsv"
cp "$R/6.0/env" "$R/$SLOW/env"
is "$("$CONTEST" compare -r "$R" --format csv 6.0 "$SLOW" 2> /dev/null | grep -c '^noload,Time,"6.1,slow",.*,worse,')" 1 \
	"compare's CSV quotes the name and says worse"

# the session adds nothing (--resume with no plan: it fails, which the
# script reports as the session's case and goes on to the report)
PATH=$T/lava/bin:$PATH LAVA_RESULT_DIR=$T/lava/result CONTEST=$CONTEST KERNEL=$SLOW \
	RESULTS=$R BASE=6.0 sh "$TOP/contrib/lava/contest-lava.sh" -c "$T/c.conf" --resume \
	> "$T/out" 2> "$T/err"
ok $? "the script exits 0"
! grep -q 'Illegal number\|integer expression' "$T/err"
ok $? "no field is misread as a number ($(grep -m 1 'Illegal\|integer' "$T/err"))"
L=$T/lava/result/results
mean=$(awk -F'\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; next }
	{ s += $c["time_s"]; n++ } END { printf "%.3f", s / n }' "$R/$SLOW/runs.tsv")
is "$(cat "$L/noload-time/result" 2> /dev/null) $(printf '%.3f' "$(cat "$L/noload-time/measurement" 2> /dev/null)")" \
	"pass $mean" "noload-time: pass, the slow kernel's mean Time"
is "$(cat "$L/noload-cpu/result" 2> /dev/null)" pass "noload-cpu: pass"
is "$(cat "$L/noload-runs/result" 2> /dev/null) $(cat "$L/noload-runs/measurement" 2> /dev/null)" "pass 3" \
	"noload-runs: pass, three ok runs"
is "$(cat "$L/noload-verdict/result" 2> /dev/null)" fail "noload-verdict: fail, for worse"
grep -q '^contest: noload: Time of 6.1,slow against 6.0: worse (-[0-9.]*%)$' "$T/out"
ok $? "the log says worse ($(grep -m 1 '^contest: noload' "$T/out"))"
done_testing

#!/usr/bin/env bash
# No library calls a command: below cmd/ nothing includes a cmd/ header or
# names a command's entry point, so cmd/ is the only way in (check-layers
# is the rule; this checks the part no breach elsewhere in the tree hides).
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
scripts/check-layers.sh > "$T/layers" 2>&1
grep -E '^contest/(lib|sys|results|output|session|guest)/[^:]*:[0-9]+: .*"cmd/' "$T/layers" > "$T/up"
is "$(cat "$T/up")" "" "check-layers: no layer below cmd includes a cmd/ header"
sed -n '/round a circle/,/^[^ ]/p' "$T/layers" | grep -q 'contest/cmd/'
is "$?" 1 "check-layers: no circle of modules goes through cmd/"
grep -lE '\bcmd_(run|report|compare|plot|list|env|help|find)\b|\bcommands\[' \
	contest/lib/*.c contest/sys/*.c contest/results/*.c contest/output/*.c \
	contest/session/*.c contest/guest/*.c loads/*.c > "$T/calls"
is "$(cat "$T/calls")" "" "no library calls a command or looks one up in the table"
# the probe can fail: a tree with the breach must be caught by the same rule
mkdir -p "$T/tree"
cp -r contest loads scripts "$T/tree/"
printf '#include "cmd/cmds.h"\n' >> "$T/tree/contest/guest/boot.c"
scripts/check-layers.sh "$T/tree" > "$T/bad" 2>&1
grep -q '^contest/guest/boot.c:[0-9]*: guest includes "cmd/cmds.h" of cmd, a layer above it' "$T/bad"
ok $? "check-layers names guest/boot.c including cmd/cmds.h when it does"
done_testing

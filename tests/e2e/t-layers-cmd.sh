#!/usr/bin/env bash
# No library calls a command: below cmd/ nothing includes a cmd/ header or
# names a command's entry point, so cmd/ is the only way in (check-layers
# is the rule; this checks the part no breach elsewhere in the tree hides).
. "$(dirname "$0")/lib.sh"
cd "$TOP" || exit 1
# the layers below cmd/, from check-layers' order, and their files
lower= below=
for l in $(sed -n 's/^layers=(\(.*\))$/\1/p' scripts/check-layers.sh); do
	[ "$l" = cmd ] && break
	lower="$lower${lower:+|}$l"
	case $l in loads) below="$below loads/*.[ch]" ;; *) below="$below contest/$l/*.[ch]" ;; esac
done
scripts/check-layers.sh > "$T/layers" 2>&1
grep -E "^(contest/)?($lower)/[^:]*:[0-9]+: .*\"cmd/" "$T/layers" > "$T/up"
is "$(cat "$T/up")" "" "check-layers: no layer below cmd includes a cmd/ header"
sed -n '/round a circle/,/^[^ ]/p' "$T/layers" | grep -q 'contest/cmd/'
is "$?" 1 "check-layers: no circle of modules goes through cmd/"
# the commands' entry points, from their table (cmd/cmds.c), not a list
# kept here that a new command would miss
sed -n 's/^[[:space:]]*{ *"\([^"]*\)", *\(cmd_[a-z0-9_]*\),.*/\1 \2/p' contest/cmd/cmds.c > "$T/table"
fns=$(awk '{ print $2 }' "$T/table")
is "$(wc -l < "$T/table")" "$(grep -c '^[[:space:]]*{ *"' contest/cmd/cmds.c)" \
	"every row of the command table gives its function ($(echo $fns))"
missing=
for c in $("$CONTEST" help | sed -n '/^commands:/,/^$/s/^  \([a-z-]*\) .*/\1/p'); do
	grep -q "^$c " "$T/table" || missing="$missing $c"
done
is "$missing" "" "each command contest help lists is a row of the table"
# each is defined in cmd/, guest-init's too
elsewhere=
for f in $fns; do
	grep -lE "^int $f\(" contest/cmd/*.c > /dev/null || elsewhere="$elsewhere $f"
done
is "$elsewhere" "" "each command's function is defined in cmd/"
# shellcheck disable=SC2086
grep -lE "\b($(echo $fns | tr ' ' '|')|cmd_find)\b|\bcommands\[" $below > "$T/calls"
is "$(cat "$T/calls")" "" "no library declares or calls a command, or looks one up in the table"
# the probe can fail: a tree with the breach must be caught by the same rule
mkdir -p "$T/tree"
cp -r contest loads scripts "$T/tree/"
printf '#include "cmd/cmds.h"\n' >> "$T/tree/contest/guest/boot.c"
scripts/check-layers.sh "$T/tree" > "$T/bad" 2>&1
grep -q '^contest/guest/boot.c:[0-9]*: guest includes "cmd/cmds.h" of cmd, a layer above it' "$T/bad"
ok $? "check-layers names guest/boot.c including cmd/cmds.h when it does"
done_testing

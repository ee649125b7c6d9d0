#!/usr/bin/env bash
# The tree keeps its layers (docs/ARCHITECTURE.md): scripts/check-layers.sh
# passes on it, and fails on a copy given each kind of breach: a file
# outside a layer folder (the old flat contest/), an include of a layer
# above, two modules including each other, a writer reading a file.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-layers.sh

"$CHECK" "$TOP" > "$T/out" 2>&1
ok $? "make check-layers passes on this tree"
[ $? -eq 0 ] || sed 's/^/# /' "$T/out"

# every layer the script ranks is a folder here, and ARCHITECTURE.md names it
layers=$(sed -n 's/^layers=(\(.*\))$/\1/p' "$CHECK")
missing=
for l in $layers; do
	case $l in main) [ -f "$TOP/contest/main.c" ] ;; loads) [ -d "$TOP/loads" ] ;; *) [ -d "$TOP/contest/$l" ] ;; esac ||
		missing="$missing $l"
	grep -q "$l/" "$TOP/docs/ARCHITECTURE.md" || [ "$l" = main ] || missing="$missing $l(doc)"
done
is "$missing" "" "each layer ($layers) is a folder and docs/ARCHITECTURE.md names it"

copy() {	# a fresh copy of the sources in $T/tree
	rm -rf "$T/tree" && mkdir -p "$T/tree" && cp -r "$TOP/contest" "$TOP/loads" "$T/tree/"
}
breach() {	# breach WHAT EXPECT: check-layers fails on the copy and says EXPECT
	"$CHECK" "$T/tree" > "$T/breach" 2>&1
	local rc=$?
	[ $rc -eq 1 ] && grep -q -- "$2" "$T/breach"
	ok $? "$1 fails the check (status $rc): $(grep -m1 -- "$2" "$T/breach")"
}

copy; cp "$T/tree/contest/lib/util.c" "$T/tree/contest/flat.c"
breach "a source file in contest/ itself, as the old flat tree had" "not in a layer folder"
copy; sed -i '0,/^#include "/s//#include "cmd\/cmds.h"\n#include "/' "$T/tree/contest/lib/util.c"
breach "lib/util.c including cmd/cmds.h" 'lib includes "cmd/cmds.h" of cmd, a layer above it'
copy; sed -i '0,/^#include "/s//#include "sys\/swap.h"\n#include "/' "$T/tree/contest/sys/psi.c"
sed -i '0,/^#include "/s//#include "sys\/psi.h"\n#include "/' "$T/tree/contest/sys/swap.c"
breach "sys/psi and sys/swap including each other" "round a circle"
copy; f=$(ls "$T"/tree/contest/output/*.c | head -1)
printf 'static char *peek(void) { return read_text_file("x", NULL); }\n' >> "$f"
breach "a writer calling read_text_file" "a writer reads a file"
done_testing

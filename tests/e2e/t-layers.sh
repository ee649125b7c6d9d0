#!/usr/bin/env bash
# long: check-layers on the tree and on six planted copies (about two minutes)
# The tree keeps its layers (docs/ARCHITECTURE.md): scripts/check-layers.sh
# passes on it, and fails on a copy given each kind of breach: a file
# outside a layer folder (the old flat contest/), an include of a layer
# above, two modules including each other, a writer reading a file, a
# call up a layer or round a circle, a command calling another's code.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-layers.sh

OBJ=$TOP/${OBJDIR:-build/plain}
passes() {	# passes DIR OBJDIR NAME: ok when check-layers passes, else its breaches as comments
	"$CHECK" "$1" "$2" > "$T/out" 2>&1
	local rc=$?
	ok $rc "$3"
	[ $rc -eq 0 ] || sed 's/^/# /' "$T/out"
}
passes "$TOP" "$OBJ" "make check-layers passes on this tree, its includes and its objects' calls"

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
# what objects call: a copy of the objects with one more module
objcopy_tree() {	# a fresh copy of the sources and of their objects in $T/obj
	copy; rm -rf "$T/obj" && mkdir -p "$T/obj" && cp -r "$OBJ/contest" "$OBJ/loads" "$T/obj/"
}
add_module() {	# add_module PATH SOURCE: PATH.c in the copy, compiled into its object
	printf '%s\n' "$2" > "$T/tree/$1.c"
	cc -c -o "$T/obj/$1.o" "$T/tree/$1.c" 2> "$T/cc.err" || sed 's/^/# /' "$T/cc.err"
}
calls_breach() {	# calls_breach WHAT EXPECT: as breach, with the objects
	"$CHECK" "$T/tree" "$T/obj" > "$T/breach" 2>&1
	local rc=$?
	[ $rc -eq 1 ] && grep -q -- "$2" "$T/breach"
	ok $? "$1 fails the check (status $rc): $(grep -m1 -- "$2" "$T/breach")"
}
# an upward call whose prototype sits in a lower layer's header, as
# results/report.c once called the writers of output/
objcopy_tree
add_module contest/results/upcall 'int cmd_find(const char *); int results_upcall(void); int results_upcall(void) { return cmd_find("x") != 0; }'
calls_breach "results/upcall.c calling cmd_find of cmd/" "results calls contest/cmd/cmds.c of cmd, a layer above it"
# two modules of one layer calling each other, as results/store and
# results/summary once did
objcopy_tree
add_module contest/sys/ping 'int sys_pong(int); int sys_ping(int); int sys_ping(int n) { return n ? sys_pong(n - 1) : 0; }'
add_module contest/sys/pong 'int sys_ping(int); int sys_pong(int); int sys_pong(int n) { return n ? sys_ping(n - 1) : 1; }'
calls_breach "sys/ping and sys/pong calling each other" "modules that call each other round a circle"
# a command calling another command's code, as run.c once called
# compare.c's compare_show and report.c's report_print_kernels
objcopy_tree
add_module contest/cmd/peek 'int cmd_report(int, char **); int cmd_peek(int, char **); int cmd_peek(int c, char **v) { return cmd_report(c, v); }'
calls_breach "cmd/peek.c calling cmd_report of cmd/report.c" "contest/cmd/peek.c: cmd_report: a command calls contest/cmd/report.c, another command's"
# the first test's diagnostic: on a tree that fails, the breach is said
# under its "not ok" (run in a subshell, so it counts here only as below)
( _n=0; passes "$T/tree" "$T/obj" "probe" ) > "$T/probe" 2>&1
grep -q '^not ok 1 - probe' "$T/probe" && grep -q '^# contest/cmd/peek.c: cmd_report: a command calls' "$T/probe"
ok $? "a failing check's breaches are printed as comments: $(grep -m1 '^# ' "$T/probe")"
# a command that writes what it prints, as cmd/bisect.c once wrote its
# outcome and cmd/judge.c its verdict line with printf
objcopy_tree
add_module contest/cmd/peek '#include <stdio.h>
int cmd_peek(int, char **); int cmd_peek(int c, char **v) { fprintf(stdout, "%s: bad on %d\n", v[0], c); return 0; }'
calls_breach "cmd/peek.c printing its result with fprintf" "contest/cmd/peek.c: fprintf: a command writes what it prints"
# a module without its object is not silently passed over
objcopy_tree; rm "$T/obj/contest/lib/util.o"
calls_breach "an object missing from OBJDIR" "contest/lib/util.c: no object"
done_testing

#!/usr/bin/env bash
# check-layers.sh [DIR [OBJDIR]] - the rules of docs/ARCHITECTURE.md, checked
#
# Every source file sits in a layer (its folder); a file includes only
# headers of its own layer or of layers below it, by their layer path
# ("lib/util.h"), and no two modules (a .c with its .h) include each other,
# directly or round a circle. Writers (output/) read no files. With OBJDIR
# (where make put the objects, build/plain), the same holds for what the
# objects call: a function is called only from its own layer or one above
# (a prototype in a lower layer's header cannot hide an upward call), and
# no modules call each other round a circle; and no command calls another's
# code: a cmd/ module calls into cmd/ only cli.c (the options commands
# share), and only cmds.c names the commands' cmd_NAME (its table); what
# two commands share lives below cmd/; and no cmd/ object but cli.c and
# cmds.c (usage, help) calls a stdio writer: commands print through
# output/ and show/. Prints each breach as FILE:LINE
# (FILE: SYMBOL for calls) and exits 1 when there is one.
set -u
objdir=${2:-}
[ -z "$objdir" ] || objdir=$(cd "$objdir" && pwd) || exit 2
cd "${1:-$(dirname "$0")/..}" || exit 2
layers=(lib sys kernel loads record results output show session guest cmd main)
# no $(...) in the loops below: a fork a line made the check minutes long
# on a busy machine
declare -A ranks
for i in "${!layers[@]}"; do ranks[${layers[$i]}]=$i; done
rank() {	# rank LAYER: its index in layers, -1 unknown, in REPLY
	REPLY=${ranks[$1]:--1}
}
layer_of() {	# layer_of FILE: its layer, in REPLY
	case $1 in
	contest/main.c) REPLY=main ;;
	contest/*/*) REPLY=${1#contest/}; REPLY=${REPLY%%/*} ;;
	loads/*) REPLY=loads ;;
	*) REPLY=none ;;
	esac
}
path_of() {	# path_of INCLUDE: the file it names, from the top, in REPLY
	case $1 in
	loads/*) REPLY=$1 ;;
	*) REPLY=contest/$1 ;;
	esac
}
bad=0 edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
files=$(find contest loads -name '*.[ch]' | sort)
for f in $files; do
	layer_of "$f"; self=$REPLY; rank "$self"; r=$REPLY
	if [ "$r" -lt 0 ]; then echo "$f: not in a layer folder (${layers[*]})"; bad=1; continue; fi
	while IFS=: read -r line inc; do
		path_of "$inc"; target=$REPLY; layer_of "$target"; tl=$REPLY; rank "$tl"; tr=$REPLY
		if [ "$inc" = "${inc#*/}" ] || [ ! -f "$target" ]; then
			echo "$f:$line: include \"$inc\" by its layer path (such as \"lib/util.h\")"; bad=1; continue
		fi
		if [ "$tr" -gt "$r" ]; then
			echo "$f:$line: $self includes \"$inc\" of $tl, a layer above it"; bad=1
		fi
		[ "${f%.*}" != "${target%.*}" ] && echo "${f%.*} ${target%.*}" >> "$edges"
	done < <(grep -n '^#include "' "$f" | sed 's/^\([0-9]*\):#include "\([^"]*\)".*/\1:\2/')
done
# a circle of modules: tsort names the loop's members on stderr
circle() {	# circle EDGES WHAT
	if ! tsort "$1" > /dev/null 2> "$1.err"; then
		echo "modules that $2 each other round a circle:"
		grep -v 'input contains a loop' "$1.err" | sed 's/^tsort: /  /'
		bad=1
	fi
	rm -f "$1.err"
}
circle "$edges" include
# what the objects call: nm's defined and undefined globals, per module;
# only objects of the sources here (make leaves a removed file's object)
if [ -n "$objdir" ]; then
	calls=$(mktemp) defs=$(mktemp) uses=$(mktemp)
	trap 'rm -f "$edges" "$calls" "$defs" "$uses"' EXIT
	for f in $files; do
		case $f in *.c) ;; *) continue ;; esac
		o=$objdir/${f%.c}.o
		[ -f "$o" ] || { echo "$f: no object $o (make first)"; bad=1; continue; }
		nm -P -g --defined-only "$o" | awk -v m="${f%.c}" '$2 ~ /^[TDBRCV]$/ { print $1, m }' >> "$defs"
		nm -P -u "$o" | awk -v m="${f%.c}" '{ print $1, m }' >> "$uses"
	done
	sort -k1,1 -o "$defs" "$defs"; sort -k1,1 -o "$uses" "$uses"
	while read -r sym user owner; do
		[ "$user" = "$owner" ] && continue
		layer_of "$user.c"; ul=$REPLY; rank "$ul"; ur=$REPLY
		layer_of "$owner.c"; ol=$REPLY; rank "$ol"; orank=$REPLY
		if [ "$orank" -gt "$ur" ]; then
			echo "$user.c: $sym: $ul calls $owner.c of $ol, a layer above it"
			bad=1
		elif [ "$ul" = cmd ] && [ "$ol" = cmd ] &&
		     [ "$owner" != contest/cmd/cli ] &&
		     ! { [ "$user" = contest/cmd/cmds ] && [ "${sym#cmd_}" != "$sym" ]; }; then
			echo "$user.c: $sym: a command calls $owner.c, another command's (what two commands share goes below cmd/)"
			bad=1
		fi
		echo "$user $owner" >> "$calls"
	done < <(join "$uses" "$defs")
	circle "$calls" call
	# cmd/ parses and calls: what a command prints is written below it
	# (output/, show/), so no cmd/ object calls a stdio writer but cli.c
	# and cmds.c, which write the usage and help from the option tables;
	# messages go through error(), warning(), info() (lib/util.c)
	while read -r sym user; do
		case $user in
		contest/cmd/cli | contest/cmd/cmds) ;;
		contest/cmd/*) echo "$user.c: $sym: a command writes what it prints (put the writer in output/ or show/)"; bad=1 ;;
		esac
	done < <(grep -E '^(__)?(v?f?printf|v?dprintf|f?puts|f?putc|putchar|fwrite|f?puts_unlocked|fwrite_unlocked|f?putc_unlocked|putchar_unlocked)(_chk)? ' "$uses")
fi
# writers format what they are given: reading results is the layer below's
while IFS=: read -r file line _; do
	echo "$file:$line: a writer reads a file (output/ gets what it prints from results/)"; bad=1
done < <(grep -nE '\b(read_text_file|read_line_file|opendir|fdopendir|scandir|results_read[a-z_]*|compare_read|compare_confounds|report_collect|report_read_inputs|monitor_logs?_read)[[:space:]]*\(|fopen\([^,]*, *"r|\bopen\([^,]*, *O_RDONLY' contest/output/*.c 2>/dev/null)
[ "$bad" -eq 0 ] && echo "layers: ${layers[*]}: no breach"
exit "$bad"

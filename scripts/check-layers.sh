#!/usr/bin/env bash
# check-layers.sh [DIR] - the include rules of docs/ARCHITECTURE.md, checked
#
# Every source file sits in a layer (its folder); a file includes only
# headers of its own layer or of layers below it, by their layer path
# ("lib/util.h"), and no two modules (a .c with its .h) include each other,
# directly or round a circle. Writers (output/) read no files. Prints each
# breach as FILE:LINE and exits 1 when there is one.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
layers=(lib sys loads results output session guest cmd main)
rank() {	# rank LAYER: its index in layers, -1 unknown
	local i
	for i in "${!layers[@]}"; do [ "${layers[$i]}" = "$1" ] && { echo "$i"; return; }; done
	echo -1
}
layer_of() {	# layer_of FILE
	case $1 in
	contest/main.c) echo main ;;
	contest/*/*) local p=${1#contest/}; echo "${p%%/*}" ;;
	loads/*) echo loads ;;
	*) echo none ;;
	esac
}
path_of() {	# path_of INCLUDE: the file it names, from the top
	case $1 in
	loads/*) echo "$1" ;;
	*) echo "contest/$1" ;;
	esac
}
bad=0 edges=$(mktemp)
trap 'rm -f "$edges"' EXIT
files=$(find contest loads -name '*.[ch]' | sort)
for f in $files; do
	self=$(layer_of "$f"); r=$(rank "$self")
	if [ "$r" -lt 0 ]; then echo "$f: not in a layer folder (${layers[*]})"; bad=1; continue; fi
	while IFS=: read -r line inc; do
		target=$(path_of "$inc"); tl=$(layer_of "$target"); tr=$(rank "$tl")
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
if ! tsort "$edges" > /dev/null 2> "$edges.err"; then
	echo "modules that include each other round a circle:"
	grep -v 'input contains a loop' "$edges.err" | sed 's/^tsort: /  /'
	bad=1
fi
rm -f "$edges.err"
# writers format what they are given: reading results is the layer below's
while IFS=: read -r file line _; do
	echo "$file:$line: a writer reads a file (output/ gets what it prints from results/)"; bad=1
done < <(grep -nE '\b(read_text_file|read_line_file|opendir|fdopendir|scandir|results_read[a-z_]*|compare_read|compare_confounds|report_collect|report_read_inputs|monitor_logs?_read)[[:space:]]*\(|fopen\([^,]*, *"r|\bopen\([^,]*, *O_RDONLY' contest/output/*.c 2>/dev/null)
[ "$bad" -eq 0 ] && echo "layers: ${layers[*]}: no breach"
exit "$bad"

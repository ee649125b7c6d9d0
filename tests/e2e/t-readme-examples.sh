#!/usr/bin/env bash
# The README's examples still hold: every `bin/contest CMD ...` line of its
# indented blocks (continuations joined) names a command `contest help`
# lists, every option it gives is one that command's --help shows, every
# -c FILE it reads exists, and every LOAD word is a load `contest list`
# knows. A renamed option or command fails here before a newcomer's paste.
. "$(dirname "$0")/lib.sh"
readme=$TOP/README
# indented lines, a trailing backslash joins the next; keep bin/contest ones
awk '/^    / { line = line $0; if (sub(/\\$/, "", line)) next; print line; line = ""; next }
	{ line = "" }' "$readme" | sed -n 's/^ *\(sudo \)\{0,1\}bin\/contest /contest /p' |
	sed 's/ #.*//' > "$T/examples"
n=$(wc -l < "$T/examples")
[ "$n" -ge 20 ]
ok $? "the README has its examples ($n bin/contest lines)"
"$CONTEST" help > "$T/help" 2>&1
"$CONTEST" list > "$T/loads" 2>&1
bad=()
while read -r -a w; do
	cmd=${w[1]}
	if ! grep -qE "^ +$cmd( |$)" "$T/help"; then
		bad+=("'$cmd' is not a command: ${w[*]}")
		continue
	fi
	"$CONTEST" "$cmd" --help > "$T/cmdhelp" 2>&1
	for ((i = 2; i < ${#w[@]}; i++)); do
		a=${w[i]}
		case $a in
		--*=*) a=${a%%=*} ;;
		esac
		case $a in
		--*) grep -q -- "$a\b" "$T/cmdhelp" || bad+=("$cmd has no $a: ${w[*]}") ;;
		-[a-zA-Z])
			grep -qE -- "(^| |\[)$a( |,|$)" "$T/cmdhelp" || bad+=("$cmd has no $a: ${w[*]}")
			if [ "$a" = -c ] && [[ ${w[i + 1]} == configs/* ]] && [ ! -f "$TOP/${w[i + 1]}" ]; then
				bad+=("no ${w[i + 1]}: ${w[*]}")
			fi ;;
		esac
	done
	if [ "$cmd" = run ]; then
		# the last words that are not options' values: loads
		for ((i = ${#w[@]} - 1; i > 1; i--)); do
			a=${w[i]}
			case ${w[i - 1]} in -*) [[ $a == -* ]] || break ;; esac
			[[ $a == *_load || $a == noload ]] || continue
			grep -qw -- "$a" "$T/loads" || bad+=("no load $a: ${w[*]}")
		done
	fi
done < "$T/examples"
is "${#bad[@]}" 0 "every example's command, options, configs and loads exist${bad:+: ${bad[*]}}"

# the check itself fails on a planted example with an option no command has
printf '    bin/contest report --no-such-option 6.1\n' > "$T/README"
awk '/^    / { print }' "$T/README" | sed -n 's/^ *bin\/contest /contest /p' > "$T/planted"
read -r -a w < "$T/planted"
"$CONTEST" "${w[1]}" --help 2>&1 | grep -q -- "--no-such-option"
is $? 1 "a planted example with an unknown option would be caught"
done_testing

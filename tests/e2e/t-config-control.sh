#!/usr/bin/env bash
# Values a hostile hand wrote: a config value with a control character
# (-s, --sweep, --set, a -c file) would put a forged line into the env file
# ("knobs: ..."), which compare then reports as a difference; it is bad
# usage, exit 2 naming the key (and FILE:LINE), on one line, nothing run.
# And --sweep loads=..., whose points would be labelled with loads they did
# not run (LOAD arguments beat the key), is refused the same way.
. "$(dirname "$0")/lib.sh"
R=$T/reports
NL=$'evil\nknobs: /proc/sys/x=1'

bad() {	# bad NAME WANT-IN-STDERR RUN-ARGS...
	local name=$1 want=$2; shift 2
	# bounded: a value let through would start a session
	timeout 60 "$CONTEST" run "${QUICK[@]}" -r "$R" "$@" > "$T/out" 2> "$T/err"
	is "$?" 2 "$name: exit status 2"
	grep -qF -- "$want" "$T/err"
	ok $? "$name: the message says '$want'"
	is "$(wc -l < "$T/err")" 1 "$name: one line, the character not echoed ($(tr '\n' '|' < "$T/err"))"
	[ ! -e "$R/K" ]
	ok $? "$name: nothing ran, no results"
}

bad "-s host=<newline>" "bad value for 'host': a control character (0x0a)" \
	-k K -s "host=$NL" noload
bad "--sweep host=<newline>" "bad value for 'host': a control character (0x0a)" \
	-k K --sweep "host=a,$NL" noload
bad "--set with an escape" "bad value for 'kconfig': a control character (0x1b)" \
	-k K --set $'kconfig=a\033[2J' -k L noload
printf 'runs = 1\nhost = a\rknobs: /proc/sys/x=1\n' > "$T/cr.conf"
bad "a file with a CR inside a value" "$T/cr.conf:2: bad value for 'host'" \
	-c "$T/cr.conf" -k K noload

bad "--sweep loads" "--sweep 'loads=noload,io_load': loads cannot be swept" \
	-k K --sweep loads=noload,io_load noload
done_testing

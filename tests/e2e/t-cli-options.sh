#!/usr/bin/env bash
# Every command's options come from one parser: an unknown or incomplete
# option is named as typed, exit 2, the usage on stderr; --help is made
# from the same table.
. "$(dirname "$0")/lib.sh"

bad() {	# bad WANT-IN-STDERR CONTEST-ARGS...
	local want=$1; shift
	"$CONTEST" "$@" > "$T/out" 2> "$T/err"
	is "$?" 2 "contest $*: exit status 2"
	grep -qxF -- "error: $want" "$T/err"
	ok $? "contest $*: says '$want' ($(head -n 1 "$T/err"))"
	grep -q '^usage: contest ' "$T/err"
	ok $? "contest $*: the usage follows on stderr"
}
for cmd in list env report plot run; do
	bad "unknown option '--bogus'" $cmd --bogus
done
bad "unknown option '--bogus'" compare --bogus a b
bad "unknown option '-x'" list -x
bad "option '-c' needs a value" env -c
bad "option '--results' needs a value" report --results
bad "option '--stats' takes no value" report --stats=yes
bad "option '--alpha' wants a number above 0 and below 1, not '1'" compare --alpha 1 a b
bad "option '--max-runs' wants a whole number from 2 to 10000, not '1'" run --until-sd 5 --max-runs 1
bad "option '--format': unknown value 'tiff' (one of: png svg)" plot --format tiff

for cmd in run report compare changes plot list env; do
	"$CONTEST" $cmd --help > "$T/help" 2> "$T/err"
	is "$?" 0 "$cmd --help: exit status 0"
	grep -qE '^  -h, --help +this text$' "$T/help"
	ok $? "$cmd --help: the option lines end with -h, --help"
done
"$CONTEST" report --help > "$T/help"
grep -qE '^  -r, --results DIR +the results directory' "$T/help" &&
	grep -qE '^      --reference-time SECONDS$' "$T/help"
ok $? "report --help: -r, --results and a name too wide for the column on a line of its own"
"$CONTEST" run --help > "$T/help"
grep -qE '^      --interleave +with several kernels' "$T/help" && grep -qE '^  -r, --results DIR' "$T/help"
ok $? "run --help: boot's options and the shared -r, --results from the same table"
# every option --help lists (from the table) is in the manual
for cmd in run report compare changes plot list env; do
	"$CONTEST" $cmd --help | grep -oE '^ +(-[a-zA-Z], )?--?[a-z][a-z-]*' |
		sed -E 's/^ +(-[a-zA-Z], )?//' > "$T/opts.$cmd"
	missing=$(while read -r o; do
		grep -qF -- "${o//-/\\-}" "$TOP/contest.1" || echo "$o"; done < "$T/opts.$cmd")
	[ -s "$T/opts.$cmd" ] && [ -z "$missing" ]
	ok $? "$cmd: each of its $(wc -l < "$T/opts.$cmd") options is in contest.1 (missing: $missing)"
done
# options after a load, as git takes them; after -- every word is a load
command_conf "$T/c.conf" "true"
"$CONTEST" run -c "$T/c.conf" -r "$T/r" noload -k s1 -n 1 > "$T/out" 2> "$T/err"
ok $? "run noload -k s1 -n 1: options after the load are taken ($(grep -m1 error "$T/err"))"
is "$(grep -c $'\tnoload\t1\t' "$T/r/s1/runs.tsv" 2>/dev/null)" 1 "and are the kernel's name and its one run"
"$CONTEST" run -c "$T/c.conf" -r "$T/r" -k s2 -n 1 -- noload -n > "$T/out" 2> "$T/err"
is "$?" 2 "run -k s2 -- noload -n: after -- a word is a load: exit 2"
grep -qxF "error: unknown load '-n' (see contest list)" "$T/err"
ok $? "and names it ($(head -n 1 "$T/err"))"
# the overview's commands align, whatever the longest name; list fits 80 columns
"$CONTEST" help > "$T/help"
is "$(sed -n '/^commands:$/,/^$/p' "$T/help" | awk 'NF > 1 && match($0, /^  [^ ]+ +/) { print RLENGTH + 1 }' | sort -u)" 13 \
	"help: every command's summary starts in one column (13)"
"$CONTEST" list -c "$T/c.conf" > "$T/list" 2> /dev/null
is "$(awk '{ if (length > m) m = length } END { print m }' "$T/list")" 80 "contest list is at most 80 columns wide"
done_testing

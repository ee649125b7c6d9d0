#!/usr/bin/env bash
# t-hostile-outputs - what results hold that contest did not write reaches
# a spreadsheet or a terminal harmless. CSV (report and compare): a text
# cell that begins with = + - @ (a kernel named @SUM(1+1), a copied folder
# named =cmd|'calc'!A0) has a ' before it, as OWASP advises, while a
# negative number stays a number. Text: an env file's host: holding an
# OSC title sequence (ESC ] 0 ; ... BEL), and a profile's process name
# holding ESC (any local user names a process), reach compare's warnings,
# report's machines and report --stats' profile as \xNN, never as ESC.
. "$(dirname "$0")/lib.sh"
R=$T/reports
ESC=$'\e' BEL=$'\a'
runs() {	# runs KERNEL TIME...: one ok noload run of each TIME
	local i=0 t
	mkdir -p "$R/$1/logs"
	runs_header "$R/$1/runs.tsv"
	for t in "${@:2}"; do
		i=$((i + 1))
		printf 'noload\t%d\t%s\t190\t0\t0\tok\n' $i "$t" >> "$R/$1/runs.tsv"
	done
}
runs base 20.1 20.2 20.3
runs '@SUM(1+1)' 10.1 10.2 10.3
runs "=cmd|'calc'!A0" 20.1 20.2 20.4

# --- CSV: formulas quoted, numbers kept
"$CONTEST" report -r "$R" --format csv base '@SUM(1+1)' "=cmd|'calc'!A0" > "$T/report.csv" 2> "$T/report.err"
ok $? "report --format csv exits 0"
is "$(cut -d, -f2 "$T/report.csv" | sed 1d | sort)" "'=cmd|'calc'!A0
'@SUM(1+1)
base" "report's kernel cells: a ' before = and @, a plain name as it is"
! grep -q '^[^,]*,[=+@-]' "$T/report.csv"
ok $? "no report cell begins a formula"
"$CONTEST" compare -r "$R" --format csv base '@SUM(1+1)' "=cmd|'calc'!A0" > "$T/cmp.csv" 2> /dev/null
is "$(awk -F, '$2 == "Time" { print $3 }' "$T/cmp.csv")" "base
'@SUM(1+1)
'=cmd|'calc'!A0" "compare's kernel cells: a ' before = and @"
diff=$(awk -F, '$2 == "Time" && $3 == "'"'"'@SUM(1+1)" { print $7 }' "$T/cmp.csv")
[[ $diff =~ ^[0-9]+\.[0-9]+$ ]]
ok $? "a Diff that is better is a plain number ($diff)"
# a worse Time is negative and stays a number, no quote
diff=$(awk -F, '$2 == "Time" && $3 ~ /calc/ { print $7 }' "$T/cmp.csv")
[[ $diff =~ ^-[0-9]+\.[0-9]+$ ]]
ok $? "a negative Diff stays a number, no ' before it ($diff)"

# --- text: control characters escaped
runs host-a 20.1 20.2 20.3
runs host-b 20.1 20.2 20.3
printf 'host: evil%s]0;owned%s\ncpu_model: X\nmemtotal: 1000000\n' "$ESC" "$BEL" > "$R/host-a/env"
printf 'host: good\ncpu_model: X\nmemtotal: 1000000\n' > "$R/host-b/env"
"$CONTEST" compare -r "$R" host-a host-b > "$T/cmp.out" 2> "$T/cmp.err"
grep -q 'ACROSS MACHINES' "$T/cmp.err"
ok $? "compare warns that the kernels ran on different machines"
! grep -q "[$ESC$BEL]" "$T/cmp.out" "$T/cmp.err"
ok $? "compare writes no ESC or BEL, on standard output or error"
grep -qF 'evil\x1b]0;owned\x07' "$T/cmp.err"
ok $? "the host is shown with \\x1b and \\x07 ($(grep -m 1 -o 'evil[^ ]*' "$T/cmp.err"))"
"$CONTEST" report -r "$R" host-a host-b > "$T/report.out" 2> "$T/report.err"
grep -qF 'evil\x1b]0;owned\x07' "$T/report.out"
ok $? "report's machines name the host escaped"
! grep -q "[$ESC$BEL]" "$T/report.out" "$T/report.err"
ok $? "report writes no ESC or BEL"

printf 'event cpu-clock\nsamples 100\nkernel 40\ncomm 50 %s[2Jwipe\nsym 30 do_%s]0;x%s\n' \
	"$ESC" "$ESC" "$BEL" > "$R/host-b/logs/noload.1.profile"
"$CONTEST" report --stats -r "$R" host-b > "$T/stats.out" 2> "$T/stats.err"
grep -q '^Profile of host-b' "$T/stats.out"
ok $? "report --stats shows host-b's profile"
grep -qF '\x1b[2Jwipe' "$T/stats.out" && grep -qF 'do_\x1b]0;x\x07' "$T/stats.out"
ok $? "the process name and the symbol are shown escaped"
! grep -q "[$ESC$BEL]" "$T/stats.out" "$T/stats.err"
ok $? "report --stats writes no ESC or BEL"
printf 'event cpu-clock\nsamples 100\nkernel 40\nsym 5 do_%s]0;x%s\nsym 10 other\n' \
	"$ESC" "$BEL" > "$R/host-a/logs/noload.1.profile"
"$CONTEST" compare -r "$R" host-a host-b > "$T/shift.out" 2> /dev/null
grep -qF 'do_\x1b]0;x\x07' "$T/shift.out"
ok $? "compare's kernel symbols show the symbol escaped"
! grep -q "[$ESC$BEL]" "$T/shift.out"
ok $? "compare's kernel symbols write no ESC or BEL"
# valid UTF-8 is kept, a C1 control (U+009B, CSI) is not
printf 'host: caf\xc3\xa9\xc2\x9b31m\ncpu_model: X\nmemtotal: 1000000\n' > "$R/host-a/env"
"$CONTEST" report -r "$R" host-a host-b > "$T/utf8.out" 2>&1
grep -qF "$(printf 'caf\xc3\xa9\\xc2\\x9b31m')" "$T/utf8.out"
ok $? "a UTF-8 host is kept as it is, a C1 control in it escaped"
done_testing

#!/usr/bin/env bash
# Bad input: exit 2, the file and line (or the -s) named, nothing recorded.
. "$(dirname "$0")/lib.sh"
R=$T/reports

bad() {	# bad NAME WANT-IN-STDERR CONTEST-ARGS...
	local name=$1 want=$2; shift 2
	"$CONTEST" "$@" > "$T/out" 2> "$T/err"
	is "$?" 2 "$name: exit status 2"
	grep -qF -- "$want" "$T/err"
	ok $? "$name: the message names '$want'"
	[ "$(wc -l < "$T/err")" -le 3 ]
	ok $? "$name: a short message, not a dump ($(head -c 200 "$T/err" | tr '\n' ' '))"
}
printf 'runs = 2\n# fine\nno_such_key = 1\n' > "$T/unknown.conf"
printf 'runs = 2\n\nthis line has no equals sign\n' > "$T/malformed.conf"
printf '[io_load]\nsize = 12 parsecs\n' > "$T/badsize.conf"
printf 'load_lead = soon\n' > "$T/baddur.conf"
printf '[no_such_load]\nsize = 1M\n' > "$T/badsection.conf"
printf 'flush = perhaps\n' > "$T/badbool.conf"

for c in unknown:3 malformed:3 badsize:2 baddur:1 badsection:1 badbool:1; do
	name=${c%%:*} line=${c##*:}
	bad "$name" "$T/$name.conf:$line:" run -c "$T/$name.conf" -r "$R" -k X noload
done
bad "-s unknown key" "-s 'nope=1'" run -s nope=1 -r "$R" -k X noload
bad "-s bad load key" "io_load.sizee" run -s io_load.sizee=1M -r "$R" -k X noload
bad "-s bad size" "io_load.size=lots" run -s io_load.size=lots -r "$R" -k X noload
bad "unknown load" "no_such_load" run -r "$R" -k X no_such_load
bad "bad -n" "-n" run -n zero -r "$R" -k X noload
bad "missing -c file" "$T/absent.conf" run -c "$T/absent.conf" -r "$R" -k X noload
# not a config file: refused at once, memory bounded so that a regression
# cannot eat the machine (ASan reserves terabytes of address space: its
# own cap on one allocation bounds it there)
if ldd "$CONTEST" | grep -q libasan; then
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=300
	vlimit=unlimited
else
	vlimit=500000	# KiB
fi
bounded() { (ulimit -v $vlimit; exec timeout 20 "$CONTEST" "$@"); }
bad_file() {	# bad_file NAME FILE WANT-IN-STDERR: run -c FILE
	local start=$SECONDS
	bounded run -c "$2" -s "work_dir=$T/work" -r "$R" -k X noload > "$T/out" 2> "$T/err"
	is "$?" 2 "$1: exit status 2"
	[ $((SECONDS - start)) -lt 10 ]
	ok $? "$1: at once ($((SECONDS - start)) s)"
	grep -qF -- "$3" "$T/err"
	ok $? "$1: the message says '$3' ($(head -c 200 "$T/err" | tr '\n' ' '))"
}
mkfifo "$T/fifo"
mkdir "$T/dir.conf"
{ echo 'runs = 2'; printf '# %04100d\n' 0; } > "$T/long.conf"
bad_file "-c /dev/zero" /dev/zero "error: cannot read '/dev/zero': not a regular file"
bad_file "-c FIFO" "$T/fifo" "error: cannot read '$T/fifo': not a regular file"
bad_file "-c directory" "$T/dir.conf" "error: cannot read '$T/dir.conf': not a regular file"
bad_file "a line over 4096 bytes" "$T/long.conf" "error: $T/long.conf:2: line longer than 4096 bytes"
head -c 1100000 /dev/zero | tr '\0' '#' > "$T/huge.conf"
bad_file "a file over 1 MiB" "$T/huge.conf" "error: cannot read '$T/huge.conf': larger than 1024 KiB"
printf '\xef\xbb\xbfruns = 7\n' > "$T/bom.conf"
"$CONTEST" env -c "$T/bom.conf" > "$T/bom.env" 2> "$T/bom.err"
is "$?" 0 "a file that starts with a UTF-8 byte-order mark loads"
grep -qx 'runs = 7' "$T/bom.env" && ! grep -q 'unknown key' "$T/bom.err"
ok $? "its first key is read, the mark skipped ($(head -c 200 "$T/bom.err"))"

bad "report: unknown kernel" "nobody" report -r "$R" nobody
bad "unknown command" "frobnicate" frobnicate
[ ! -e "$R" ]
ok $? "nothing was recorded: no results directory was made"

# a kernel with results keeps them when a later run has a bad config
runs_header "$R/K/runs.tsv"
printf 'noload\t1\t10\t99\t0\t0\tok\n' >> "$R/K/runs.tsv"
cp "$R/K/runs.tsv" "$T/before.tsv"
bad "bad config over existing results" "$T/unknown.conf:3:" run -c "$T/unknown.conf" -r "$R" -k K noload
cmp -s "$R/K/runs.tsv" "$T/before.tsv"
ok $? "existing runs.tsv is untouched"
[ ! -e "$R/K/env" ]
ok $? "no env file was written"
done_testing

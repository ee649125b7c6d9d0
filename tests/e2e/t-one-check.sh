#!/usr/bin/env bash
# One kernel-name check and one number parser behind every command: the
# same bad name gets the same refusal wherever it comes in (a path out of
# the results directory among them), and a number is read the same way by
# an option, -s KEY=VALUE and a config file.
. "$(dirname "$0")/lib.sh"
R=$T/r
mkdir -p "$R/a" "$T/outside"
runs_header "$R/a/runs.tsv"
printf 'noload\t1\t10\t99\t0\t0\tok\n' >> "$R/a/runs.tsv"
cp "$R/a/runs.tsv" "$T/outside/runs.tsv"	# what ../outside would read
refused() {	# refused NAME WANT CONTEST-ARGS...
	local name=$1 want=$2; shift 2
	timeout 60 "$CONTEST" "$@" > "$T/out" 2> "$T/err"
	is "$?" 2 "$name: exit 2"
	is "$(head -n 1 "$T/err")" "error: $want" "$name: the one check's message"
}
for bad in ../outside .hidden; do
	case $bad in
	../*) want="bad kernel name '$bad': it must not contain '/' or be '.' or '..'" ;;
	*) want="bad kernel name '$bad': it must not start with '-' or '.'" ;;
	esac
	refused "run -k $bad" "$want" run -r "$R" -s "work_dir=$T/work" -k "$bad" noload
	refused "report $bad" "$want" report -r "$R" "$bad"
	refused "report --reference $bad" "$want" report -r "$R" --reference "$bad" a
	refused "compare a $bad" "$want" compare -r "$R" a "$bad"
	refused "plot $bad" "$want" plot -r "$R" -o "$T/plots" "$bad"
	refused "run --boot -k $bad=IMAGE" "$want" run -r "$R" -s "work_dir=$T/work" \
		-k "$bad=/bin/true" noload
done
[ ! -e "$T/plots" ] && [ ! -e "$T/work" ]
ok $? "nothing was made for a refused name"

# numbers: the same text refused alike by an option, -s and a file
refused "compare --alpha 0x0.1" "option '--alpha' wants a number above 0 and below 1, not '0x0.1'" \
	compare -r "$R" --alpha 0x0.1 a a
printf 'cpu_limit = 0x1\n' > "$T/hex.conf"
refused "cpu_limit = 0x1 in a file" "$T/hex.conf:1: bad value '0x1' for 'cpu_limit': expected a non-negative number" \
	env -c "$T/hex.conf"
"$CONTEST" env -s cpu_limit=0x1 > /dev/null 2> "$T/err"
is "$?" 2 "-s cpu_limit=0x1: exit 2, as from a file"
"$CONTEST" env -s io_load.size=0x10M > /dev/null 2> "$T/err"
is "$?" 2 "-s io_load.size=0x10M: a hex size is refused ($(head -n 1 "$T/err"))"
"$CONTEST" env -s cpu_limit=1e0 -s io_load.size=1e1M > "$T/env" 2> "$T/err"
is "$?" 0 "-s cpu_limit=1e0 -s io_load.size=1e1M: a decimal with an exponent is read ($(head -n 1 "$T/err"))"
grep -qx 'cpu_limit = 1e0' "$T/env"
ok $? "and kept as given"
done_testing

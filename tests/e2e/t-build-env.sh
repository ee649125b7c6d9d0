#!/usr/bin/env bash
# The timed make does not inherit make's or kbuild's variables from the
# driver's environment: with MAKEFLAGS, CFLAGS, ARCH, KBUILD_* exported,
# the synthetic tree still compiles (CFLAGS=--bogus would break gcc,
# MAKEFLAGS=-n would build nothing), a command workload does not see them,
# and env records what was scrubbed.
. "$(dirname "$0")/lib.sh"
R=$T/reports
FAST=("${BARE[@]}" -r "$R" -n 1)
export MAKEFLAGS=-n CFLAGS=--bogus-option ARCH=um KBUILD_VERBOSE=1 LLVM=1 O=/nonexistent

"$CONTEST" run -c "$TOP/configs/quick.conf" -s synthetic_dirs=2 -s synthetic_files=3 "${FAST[@]}" \
	-k syn noload > "$T/1.out" 2> "$T/1.err"
ok $? "synthetic compile with MAKEFLAGS=-n CFLAGS=--bogus-option exported exits 0"
is "$(col "$R/syn/runs.tsv" status)" ok "the row is ok"
n=$(find "$T/work/synthetic" -name '*.o' | wc -l)
[ "$n" -gt 0 ]
ok $? "objects were built ($n), make -n was not in force"
grep -q 'bogus' "$R/syn/logs/noload.1.make"
ok $((! $?)) "the compile never saw CFLAGS"

"$CONTEST" run -s workload=command -s command=env "${FAST[@]}" -k cmd noload > "$T/2.out" 2> "$T/2.err"
ok $? "a command workload that prints its environment exits 0"
log=$R/cmd/logs/noload.1.make
is "$(grep -cE '^(MAKEFLAGS|CFLAGS|ARCH|KBUILD_VERBOSE|LLVM|O)=' "$log")" 0 \
	"none of the scrubbed variables reach the command"
grep -q '^PATH=' "$log" && grep -qx 'LC_ALL=C' "$log"
ok $? "it gets PATH and a defined locale (LC_ALL=C)"
line=$(grep '^build_env_scrubbed:' "$R/cmd/env")
for v in MAKEFLAGS=-n CFLAGS=--bogus-option ARCH=um KBUILD_VERBOSE=1 LLVM=1 O=/nonexistent; do
	case "$line" in *"$v"*) ok 0 "env records $v as scrubbed" ;; *) ok 1 "env records $v as scrubbed: '$line'" ;; esac
done
grep -qx 'build_env_set: LC_ALL=C' "$R/cmd/env"
ok $? "env records what the build gets set"
done_testing

#!/usr/bin/env bash
# The timed make does not inherit make's or kbuild's variables from the
# driver's environment: with MAKEFLAGS, CFLAGS, ARCH, KBUILD_* exported,
# the synthetic tree still compiles (CFLAGS=--bogus would break gcc,
# MAKEFLAGS=-n would build nothing), a command workload does not see them,
# and env records what was scrubbed. env's compiler line is the first line
# of the build's cc (gcc for a kernel) --version, and a compiler that
# differs between two kernels is warned of by compare.
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

# the compiler the build runs: make's cc for the synthetic tree, kbuild's gcc for a kernel
compiler() { env PATH="${CCPATH:-$PATH}" "$CONTEST" env -c "$TOP/configs/quick.conf" "$@" 2> "$T/cc.err" | sed -n 's/^compiler: //p'; }
is "$(compiler)" "$(cc --version | head -1)" "env records the synthetic build's compiler: cc --version's first line"
is "$(compiler -s workload=kernel -s kernel_tree="$T")" "$(gcc --version | head -1)" \
	"and a kernel build's: gcc --version's first line"
is "$(compiler -s workload=audio)" "not used" "a workload that compiles nothing: not used"
mkdir -p "$T/bin"
is "$(CCPATH=$T/bin compiler)" "none found (cc)" "no cc on PATH: none found, env still written"
printf '#!/bin/sh\necho "fakecc $LC_ALL $*"\necho second line\n' > "$T/bin/cc"
chmod +x "$T/bin/cc"
is "$(CCPATH=$T/bin:$PATH compiler)" "fakecc C --version" "the first line, run with argv in the build's environment"
printf '#!/bin/sh\nexit 3\n' > "$T/bin/cc"
PATH=$T/bin:$PATH "$CONTEST" env -c "$TOP/configs/quick.conf" > /dev/null 2> "$T/cc.err"
is $? 1 "a cc that fails fails env, as an unreadable fact does"
grep -q "'cc --version' exited with status 3" "$T/cc.err"
ok $? "saying so: $(head -n 1 "$T/cc.err")"

# a session records it; another compiler for another kernel is a confound compare warns of
is "$(sed -n 's/^compiler: //p' "$R/cmd/env")" "$(cc --version | head -1)" "the session's env records cc"
printf '#!/bin/sh\n[ "$1" != --version ] || { echo "cc (Fake) 99.0"; exit 0; }\nexec %s "$@"\n' \
	"$(command -v cc)" > "$T/bin/cc"
PATH=$T/bin:$PATH "$CONTEST" run -s workload=command -s command=true "${FAST[@]}" -k cmd2 noload \
	> /dev/null 2>&1
grep -qx 'compiler: cc (Fake) 99.0' "$R/cmd2/env"
ok $? "a session under another cc records it"
"$CONTEST" compare -r "$R" cmd cmd2 > "$T/cmp.out" 2>&1
grep -qF "'cmd2' and 'cmd' were measured with different compiler: 'cc (Fake) 99.0' against '$(cc --version | head -1)'" "$T/cmp.out"
ok $? "compare warns that the compiler differs"
"$CONTEST" compare -r "$R" --format lkp cmd cmd2 > "$T/lkp.out" 2>&1
# compiler: is the kernel's, as the robot's; the workload's cc is a parameter
grep -qx "        workload's compiler: cc (Fake) 99.0" "$T/lkp.out"
ok $? "the lkp mail's workload compiler is the head's"
done_testing

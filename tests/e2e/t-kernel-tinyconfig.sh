#!/usr/bin/env bash
# long: a tinyconfig build of a real kernel tree, about 3 minutes
# workload = kernel on a real tree: Debian's linux-source-6.1, tinyconfig, one
# noload run (make tinyconfig once, make clean, make -jJOBS vmlinux timed).
. "$(dirname "$0")/lib.sh"
if [ ! -f /usr/src/linux-source-6.1.tar.xz ]; then
	skip "linux-source-6.1 is not installed (apt-get install linux-source-6.1; .ci/run does)"
	done_testing; exit
fi
for p in flex bison bc; do
	command -v $p >/dev/null || { skip "$p is missing: the kernel build needs it"; done_testing; exit; }
done
tree=$(cd "$TOP" && make -s kernel-tree 2>"$T/tree.err")
ok $? "make kernel-tree unpacks the tree and prints its path"
[ -f "$tree/Makefile" ] && [ "$tree" = "$TOP/work/linux-source-6.1" ]
ok $? "the tree is in the ignored work folder ($tree)"

R=$T/reports
others_begin
"$CONTEST" run -s workload=kernel -s "kernel_tree=$tree" -s kconfig=tinyconfig \
	-s make_target=vmlinux -s make_jobs=4 -s "work_dir=$T/work" -s quiet_wait=2s \
	-k tiny -n 1 -r "$R" noload > "$T/out" 2> "$T/err"
rc=$?
others_busy; busy=$?
ok $rc "run on the kernel tree exits 0"
[ $rc -eq 0 ] || sed 's/^/# /' "$T/err" | tail -20
f=$R/tiny/runs.tsv
is "$(col "$f" status)" ok "the row is ok"
grep -q '^CONFIG_EMBEDDED=y' "$tree/.config" 2>/dev/null || grep -q 'CONFIG_CC_OPTIMIZE_FOR_SIZE=y' "$tree/.config"
ok $? "make tinyconfig configured the tree"
[ -s "$tree/vmlinux" ]
ok $? "the timed make built vmlinux"
if [ $busy -eq 0 ]; then
	skip "other processes kept $OTHERS CPUs busy meanwhile: CPU% $(col "$f" cpu_pct) of a parallel make says nothing"
else
	awk -v t="$(col "$f" time_s)" -v c="$(col "$f" cpu_pct)" 'BEGIN { exit !(t > 5 && c > 100) }'
	ok $? "a real compile: Time $(col "$f" time_s) s, CPU% $(col "$f" cpu_pct) (parallel; others used $OTHERS CPUs)"
fi
grep -q 'LD.*vmlinux' "$R/tiny/logs/noload.1.make"
ok $? "the make log holds the link of vmlinux"
is "$(grep '^tree: ' "$R/tiny/env" | cut -d' ' -f2-)" "$tree" "env records the tree"
done_testing

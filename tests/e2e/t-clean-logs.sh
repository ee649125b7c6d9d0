#!/usr/bin/env bash
# The untimed make steps keep their output: `make KCONFIG` goes to
# logs/kconfig.log and `make clean` to logs/LOAD.N.clean, and when one
# fails, stderr quotes the tail of its log. A tiny fake kernel tree whose
# Makefile prints a marker stands in for the kernel.
. "$(dirname "$0")/lib.sh"
R=$T/reports
mkdir -p "$T/tree"
printf '%s\n' \
	'defconfig:' '	@echo "kconfig-marker: cannot configure"; exit 1' \
	'clean:' '	@echo "clean-marker: $(CLEAN_MSG)"; exit $(CLEAN_RC)' \
	'vmlinux:' '	@echo built' > "$T/tree/Makefile"
RUN=("$CONTEST" run -s workload=kernel -s "kernel_tree=$T/tree" "${BARE[@]}" -r "$R" -n 1)

CLEAN_RC=0 "${RUN[@]}" -s kconfig=defconfig -k conf noload > "$T/1.out" 2> "$T/1.err"
is "$?" 1 "a failing make defconfig: exit 1"
grep -q 'kconfig-marker' "$R/conf/logs/kconfig.log" 2>/dev/null
ok $? "its output is in logs/kconfig.log"
grep -q 'kconfig-marker' "$T/1.err"
ok $? "stderr quotes the tail of its log"

CLEAN_RC=1 CLEAN_MSG=broken "${RUN[@]}" -s kconfig= -k clean noload > "$T/2.out" 2> "$T/2.err"
is "$?" 1 "a failing make clean: exit 1"
is "$(col "$R/clean/runs.tsv" status)" compile-failed "the run is compile-failed"
grep -q 'clean-marker: broken' "$R/clean/logs/noload.1.clean" 2>/dev/null
ok $? "make clean's output is in logs/noload.1.clean"
grep -q 'clean-marker: broken' "$T/2.err"
ok $? "stderr quotes the tail of the clean log"

CLEAN_RC=0 CLEAN_MSG=fine "${RUN[@]}" -s kconfig= -k good noload > "$T/3.out" 2> "$T/3.err"
ok $? "a working make clean: exit 0"
grep -q 'clean-marker: fine' "$R/good/logs/noload.1.clean" 2>/dev/null
ok $? "its output is kept in logs/ too"
! grep -q 'clean-marker' "$T/3.err"
ok $? "and not quoted on stderr"
done_testing

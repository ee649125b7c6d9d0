#!/usr/bin/env bash
# make install PREFIX=...: the binary, contest.conf, configs/ and the man page,
# and the installed binary finds its installed contest.conf.
. "$(dirname "$0")/lib.sh"
P=$T/prefix
# keep the build the suite runs under (make SANITIZE=1 test): install must not relink it plain
mode=(); [ "$(cat "$TOP/bin/.mode" 2>/dev/null)" = sanitize ] && mode=(SANITIZE=1)
make -s -C "$TOP" "${mode[@]}" install PREFIX="$P" > "$T/out" 2>&1
ok $? "make install PREFIX=$P"
for f in bin/contest share/contest/contest.conf share/contest/configs/quick.conf \
	share/contest/configs/classic.conf share/contest/configs/mm-pressure.conf share/man/man1/contest.1; do
	[ -s "$P/$f" ]
	ok $? "installed $f"
done
# away from the source tree, the installed copy of contest.conf is the default
mkdir -p "$T/elsewhere"
sed -i 's/^runs = 3$/runs = 5/' "$P/share/contest/contest.conf"
( cd "$T/elsewhere" && "$P/bin/contest" env ) > "$T/env" 2>&1
grep -q '^runs = 5$' "$T/env"
ok $? "the installed binary reads the installed contest.conf"
man -l "$P/share/man/man1/contest.1" 2>/dev/null | grep -q 'contest report'
ok $? "the man page renders"
done_testing

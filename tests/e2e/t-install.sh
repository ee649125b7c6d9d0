#!/usr/bin/env bash
# make install PREFIX=...: the binary, contest.conf, configs/ and the man page,
# and the installed binary finds its installed contest.conf; make uninstall
# with the same DESTDIR and PREFIX removes exactly those files.
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
if command -v man > /dev/null; then
	man -l "$P/share/man/man1/contest.1" 2>/dev/null | grep -q 'contest report'
	ok $? "the man page renders"
else
	skip "the man page renders: no man (apt-get install man-db)"
fi

# a packager's staging tree: install, uninstall, no file of ours is left,
# and a file install did not put there stays
D=$T/stage
mkdir -p "$D/usr/bin" && echo other > "$D/usr/bin/other"
make -s -C "$TOP" "${mode[@]}" install DESTDIR="$D" PREFIX=/usr > "$T/out" 2>&1
ok $? "make install DESTDIR=$D PREFIX=/usr"
n=$(find "$D" -type f ! -path "$D/usr/bin/other" | wc -l)
[ "$n" -ge 6 ]
ok $? "install staged its files ($n)"
make -s -C "$TOP" "${mode[@]}" uninstall DESTDIR="$D" PREFIX=/usr > "$T/out" 2>&1
ok $? "make uninstall DESTDIR=$D PREFIX=/usr"
left=$(find "$D" -type f ! -path "$D/usr/bin/other")
is "$left" "" "no installed file is left"
[ ! -e "$D/usr/share/contest" ]
ok $? "contest's own share directory is gone"
is "$(cat "$D/usr/bin/other" 2>/dev/null)" other "a file install did not put there stays"

# a file of the user's own among the configs: uninstall keeps it and its directory
make -s -C "$TOP" "${mode[@]}" install DESTDIR="$D" PREFIX=/usr > "$T/out" 2>&1 &&
	echo mine > "$D/usr/share/contest/configs/mine.conf" &&
	make -s -C "$TOP" "${mode[@]}" uninstall DESTDIR="$D" PREFIX=/usr > "$T/out" 2>&1
ok $? "uninstall with a user's file in configs/ exits 0"
is "$(cat "$T/out")" "" "and says nothing of the directory it keeps"
is "$(cd "$D" && find . -type f | sort | tr '\n' ' ')" \
	"./usr/bin/other ./usr/share/contest/configs/mine.conf " "only the user's files are left"
done_testing

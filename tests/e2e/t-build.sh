#!/usr/bin/env bash
# The build a packager expects, on a copy of the sources: quiet "  CC  path"
# lines (V=1 the commands, -s nothing), -Werror only with DEVELOPER=1, LDFLAGS on every
# link, a header change rebuilds what includes it (-MMD), and the binary and
# the unit tests link build/plain/libcontest.a, which holds no main().
. "$(dirname "$0")/lib.sh"
S=$T/src
mkdir -p "$S/tests"
cp -r "$TOP/Makefile" "$TOP/contest" "$TOP/loads" "$TOP/bench" "$S/"
cp -r "$TOP/tests/unit" "$S/tests/"
m() { make -C "$S" --no-print-directory "$@"; }
o=build/plain/contest/lib/util.o

m "$o" > "$T/quiet" 2>&1
ok $? "make $o"
is "$(cat "$T/quiet")" "  CC  contest/lib/util.c" "quiet: one CC line naming the source"
rm -f "$S/$o"
m -s "$o" > "$T/silent" 2>&1
is "$(cat "$T/silent")" "" "make -s: silent"
rm -f "$S/$o"
m V=1 "$o" > "$T/loud" 2>&1
grep -Eq '^cc .*-c -o build/plain/contest/lib/util.o contest/lib/util.c$' "$T/loud"
ok $? "V=1 prints the compiler line ($(head -c 200 "$T/loud"))"

m -q "$o"
is $? 0 "$o is up to date"
touch "$S/contest/lib/util.h"
m -q "$o"
is $? 1 "touching contest/lib/util.h, which util.c includes, makes $o out of date"
m "$o" > /dev/null 2>&1
touch "$S/contest/lib/membuf.h"
m -q "$o"
is $? 0 "touching a header util.c does not include leaves it up to date"
[ -s "$S/${o%.o}.d" ] && grep -q 'contest/lib/util.h' "$S/${o%.o}.d"
ok $? "its dependencies are in ${o%.o}.d"

m -n -B "$o" > "$T/n" 2>&1
grep -q -- '-Werror' "$T/n"
is $? 1 "without DEVELOPER=1 warnings are not errors"
m -n -B DEVELOPER=1 "$o" > "$T/n" 2>&1
grep -q -- '-Werror' "$T/n"
ok $? "DEVELOPER=1 makes warnings errors"

# (a recipe continued with a backslash prints as one command over two lines)
m -n -B LDFLAGS=-Wl,--build-id=sha1 V=1 bin/contest build/plain/tests/t-config 2>&1 |
	sed -e :a -e '/\\$/N; s/\\\n//; ta' > "$T/n"
grep -E -- '-o bin/contest ' "$T/n" > "$T/ld"
grep -q -- '-Wl,--build-id=sha1' "$T/ld" && grep -q 'build/plain/libcontest.a' "$T/ld"
ok $? "bin/contest links libcontest.a with LDFLAGS ($(head -c 300 "$T/ld"))"
grep -E -- '-o build/plain/tests/t-config ' "$T/n" > "$T/ld"
grep -q -- '-Wl,--build-id=sha1' "$T/ld" && grep -q 'build/plain/libcontest.a' "$T/ld"
ok $? "a unit test links libcontest.a with LDFLAGS"

# the library, built for real: every object but main.o, and no main in it
m -j2 build/plain/libcontest.a > /dev/null 2>&1
ok $? "make build/plain/libcontest.a"
ar t "$S/build/plain/libcontest.a" > "$T/members"
n=$(ls "$S"/contest/*/*.c "$S"/loads/*.c | wc -l)
is "$(wc -l < "$T/members")" "$n" "the library holds one object per source below main.c"
grep -qx 'main.o' "$T/members"
is $? 1 "main.o is not in the library"
done_testing

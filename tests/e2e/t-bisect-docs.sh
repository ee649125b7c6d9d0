#!/usr/bin/env bash
# contest bisect's documentation: every long option of its --help is in
# contest.1's synopsis of bisect; the README's clockpro example is not cut
# in two by the bisect paragraph, which says how to make a git tree of
# Debian's linux-source-6.1 (its /* .gitignore) and has no puzzling
# `--load noload noload`.
. "$(dirname "$0")/lib.sh"
"$CONTEST" bisect --help > "$T/help" 2>&1
opts=$(grep -o -- '--[a-z][a-z-]*' "$T/help" | sort -u | grep -vx -- '--help\|--results')  # -r's long form; the synopsis has -r DIR
awk '/^\.B bisect$/ { on = 1 } on && /^\.YS/ { exit } on' "$TOP/contest.1" | sed 's/\\-/-/g' > "$T/synopsis"
missing=
for o in $opts; do grep -q -- "$o\b" "$T/synopsis" || missing="$missing $o"; done
is "$missing" "" "every option of bisect --help is in contest.1's synopsis"
readme=$TOP/README
intro=$(grep -n "The seed's experiment scaled down" "$readme" | cut -d: -f1)
block=$(grep -n '^    cat > clockpro.conf' "$readme" | cut -d: -f1)
[ -n "$intro" ] && [ -n "$block" ] && [ $((block - intro)) -le 3 ]
ok $? "the clockpro example follows the sentence that introduces it ($intro, $block)"
! grep -q -- '--load noload noload' "$readme"
ok $? "no '--load noload noload' example"
tr '\n' ' ' < "$readme" | grep -q 'linux-source-6.1 .*`.gitignore` of `/\*`'
ok $? "the README says linux-source-6.1's /* .gitignore must go before a git repository is made"
done_testing

#!/usr/bin/env bash
# contest bisect's documentation: every long option of its --help is in
# contest.1's synopsis of bisect; the README's clockpro example is not cut
# in two by the bisect paragraph, which says how to make a git tree of
# Debian's linux-source-6.1 (its /* .gitignore) and has no puzzling
# `--load noload noload`; README and contest.1 say how big a regression
# is bisectable, with the figures measured and the command that did.
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
# how big a regression is bisectable, with the figures and the command that measured them
man=$(sed 's/\\-/-/g; s/^\.[A-Z]* //' "$TOP/contest.1" | tr '\n' ' ')
for doc in README contest.1; do
	text=$([ $doc = README ] && tr '\n' ' ' < "$readme" || echo "$man")
	grep -q 'How big a regression is bisectable: .*1.3 times the run-to-run variation' <<< "$text" &&
		grep -q 'make bench FIGURES=bisect.* 10% regression at 5% noise 99.8%' <<< "$text"
	ok $? "$doc says how big a regression is bisectable, with figures and the command that gave them"
done
done_testing

#!/usr/bin/env bash
# tests/run-tests.sh's index check: every tests/e2e/t-*.sh has a line in
# tests/e2e/INDEX and every line a test; a test missing from the index, a
# line without a test, a group not listed or a line twice each fail with a
# "not ok" that says what to add or remove, and fail the whole run.
. "$(dirname "$0")/lib.sh"
RT=$TOP/tests/run-tests.sh

"$RT" --check-index > "$T/out" 2>&1
ok $? "the tree's own index lists every e2e test and nothing else ($(head -c 300 "$T/out"))"

# a small tree of its own: run-tests.sh and two e2e tests that pass
tree=$T/tree
mkdir -p "$tree/tests/e2e"
cp "$RT" "$tree/tests/"
for n in a b; do printf '%s\n' 'echo "ok 1 - fine"; echo 1..1' > "$tree/tests/e2e/t-$n.sh"; done
{ grep '^#' "$TOP/tests/e2e/INDEX"; printf 't-a\trun\tthe first\nt-b\treport\tthe second\n'; } > "$tree/tests/e2e/INDEX"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
ok $? "a complete index passes ($(head -c 300 "$T/out"))"
is "$(cat "$T/out")" "" "and says nothing"

# a test planted without a line
echo 'echo "1..0 # SKIP x"' > "$tree/tests/e2e/t-new.sh"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
is $? 1 "a test missing from the index fails the check"
grep -qF "not ok - $tree/tests/e2e/t-new.sh is not in $tree/tests/e2e/INDEX: add the line 't-new<TAB>GROUP<TAB>WHAT IT TESTS' (GROUP one of: run report" "$T/out"
ok $? "and says the line to add ($(cat "$T/out"))"
is "$(wc -l < "$T/out")" 1 "and says nothing of the tests that are listed"

# the whole run fails on it, though every test passed
(unset CONTEST_TEST_TMP; OBJDIR=$T/none "$tree/tests/run-tests.sh") > "$T/run" 2>&1
is $? 1 "run-tests.sh exits 1 when a test is missing from the index"
grep -q '^not ok - .*t-new.sh is not in' "$T/run" && grep -q '^# failed: .*tests/e2e/INDEX' "$T/run" &&
	grep -q '^2 passed, 1 failed, 1 skipped$' "$T/run"
ok $? "with a not ok line counted as one failure ($(tail -n 3 "$T/run" | tr '\n' '|'))"

# a line with no test, a group not listed, a line twice
printf 't-new\tloads\tplanted\nt-gone\trun\tremoved\n' >> "$tree/tests/e2e/INDEX"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
is $? 1 "a line naming a missing test fails the check"
grep -qF "not ok - $tree/tests/e2e/INDEX names t-gone, but there is no $tree/tests/e2e/t-gone.sh: remove its line" "$T/out"
ok $? "and says which line to remove ($(cat "$T/out"))"
sed -i '/^t-gone/d; s/^t-new\tloads/t-new\tnogroup/' "$tree/tests/e2e/INDEX"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
st=$?
grep -qF "not ok - $tree/tests/e2e/INDEX: the line of t-new is not 't-new<TAB>GROUP<TAB>WHAT IT TESTS' with GROUP one of:" "$T/out"
ok $((st == 1 ? $? : 1)) "a group not in the index's list fails, naming the line ($(cat "$T/out"))"
sed -i 's/^t-new\tnogroup/t-new\tloads/' "$tree/tests/e2e/INDEX"
printf 't-new\tloads\tagain\n' >> "$tree/tests/e2e/INDEX"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
st=$?
grep -qF "lists t-new 2 times: keep one line" "$T/out"
ok $((st == 1 ? $? : 1)) "a test listed twice fails ($(cat "$T/out"))"
sed -i '$d' "$tree/tests/e2e/INDEX"

# a WHAT's "(long)" or "(slow)" is the test's own tier, as its header says
# fails_with TEXT WHAT: the check exits 1 saying TEXT
fails_with() {
	"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
	local st=$?
	grep -qF "$1" "$T/out"
	ok $((st == 1 ? $? : 1)) "$2 ($(cat "$T/out"))"
}
printf '%s\n' '#!/bin/sh' '# long: planted' 'echo "ok 1 - fine"; echo 1..1' > "$tree/tests/e2e/t-new.sh"
fails_with "the line of t-new names no tier, but $tree/tests/e2e/t-new.sh is long: end its WHAT with \" (long)\"" \
	"a long test whose line does not say so fails"
sed -i 's/^\(t-new\t.*\)$/\1 (slow)/' "$tree/tests/e2e/INDEX"
fails_with "the line of t-new says (slow), but $tree/tests/e2e/t-new.sh is long" \
	"a line that names another tier fails"
sed -i 's/ (slow)$/ (long)/' "$tree/tests/e2e/INDEX"
"$tree/tests/run-tests.sh" --check-index "$tree/tests/e2e" > "$T/out" 2>&1
ok $? "the line that says (long) passes ($(cat "$T/out"))"
sed -i '2d' "$tree/tests/e2e/t-new.sh"
fails_with "is neither slow nor long: take \" (long)\" off its WHAT" \
	"a tier on the line of a test without one fails"
done_testing

#!/usr/bin/env bash
# Run every unit test (build/*/tests/t-*) and end-to-end test (tests/e2e/t-*.sh),
# each printing TAP; sum them into one closing line "N passed, N failed, N skipped".
# Usage: tests/run-tests.sh [NAME-PATTERN]
#        tests/run-tests.sh --check-index [DIR]   (only the index check below)
# Every e2e test has a line in tests/e2e/INDEX (NAME GROUP WHAT, tab-separated)
# and every line there a test: else a "not ok" line says what to add or remove.
# A test with a line "# slow: WHY" among its first 5 lines runs only with
# CONTEST_SLOW=1; otherwise it counts as one skip with the reason. One with
# "# long: WHY" (minutes, no package missing) runs with CONTEST_TESTS=long,
# which runs only those (`make test-long`, which CI runs), or with
# CONTEST_SLOW=1; otherwise it too counts as one skip with the reason.
# With CONTEST_TESTS=long, t-uml-fit runs first: it builds work/uml-6.1.uml,
# which the tests that boot a guest take where Debian's UML cannot run
# here (an XSAVE area over its 2696 bytes); CONTEST_TESTS=guest runs only
# the tests that are not long and boot a UML guest (they source
# lib-boot.sh or lib-uml.sh): make test-long runs them again on such a host.
# CONTEST_TEST_KEEP=DIR keeps a failed e2e test's files in DIR.
# A test runs for at most 900 s, or SECONDS with "# timeout: SECONDS"
# among its first 5 lines.
# Each test prints exactly one plan, "1..N" with N its results (before or
# after them), or "1..0 # SKIP WHY" alone (one skip): a test without one,
# or that stops short of it, fails.
set -u
cd "$(dirname "$0")/.."

# index_check DIR: each DIR/t-*.sh listed once in DIR/INDEX with a known
# group and a description, each line a test there; "not ok" lines say
# what is wrong and what to write; status 1 when anything is
index_check() {
	local dir=$1 index=$1/INDEX
	if [ ! -f "$index" ]; then
		echo "not ok - $index is missing: one line per test, NAME<TAB>GROUP<TAB>WHAT IT TESTS"
		return 1
	fi
	# each test and its tier ("slow" or "long": a "# slow:" or "# long:"
	# among its first 5 lines), which its WHAT ends with in parentheses;
	# one awk, not a process per test: the check runs with every test run
	(cd "$dir" && ls -1 t-*.sh 2>/dev/null | awk '
		FILENAME == "-" { sub(/\.sh$/, ""); order[++n] = $0; next }
		FNR <= 5 && /^# (slow|long):/ { t = FILENAME; sub(/\.sh$/, "", t)
			tier[t] = substr($0, 3, 4); nextfile }
		END { for (i = 1; i <= n; i++) print order[i] "\t" tier[order[i]] }' - t-*.sh 2>/dev/null) |
	awk -F'\t' -v dir="$dir" -v idx="$index" '
		function form(n) { return "\047" n "<TAB>GROUP<TAB>WHAT IT TESTS\047" }
		FILENAME == "-" { has[$1] = 1; tier[$1] = $2; order[++ntests] = $1; next }
		/^# groups:/ { sub(/^# groups: */, ""); groups = $0; n = split($0, g, " ")
			for (i = 1; i <= n; i++) group[g[i]] = 1; next }
		/^#/ || /^$/ { next }
		{ listed[$1]++ }
		!($1 in has) { printf "not ok - %s names %s, but there is no %s/%s.sh: remove its line\n",
				idx, $1, dir, $1; bad = 1; next }
		NF != 3 || !($2 in group) || $3 == "" {
			printf "not ok - %s: the line of %s is not %s with GROUP one of: %s\n",
				idx, $1, form($1), groups; bad = 1; next }
		{ said = match($3, / \((slow|long)\)$/) ? substr($3, RSTART + 2, 4) : ""
		  if (said != tier[$1])
			printf "not ok - %s: the line of %s %s, but %s/%s.sh is %s: %s\n",
				idx, $1, said == "" ? "names no tier" : "says (" said ")", dir, $1,
				tier[$1] == "" ? "neither slow nor long" : tier[$1],
				tier[$1] == "" ? "take \" (" said ")\" off its WHAT" :
				"end its WHAT with \" (" tier[$1] ")\"", bad = 1 }
		END {
			for (i = 1; i <= ntests; i++) {
				t = order[i]
				if (!(t in listed)) {
					printf "not ok - %s/%s.sh is not in %s: add the line %s (GROUP one of: %s)\n",
						dir, t, idx, form(t), groups; bad = 1
				} else if (listed[t] > 1) {
					printf "not ok - %s lists %s %d times: keep one line\n", idx, t, listed[t]; bad = 1
				}
			}
			exit bad
		}' - "$index"
}
if [ "${1:-}" = --check-index ]; then
	index_check "${2:-tests/e2e}"
	exit
fi
# each test as from a shell: a make a test runs must not inherit make
# test's own variables (DEVELOPER=1, SANITIZE=1 from .ci/run, which make
# puts in MAKEFLAGS and in the environment) or its jobserver; a test that
# builds the mode the suite runs under reads it from bin/.mode
unset MAKEFLAGS MFLAGS MAKELEVEL MAKEOVERRIDES DEVELOPER SANITIZE V
# the tests print and parse numbers with a decimal point and compare sorted
# lists: one locale for all of them, whatever the user's is
export LC_ALL=C.UTF-8
unset LANGUAGE
objdir=${OBJDIR:-build/plain}
pattern=${1:-}
pass=0 fail=0 skipn=0 failed_tests=()
# a private directory of ours, under CONTEST_TEST_TMP when it is given (the
# user's directory is never removed: CONTEST_TEST_TMP=/tmp once removed
# every file in /tmp at the end of a run)
CONTEST_TEST_TMP=$(mktemp -d "${CONTEST_TEST_TMP:-/tmp}/contest-tests.XXXXXX") || exit 1
export CONTEST_TEST_TMP
trap 'rm -rf "$CONTEST_TEST_TMP"' EXIT

# plan_ok TAP RESULTS: the TAP's one plan matches its RESULTS; else says why
plan_ok() {
	local plans n
	plans=$(grep -cE '^1\.\.[0-9]+' "$1" | tr -d ' ')
	if [ "$plans" -ne 1 ]; then
		echo "not ok - $name printed $plans TAP plans, not one"
		return 1
	fi
	n=$(sed -nE 's/^1\.\.([0-9]+).*/\1/p' "$1")
	if [ "$n" -eq 0 ] && ! grep -qE '^1\.\.0 *# *SKIP' "$1"; then
		echo "not ok - $name planned no tests without '# SKIP WHY'"
		return 1
	fi
	if [ "$n" -ne "$2" ]; then
		echo "not ok - $name planned $n tests but printed $2 results"
		return 1
	fi
}

run_one() {
	local name=$1; shift
	local log="$CONTEST_TEST_TMP/$name.tap" start end rc
	start=$(date +%s)
	echo "# --- $name"
	"$@" >"$log" 2>"$log.err"
	rc=$?
	end=$(date +%s)
	cat "$log"
	local p f s
	p=$(grep -cE '^ok [0-9]+' "$log" | tr -d ' ')
	s=$(grep -cE '^ok [0-9]+.*# SKIP' "$log" | tr -d ' ')
	f=$(grep -cE '^not ok [0-9]+' "$log" | tr -d ' ')
	p=$((p - s))
	if ! plan_ok "$log" $((p + s + f)); then
		f=$((f + 1))
	elif [ $((p + s + f)) -eq 0 ]; then
		s=1	# 1..0 # SKIP WHY: the whole test skipped
	fi
	if [ "$rc" -ne 0 ] && [ "$f" -eq 0 ]; then
		echo "not ok - $name exited $rc without a failing test"
		f=1
	fi
	if [ "$f" -gt 0 ]; then
		failed_tests+=("$name")
		echo "# stderr of $name (last 30 lines):"
		tail -n 30 "$log.err" | sed 's/^/#   /'
	fi
	echo "# $name: $p passed, $f failed, $s skipped in $((end - start))s"
	pass=$((pass + p)); fail=$((fail + f)); skipn=$((skipn + s))
}

only_long=0 only_guest=0 e2e=(tests/e2e/t-*.sh)
[ "${CONTEST_TESTS:-}" = long ] && only_long=1 &&
	e2e=(tests/e2e/t-uml-fit.sh $(printf '%s\n' "${e2e[@]}" | grep -vx tests/e2e/t-uml-fit.sh))
[ "${CONTEST_TESTS:-}" = guest ] && only_guest=1
for t in "$objdir"/tests/t-*; do
	[ "$only_long" = 0 ] && [ "$only_guest" = 0 ] || break
	[ -x "$t" ] || continue
	name=$(basename "$t")
	[ -n "$pattern" ] && [[ $name != *$pattern* ]] && continue
	run_one "$name" timeout 300 "$t"
done
for t in "${e2e[@]}"; do
	[ -f "$t" ] || continue
	name=$(basename "$t" .sh)
	[ -n "$pattern" ] && [[ $name != *$pattern* ]] && continue
	why=$(head -n 5 "$t" | sed -n 's/^# slow: *//p')
	long=$(head -n 5 "$t" | sed -n 's/^# long: *//p')
	# "# timeout: SECONDS" among the first 5 lines: a long test's own bound
	limit=$(head -n 5 "$t" | sed -n 's/^# timeout: *\([0-9][0-9]*\)$/\1/p')
	if [ "$only_long" = 1 ] && [ -z "$long" ]; then
		continue
	fi
	if [ "$only_guest" = 1 ] && { [ -n "$long" ] || ! grep -q 'lib-boot.sh\|lib-uml.sh' "$t"; }; then
		continue
	fi
	if [ -n "$long" ] && [ "$only_long" = 0 ] && [ "${CONTEST_SLOW:-0}" != 1 ]; then
		echo "# --- $name"
		echo "ok 1 - $name # SKIP long ($long): make test-long runs it (CI does)"
		skipn=$((skipn + 1))
		continue
	fi
	if [ -n "$why" ] && [ "${CONTEST_SLOW:-0}" != 1 ]; then
		echo "# --- $name"
		echo "ok 1 - $name # SKIP slow ($why): set CONTEST_SLOW=1 to run it"
		skipn=$((skipn + 1))
		continue
	fi
	run_one "$name" timeout "${limit:-900}" bash "$t"
done
echo "# --- tests/e2e/INDEX"
if ! index_check tests/e2e; then
	fail=$((fail + 1)); failed_tests+=("tests/e2e/INDEX")
fi
[ ${#failed_tests[@]} -gt 0 ] && echo "# failed: ${failed_tests[*]}"
echo "$pass passed, $fail failed, $skipn skipped"
[ "$fail" -eq 0 ]

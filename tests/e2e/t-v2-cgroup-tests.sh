#!/usr/bin/env bash
# The cgroup tests that run on the host (v1 here) run again in a
# user-mode-linux guest with a pure cgroup v2 hierarchy (tests/e2e/lib-uml.sh):
# the t-cgroup unit test (limits, CPU accounting, OOM counts, cgroup.kill,
# the driver's leaf and its way home), t-oom and t-cpu-window. The guest has
# no swap, so t-oom's OOM kill comes at once.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

# each test's TAP lines, named after it, its plan checked, and one plan for
# all of them; 1 when one of them failed
total=0
relay() {	# NAME COMMAND...
	local name=$1 rc n plan; shift
	"$@" > "$T/$name.tap" 2> "$T/$name.err"
	rc=$?
	sed -e "s/^\(not \)\{0,1\}ok [0-9]* - /&$name: /" -e "s/# SKIP /&$name: /" -e '/^1\.\./d' "$T/$name.tap"
	n=$(grep -cE '^(not )?ok [0-9]+' "$T/$name.tap")
	plan=$(sed -nE 's/^1\.\.([0-9]+).*/\1/p' "$T/$name.tap")
	total=$((total + n))
	if [ "$plan" != "$n" ]; then
		total=$((total + 1))
		echo "not ok $total - $name: planned ${plan:-no} results, printed $n"
	fi
	[ "$rc" -eq 0 ] || { tail -5 "$T/$name.err" | sed 's/^/# /'; return 1; }
}
st=0
relay t-cgroup timeout 60 "$TOP/$OBJDIR/tests/t-cgroup" || st=1
relay t-oom timeout 60 bash "$TOP/tests/e2e/t-oom.sh" || st=1
relay t-cpu-window timeout 60 bash "$TOP/tests/e2e/t-cpu-window.sh" || st=1
echo "1..$total"
exit $st

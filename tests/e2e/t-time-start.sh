#!/usr/bin/env bash
# The compile's clock starts after the child has joined the session's
# cgroups, not before the fork: the attach (a v1 cgroup.procs write can wait
# tens of milliseconds for an RCU grace period) is the harness's work, not
# the compile's. Seen from outside with strace: in the child that
# execs the command, every cgroup.procs write comes before the 8-byte write
# that sends t0 to the driver, and that comes before the execve; the driver
# receives it. The size of the gain is a benchmark figure (docs/PERFORMANCE.md).
. "$(dirname "$0")/lib.sh"
need_root || { skip "needs root (the cgroups)"; done_testing; exit; }
command -v strace > /dev/null || { skip "strace is not installed (apt-get install strace)"; done_testing; exit; }
contest_cgroups > "$T/cg.before"
R=$T/reports
# LeakSanitizer cannot work under ptrace (make SANITIZE=1): leaks are other tests' job
ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0 \
strace -f -ttt -y -e trace=write,read,execve -o "$T/st" "$CONTEST" run "${QUICK_CMD[@]}" \
	"${NO_EXTRAS[@]}" -k S -n 1 -r "$R" noload > "$T/out" 2> "$T/err"
ok $? "a run of 'true' under strace exits 0"
is "$(col "$R/S/runs.tsv" status)" ok "its row is ok"
child=$(awk '/execve\(".*\/true", \[/ && / = 0$/ {print $1}' "$T/st" | head -1)
[ -n "$child" ]
ok $? "strace saw the command's execve (pid ${child:-none})"
# line numbers, in the child's own order, of its last attach, its t0 and its exec
order=$(awk -v p="$child" '$1 == p {n++}
	$1 == p && /write\([0-9]+<[^>]*cgroup\.procs>/ {cg = n}
	$1 == p && /write\([0-9]+<pipe:\[[0-9]+\]>, .*, 8($|\) = 8| <unfinished)/ && !t0 {t0 = n; pipe = $0; sub(/.*<pipe:\[/, "", pipe); sub(/\].*/, "", pipe)}
	$1 == p && /execve\(/ && / = 0$/ {ex = n}
	END {print cg + 0, t0 + 0, ex + 0, pipe}' "$T/st")
read -r cg t0 ex pipe <<< "$order"
echo "# in pid $child: last cgroup.procs write at its syscall $cg, t0 sent at $t0, exec at $ex, pipe $pipe"
if [ "$cg" -eq 0 ]; then
	skip "the compile joined no cgroup here (no controllers): nothing to order"
else
	[ "$t0" -gt "$cg" ]
	ok $? "the clock is read after the child's last cgroup attach"
fi
[ "$t0" -gt 0 ] && [ "$ex" -gt "$t0" ]
ok $? "and before the command's exec"
[ -n "$pipe" ] && grep -v "^$child " "$T/st" | grep -qE "read\([0-9]+<pipe:\[$pipe\]>"
ok $? "the driver reads that pipe"
nothing_left "$T/cg.before"
ok $? "nothing left behind"
done_testing

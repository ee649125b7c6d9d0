#!/usr/bin/env bash
# die() in the middle of a session undoes what the session made. The real
# way in: the log of a failed compile is read whole (up to the readers'
# 64 MiB cap) to show its tail, and a log bigger than the memory contest
# may use (ulimit -v, or ASan's allocation cap in a SANITIZE=1 build) ends
# in "out of memory" after the session made its cgroups, swap file and
# scratch and ran process_load. The compile is a command that makes its
# own log a sparse 60 MiB and fails. The message says it cleans up, and
# nothing of the session is left, on disk or in the lock record's eyes
# (the next run finds nothing to remove).
. "$(dirname "$0")/lib.sh"
contest_cgroups > "$T/cg.before"
R=$T/reports
swap=()
if need_root && swapon --show >/dev/null 2>&1; then swap=(-s swapfile=64M); fi

# sparse: no disk, but 60 MiB to read, under the readers' cap
big_log=(-s 'command=sh -c "truncate -s 60M /proc/self/fd/1; exit 1"')
if ldd "$CONTEST" | grep -q libasan; then
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}allocator_may_return_null=1:max_allocation_size_mb=32
	limit=unlimited		# ASan reserves terabytes of address space
else
	limit=60000		# KiB of address space: the log's 64 MiB buffer cannot fit
fi
(ulimit -v $limit; exec "$CONTEST" run "${QUICK_CMD[@]}" "${big_log[@]}" \
	-s load_lead=0.5s -k K -n 1 -r "$R" "${swap[@]}" process_load > /dev/null 2> "$T/err") &
pid=$!
wait $pid
is "$?" 4 "out of memory mid-session: exit 4 (out of memory, not a run that failed)"
sed 's/^/# /' "$T/err" | tail -5
grep -q "^fatal: out of memory" "$T/err"
ok $? "it says why it died"
grep -q "preparing process_load" "$T/err" && grep -q "^contest: cleaning up" "$T/err"
ok $? "after running the load, and that it cleans up"
[ "$(stat -c %s "$R/K/logs/process_load.1.make")" = 62914560 ]
ok $? "the compile's log was the sparse 60 MiB"
grep -Eq "^cgroup .*/contest-[0-9]+$" "$T/work/.contest.lock" &&
	grep -q "^scratch $T/work/scratch\." "$T/work/.contest.lock"
ok $? "the lock record named the session's cgroups and scratch (from the registry)"
[ ${#swap[@]} -eq 0 ] || { grep -q "^swap $T/work/contest.swap$" "$T/work/.contest.lock"; ok $? "and its swap file"; }
nothing_left "$T/cg.before" "$(awk '$1 == "pid" { print $2 }' "$T/work/.contest.lock")"
ok $? "no process, cgroup, swap file or scratch of the session is left"

"$CONTEST" run "${QUICK_CMD[@]}" -k C -n 1 -r "$R" noload > /dev/null 2> "$T/err2"
is "$?" 0 "the next run works"
! grep -q "died without cleaning up" "$T/err2"
ok $? "and finds nothing left to remove"
done_testing

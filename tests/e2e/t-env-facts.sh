#!/usr/bin/env bash
# An error reading runs.tsv or the machine's facts fails the session; it
# never writes "unknown" over what env recorded, nor numbers a run -1.
# Under every descriptor limit from 3 to 16 a session either runs with
# the same env as an unlimited one, or fails (1 or 2) with env as it was.
# And a fact whose read fails (EIO, /proc/cpuinfo bound over with a file
# that cannot be read) fails the session before env is touched.
. "$(dirname "$0")/lib.sh"
R=$T/reports
quick() { timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -n 1 -r "$R" -k K noload; }
# env without swap_total: someone's test on this box may turn swap on meanwhile
facts() { grep -v '^swap_total:' "$R/K/env"; }

quick > /dev/null 2>&1
is "$?" 0 "a session without a limit"
facts > "$T/env.good"
cp "$R/K/env" "$T/env.before"
! grep -q '^memtotal: 0 ' "$T/env.good"
ok $? "its env has the machine's memory"

bad=""
for n in $(seq 3 16); do
	(ulimit -n "$n"; quick > /dev/null 2> "$T/err.$n")
	st=$?
	if [ "$st" -eq 0 ]; then
		facts | cmp -s - "$T/env.good" || bad="$bad $n:env-differs"
	elif [ "$st" -eq 1 ] || [ "$st" -eq 2 ]; then
		cmp -s "$R/K/env" "$T/env.before" || bad="$bad $n:env-rewritten-by-a-failed-session"
	else
		bad="$bad $n:exit-$st"
	fi
	grep -q 'going on' "$T/err.$n" && bad="$bad $n:going-on"
	cp "$R/K/env" "$T/env.before"
done
is "${bad# }" "" "every limit: the same env, or a failure that left env as it was"
awk 'NR > 1 { exit !($1 > 0) }' <(col "$R/K/runs.tsv" run)
ok $? "no run numbered below 1 ($(col "$R/K/runs.tsv" run | sort -n | head -n 1) the lowest)"
[ -z "$(find "$R/K/logs" -name '*.-1.*')" ]
ok $? "and no log named for run -1"

if ! need_root || ! command -v unshare > /dev/null; then
	skip "binding over /proc/cpuinfo needs root and unshare"
	done_testing; exit
fi
cp "$R/K/env" "$T/env.before"
sleep 60 &
holder=$!
at_exit "kill $holder 2>/dev/null"
# a process's mem read at offset 0 fails with EIO; the mount is in a private namespace
unshare -m bash -c 'mount --bind /proc/$0/mem /proc/cpuinfo && exec "$@"' "$holder" \
	timeout 60 "$CONTEST" run "${QUICK_CMD[@]}" \
	"${NO_EXTRAS[@]}" -n 1 -r "$R" -k K noload > /dev/null 2> "$T/err.eio"
st=$?
if grep -q 'mount' "$T/err.eio" && [ "$st" -eq 32 ]; then
	skip "cannot bind a file over /proc/cpuinfo here: $(head -n 1 "$T/err.eio")"
	done_testing; exit
fi
[ "$st" -eq 1 ] || [ "$st" -eq 2 ]
ok $? "/proc/cpuinfo unreadable (EIO): the session fails (exit $st)"
grep -q "cannot read '/proc/cpuinfo' for the environment: Input/output error" "$T/err.eio"
ok $? "saying what could not be read: $(head -n 1 "$T/err.eio")"
cmp -s "$R/K/env" "$T/env.before"
ok $? "env is left as it was"

# a tree not made yet (the first session's synthetic tree) is on the disk
# of the nearest directory that exists: its scheduler, not "unknown"
mkdir -p "$T/made/synthetic"
want=$("$CONTEST" env -c "$TOP/configs/quick.conf" -s "work_dir=$T/made" 2> /dev/null | sed -n 's/^io_scheduler: //p')
got=$("$CONTEST" env -c "$TOP/configs/quick.conf" -s "work_dir=$T/not/made/yet" 2> /dev/null | sed -n 's/^io_scheduler: //p')
is "$got" "$want" "a tree not made yet: the scheduler of the disk it will be made on ($want)"
done_testing

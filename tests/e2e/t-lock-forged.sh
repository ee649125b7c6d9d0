#!/usr/bin/env bash
# A lock record is believed only where what it names proves to be
# contest's: a forged record (anyone who can write WORK/.contest.lock can
# write one) makes the next run remove nothing that is not. Files the user
# owns, a symlink, a swap area without contest's label (active or not), a
# directory dressed up as a cgroup through '..', a process listed in that
# fake group: all stay, each refusal said on stderr. What is contest's
# (its labelled swap file, WORK_DIR/contest.swap, a marked scratch
# directory) still goes.
. "$(dirname "$0")/lib.sh"
W=$T/work
mkdir -p "$W"
mkswap_() { /usr/sbin/mkswap "$@" > /dev/null 2>&1 || /sbin/mkswap "$@" > /dev/null 2>&1; }
swap_file() {	# swap_file PATH [mkswap options]: 1M of zeros with a swap header
	local f=$1; shift
	head -c 1M /dev/zero > "$f" && chmod 600 "$f" && mkswap_ "$@" "$f"
}

echo precious > "$T/victim"
echo target > "$T/target"
ln -s "$T/target" "$W/contest.swap"
mkdir -p "$T/data" && echo keep > "$T/data/file"
have_mkswap=0
if swap_file "$T/nolabel.swap" && swap_file "$T/other.swap" -L other &&
	swap_file "$T/labelled.swap" -L contest; then have_mkswap=1; fi
mkdir -p "$T/scratch.forged" "$T/scratch.real" && touch "$T/scratch.real/.contest-scratch"
# a fake cgroup outside /sys/fs/cgroup, reached through '..', listing a process of ours
sleep 300 &
victim_pid=$!
at_exit "kill $victim_pid 2>/dev/null"
mkdir -p "$T/cg/contest-7/inner"
echo "$victim_pid" > "$T/cg/contest-7/cgroup.procs"
up=/sys/fs/cgroup/../../..
{
	echo "pid 999999"
	echo "swap $T/victim"
	echo "swap $W/contest.swap"
	echo "swap $T/nolabel.swap"
	echo "swap $T/other.swap"
	echo "swap $T/labelled.swap"
	echo "cgroup $up$T/cg/contest-7"
	echo "scratch $T/data"
	echo "scratch $T/scratch.real"
	echo "frobnicate $T/victim"
	echo "swap relative/path"
} > "$W/.contest.lock"

quick_run() {	# one quick session in $W; stderr into $1
	timeout 120 "$CONTEST" run "${QUICK_CMD[@]}" -k X -n 1 -r "$T/r" noload > /dev/null 2> "$1"
}
quick_run "$T/err"
is "$?" 0 "a run over a forged record exits 0"
sed 's/^/# /' "$T/err" | grep -v 'noload' | head -n 20
[ "$(cat "$T/victim" 2>/dev/null)" = precious ]
ok $? "a user's file named as a swap file is not removed"
grep -qF "not removing '$T/victim': not a contest swap file" "$T/err"
ok $? "and stderr says so, naming it"
[ -L "$W/contest.swap" ] && [ "$(cat "$T/target")" = target ]
ok $? "a symlink at WORK_DIR/contest.swap is not removed, nor what it points to"
grep -qF "not removing '$W/contest.swap': not a contest swap file: not a regular file" "$T/err"
ok $? "and stderr says it is not a regular file"
if [ $have_mkswap = 1 ]; then
	[ -f "$T/nolabel.swap" ] && [ -f "$T/other.swap" ]
	ok $? "swap areas without contest's label are not removed"
	grep -qF "not removing '$T/other.swap': not a contest swap file" "$T/err"
	ok $? "and stderr says so"
	[ ! -e "$T/labelled.swap" ] && grep -qF "swap $T/labelled.swap: removed" "$T/err"
	ok $? "a swap file labelled 'contest' is removed, and said"
else
	skip "labelled and unlabelled swap files" "no mkswap"
fi
kill -0 "$victim_pid" 2>/dev/null
ok $? "a process listed in a fake cgroup reached through '..' is not killed"
[ -d "$T/cg/contest-7/inner" ]
ok $? "the fake cgroup's directories are not removed"
grep -qF "not removing '$up$T/cg/contest-7': not a contest cgroup" "$T/err"
ok $? "and stderr says it is not a contest cgroup"
[ -f "$T/data/file" ] && grep -qF "not removing '$T/data': it has no .contest-scratch marker" "$T/err"
ok $? "a directory without the scratch marker stays, and is said"
[ ! -e "$T/scratch.real" ] && grep -qF "scratch $T/scratch.real: removed" "$T/err"
ok $? "a marked scratch directory is removed"
grep -qF "$W/.contest.lock:10: ignoring 'frobnicate': unknown kind" "$T/err"
ok $? "an unknown kind of line is ignored with a warning naming the record's line"
grep -qF "not removing 'relative/path': not an absolute path" "$T/err"
ok $? "a relative path is refused"

# WORK_DIR/contest.swap: removed when it is a plain leftover, never while
# it is someone's active swap without contest's label
rm -f "$W/contest.swap"
head -c 1M /dev/zero > "$W/contest.swap"
printf 'pid 999999\nswap %s\n' "$W/contest.swap" > "$W/.contest.lock"
quick_run "$T/err2"
[ ! -e "$W/contest.swap" ] && grep -qF "swap $W/contest.swap: removed" "$T/err2"
ok $? "WORK_DIR/contest.swap, not active, is removed by its name"
if need_root && [ $have_mkswap = 1 ] && swap_file "$W/contest.swap" &&
	swapon "$W/contest.swap" 2> /dev/null; then
	at_exit "swapoff '$W/contest.swap' 2>/dev/null"
	printf 'pid 999999\nswap %s\n' "$W/contest.swap" > "$W/.contest.lock"
	quick_run "$T/err3"
	grep -qF "$W/contest.swap" /proc/swaps && [ -f "$W/contest.swap" ]
	ok $? "an active swap without contest's label at WORK_DIR/contest.swap stays on and in place"
	grep -qF "not removing '$W/contest.swap': an active swap area without contest's label" "$T/err3"
	ok $? "and stderr says why"
	swapoff "$W/contest.swap"
else
	skip "an active unlabelled swap" "needs root, mkswap and a filesystem that takes swap files"
fi
done_testing

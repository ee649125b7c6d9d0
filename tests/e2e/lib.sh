# lib.sh - TAP helpers for the end-to-end tests; source it.
# Gives: $CONTEST (the binary), $T (a private temp dir removed at exit),
# ok COND-STATUS NAME, is GOT WANT NAME, skip NAME WHY, done_testing.
# CONTEST_TEST_KEEP=DIR: a test that failed leaves its $T in DIR to read
# (its processes and knobs are cleaned up all the same).
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CONTEST=$TOP/bin/contest
T=$(mktemp -d "${CONTEST_TEST_TMP:-/tmp}/e2e.XXXXXX")
_n=0 _failed=0
_cleanup_hooks=()
at_exit() { _cleanup_hooks+=("$*"); }
_on_exit() {
	local h
	for h in "${_cleanup_hooks[@]}"; do eval "$h"; done
	if [ -n "${CONTEST_TEST_KEEP:-}" ] && [ "$_failed" -gt 0 ] && mkdir -p "$CONTEST_TEST_KEEP" &&
		mv "$T" "$CONTEST_TEST_KEEP/" 2>/dev/null; then
		echo "# kept its files in $CONTEST_TEST_KEEP/${T##*/}"
	fi
	rm -rf "$T"
}
trap _on_exit EXIT
trap 'exit 130' INT TERM

ok() {	# ok STATUS NAME...: STATUS 0 passes
	local st=$1; shift
	_n=$((_n + 1))
	if [ "$st" -eq 0 ]; then echo "ok $_n - $*"; else echo "not ok $_n - $*"; _failed=$((_failed + 1)); fi
}
is() {	# is GOT WANT NAME...
	local got=$1 want=$2; shift 2
	if [ "$got" = "$want" ]; then ok 0 "$@"; else ok 1 "$@"; echo "#   got:  '$got'"; echo "#   want: '$want'"; fi
}
skip() { _n=$((_n + 1)); echo "ok $_n # SKIP $*"; }
done_testing() { echo "1..$_n"; [ "$_failed" -eq 0 ]; }
need_root() { [ "$(id -u)" = 0 ]; }
# need_gawk: a test whose planted runs are drawn by srand(seed) needs gawk
# (mawk draws other numbers); without it the test skips, saying so, and ends
need_gawk() {
	command -v gawk > /dev/null && return 0
	skip "no gawk: the planted runs are drawn by gawk's rand (TEST_PKGS installs it)"
	done_testing
	exit
}
# others_begin, then others_busy [CPUS]: whether processes other than this
# test's own children kept at least CPUS (default half a CPU) busy on
# average in between (the CPUs' busy time from /proc/stat less the
# children's user + sys, which bash's `times` has once they are reaped);
# OTHERS gets that average.
# Unlike the load average, a test's own compile does not make the machine
# busy. Call both in the test's shell, not in $(...): a fork's times are 0.
_busy_s() { awk -v hz="$(getconf CLK_TCK)" '/^cpu /{ print ($2 + $3 + $4 + $7 + $8 + $9) / hz; exit }' /proc/stat; }
_children_s() {	# `times` in this shell, not a subshell: a fork's are zero
	times > "$T/.times"
	awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, a, "m"); s += a[1] * 60 + a[2] } print s }' "$T/.times"
}
others_begin() { _ob_t=$(date +%s.%N); _ob_b=$(_busy_s); _children_s > "$T/.children0"; }
others_busy() {
	local t b c
	t=$(date +%s.%N); b=$(_busy_s); _children_s > "$T/.children1"
	c=$(cat "$T/.children1")
	OTHERS=$(awk -v t0="$_ob_t" -v t1="$t" -v b0="$_ob_b" -v b1="$b" -v c0="$(cat "$T/.children0")" \
		-v c1="$c" 'BEGIN { printf "%.2f", ((b1 - b0) - (c1 - c0)) / (t1 - t0) }')
	awk -v o="$OTHERS" -v m="${1:-0.5}" 'BEGIN { exit !(o >= m) }'
}
# runs_disturbed RUNS.TSV...: whether contest flagged any of their runs
# as disturbed (others' CPU or the hypervisor's steal, at least a tenth of
# the window's CPU time: its `disturbed` column); DISTURBED says which, as
# "2 of 6 runs disturbed: others 94%, others 12%".
runs_disturbed() {
	DISTURBED=$(awk -F'\t' 'FNR == 1 { k = 0; for (i = 1; i <= NF; i++) if ($i == "disturbed") k = i; next }
		{ n++ } k && $k != "-" { d++; what = what (d > 1 ? ", " : "") $k }
		END { printf "%d of %d runs disturbed%s", d, n, d ? ": " what : ""; exit !d }' "$@")
}
# ok_unless_disturbed STATUS NAME RUNS.TSV...: ok STATUS NAME, but for a
# figure a busy machine moves: a miss in runs contest flagged as disturbed
# is a skip that says so (a miss in quiet runs still fails)
ok_unless_disturbed() {
	local st=$1 name=$2; shift 2
	if [ "$st" != 0 ] && runs_disturbed "$@"; then
		skip "$name" "other processes kept the machine busy ($DISTURBED)"
	else
		ok "$st" "$name"
	fi
}
# wait_for SECONDS COMMAND...: poll until COMMAND succeeds; 1 when it never did
wait_for() {
	local end=$(( $(date +%s) + $1 )); shift
	until "$@"; do [ "$(date +%s)" -lt "$end" ] || return 1; sleep 0.1; done
}
# column VALUE of a runs.tsv: col FILE NAME -> values one per line
col() {
	awk -F'\t' -v c="$2" 'NR==1{for(i=1;i<=NF;i++) if($i==c) k=i; next} k{print $k}' "$1"
}

# the quick profile, with scratch, swap and synthetic tree inside $T
QUICK=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work")
# the overrides tests share, spelled here once:
# QUICK timing `true` as the workload, with no wait for quiet: for tests of
# the driver rather than of a compile; a later -s "command=..." times
# another command (the last -s of a key wins)
QUICK_CMD=("${QUICK[@]}" -s workload=command -s command=true -s quiet_wait=0)
# nothing around the timed run: no flush before it, no monitor beside it
NO_EXTRAS=(-s flush=no -s monitors=no)
# contest.conf's defaults with nothing around the timed run (no wait for
# quiet, no lead, flush or monitor), its work directory under $T: what
# command_conf below writes as a file
BARE=(-s "work_dir=$T/work" -s quiet_wait=0 -s load_lead=0 "${NO_EXTRAS[@]}")
# the smallest synthetic tree worth compiling: a few seconds a run
TINY_TREE=(-s synthetic_dirs=2 -s synthetic_files=2)

# runs.tsv's columns as contest writes them, in a new file's order: the
# one list of them in the tests (t-columns checks it against contest's
# own header, i.e. results/store.c's columns[])
RUNS_COLUMNS=(timestamp load run time_s cpu_pct loads lcpu_pct status user_s sys_s cpu_s host_cpu_s host_user_s host_sys_s load_cpu_s
	load_units load_work load_work_unit majflt minflt nvcsw nivcsw pswpin pswpout pgmajfault
	waited_s flush mem_limit cpu_limit jobs psi_cpu_some_us psi_cpu_full_us psi_memory_some_us
	psi_memory_full_us psi_io_some_us psi_io_full_us cg_psi_cpu_some_us cg_psi_cpu_full_us
	cg_psi_memory_some_us cg_psi_memory_full_us cg_psi_io_some_us cg_psi_io_full_us steal_s
	others_cpu_s disturbed disk_read_mb disk_write_mb unloaded cpu_migrations instructions cycles
	lat_mean_us lat_sd_us lat_p99_us lat_max_us desired_cpu_pct deadlines_pct fps lat_floor_us
	work_units work_rate sweep cpu_mhz swap_in_mbs swap_out_mbs disk_read_mbs disk_write_mbs
	disk_await_ms metric_names metric1 metric2 metric3 metric4 status_detail)
# the columns every runs.tsv must have (store.c's REQUIRED ones; t-columns checks)
RUNS_REQUIRED=(load run time_s cpu_pct loads lcpu_pct status)
# runs_columns [COLUMN...]: the header line of a fake runs.tsv: the
# required columns and the COLUMNs, in contest's order (a COLUMN contest
# does not write, after them)
runs_columns() {
	local c out=() want=" ${RUNS_REQUIRED[*]} $* "
	for c in "${RUNS_COLUMNS[@]}"; do [[ $want == *" $c "* ]] && out+=("$c"); done
	for c in "$@"; do [[ " ${RUNS_COLUMNS[*]} " == *" $c "* ]] || out+=("$c"); done
	(IFS=$'\t'; echo "${out[*]}")
}
# runs_header FILE [COLUMN...]: a fake runs.tsv (its folder made) holding
# only runs_columns' header; rows are for the test to append
runs_header() {
	local f=$1; shift
	mkdir -p "$(dirname "$f")"
	runs_columns "$@" > "$f"
}
# runs_two_loads FILE SCALE: a fake runs.tsv of noload and io_load, 4 runs
# each, io_load's Time times SCALE (compare's hand-written results)
runs_two_loads() {
	runs_header "$1"
	awk -v s="$2" 'BEGIN { split("20.1 20.4 19.9 20.2", n); split("60.2 61.0 59.5 60.8", io)
		for (i = 1; i <= 4; i++) {
			printf "noload\t%d\t%.3f\t190\t0\t0\tok\n", i, n[i]
			printf "io_load\t%d\t%.3f\t40\t%d\t12\tok\n", i, io[i] * s, 7 + i % 2 } }' >> "$1"
}
# runs_rows FILE: how many rows (runs) a runs.tsv holds; 0 when there is none
runs_rows() {
	if [ -f "$1" ]; then echo $(($(wc -l < "$1") - 1)); else echo 0; fi
}
# has_rows FILE N: FILE holds N rows or more
has_rows() { [ "$(runs_rows "$1")" -ge "$2" ]; }

# contest's cgroups anywhere in the mounted hierarchies: one path per line
contest_cgroups() {
	find /sys/fs/cgroup -mindepth 1 -maxdepth 8 -type d -name 'contest-*' 2>/dev/null | sort
}
# no process mentions $T, no contest cgroup beyond those listed in $1 (a file),
# no swap under $T, no scratch dir; prints what is left as TAP comments.
# With driver PIDs after the file, only those sessions' cgroups (contest-PID)
# count, so sessions other people start meanwhile on a shared box do not.
nothing_left() {
	local before=$1 left=0 p new; shift
	p=$(pgrep -f "$T" | grep -vx "$$" || true)
	if [ -n "$p" ]; then echo "# processes left: $(ps -o pid,args -p $p | tail -n +2 | tr '\n' ';')"; left=1; fi
	new=$(comm -13 "$before" <(contest_cgroups))
	[ $# -eq 0 ] || new=$(echo "$new" | grep -E "/contest-($(IFS='|'; echo "$*"))(/|\$)" || true)
	# without PIDs: a group whose driver still runs and is not this test's
	# (its command line does not name $T) belongs to someone else's session
	new=$(echo "$new" | while read -r g; do
		[ -n "$g" ] || continue
		d=$(basename "$g"); d=${d#contest-}
		case $d in *[!0-9]*) echo "$g"; continue ;; esac
		if [ -r "/proc/$d/cmdline" ] && ! tr '\0' ' ' < "/proc/$d/cmdline" | grep -qF "$T"; then
			continue
		fi
		echo "$g"
	done)
	if [ -n "$new" ]; then
		echo "# cgroups left: $(echo "$new" | tr '\n' ' ')"; left=1
	fi
	if grep -q "$T" /proc/swaps; then echo "# swap left: $(grep "$T" /proc/swaps)"; left=1; fi
	if compgen -G "$T/work/scratch*" > /dev/null; then echo "# scratch left: $(ls -d "$T"/work/scratch* | tr '\n' ' ')"; left=1; fi
	[ -z "$(find "$T/work" -name '*.swap' 2>/dev/null)" ] || { echo "# swap file left"; left=1; }
	return $left
}
# cpu_quota_missing ERRFILE: the line of a failed run's stderr saying why
# contest cannot give a session a cpu quota here (no cpu controller or
# hierarchy, or not root and not delegated; see cgroup in contest.1);
# status 1 when it says no such thing, e.g. a quota write that failed
cpu_quota_missing() {
	grep -m1 -E "error: cannot use cgroups: (the cpu controller is not (in|delegated to) '|neither cgroup v2 with the memory controller nor a cgroup v1 'cpu' hierarchy|contest is not root and its cgroup '.*' is not delegated)|error: cannot set cpu_limit: the cpu controller is not enabled in '" "$1"
}
# session_swap: swap=(-s swapfile=64M) where a session may make a swap
# file (root, and swapon works), else swap=() and SWAP_WHY says why not
session_swap() {
	swap=() SWAP_WHY=
	if ! need_root; then SWAP_WHY="not root: no session swap file"
	elif ! swapon --show > /dev/null 2>&1; then SWAP_WHY="swapon --show fails here"
	else swap=(-s swapfile=64M); fi
}
# rows_with FILE STATUS: how many rows of a runs.tsv have that status
rows_with() { awk -F'\t' -v s="$2" 'NR==1{for(i=1;i<=NF;i++) if($i=="status") k=i; next} $k==s' "$1" | wc -l | tr -d ' '; }
# command_conf FILE COMMAND: a config timing COMMAND with no wait, lead,
# flush or monitor around it, its work directory $T/work: for tests of the
# driver's own logic, where a run should take only the command's time
command_conf() {
	cat > "$1" <<CONF
workload = command
command = $2
quiet_wait = 0s
load_lead = 0s
flush = no
monitors =
work_dir = $T/work
CONF
}
# passwd_from: contest's From: without --from, $EMAIL or git's user.email:
# user@host, named by the passwd entry when it names one
passwd_from() {
	local gecos want
	gecos=$(getent passwd "$(id -un)" | cut -d: -f5 | cut -d, -f1)
	want="$(id -un)@$(hostname)"
	[ -n "$gecos" ] && [ "$gecos" != "$(id -un)" ] && want="$gecos <$want>"
	echo "$want"
}
# chromium_run URL [ARGS...]: headless Chromium, a private profile under $T,
# the console on stderr, at most 180 s (a cold start on a busy machine is slow)
chromium_run() {
	local url=$1 profile; shift
	profile=$(mktemp -d "$T/profile.XXXXXX")
	timeout 180 chromium --headless --no-sandbox --disable-gpu --disable-quic --no-first-run \
		--disable-background-networking --disable-component-update --disable-sync \
		--user-data-dir="$profile" --enable-logging=stderr --v=0 "$@" "$url"
}

# A check script ($CHECK, scripts/check-*.sh DIR): tree_check_top passes
# when it passes on this tree (and shows what it said when not); then on
# a copy of the sources with a breach planted: tree_copy makes a fresh copy in $T/tree,
# tree_plant FILE TEXT adds TEXT as FILE's last line (tree_lines FILE: its
# line count), tree_breach WHAT EXPECT passes when the check fails saying
# EXPECT, tree_passes WHAT when it still passes.
tree_check_top() {
	"$CHECK" "$TOP" > "$T/out" 2>&1
	local rc=$?
	ok $rc "${CHECK##*/} passes on this tree"
	[ $rc -eq 0 ] || sed 's/^/# /' "$T/out"
}
tree_copy() { rm -rf "$T/tree" && mkdir -p "$T/tree" && cp -r "$TOP/contest" "$TOP/loads" "$T/tree/"; }
tree_plant() { printf '%s\n' "$2" >> "$T/tree/$1"; }
tree_lines() { wc -l < "$T/tree/$1"; }
tree_breach() {
	"$CHECK" "$T/tree" > "$T/breach" 2>&1
	local rc=$?
	[ $rc -eq 1 ] && grep -qF -- "$2" "$T/breach"
	ok $? "$1 fails the check (status $rc): $(head -1 "$T/breach")"
}
tree_passes() {
	"$CHECK" "$T/tree" > "$T/breach" 2>&1
	ok $? "$1 passes the check: $(head -1 "$T/breach")"
}

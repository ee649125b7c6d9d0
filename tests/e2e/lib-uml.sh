# lib-uml.sh - run a test inside a user-mode-linux guest; source after lib.sh.
#
# Debian's user-mode-linux boots Linux 6.1 as an ordinary process: no KVM,
# one CPU, slow syscalls (use it for behaviour, never for speed). Its root
# is this machine's / through hostfs, so the guest runs bin/contest and the
# tests from this tree and writes under $T. The guest mounts a pure cgroup v2
# hierarchy with cpu, io, memory and pids on for the root's children, and
# runs the script in /init.scope, as systemd would: outside any delegation.
#
# Gives:
#   uml_why                 why no guest can run here (prints nothing when one can)
#   uml_run SCRIPT [MEM] [SWAP]
#                           boot a guest of MEM (512M) with a swap device of SWAP
#                           (none; e.g. 128M) and run "bash SCRIPT" in it as root
#                           from $TOP with CONTEST_IN_UML=1 and $OBJDIR; its output in
#                           $T/uml.out; returns its exit status (124: it hung)
#   uml_tap                 replay the TAP lines of $T/uml.out as this test's own,
#                           and check their plan
#   uml_groups              in the guest: every cgroup there, on one line
#   uml_main SCRIPT [MEM] [SWAP]
#                           the host side of a guest test: skip with the reason,
#                           or run SCRIPT in a guest, replay it, and exit
. "$(dirname "${BASH_SOURCE[0]}")/lib-guest.sh"
uml_chosen=${UML:-}	# a UML the caller chose is booted as it is (uml_pick: else)
UML=${UML:-/usr/bin/linux.uml}
UML_TIMEOUT=${UML_TIMEOUT:-300}	# seconds for one guest, boot to power-off (a busy host slows it)

uml_why() {
	[ -x "$UML" ] || { echo "no $UML (Debian package user-mode-linux)"; return; }
	[ -e "$CONTEST" ] || { echo "no $CONTEST (run make)"; return; }
	# UML gives processes a 39-bit address space, too small for ASan's shadow
	[ "$(cat "$TOP/bin/.mode" 2> /dev/null)" != sanitize ] ||
		{ echo "a sanitized build: AddressSanitizer cannot map its shadow memory in the guest"; return; }
	command -v mkswap > /dev/null || { echo "no mkswap"; return; }
	uml_cannot "$UML"
}

# the guest's init: mounts, cgroup v2, swap, the script under a time bound, power off
_uml_init() {	# SCRIPT SWAP
	cat <<EOF
#!/bin/bash
export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin HOME=/root LC_ALL=C
export CONTEST_IN_UML=1 CONTEST_TEST_TMP=$T OBJDIR=${OBJDIR:-build/plain}
{
	mount -t proc proc /proc
	mount -t sysfs sysfs /sys
	mount -t cgroup2 cgroup2 /sys/fs/cgroup
	mount -t tmpfs run /run
	[ -e /dev/fd ] || ln -s /proc/self/fd /dev/fd	# bash's <(...) needs it
	for c in cpu io memory pids; do
		grep -qw \$c /sys/fs/cgroup/cgroup.controllers && echo +\$c > /sys/fs/cgroup/cgroup.subtree_control
	done
	mkdir /sys/fs/cgroup/init.scope && echo \$\$ > /sys/fs/cgroup/init.scope/cgroup.procs
	[ -z "$2" ] || swapon /dev/ubdb
} > $T/uml.setup 2>&1
cd $TOP && timeout -s KILL $((UML_TIMEOUT - 15)) bash $1 > $T/uml.out 2>&1
echo \$? > $T/uml.status
echo o > /proc/sysrq-trigger
sleep 30
EOF
}

# kill what is left of our guest: its processes name our init on their command line
_uml_reap() {
	local p
	p=$(pgrep -f "init=$T/uml-init" || true)
	[ -z "$p" ] || kill -9 $p 2> /dev/null
	rm -rf "$T/uml-tmp" "$T/uml.swap"
}

uml_run() {
	local script mem=${2:-512M} swap=${3:-} ubd=() rc
	script=$(cd "$(dirname "$1")" && pwd)/$(basename "$1")
	_uml_init "$script" "$swap" > "$T/uml-init"
	chmod +x "$T/uml-init"
	rm -f "$T/uml.out" "$T/uml.status"
	mkdir -p "$T/uml-tmp"	# UML's memory file: an unlinked file in TMPDIR
	if [ -n "$swap" ]; then
		fallocate -l "$swap" "$T/uml.swap" && chmod 600 "$T/uml.swap" &&
			mkswap -q "$T/uml.swap" > /dev/null || return 125
		ubd=("ubd1=$T/uml.swap")
	fi
	at_exit _uml_reap
	TMPDIR=$T/uml-tmp timeout -s KILL "$UML_TIMEOUT" "$UML" "mem=$mem" root=/dev/root \
		rootfstype=hostfs rootflags=/ rw "init=$T/uml-init" con=null con0=fd:0,fd:1 "${ubd[@]}" \
		< /dev/null > "$T/uml.console" 2>&1
	rc=$?
	_uml_reap
	[ $rc -eq 137 ] && return 124
	[ -s "$T/uml.status" ] || return 125
	return "$(cat "$T/uml.status")"
}

uml_tap() {
	local line n=0 plan=none
	while IFS= read -r line; do
		case $line in
		"not ok "*) ok 1 "guest: ${line#not ok * - }"; n=$((n + 1)) ;;
		"ok "*"# SKIP"*) skip "guest: ${line#*# SKIP }"; n=$((n + 1)) ;;
		"ok "*) ok 0 "guest: ${line#ok * - }"; n=$((n + 1)) ;;
		"1.."*) plan=${line#1..}; plan=${plan%% *} ;;
		"#"*) echo "$line" ;;
		*) echo "# guest: $line" ;;
		esac
	done < "$T/uml.out"
	# as run-tests.sh does on the host: a script that stopped early fails
	is "$plan" "$n" "the guest's TAP plan matches its $n results"
}

uml_groups() { find /sys/fs/cgroup -mindepth 1 -type d | sort | tr '\n' ' '; }

uml_main() {
	local why start rc
	[ -n "$uml_chosen" ] || uml_pick
	why=$(uml_why)
	[ -z "$why" ] || { skip "no user-mode-linux guest: $why"; done_testing; exit; }
	start=$(date +%s)
	uml_run "$@"
	rc=$?
	# a kernel that never reached our init: UML cannot run here (no ptrace, say)
	if [ $rc -eq 125 ] && ! grep -q "Run $T/uml-init as init process" "$T/uml.console"; then
		why=$(grep -v '^$' "$T/uml.console" | tail -1)
		skip "$UML does not boot here: ${why:-no console output}"
		done_testing
		exit
	fi
	[ -f "$T/uml.out" ] && uml_tap
	case $rc in
	124) echo "# console tail:"; tail -5 "$T/uml.console" | sed 's/^/#   /' ;;
	125) echo "# the guest did not run the script; setup and console:"
	     cat "$T/uml.setup" 2> /dev/null | sed 's/^/#   /'
	     tail -5 "$T/uml.console" | sed 's/^/#   /' ;;
	esac
	is "$rc" 0 "the guest ran $(basename "$1") to the end in $(($(date +%s) - start)) s"
	is "$(pgrep -f "init=$T/uml-init" | wc -l)" 0 "no guest process left"
	done_testing
	exit
}

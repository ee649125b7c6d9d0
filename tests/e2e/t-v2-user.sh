#!/usr/bin/env bash
# Without root, in a user-mode-linux guest with pure cgroup v2
# (tests/e2e/lib-uml.sh): from a group not delegated to it, a run with
# mem_limit fails at once saying why and what to do; from a group delegated
# to the user (what systemd-run --user --scope -p Delegate=yes gives) the
# same run works, and the delegated group is left as it was found.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-uml.sh"
[ -n "${CONTEST_IN_UML:-}" ] || uml_main "$0" 512M

# $T is root's alone, and hostfs makes every file root's on the host, so
# the user writes to the guest's own tmpfs on /run
U=$(mktemp -d /run/contest-user.XXXXXX) && chmod 777 "$U" || exit 1
D=/sys/fs/cgroup/deleg
at_exit "rm -rf '$U'; rmdir $D 2> /dev/null"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
args=(-c "$TOP/configs/quick.conf" -s "work_dir=$U/work" -s workload=command -s 'command=sleep 3'
      -s quiet_wait=0 -s flush=no -s mem_limit=64M -s cpu_limit=0.5 -n 1 -r "$U/reports")

as_nobody "$CONTEST" run "${args[@]}" -k N process_load > "$T/n.out" 2> "$T/n.err"
rc=$?
ok $((rc == 0)) "not root, not delegated: the run fails (status $rc)"
grep -q "contest is not root and its cgroup '/sys/fs/cgroup/init.scope' is not delegated" "$T/n.err"
ok $? "it says why: $(head -1 "$T/n.err")"
grep -q "run as root, or under 'systemd-run --user --scope -p Delegate=yes contest run" "$T/n.err"
ok $? "and what to do"
! grep -q neither "$T/n.err"
ok $? "not 'neither cgroup v2 nor v1'"

# a group delegated to nobody, as systemd does it: the directory and its
# cgroup.procs, cgroup.subtree_control and cgroup.threads are the user's
mkdir $D && chown 65534 $D $D/cgroup.procs $D/cgroup.subtree_control $D/cgroup.threads
sh -c "echo \$\$ > $D/cgroup.procs && exec setpriv --reuid=65534 --regid=65534 --clear-groups \
	$CONTEST run $(printf '%q ' "${args[@]}") -k D process_load" > "$T/d.out" 2> "$T/d.err"
rc=$?
ok $rc "not root, in a delegated group: the run exits 0"
[ $rc -eq 0 ] || { echo "# status $rc"; cat "$T/d.out" "$T/d.err" | tr "\r" "\n" | sed "s/^/# /" | tail -8; }
is "$(col "$U/reports/D/runs.tsv" status)" ok "the row is ok"
lcpu=$(col "$U/reports/D/runs.tsv" lcpu_pct)
awk -v l="$lcpu" 'BEGIN { exit !(l >= 40 && l <= 56) }'
ok $? "process_load got the 0.5 CPU quota: LCPU% $lcpu"
grep -q "cgroup v2: compile and load in '$D/contest-[0-9]*', the driver in '$D/driver'" "$T/d.err"
ok $? "compile and load ran in the delegated group's child, the driver in its leaf"
is "$(find $D -mindepth 1 -type d | wc -l)" 0 "no group left in the delegated group"
is "$(cat $D/cgroup.subtree_control)" "" "its controllers are off again, as found"
done_testing

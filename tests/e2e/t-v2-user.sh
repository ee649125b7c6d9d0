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
D=/sys/fs/cgroup/deleg D2=/sys/fs/cgroup/deleg2
at_exit "rm -rf '$U'; rmdir $D/* $D $D2 2> /dev/null"
as_nobody() { setpriv --reuid=65534 --regid=65534 --clear-groups "$@"; }
args=(-c "$TOP/configs/quick.conf" -s "work_dir=$U/work" -s workload=command -s 'command=sleep 3'
      -s quiet_wait=0 -s flush=no -s mem_limit=64M -s cpu_limit=0.5 -n 1 -r "$U/reports")

as_nobody "$CONTEST" run "${args[@]}" -k N process_load > "$T/n.out" 2> "$T/n.err"
rc=$?
is "$rc" 1 "not root, not delegated: the run fails with status 1, not a crash"
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
grep -q "cgroup v2: compile and load in '$D/contest-[0-9]*', the driver in '$D/contest-[0-9]*-driver'" "$T/d.err"
ok $? "compile and load ran in the delegated group's child, the driver in its leaf"
is "$(find $D -mindepth 1 -type d | wc -l)" 0 "no group left in the delegated group"
is "$(cat $D/cgroup.subtree_control)" "" "its controllers are off again, as found"

# the delegated driver SIGKILLed while its load runs: the next run in the
# group removes the dead session's group and its driver leaf
sh -c "echo \$\$ > $D/cgroup.procs && exec setpriv --reuid=65534 --regid=65534 --clear-groups \
	$CONTEST run $(printf '%q ' "${args[@]}") -s 'command=sleep 30' -k K process_load" \
	> /dev/null 2> "$T/k.err" &
K=$!
load_running() { [ "$(cat $D/contest-$K/load/cgroup.procs 2> /dev/null | wc -l)" -ge 2 ]; }
wait_for 60 load_running
ok $? "a delegated session's process_load runs in $D/contest-$K/load"
[ -d "$D/contest-$K-driver" ]
ok $? "its driver is in its own leaf $D/contest-$K-driver"
kill -KILL $K
wait $K 2> /dev/null
wait_for 10 sh -c "! pgrep -f '$U/work' > /dev/null"
# the next run comes in a fresh delegated group, as systemd-run makes one
# per scope (the dead one still has its controllers on, so it takes no task)
mkdir $D2 && chown 65534 $D2 $D2/cgroup.procs $D2/cgroup.subtree_control $D2/cgroup.threads
sh -c "echo \$\$ > $D2/cgroup.procs && exec setpriv --reuid=65534 --regid=65534 --clear-groups \
	$CONTEST run $(printf '%q ' "${args[@]}") -s command=true -k D2 noload" > /dev/null 2> "$T/d2.err"
rc=$?; is "$rc" 0 "the next delegated run works"; [ $rc -eq 0 ] || tr "\r" "\n" < "$T/d2.err" | sed "s/^/# /" | tail -8
grep -q "cgroup $D/contest-$K-driver: removed" "$T/d2.err"
ok $? "and removes the dead driver's leaf: $(grep -c removed "$T/d2.err") removed"
is "$(find $D $D2 -mindepth 1 -type d | tr '\n' ' ')" "" "no group left in either delegated group"
done_testing

# lib-boot.sh - what the run --boot tests share; source it after lib.sh.
# Gives: UML (the Debian user-mode-linux kernel, or where it cannot run
# here work/uml-6.1.uml: uml_pick; $CONTEST_UML when set), BOOT (run's arguments for a
# tiny session: the quick profile, work_dir in $T, a short shell loop as the
# workload), R (the results dir), boot_before, boot_nothing_left.
# Skips the whole test when linux.uml is missing. The guests' private
# directories go to $T (TMPDIR), so their UML processes name $T.
. "$(dirname "${BASH_SOURCE[0]}")/lib-guest.sh"
UML=${CONTEST_UML:-/usr/bin/linux.uml}
# a test that boots only kernels it builds (BOOT_OWN_KERNELS=1) needs none
if [ -z "${BOOT_OWN_KERNELS:-}" ]; then
	[ -n "${CONTEST_UML:-}" ] || uml_pick
	if [ ! -x "$UML" ]; then
		skip "no user-mode-linux kernel at '$UML' (apt-get install user-mode-linux)"
		done_testing
		exit
	fi
	why=$(uml_cannot "$UML")
	if [ -n "$why" ]; then
		skip "$why"
		done_testing
		exit
	fi
fi
# ASan reserves its shadow memory at addresses far above what a UML
# process can map (the guest's user space ends near 512G): the sanitized
# contest cannot be the guest's init
if [ "$(cat "$TOP/bin/.mode" 2>/dev/null)" = sanitize ]; then
	skip "a sanitized contest cannot run in a UML guest (ASan's shadow memory does not fit)"
	done_testing
	exit
fi
export TMPDIR=$T
R=$T/reports
LOOP="sh -c 'i=0; while [ \$i -lt 50000 ]; do i=\$((i+1)); done'"
BOOT=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -s quiet_wait=1s -s load_lead=1s
	-s workload=command -s "command=$LOOP" -r "$R" --vm-mem 512M)

# UML memory files there now (other helpers' guests may have some)
boot_before() {
	ls /dev/shm | grep '^vm_file' | sort > "$T/shm.before" || true
}
# what guest_nothing_left checks (UML's command line names $T), and no UML
# memory file. No cgroup check: with --boot the host makes none, the
# guest's are in the guest's kernel.
boot_nothing_left() {
	local left=0
	guest_nothing_left || left=1
	if [ -n "$(comm -13 "$T/shm.before" <(ls /dev/shm | grep '^vm_file' | sort))" ]; then
		echo "# UML memory file left in /dev/shm"; left=1
	fi
	return $left
}

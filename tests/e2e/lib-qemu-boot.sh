# lib-qemu-boot.sh - boot a bzImage under QEMU/KVM and check what run --boot
# records; source it after lib.sh. qemu_boot_skip says why this machine
# cannot (no KVM device, no QEMU), qemu_boot_checks IMAGE runs the checks.
. "$(dirname "${BASH_SOURCE[0]}")/lib-guest.sh"
# The guests' private directories go to $T (TMPDIR) and the scratch disk to
# $T/work, so QEMU's command line names $T and pgrep -f "$T" finds it.

qemu_boot_skip() {
	if [ ! -r /dev/kvm ] || [ ! -w /dev/kvm ]; then
		echo "no /dev/kvm that opens read-write (QEMU/KVM boots need it)"
	elif ! command -v qemu-system-x86_64 >/dev/null; then
		echo "no qemu-system-x86_64 (apt-get install qemu-system-x86)"
	elif ! command -v mkfs.ext4 >/dev/null; then
		echo "no mkfs.ext4 (apt-get install e2fsprogs)"
	elif [ -e /sys/module/kvm_pvm ] && [ ! -e /sys/module/kvm_intel ] && [ ! -e /sys/module/kvm_amd ]; then
		echo "KVM here is PVM (kvm_pvm), which boots only PVM guest kernels: run refuses a bzImage"
	fi
}

# a quick noload + process_load session in a KVM guest booting IMAGE
qemu_boot_checks() {
	local img=$1 R=$T/reports cpus release took start mem
	local loop="sh -c 'i=0; while [ \$i -lt 50000 ]; do i=\$((i+1)); done'"
	local args=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -s quiet_wait=1s
		-s load_lead=1s -s workload=command -s "command=$loop" -r "$R" --vm-mem 512M)
	export TMPDIR=$T
	cpus=$(( $(nproc) > 1 ? 2 : 1 ))
	# the release the image says it is (its boot header's version string)
	release=$(file -b "$img" | sed -n 's/.*version \([^ ]*\) .*/\1/p')

	start=$(date +%s)
	"$CONTEST" run --boot "$img" -k kvm --vm-cpus "$cpus" "${args[@]}" noload process_load \
		> "$T/out" 2> "$T/err"
	ok $? "run --boot under QEMU/KVM exits 0 ($(grep -m1 -E '^(error|fatal)' "$T/err"))"
	took=$(( $(date +%s) - start ))
	echo "# the session in the guest took $took s"
	local f=$R/kvm/runs.tsv
	is "$(rows_with "$f" ok)" 2 "two ok rows on the host"
	is "$(col "$f" load | tr '\n' ' ')" "noload process_load " "the loads in order"
	awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} $c["load"]=="process_load" && $c["loads"] > 0 && $c["lcpu_pct"] > 0' "$f" | grep -q .
	ok $? "process_load did work beside the workload in the guest"
	grep -qx 'guest: qemu-kvm' "$R/kvm/env"
	ok $? "env: guest: qemu-kvm"
	[ -n "$release" ] && grep -q "^uname: Linux .* $release " "$R/kvm/env"
	ok $? "env: the guest kernel's uname is the image's release ($release)"
	is "$(sed -n 's/^cpus: //p' "$R/kvm/env")" "$cpus" "env: the guest's $cpus CPUs (-smp)"
	grep -qx "guest_cpus: $cpus" "$R/kvm/env" && grep -qx 'guest_mem: 512M' "$R/kvm/env" &&
		grep -qx "guest_image: $img" "$R/kvm/env" && grep -qx 'guest_boot_args: none' "$R/kvm/env"
	ok $? "env: how the guest was booted"
	mem=$(sed -n 's/^memtotal: \([0-9]*\).*/\1/p' "$R/kvm/env")
	[ "$mem" -gt $((400 << 20)) ] && [ "$mem" -le $((512 << 20)) ]
	ok $? "env: memtotal is the guest's 512M, not the host's ($mem)"
	sched=$(sed -n 's/^guest_scratch_scheduler: //p' "$R/kvm/env")
	[ -n "$sched" ] && [ "$sched" != unknown ]
	ok $? "env: the virtio scratch disk's I/O scheduler in the guest ($sched)"
	grep -q 'contest: process_load [^:]*, run 1: ' "$T/err"
	ok $? "the guest's progress on stderr"
	grep -q '^kvm \[1\]' "$T/out"
	ok $? "the tables on stdout"
	grep -q 'reboot: Power down' "$R/kvm/logs/guest.console"
	ok $? "the console log shows the guest powering off"
	guest_nothing_left
	ok $? "nothing left behind: no QEMU, no scratch disk, no guest directory"

	# / is read-only in the guest: io_other pointed outside results and
	# work_dir cannot write there
	mkdir "$T/outside"
	"$CONTEST" run --boot "$img" -k ro --vm-cpus 1 "${args[@]}" -s "io_other_dir=$T/outside" \
		-s io_other.size=1M io_other > "$T/ro.out" 2> "$T/ro.err"
	is $? 1 "io_other outside results and work_dir: exit 1"
	col "$R/ro/runs.tsv" status_detail | grep -q "io_other_dir '$T/outside' is not writable: Read-only file system"
	ok $? "the guest cannot write outside them ($(col "$R/ro/runs.tsv" status_detail))"
	is "$(ls -A "$T/outside")" "" "and wrote nothing there"
	guest_nothing_left
	ok $? "nothing left behind after the second guest"
}

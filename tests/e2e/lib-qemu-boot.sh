# lib-qemu-boot.sh - build (or reuse) the QEMU guest kernel and boot it
# with run --boot; source it after lib.sh. qemu_boot_skip says why this
# machine cannot (no QEMU, no mkfs.ext4), qemu_accel which accelerator
# guest_accel = auto takes here, qemu_kernel builds work/qemu-6.1.bzImage
# once (later calls are make's incremental check), qemu_boot_checks IMAGE
# runs a session in it and checks what comes back.
. "$(dirname "${BASH_SOURCE[0]}")/lib-guest.sh"
# The guests' private directories go to $T (TMPDIR) and the scratch disk to
# $T/work, so QEMU's command line names $T and pgrep -f "$T" finds it.

qemu_boot_skip() {
	if ! command -v qemu-system-x86_64 >/dev/null; then
		echo "no qemu-system-x86_64 (apt-get install qemu-system-x86)"
	elif ! command -v mkfs.ext4 >/dev/null; then
		echo "no mkfs.ext4 (apt-get install e2fsprogs)"
	elif [ ! -f /usr/src/linux-source-6.1.tar.xz ]; then
		echo "no /usr/src/linux-source-6.1.tar.xz (apt-get install linux-source-6.1)"
	fi
}

# kvm where KVM boots an ordinary bzImage (a KVM device that opens
# read-write and is not PVM), else tcg: what guest_accel = auto picks
qemu_accel() {
	if [ -r /dev/kvm ] && [ -w /dev/kvm ] && { [ ! -e /sys/module/kvm_pvm ] ||
		[ -e /sys/module/kvm_intel ] || [ -e /sys/module/kvm_amd ]; }; then
		echo kvm
	else
		echo tcg
	fi
}

# work/qemu-6.1.bzImage, built the first time (minutes), then kept: the
# path on stdout, the build's time on stderr as a TAP comment
qemu_kernel() {
	local start img
	start=$(date +%s)
	img=$("$TOP/scripts/qemu-kernel.sh" "$TOP/work" qemu-6.1 2> "$T/build.err") || {
		tail -n 5 "$T/build.err" >&2
		return 1
	}
	# stdout is the path: the time goes to the test's stderr
	echo "the kernel build took $(( $(date +%s) - start )) s (incremental when work/ had one)" >&2
	echo "$img"
}

# a session in a guest booting IMAGE on 2 vCPUs (1 on a 1-CPU host): a
# small compile (the synthetic tree) alone, beside a CPU, a disk and a
# memory load; then a command workload in a guest that cannot write
# outside results and work_dir
qemu_boot_checks() {
	local img=$1 R=$T/reports cpus release took start mem accel f
	local loop="sh -c 'i=0; while [ \$i -lt 50000 ]; do i=\$((i+1)); done'"
	local base=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -s quiet_wait=1s
		-s load_lead=1s -r "$R" --vm-mem 512M)
	# small: under TCG each cc1 runs emulated, 8 files took 88 s here
	local compile=(-s workload=synthetic -s synthetic_dirs=1 -s synthetic_files=2
		-s synthetic_funcs=4 -s io_load.size=32M -s mem_load.size=64M)
	export TMPDIR=$T
	accel=$(qemu_accel)
	cpus=$(( $(nproc) > 1 ? 2 : 1 ))
	# the release the image says it is (its boot header's version string)
	release=$(file -b "$img" | sed -n 's/.*version \([^ ]*\) .*/\1/p')

	start=$(date +%s)
	"$CONTEST" run --boot "$img" -k guest --vm-cpus "$cpus" "${base[@]}" "${compile[@]}" \
		noload process_load io_load mem_load > "$T/out" 2> "$T/err"
	ok $? "run --boot under QEMU/$accel exits 0 ($(grep -m1 -E '^(error|fatal)' "$T/err"))"
	took=$(( $(date +%s) - start ))
	echo "# the session in the guest (QEMU/$accel, $cpus vCPUs) took $took s"
	f=$R/guest/runs.tsv
	is "$(rows_with "$f" ok)" 4 "four ok rows on the host"
	is "$(col "$f" load | tr '\n' ' ')" "noload process_load io_load mem_load " "the loads in order"
	for l in process_load io_load mem_load; do
		awk -F'\t' -v l=$l 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} $c["load"]==l && $c["loads"] > 0' "$f" | grep -q .
		ok $? "$l did work beside the compile in the guest"
	done
	is "$(grep -c 'QEMU emulates the CPU (TCG)' "$T/err")" "$([ "$accel" = tcg ] && echo 1 || echo 0)" \
		"one warning that the times are emulated under TCG, none under KVM"
	grep -qx "guest: qemu-$accel" "$R/guest/env" && grep -qx "guest_accel: $accel" "$R/guest/env"
	ok $? "env: guest: qemu-$accel, guest_accel: $accel"
	grep -q "^guest_qemu: $(qemu-system-x86_64 --version | sed -n '1s/^QEMU emulator version \([^ ]*\).*/\1/p')" "$R/guest/env"
	ok $? "env: guest_qemu, QEMU's version ($(sed -n 's/^guest_qemu: //p' "$R/guest/env"))"
	[ -n "$release" ] && grep -q "^uname: Linux .* $release " "$R/guest/env"
	ok $? "env: the guest kernel's uname is the image's release ($release)"
	is "$(sed -n 's/^cpus: //p' "$R/guest/env")" "$cpus" "env: the guest sees its $cpus CPUs (-smp)"
	grep -qx "guest_cpus: $cpus" "$R/guest/env" && grep -qx 'guest_mem: 512M' "$R/guest/env" &&
		grep -qx "guest_image: $img" "$R/guest/env" && grep -qx 'guest_boot_args: none' "$R/guest/env"
	ok $? "env: how the guest was booted"
	mem=$(sed -n 's/^memtotal: \([0-9]*\).*/\1/p' "$R/guest/env")
	[ "$mem" -gt $((400 << 20)) ] && [ "$mem" -le $((512 << 20)) ]
	ok $? "env: memtotal is the guest's 512M, not the host's ($mem)"
	sched=$(sed -n 's/^guest_scratch_scheduler: //p' "$R/guest/env")
	[ -n "$sched" ] && [ "$sched" != unknown ]
	ok $? "env: the virtio scratch disk's I/O scheduler in the guest ($sched)"
	ls "$R/guest/logs/" | grep -q '^process_load\.1\.'
	ok $? "the runs' logs came back ($(ls "$R/guest/logs" | tr '\n' ' ' | cut -c1-100))"
	grep -q 'contest: mem_load [^:]*, run 1: ' "$T/err"
	ok $? "the guest's progress on stderr"
	grep -q '^guest \[1\]' "$T/out"
	ok $? "the tables on stdout"
	grep -q 'reboot: Power down' "$R/guest/logs/guest.console"
	ok $? "the console log shows the guest powering off"
	guest_nothing_left
	ok $? "nothing left behind: no QEMU, no scratch disk, no guest directory"

	# a command workload; / is read-only in the guest: io_other pointed
	# outside results and work_dir cannot write there
	mkdir "$T/outside"
	"$CONTEST" run --boot "$img" -k ro --vm-cpus 1 "${base[@]}" -s workload=command \
		-s "command=$loop" -s "io_other_dir=$T/outside" -s io_other.size=1M noload io_other \
		> "$T/ro.out" 2> "$T/ro.err"
	is $? 1 "io_other outside results and work_dir: exit 1"
	is "$(col "$R/ro/runs.tsv" status | tr '\n' ' ')" "ok load-failed " "the command workload's noload run ok, io_other's load-failed"
	col "$R/ro/runs.tsv" status_detail | grep -q "io_other_dir '$T/outside' is not writable: Read-only file system"
	ok $? "the guest cannot write outside them ($(col "$R/ro/runs.tsv" status_detail | tail -n 1))"
	is "$(ls -A "$T/outside")" "" "and wrote nothing there"
	guest_nothing_left
	ok $? "nothing left behind after the second guest"
}

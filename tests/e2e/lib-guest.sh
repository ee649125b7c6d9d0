# lib-guest.sh - what a run --boot test checks is gone after a guest, UML or
# QEMU; source it after lib.sh, with TMPDIR=$T and work_dir=$T/work, so the
# monitor's command line names $T.
# guest_nothing_left: no process naming $T, no guest directory, scratch
# disk or scratch mount point, no session scratch directory in $T/work;
# prints what is left as TAP comments.
guest_nothing_left() {
	local left=0 p
	p=$(pgrep -f "$T" | grep -vx "$$" || true)
	if [ -n "$p" ]; then echo "# processes left: $(ps -o pid,args -p $p | tail -n +2 | tr '\n' ';')"; left=1; fi
	if [ -e "$T/work/scratch" ]; then echo "# scratch mount point left"; left=1; fi
	if ls -d "$T"/contest-boot.* >/dev/null 2>&1; then echo "# guest dir left: $(ls -d "$T"/contest-boot.*)"; left=1; fi
	if ls "$T"/work/.guest-disk.* >/dev/null 2>&1; then echo "# scratch disk left"; left=1; fi
	# the loads' scratch goes to the guest's disk, so a killed guest leaves none on the host
	if ls -d "$T"/work/scratch.* >/dev/null 2>&1; then echo "# the session's scratch on the host: $(ls -d "$T"/work/scratch.*)"; left=1; fi
	return $left
}

# uml_cannot [UML]: why that user-mode-linux kernel (default $UML) cannot run
# a process on this CPU, or nothing. UML up to 6.1 restores a fixed 2696-byte
# XSAVE area; where the host's is larger (AMX: 11008 bytes), ptrace refuses
# the restore and every guest process dies ("ptrace set fp regs failed").
# One boot with init=/bin/true, about a second, once a test run.
uml_cannot() {
	local uml=${1:-$UML} cache d
	cache=${CONTEST_TEST_TMP:-$T}/uml-cannot.$(printf '%s' "$uml" | cksum | cut -d' ' -f1)
	if [ ! -e "$cache" ]; then
		d=$(mktemp -d "${CONTEST_TEST_TMP:-$T}/uml-probe.XXXXXX")
		TMPDIR=$d timeout -s KILL 60 "$uml" mem=64M root=/dev/root rootfstype=hostfs \
			rootflags=/ ro init=/bin/true con=null con0=null,fd:1 quiet uml_dir="$d" \
			umid=probe < /dev/null > "$d/console" 2>&1
		if grep -q 'ptrace set fp regs failed' "$d/console"; then
			echo "$uml cannot restore this CPU's registers (ptrace set fp regs failed: its XSAVE area is larger than the 2696 bytes UML 6.1 knows), so no guest process runs here (make uml-kernel builds one that can)" > "$cache"
		else
			: > "$cache"
		fi
		rm -rf "$d"
	fi
	cat "$cache"
}

# uml_pick: where $UML (the default, Debian's) cannot run a process here
# and $UML_OWN can (work/uml-6.1.uml: `make uml-kernel` fits its XSAVE size
# to this CPU), UML becomes that one, and a TAP comment says so
UML_OWN=${CONTEST_UML_OWN:-$TOP/work/uml-6.1.uml}
uml_pick() {
	local why="no $UML"
	[ ! -x "$UML" ] || why=$(uml_cannot "$UML")
	[ -n "$why" ] && [ -x "$UML_OWN" ] && [ -z "$(uml_cannot "$UML_OWN")" ] || return 0
	echo "# $why: booting $UML_OWN instead"
	UML=$UML_OWN
}

# an x86 boot protocol header and nothing else: 0xAA55 at 0x1fe, "HdrS" at
# 0x202 (what contest looks at to call an image a bzImage)
fake_bzimage() {
	head -c 4096 /dev/zero > "$1"
	printf '\x55\xaa' | dd of="$1" bs=1 seek=$((0x1fe)) conv=notrunc status=none
	printf 'HdrS' | dd of="$1" bs=1 seek=$((0x202)) conv=notrunc status=none
}

# the refusal tests' setup: TMPDIR=$T, results in $R, the quick profile's
# ARGS, and a fake bzImage in $img
refuse_setup() {
	export TMPDIR=$T
	R=$T/reports
	ARGS=(-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R")
	img=$T/bzImage
	fake_bzimage "$img"
}

# refuses NAME PATTERN ARGS...: ARGS exits 2, stderr matches PATTERN,
# stdout is empty, and nothing was booted, recorded ($R) or left
refuses() {
	local name=$1 pat=$2; shift 2
	"$@" > "$T/out" 2> "$T/err"
	is $? 2 "$name: exit 2"
	grep -Eq "$pat" "$T/err"
	ok $? "$name: says why ($(head -c 240 "$T/err" | tr '\n' ' '))"
	[ ! -e "$R" ] && guest_nothing_left
	ok $? "$name: nothing booted, recorded or left"
	[ ! -s "$T/out" ]
	ok $? "$name: nothing on stdout"
}

# guest_ctrl_c KERNEL WAIT CMD...: run CMD (a run --boot of -k KERNEL whose
# run never ends) in the background, send it SIGINT once the guest's
# session has started its run (at most WAIT seconds), and check that it
# exits 130 within 10 s, its run recorded aborted, and nothing is left
guest_ctrl_c() {
	local kernel=$1 wait=$2 pid st start took
	shift 2
	"$@" > "$T/intr.out" 2> "$T/intr.err" &
	pid=$!
	for _ in $(seq $((wait * 5))); do grep -q 'noload 1/1' "$T/intr.err" && break; sleep 0.2; done
	grep -q 'noload 1/1' "$T/intr.err"
	ok $? "Ctrl-C: the session in the guest started its run"
	sleep 1
	start=$(date +%s.%N)
	kill -INT $pid
	wait $pid
	st=$?
	took=$(echo "$(date +%s.%N) - $start" | bc)
	is $st 130 "Ctrl-C: exit 130"
	echo "$took < 10" | bc | grep -qx 1
	ok $? "Ctrl-C: the guest is gone within 10 s (took $took s)"
	is "$(guest_status "$kernel")" \
		"aborted: interrupted: the guest was killed; see logs/guest.console" \
		"Ctrl-C: the run in flight is recorded aborted"
	guest_nothing_left
	ok $? "Ctrl-C: no guest process, scratch disk or guest directory left"
}

# guest_status KERNEL: "STATUS: DETAIL" of each of its rows
guest_status() {
	awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) c[$i]=i; next} {print $c["status"] ": " $c["status_detail"]}' "$R/$1/runs.tsv"
}

# guest_hang KERNEL SECONDS MAX CMD...: CMD (a run --boot of -k KERNEL with
# --vm-timeout SECONDS whose run never ends) exits 1 after SECONDS and
# before MAX, its run recorded guest-failed for the timeout
guest_hang() {
	local kernel=$1 secs=$2 max=$3 st start took
	shift 3
	start=$(date +%s)
	"$@" > "$T/hang.out" 2> "$T/hang.err"
	st=$? took=$(( $(date +%s) - start ))
	is $st 1 "a hanging guest: exit 1"
	[ "$took" -ge "$secs" ] && [ "$took" -le "$max" ]
	ok $? "killed after the timeout, not the workload's 600 s (took $took s)"
	guest_status "$kernel" | grep -q "^guest-failed: no new row for $secs s: the guest was killed"
	ok $? "recorded as guest-failed with the timeout ($(guest_status "$kernel"))"
}

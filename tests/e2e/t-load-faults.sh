#!/usr/bin/env bash
# Faults inside a run, on real filesystems: io_other pointed at a 32 MiB
# tmpfs with a 64M file cannot run; io_other whose disk fills up while it
# runs hits ENOSPC. Either way the run is load-failed with the reason in
# status_detail and on stderr, the session goes on with the next load, and
# run exits 1. (dbench missing or crashing is in t-unsupported.)
. "$(dirname "$0")/lib.sh"
if ! need_root; then skip "mounting a tmpfs needs root"; done_testing; exit; fi
contest_cgroups > "$T/cg.before"
R=$T/reports
mkdir -p "$T/small" "$T/filling"
mount -t tmpfs -o size=32m contest-test "$T/small" || { skip "cannot mount a tmpfs"; done_testing; exit; }
at_exit "umount '$T/small'"
mount -t tmpfs -o size=160m contest-test "$T/filling" || { skip "cannot mount a tmpfs"; done_testing; exit; }
at_exit "umount '$T/filling'"
run() {	# run TAG DIR: io_other in DIR, then process_load; the compile is a sleep
	"$CONTEST" run "${QUICK_CMD[@]}" -s "command=sleep 6" \
		-s load_lead=1s -s "io_other_dir=$2" -s io_other.size=64M -k "$1" -n 1 -r "$R" \
		io_other process_load > /dev/null 2> "$T/err.$1"
}
status_of() { awk -F'\t' -v l="$2" 'NR==1{for(i=1;i<=NF;i++){if($i=="status")s=i; if($i=="load")c=i; if($i=="status_detail")d=i}; next} $c==l{print $s ": " $d}' "$R/$1/runs.tsv"; }

run small "$T/small"
is "$?" 1 "io_other on a 32 MiB tmpfs: exit 1"
status_of small io_other | grep -q "^load-failed: .*needs 64 MiB"
ok $? "io_other is load-failed with the reason: $(status_of small io_other)"
grep -q "needs 64 MiB" "$T/err.small"
ok $? "the reason is on stderr too"
is "$(status_of small process_load)" "ok: -" "the session went on: process_load ran ok"

# fill the disk while the load writes: dd after dd takes whatever is freed
run full "$T/filling" &
pid=$!
wait_for 60 sh -c "ls $T/filling/contest-io_other.*/* > /dev/null 2>&1"
ok $? "io_other is writing on the 160 MiB tmpfs"
end=$(( $(date +%s) + 4 ))
for ((i = 0; $(date +%s) < end; i++)); do dd if=/dev/zero of="$T/filling/fill.$i" bs=1M 2>/dev/null; done
wait $pid
is "$?" 1 "a load that hits ENOSPC: exit 1"
rm -f "$T"/filling/fill.*
status_of full io_other | grep -q "^load-failed: .*No space left on device"
ok $? "io_other is load-failed with ENOSPC in status_detail: $(status_of full io_other)"
grep -q "No space left on device" "$T/err.full"
ok $? "and on stderr"
is "$(status_of full process_load)" "ok: -" "the session went on: process_load ran ok"
left=$(ls -A "$T/filling" "$T/small" | grep -v -e "^/" -e "^$" || true); [ -z "$left" ] || echo "# left: $left"
[ -z "$left" ]
ok $? "io_other's directories are removed"
nothing_left "$T/cg.before" $pid
ok $? "nothing left behind"
done_testing

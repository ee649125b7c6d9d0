#!/usr/bin/env bash
# compare, report and their mails across guests' accelerators, on
# hand-written results: a QEMU/TCG kernel against a QEMU/KVM BASE is named
# (NO VERDICT ACROSS ACCELERATORS) and its rows show the difference with
# no test, mark or verdict, so --fail-above does not fail on it; a KVM
# kernel with other vCPUs is named as a confound and judged as before;
# the report's machine line, the lkp mail's test machine and KCIDB's
# environment carry the accelerator, vCPUs, memory and QEMU version.
. "$(dirname "$0")/lib.sh"
R=$T/reports
runs() { runs_two_loads "$R/$1/runs.tsv" "$2"; }
envfile() {	# envfile KERNEL ACCEL VCPUS
	printf 'host: box\nuname: Linux box %s\ncpu_model: Test CPU\ncpus: %s\nmemtotal: 500000000 (476.8 MiB)\nguest: qemu-%s\nguest_accel: %s\nguest_qemu: 7.2.22 (Debian 1:7.2+dfsg-7)\nguest_image: /img\nguest_mem: 512M\nguest_cpus: %s\nmem_limit: none\ncpu_limit: none\ncontest_version: 0.1.0\nconfig:\nmake_jobs = 4\n' \
		"$1" "$3" "$2" "$2" "$3" > "$R/$1/env"
}
runs kvm 1.0; runs tcg 1.10; runs kvm1 1.10
envfile kvm kvm 2; envfile tcg tcg 2; envfile kvm1 kvm 1

"$CONTEST" compare -r "$R" --format csv kvm tcg kvm1 > "$T/out.csv" 2> "$T/csv.err"
ok $? "compare --format csv exits 0"
grep -q "^warning: NO VERDICT ACROSS ACCELERATORS: 'tcg' ran in a QEMU/TCG guest (an emulated CPU), 2 vCPUs, 512M, QEMU 7.2.22, 'kvm' in a QEMU/KVM guest, 2 vCPUs" "$T/csv.err"
ok $? "the TCG kernel against the KVM BASE is named: no verdict ($(grep -m1 ACCELERATORS "$T/csv.err"))"
grep -q "ACCELERATORS: 'kvm1'" "$T/csv.err"
is $? 1 "the KVM kernel is not"
grep -q "^warning: 'kvm1' and 'kvm' were measured with different guest_cpus: '1' against '2'" "$T/csv.err"
ok $? "a different vCPU count is a confound"
python3 - "$T/out.csv" > "$T/csv.check" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1], newline='')))
tcg = [r for r in rows if r['kernel'] == 'tcg']
assert tcg and all(r['verdict'] == '' and r['significant'] == '' and r['p_value'] == ''
                   for r in tcg), tcg
t = [r for r in tcg if r['load'] == 'io_load' and r['metric'] == 'Time'][0]
assert abs(float(t['diff_pct']) + 10) < 1e-6, t	# the difference is still shown
r1 = [r for r in rows if r['kernel'] == 'kvm1' and r['metric'] == 'Ratio'][0]
assert r1['verdict'] == 'worse' and r1['significant'], r1	# judged as before
print('ok')
PY
is "$(cat "$T/csv.check")" ok "the TCG kernel's rows: a difference, no p, mark or verdict; the KVM one's Ratio is judged worse"

"$CONTEST" compare -r "$R" --fail-above 5 kvm tcg > "$T/fail.out" 2> "$T/fail.err"
is $? 0 "--fail-above 5: a slower TCG kernel does not fail against KVM"
grep -q 'tcg' "$T/fail.out" && ! grep -q '^fail:' "$T/fail.err"
ok $? "its rows are printed, no fail line"
"$CONTEST" compare -r "$R" --fail-above 5 kvm kvm1 > /dev/null 2> "$T/fail1.err"
is $? 3 "the same slowdown under KVM fails ($(grep -m1 '^fail:' "$T/fail1.err"))"

"$CONTEST" compare -r "$R" --format lkp kvm tcg > "$T/lkp" 2> /dev/null
tr '\n' ' ' < "$T/lkp" | grep -q 'test machine: box (Test CPU, 2 CPUs, 476.8 MiB; a QEMU/TCG guest (an emulated CPU), 2 vCPUs, 512M, QEMU 7.2.22)' &&
	grep -q '^Warning: NO VERDICT ACROSS ACCELERATORS' "$T/lkp"
ok $? "lkp mail: the test machine names the guest, and no verdict is said ($(grep -m1 '^test machine' "$T/lkp"))"
grep -q '^ *guest_accel: tcg' "$T/lkp" && grep -q '^ *guest_cpus: 2' "$T/lkp"
ok $? "lkp mail: guest_accel and guest_cpus among the parameters"

"$CONTEST" report -r "$R" --format mail kvm tcg > "$T/mail" 2> /dev/null
tr '\n' ' ' < "$T/mail" | grep -q 'They ran in a QEMU/KVM guest, 2 vCPUs, 512M, QEMU 7.2.22'
ok $? "the report mail's machine line names the guest"
tr '\n' ' ' < "$T/mail" | grep -q "NO VERDICT ACROSS ACCELERATORS: 'tcg' ran in a QEMU/TCG guest"
ok $? "and says the TCG kernel has no verdict"
"$CONTEST" report -r "$R" --format kcidb --origin test kvm tcg > "$T/kcidb.json" 2> /dev/null
python3 - "$T/kcidb.json" > "$T/kcidb.check" 2>&1 <<'PY'
import json, sys
tests = json.load(open(sys.argv[1]))['tests']
env = {t['environment']['misc']['guest_accel'] for t in tests if 'environment' in t}
assert env == {'kvm', 'tcg'}, env
e = [t['environment'] for t in tests if t.get('environment', {}).get('misc', {}).get('guest_accel') == 'tcg'][0]
assert e['misc']['guest_cpus'] == '2' and e['misc']['guest_mem'] == '512M', e
assert e['misc']['guest_qemu'].startswith('7.2.22'), e
assert 'QEMU/TCG guest (an emulated CPU), 2 vCPUs' in e['comment'], e
print('ok')
PY
is "$(cat "$T/kcidb.check")" ok "KCIDB: the environment's misc and comment carry accelerator, vCPUs, memory and QEMU"
done_testing

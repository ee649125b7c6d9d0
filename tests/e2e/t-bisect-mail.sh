#!/usr/bin/env bash
# contest bisect --format mail writes a mail a kernel developer can send:
# stdout is the message alone (python3's email module reads its headers,
# then the body), the plan and step lines on stderr; the table's header
# puts each commit id above its column, and a script reads the table
# column by column; the details name the host and the guest, the kernel's
# config and compiler (not the workload's), the runs compared, the
# bisection and its confirmation; rows with no variation are left out in
# one line, no MDE is 0 where the runs vary, and the candidates' images
# (what a bisection varies) are not warned of. No guest boots: the rounds
# are a recorded state's, the candidates' folders planted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
command -v python3 > /dev/null || { skip "no python3"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" "mm: good" "mm: slow it down"
good=$(git -C "$G" rev-parse HEAD~1)
bad=$(git -C "$G" rev-parse HEAD)
write_state "$R" "$G" - "round 2 0 1 100 150" "round 2 1 0 152 101" "round 2 0 1 99 149" \
	"round 2 0 1 100 151" "round 2 1 0 150 99" "round 2 0 1 101 150"
plant_candidate "$R" "$G" "$good" 1.0
plant_candidate "$R" "$G" "$bad" 1.5
# a build that leaves a .config naming its compiler, as kbuild's does
printf '%s\n' 'printf "CONFIG_UML=y\nCONFIG_CC_VERSION_TEXT=\"gcc (Test) 12.2.0\"\n" > "$CONTEST_BUILD_DIR/.config"' \
	'cp /bin/true "$CONTEST_BUILD_DIR/image" && echo "$CONTEST_BUILD_DIR/image"' > "$T/build.sh"
"$CONTEST" bisect --tree "$G" --good HEAD~1 --bad HEAD --build "sh $T/build.sh" \
	-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R" --resume --format mail \
	--to lkml@example.org noload > "$T/mail" 2> "$T/err"
is $? 0 "a culprit named from the state, as a mail: exit 0"

grep -qx 'CONFIG_CC_VERSION_TEXT="gcc (Test) 12.2.0"' "$R/.bisect/images/${bad:0:12}.config"
ok $? "each build's .config is kept beside its image"

# 1: the message alone on stdout
head -n 1 "$T/mail" | grep -q '^From: '
ok $? "stdout starts with the From: header ($(head -n 1 "$T/mail" | cut -c1-40))"
grep -q '^bisect: 2 commits' "$T/err" && grep -q '^bisect: rule:' "$T/err" &&
	grep -q '^bisect: the culprit is' "$T/err"
ok $? "the plan, the rule and the outcome are on stderr"
python3 - "$T/mail" > "$T/parsed" <<'PY'
import email, sys
from email import policy
m = email.message_from_binary_file(open(sys.argv[1], 'rb'), policy=policy.default)
assert not m.defects, m.defects
keys = [k.lower() for k in m.keys()]
assert keys[:2] == ['from', 'to'] or 'from' in keys, keys
for k in ('from', 'to', 'subject', 'date'):
    assert k in keys, (k, keys)
body = m.get_content()
assert body.startswith('Hello,'), body[:40]
print('subject', m['subject'])
print('to', m['to'])
open(sys.argv[1] + '.body', 'w').write(body)
PY
ok $? "python3's email module reads it as a message: headers, then the body"
grep -q '^subject \[contest\] '"$bad"': contest.noload.time_s [0-9.]*% regression$' "$T/parsed"
ok $? "its subject ($(sed -n 's/^subject //p' "$T/parsed"))"
B=$T/mail.body

# 2: each commit id above its column; the table read column by column
hdr=$(grep -n "^${good:0:16}" "$B" | cut -d: -f1)
line=$(sed -n "${hdr}p" "$B")
is "${line:0:16}" "${good:0:16}" "the base's id starts the base's column"
is "${line:34:16}" "${bad:0:16}" "the head's id starts at the head's column (34)"
awk '/^ *\\ +\| +\\ *$/ { on = 1; next } on && /^$/ { exit } on' "$B" > "$T/table"
python3 - "$T/table" "$T/cols" <<'PY'
import sys, re
rows = [l.split() for l in open(sys.argv[1]) if l.strip()]
assert rows, 'no rows'
out = open(sys.argv[2], 'w')
for r in rows:
    assert len(r) == 10 and r[1] == '+-' and r[5] == '+-', r
    base, change, head, mde, verdict, name = float(r[0]), r[3], float(r[4]), r[7], r[8], r[9]
    assert re.match(r'^[-+][0-9.]+%$|^-$', change), change
    print(name, base, change, head, mde, verdict, file=out)
PY
ok $? "every row reads as base +- SD change head +- SD MDE verdict name ($(wc -l < "$T/table") rows)"
grep -q '^contest.noload.time_s 10\.[0-9]* +50\.[0-9]% 15\.[0-9]* [<>0-9.]*% worse$' "$T/cols"
ok $? "the time row by column: base, change, head, MDE, verdict ($(head -n 1 "$T/cols"))"

# 3: the details
grep -qx "test machine: box (Linux 6.1.0-18-amd64, 2 CPUs, 7.5 GiB) running a uml guest of" "$B" &&
	grep -qx "1 CPU and 1G memory (Test CPU, kernel 6.1.0)" "$B"
ok $? "the test machine is the host and the guest it ran"
! grep -q '(none)' "$B"
ok $? "not the guest's hostname (none)"
grep -q '^config: not recorded (kernel 6.1.0)$' "$B" && grep -q '^compiler: not recorded$' "$B" &&
	grep -q "^        workload's compiler: cc (Debian 12.2.0-14) 12.2.0$" "$B"
ok $? "config and compiler are the kernel's (not recorded here), the workload's cc a parameter"
grep -q '^        runs: 8 and 8 compared$' "$B"
ok $? "the runs compared, each side's"
tr '\n' ' ' < "$B" | grep -q "contest bisect found it among the 1 commit from ${good:0:12} to ${bad:0:12} .* confirmed +50.3% slower than ${good:0:12}"
ok $? "it says it came from a bisection and its good-to-bad confirmation"

# the kernel's config and compiler, as a candidate's env records them
sed -i "s|^contest_version:|kernel_config: ARCH=um defconfig, saved as $R/.bisect/images/${bad:0:12}.config\nkernel_compiler: gcc (Test) 12.2.0\n&|" "$R/${bad:0:12}/env"
"$CONTEST" compare -r "$R" --format lkp "${good:0:12}" "${bad:0:12}" > "$T/kmail" 2> /dev/null
tr '\n' ' ' < "$T/kmail" | grep -qF "config: ARCH=um defconfig, saved as $R/.bisect/images/${bad:0:12}.config compiler: gcc (Test) 12.2.0 "
ok $? "a recorded kernel config and compiler are the mail's config and compiler"

# 4: rows that mean nothing
! grep -q 'psi_cpu_some_us$\|psi_io_some_us$\|\.loads$' "$T/table"
ok $? "rows the same in every run of both are not in the table"
tr '\n' ' ' < "$B" | grep -q 'Left out, the same value in every run of both: [0-9]* rows (contest.noload.cpu_pct, contest.noload.psi_cpu_some_us'
ok $? "they are counted in one line"
! awk '($3 != "0%" || $7 != "0%") && $8 == "0.0%"' "$T/table" | grep -q .
ok $? "no MDE is 0.0% where a side's SD is not 0 ($(grep -c . "$T/table") rows)"
grep -q '^contest.noload.disk_await_ms .* \(undecided\|same\|worse\)$' "$T/cols" &&
	! grep -q '^contest.noload.disk_await_ms .* 0\.0% ' "$T/cols"
ok $? "disk_await_ms, 0 in some rounds: judged by its means, not two equal pairs ($(grep disk_await "$T/cols"))"

# 9: the candidates' images are what a bisection varies
! grep -q 'different guest_image' "$B" "$T/err"
ok $? "no 'different guest_image' warning between the candidates"
done_testing

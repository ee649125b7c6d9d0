#!/usr/bin/env bash
# long: ansible-playbook against two hosts, each a real session (about a minute)
# contrib/ansible/contest.yml with Debian's ansible-playbook on an inventory
# of two machines that are both this one (local connection, each its own
# contest_dir): contest installed from this checkout's HEAD and built on
# each, a quick command session on each, both KERNEL@HOST folders gathered,
# and report and compare over them on the controller, compare warning that
# the kernels ran on different machines.
. "$(dirname "$0")/lib.sh"
command -v ansible-playbook > /dev/null || { echo "1..0 # SKIP ansible is not installed"; exit 0; }
git -C "$TOP" rev-parse HEAD > /dev/null 2>&1 || { echo "1..0 # SKIP $TOP is not a git checkout"; exit 0; }
command_conf "$T/c.conf" true
cat > "$T/hosts" <<INV
[lab]
alpha ansible_connection=local contest_dir=$T/alpha
beta ansible_connection=local contest_dir=$T/beta

[all:vars]
ansible_python_interpreter=/usr/bin/python3
INV
cat > "$T/vars.json" <<JSON
{"contest_conf": "$T/c.conf", "contest_variants": [{"name": "6.1.0-lab"}],
 "contest_loads": ["noload", "process_load"], "contest_runs": 2,
 "contest_gather": "$T/gathered", "contest_bin": "$CONTEST"}
JSON
ANSIBLE_LOCAL_TEMP=$T/ansible-tmp ANSIBLE_HOME=$T/ansible-home ANSIBLE_NOCOLOR=1 \
	nice -n 5 ansible-playbook -i "$T/hosts" -e "@$T/vars.json" "$TOP/contrib/ansible/contest.yml" \
	> "$T/play.out" 2>&1
st=$?
ok $st "ansible-playbook exits 0"
[ $st -eq 0 ] || grep -B2 -A12 "FAILED\|fatal" "$T/play.out" | sed "s/^/# /" | head -60
G=$T/gathered
for h in alpha beta; do
	[ -s "$G/6.1.0-lab@$h/runs.tsv" ] && [ -s "$G/6.1.0-lab@$h/env" ]
	ok $? "$h's folder came back as 6.1.0-lab@$h, with runs.tsv and env"
	is "$(rows_with "$G/6.1.0-lab@$h/runs.tsv" ok)" 4 "$h: two ok runs of each load"
	is "$(sed -n 's/^host: //p' "$G/6.1.0-lab@$h/env")" "$h" "$h: the env names its machine"
	[ -x "$T/$h/src/bin/contest" ]
	ok $? "$h: contest was built in its own directory"
done
grep -q '^6.1.0-lab@alpha \[2\]' "$G/report.txt" && grep -q '^6.1.0-lab@beta \[2\]' "$G/report.txt"
ok $? "the controller's report has both machines' kernels"
grep -q '^alpha (.*): 6.1.0-lab@alpha$' "$G/report.txt" && grep -q '^beta (.*): 6.1.0-lab@beta$' "$G/report.txt"
ok $? "the report lists each machine with its kernels"
grep -q '6.1.0-lab@beta' "$G/compare.txt"
ok $? "compare ran over both"
grep -q "ACROSS MACHINES" "$G/compare.txt"
ok $? "compare warns that it compares across machines"
grep -q "ACROSS MACHINES" "$T/play.out"
ok $? "the play's output shows the warning"
done_testing

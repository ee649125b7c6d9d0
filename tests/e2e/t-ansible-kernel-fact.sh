#!/usr/bin/env bash
# t-ansible-kernel-fact - contrib/ansible/contest.yml names the controller's
# KERNEL@HOST folders after a machine's ansible_kernel fact when no variant
# is named, and a machine chooses its facts: a kernel of
# "../../../tmp/owned" must not put the fetched tarball, or the folder
# made, removed and unpacked, outside contest_gather. The playbook's own
# controller-side paths (its first play's vars, the fetch's dest, the
# delegated file and unarchive tasks' paths) are templated by
# ansible-playbook for three machines' kernels, in one play, and checked.
. "$(dirname "$0")/lib.sh"
command -v ansible-playbook > /dev/null || { echo "1..0 # SKIP ansible is not installed"; exit 0; }
python3 -c 'import yaml' 2> /dev/null || { echo "1..0 # SKIP python3-yaml is not installed"; exit 0; }
G=$T/gathered
# the playbook's first play, its tasks replaced by a debug of each
# controller-side path they would use (the variant as the loop's item)
python3 - "$TOP/contrib/ansible/contest.yml" "$T/paths.yml" <<'PY'
import sys, yaml
play = yaml.safe_load(open(sys.argv[1]))[0]
paths = []
for task in play["tasks"]:
    for mod, args in task.items():
        if not isinstance(args, dict):
            continue
        if mod.endswith("fetch"):
            paths.append(args["dest"])
        elif task.get("delegate_to") == "localhost" and "loop" in task:
            paths += [args[k] for k in ("path", "src", "dest") if k in args]
debug = {"name": "paths", "loop": "{{ c_variants }}",
         "ansible.builtin.debug": {"msg": "\n".join(paths)}}
yaml.safe_dump([{"name": "paths", "hosts": "all", "gather_facts": False,
                 "vars": play["vars"], "tasks": [debug]}], open(sys.argv[2], "w"))
PY
n=$(python3 -c 'import sys, yaml; print(yaml.safe_load(open(sys.argv[1]))[0]["tasks"][0]["ansible.builtin.debug"]["msg"].count("\n") + 1)' "$T/paths.yml")
[ "$n" -ge 5 ]
ok $? "the fetch and the controller's file and unarchive tasks give $n paths"
cat > "$T/hosts" <<'INV'
[lab]
good ansible_kernel=6.1.0-13-amd64
bad ansible_kernel=../../../tmp/owned
dot ansible_kernel=.
[lab:vars]
ansible_connection=local
ansible_python_interpreter=/usr/bin/python3
INV
ANSIBLE_LOCAL_TEMP=$T/ansible-tmp ANSIBLE_HOME=$T/ansible-home ANSIBLE_NOCOLOR=1 \
ANSIBLE_STDOUT_CALLBACK=json nice -n 5 ansible-playbook -i "$T/hosts" \
	-e "{\"contest_gather\": \"$G\"}" "$T/paths.yml" 2> "$T/play.err" |
	python3 -c 'import json, sys
for p in json.load(sys.stdin)["plays"]:
    for t in p["tasks"]:
        for host, r in t["hosts"].items():
            for i in r.get("results", [r]):
                for line in i["msg"].splitlines():
                    print(host, line)' > "$T/paths"
ok $? "ansible-playbook templates them ($(head -n 1 "$T/play.err"))"
paths() { sed -n "s/^$1 //p" "$T/paths"; }
is "$(paths good | grep -c "^$G/\(\.incoming/\)\?6\.1\.0-13-amd64@good\(\.tar\.gz\)\?$")" "$n" \
	"an ordinary kernel names each path as it is"
is "$(paths bad | grep -c "^$G/\(\.incoming/\)\?[A-Za-z0-9_+~][A-Za-z0-9._+~-]*@bad\(\.tar\.gz\)\?$")" "$n" \
	"../../../tmp/owned: each path a kernel name of safe characters, in contest_gather ($(paths bad | head -n 1))"
! paths bad | grep -q '\.\.'
ok $? "no path holds '..'"
is "$(paths dot | grep -c "^$G/\(\.incoming/\)\?_@dot\(\.tar\.gz\)\?$")" "$n" "a kernel of '.' is _"
done_testing

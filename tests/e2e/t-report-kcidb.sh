#!/usr/bin/env bash
# report --format kcidb --origin NAME: a KCIDB submission that meets what
# kcidb-io's schema v5.3 (kcidb_io/schema/v05_03.py) requires of it: the
# version, the required fields of checkouts, builds and tests, their types
# and patterns, no property the schema does not know; one test per kernel,
# load and metric, status DONE, its number (value, unit), the environment.
. "$(dirname "$0")/lib.sh"
command -v python3 > /dev/null || { echo "1..0 # SKIP python3 is not installed"; exit 0; }
R=$T/reports
command_conf "$T/c.conf" true
for k in 6.1.0-a 6.1.0-b; do
	"$CONTEST" run -c "$T/c.conf" -s host=lab-$k -k $k -n 2 -r "$R" noload process_load \
		> /dev/null 2> "$T/run.err" || { cat "$T/run.err"; exit 1; }
done
command_conf "$T/bad.conf" false
"$CONTEST" run -c "$T/bad.conf" -k broken -n 1 -r "$R" noload > /dev/null 2>&1

"$CONTEST" report -r "$R" --format kcidb --origin my_lab > "$T/k.json" 2> "$T/k.err"
ok $? "report --format kcidb --origin my_lab exits 0"

# the schema's requirements, written out from v05_03.py
cat > "$T/check.py" <<'PY'
import json, re, sys
doc = json.load(open(sys.argv[1]))
errs = []
def err(m): errs.append(m)
ORIGIN = re.compile(r"^[a-z0-9_]+$")
ORIGIN_ID = re.compile(r"^[a-z0-9_]+:[^\0]*$")
PATH = re.compile(r"^([a-zA-Z0-9_-]+(\.[a-zA-Z0-9_-]+)*)?$")
DATE = re.compile(r"^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?(Z|[+-]\d\d:\d\d)$")
STATUS = {"FAIL", "ERROR", "MISS", "PASS", "DONE", "SKIP"}
def obj(o, where, required, allowed):
    if not isinstance(o, dict):
        return err(f"{where}: not an object")
    for k in required:
        if k not in o: err(f"{where}: '{k}' missing")
    for k in o:
        if k not in allowed: err(f"{where}: '{k}' not in the schema")
def string(o, k, where, pattern=None):
    if k in o:
        if not isinstance(o[k], str): err(f"{where}.{k}: not a string")
        elif pattern and not pattern.match(o[k]): err(f"{where}.{k}: '{o[k]}' does not match")
obj(doc, "doc", ["version"], ["version", "checkouts", "builds", "tests", "issues", "incidents"])
v = doc.get("version", {})
obj(v, "version", ["major"], ["major", "minor"])
if v.get("major") != 5 or type(v.get("major")) is not int: err("version.major is not 5")
if type(v.get("minor")) is not int or not 0 <= v["minor"] <= 3: err("version.minor not in 0..3")
for i, c in enumerate(doc.get("checkouts", [])):
    w = f"checkouts[{i}]"
    obj(c, w, ["id", "origin"], ["id", "origin", "tree_name", "git_repository_url", "git_commit_hash",
        "git_commit_name", "git_repository_branch", "git_repository_branch_tip", "patchset_files",
        "patchset_hash", "message_id", "comment", "start_time", "log_url", "log_excerpt", "valid",
        "misc", "origin_builds_finish_time", "origin_tests_finish_time", "_timestamp", "git_commit_tags",
        "git_commit_message"])
    string(c, "id", w, ORIGIN_ID); string(c, "origin", w, ORIGIN); string(c, "comment", w)
for i, b in enumerate(doc.get("builds", [])):
    w = f"builds[{i}]"
    obj(b, w, ["checkout_id", "id", "origin"], ["checkout_id", "id", "origin", "comment", "start_time",
        "duration", "architecture", "command", "compiler", "input_files", "output_files", "config_name",
        "config_url", "log_url", "log_excerpt", "status", "misc", "_timestamp"])
    for k in ("id", "checkout_id"): string(b, k, w, ORIGIN_ID)
    string(b, "origin", w, ORIGIN); string(b, "comment", w)
builds = {b.get("id") for b in doc.get("builds", [])}
checkouts = {c.get("id") for c in doc.get("checkouts", [])}
if any(b.get("checkout_id") not in checkouts for b in doc.get("builds", [])): err("a build names no checkout here")
for i, t in enumerate(doc.get("tests", [])):
    w = f"tests[{i}]"
    obj(t, w, ["build_id", "id", "origin"], ["build_id", "id", "origin", "environment", "path", "comment",
        "log_url", "log_excerpt", "status", "number", "start_time", "duration", "input_files",
        "output_files", "misc", "_timestamp"])
    for k in ("id", "build_id"): string(t, k, w, ORIGIN_ID)
    string(t, "origin", w, ORIGIN); string(t, "path", w, PATH); string(t, "start_time", w, DATE)
    if t.get("build_id") not in builds: err(f"{w}: build_id names no build here")
    if "status" in t and t["status"] not in STATUS: err(f"{w}: status '{t['status']}'")
    if "number" in t:
        n = t["number"]
        obj(n, w + ".number", ["value"], ["value", "unit", "prefix"])
        if isinstance(n, dict):
            if type(n.get("value")) not in (int, float): err(f"{w}.number.value: not a number")
            string(n, "unit", w + ".number")
    if "environment" in t:
        e = t["environment"]
        obj(e, w + ".environment", [], ["compatible", "comment", "misc"])
        if isinstance(e, dict):
            string(e, "comment", w + ".environment")
            if "misc" in e and not isinstance(e["misc"], dict): err(f"{w}.environment.misc: not an object")
    if "misc" in t and not isinstance(t["misc"], dict): err(f"{w}.misc: not an object")
ids = [t.get("id") for t in doc.get("tests", [])]
if len(ids) != len(set(ids)): err("test ids are not unique")
for e in errs: print("#", e)
sys.exit(1 if errs else 0)
PY
python3 "$T/check.py" "$T/k.json"
ok $? "it meets the required fields, types and patterns of KCIDB schema v5.3"

q() { python3 -c "import json,sys; d=json.load(open(sys.argv[1])); $1" "$T/k.json"; }
is "$(q 'print(d["version"]["major"], d["version"]["minor"])')" "5 3" "version 5.3"
is "$(q 'print(len(d["builds"]), len(d["checkouts"]))')" "3 3" "one build and one checkout per kernel"
is "$(q 't=[x for x in d["tests"] if x["id"]=="my_lab:6.1.0-a:noload:time_s"][0]; print(t["status"], t["number"]["unit"], t["path"], t["build_id"], t["origin"])')" \
	"DONE s contest.noload.time_s my_lab:6.1.0-a my_lab" \
	"a kernel's load's Time: status DONE, in seconds, under its build"
want=$(awk -F'\t' 'NR==1{for(i=1;i<=NF;i++) { if($i=="time_s") c=i; if($i=="load") l=i }; next}
	$l=="noload" {s+=$c; n++} END {printf "%.6f", s/n}' \
	"$R/6.1.0-b/runs.tsv")
is "$(q 't=[x for x in d["tests"] if x["id"]=="my_lab:6.1.0-b:noload:time_s"][0]; print("%.6f" % t["number"]["value"])')" \
	"$want" "its value is the mean Time of the ok runs"
is "$(q 'print(sorted({x["path"].split(".")[2] for x in d["tests"] if x["status"]=="DONE"}))')" \
	"['cpu_pct', 'lcpu_pct', 'loads', 'ratio', 'time_s']" "a test per metric"
is "$(q 't=[x for x in d["tests"] if x["id"].startswith("my_lab:6.1.0-b:")][0]; print(t["environment"]["misc"]["host"])')" \
	"lab-6.1.0-b" "the env file's machine is the test's environment"
is "$(q 'print([x["status"] for x in d["tests"] if x["id"].startswith("my_lab:broken:")])')" "['ERROR']" \
	"a load with no ok run is one ERROR test"

"$CONTEST" report -r "$R" --format kcidb > /dev/null 2> "$T/e1"
is $? 2 "kcidb without --origin: exit 2"
"$CONTEST" report -r "$R" --format kcidb --origin My-Lab > /dev/null 2> "$T/e2"
is $? 2 "an origin KCIDB would refuse: exit 2"
grep -q "origin 'My-Lab'" "$T/e2"
ok $? "it names the origin"
"$CONTEST" report -r "$R" --origin my_lab > /dev/null 2>&1
is $? 2 "--origin without --format kcidb: exit 2"
done_testing

#!/usr/bin/env bash
# t-compare-symbols - the test per profiled kernel symbol through contest
# compare: two planted kernel folders (runs.tsv of 6 interleaved rounds and
# logs/noload.N.profile as session/profile.c writes them) where ksys_read's
# share of the kernel's samples grows 3x and the other 49 symbols keep
# their samples. Text, csv, json, the LKP mail and report's page each say
# ksys_read is worse after Holm's correction over the symbols, and no
# other symbol is worse: their shares fell by the room ksys_read took
# (about 4%), which quiet runs may see as "better", never more.
. "$(dirname "$0")/lib.sh"
need_gawk
R=$T/reports
runs() {	# runs KERNEL SECOND: noload, 6 interleaved rounds
	runs_header "$R/$1/runs.tsv" timestamp
	awk -v sec="$2" 'BEGIN { split("20.1 20.4 19.9 20.2 20.0 20.3", n)
		for (i = 1; i <= 6; i++)
			printf "2026-01-01T10:%02d:%02dZ\tnoload\t%d\t%.3f\t190\t0\t0\tok\n", i, sec, i, n[i] }' \
		>> "$R/$1/runs.tsv"
}
envfile() {
	printf 'knobs: none\nhost: box\nuname: Linux box 6.1.0 #1 SMP x86_64\ncpu_model: Test CPU\ncpus: 2\nmemtotal: 1073741824 (1.0 GiB)\nguest: none\nmem_limit: none\ncpu_limit: none\ncontest_version: 0.1.0\nconfig:\nworkload = kernel\nkconfig = tinyconfig\nmake_target = vmlinux\nmake_jobs = 4\nruns = 6\n' > "$R/$1/env"
}
# profiles KERNEL SEED GROW: 6 runs of 50 symbols, 20000 kernel samples
# about, each count within +-3% of its truth (seeded), ksys_read's times GROW
profiles() {
	mkdir -p "$R/$1/logs"
	gawk -v dir="$R/$1/logs" -v seed="$2" -v grow="$3" 'BEGIN { srand(seed)
		for (r = 1; r <= 6; r++) {
			f = dir "/noload." r ".profile"; k = 0
			for (s = 0; s < 50; s++) {
				name[s] = s == 12 ? "ksys_read" : sprintf("func_%02d", s)
				c[s] = int(16000 / (s + 4) * (s == 12 ? grow : 1) * (0.97 + 0.06 * rand()))
				k += c[s]
			}
			k += 4000
			print "# contest profile: perf record -a over the compile'"'"'s window" > f
			printf "event cpu-clock\nsamples %d\nkernel %d\ncomm %d make\n", k + 3000, k, 3000 > f
			# most first, as profile.c writes them
			for (s = 0; s < 50; s++) o[s] = s
			for (i = 1; i < 50; i++) for (j = i; j > 0 && c[o[j - 1]] < c[o[j]]; j--) { t = o[j]; o[j] = o[j - 1]; o[j - 1] = t }
			for (i = 0; i < 50; i++) printf "sym %d %s\n", c[o[i]], name[o[i]] > f
			close(f)
		} }'
}
runs base 10; runs head 20
envfile base; envfile head
profiles base 1 1; profiles head 2 3

"$CONTEST" compare -r "$R" base head > "$T/text" 2> "$T/err"
ok $? "compare exits 0"
grep -q "^Kernel symbols of 'head' against 'base'" "$T/text"
ok $? "under noload the kernel symbols' paragraph"
line=$(grep -E '^  worse +ksys_read ' "$T/text")
[[ $line =~ ^\ \ worse\ +ksys_read\ +[0-9.]+%\ -\>\ +[0-9.]+%\ \(\+[0-9.]+\)\ p\ [0-9.e-]+$ ]]
ok $? "ksys_read is decided worse, its shares, change and p: '$line'"
is "$(grep -cE '^  worse ' "$T/text")" 1 "no other symbol is worse"
awk '/^  better / { sub(/[(]/, "", $6); if (($6 + 0) / ($3 + 0) < -0.1) bad = 1 } END { exit bad }' "$T/text"
ok $? "the others decided better fell by the room ksys_read took, under 10% of their share"
grep -qE '^  [0-9]+ more undecided, [0-9]+ same, 0 not tested; most changed: func_[0-9]+ ' "$T/text"
ok $? "then how many more were not: $(grep -E 'more undecided' "$T/text")"
grep -q "^50 kernel symbols tested, apart from the tests above" "$T/text"
ok $? "the tally counts the symbols tested: $(grep 'kernel symbols tested' "$T/text")"

"$CONTEST" compare -r "$R" --format csv base head > "$T/csv" 2> "$T/err"
ok $? "compare --format csv exits 0"
python3 - "$T/csv" > "$T/csv.check" 2>&1 <<'PY'
import csv, sys
rows = list(csv.DictReader(open(sys.argv[1])))
syms = [r for r in rows if r["metric"].startswith("perf-profile.self.")]
assert len(syms) == 100, len(syms)
head = {r["metric"]: r for r in syms if r["kernel"] == "head"}
k = head["perf-profile.self.ksys_read"]
assert k["verdict"] == "worse" and k["significant"] == "**" and k["sessions"] == "paired", k
assert float(k["diff_pct"]) < -150, k
others = [r for m, r in head.items() if m != "perf-profile.self.ksys_read"]
assert all(r["verdict"] != "worse" for r in others)
base = [r for r in syms if r["kernel"] == "base"]
assert all(r["verdict"] == "" and r["runs"] == "6" for r in base)
PY
ok $? "csv: a BASE and a NEW record per symbol, ksys_read worse (**, paired) $(head -c 300 "$T/csv.check")"

"$CONTEST" compare -r "$R" --format json base head > "$T/json" 2> "$T/err"
ok $? "compare --format json exits 0"
python3 - "$T/json" > "$T/json.check" 2>&1 <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
s = {x["symbol"]: x for x in d["symbols"]}
assert len(s) == 50 and d["symbol_tests"] == 50, (len(s), d["symbol_tests"])
k = s["ksys_read"]
assert k["verdict"] == "worse" and k["tested"] and k["p_holm"] < 0.05 and k["pairs"] == 6, k
assert 2.5 < k["pct"] / k["base_pct"] < 3.5, k
assert k["p_holm"] >= k["p_value"]
assert sum(x["verdict"] == "worse" for x in s.values()) == 1
assert all(-10 < x["diff_pct"] < 0 for x in s.values() if x["verdict"] == "better")
print(sum(x["verdict"] == "better" for x in s.values()), "better")
PY
ok $? "json: a row per symbol, ksys_read worse after Holm, 3x $(head -c 300 "$T/json.check")"

"$CONTEST" compare -r "$R" --format lkp base head > "$T/mail" 2> "$T/err"
ok $? "compare --format lkp exits 0"
grep -qE '^ +[0-9.]+ \+- +[0-9]+% +\+[0-9.]+% +[0-9.]+ \+- +[0-9]+% +[0-9.]+% +worse +contest\.noload\.perf-profile\.self\.ksys_read$' "$T/mail"
ok $? "the mail's perf-profile.self row: shares, SDs, change, MDE, worse: $(grep 'self.ksys_read' "$T/mail")"
n=$(grep -c 'perf-profile\.self\.' "$T/mail")
decided=$(grep -cE ' (worse|better) +contest\.noload\.perf-profile' "$T/mail")
[ "$n" -eq $((decided + 5)) ]
ok $? "the decided symbols ($decided) and the 5 others that moved most ($n rows)"
! grep -q '^Subject:.*perf-profile' "$T/mail"
ok $? "a symbol is not the mail's focus: $(grep '^Subject:' "$T/mail")"

"$CONTEST" report -r "$R" --format html -o "$T/page" base head > /dev/null 2> "$T/err"
ok $? "report --format html exits 0 ($(head -c 200 "$T/err"))"
grep -q '<td class="name">ksys_read</td>.*verdict-worse' "$T/page/index.html"
ok $? "the page's symbols table has ksys_read, worse"
done_testing

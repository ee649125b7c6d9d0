#!/usr/bin/env bash
# Each input is read once (issue 28): report --format mail and html, and
# compare --format mail, open each kernel's runs.tsv and env file once
# (they were read two and three times: report then compare, the
# calibration, the confounds and the mail each reading the env again), and
# report --format kcidb over 1200 kernels opens each env file once, where
# it is parsed (results_read_env; the writers ask the parsed env). Opens
# are counted with strace, parses by CONTEST_TEST_COUNT=env-parse
# (lib/testhook.h).
. "$(dirname "$0")/lib.sh"
if ! command -v strace > /dev/null; then
	skip "each runs.tsv and env file opened once" "no strace (apt-get install strace)"
	done_testing
	exit
fi
R=$T/reports
"$CONTEST" env > "$T/env.txt" 2> /dev/null
awk -v kernels=4 -v runs=3 -v dir="$R" -v env="$T/env.txt" -v machines=2 \
	-f "$TOP/bench/gen-runs.awk"
ok $? "4 kernels with env files on 2 machines generated"
KERNELS=(k0001 k0002 k0003 k0004)

# LeakSanitizer cannot run under ptrace (it stops the process with an error)
ldd "$CONTEST" | grep -q libasan &&
	export ASAN_OPTIONS=${ASAN_OPTIONS:+$ASAN_OPTIONS:}detect_leaks=0
traced() {	# traced ARGS...: contest ARGS under strace; ST its status, $T/trace the opens
	CONTEST_TEST_COUNT=env-parse strace -f -qq -e trace=openat,open -o "$T/trace" \
		"$CONTEST" "$@" > "$T/out" 2> "$T/err"
	ST=$?
}

parses() {	# the env files the last traced command parsed
	sed -n 's/^test-count: env-parse //p' "$T/err"
}

opened() {	# opened KERNEL FILE: how many times the trace opened DIR/KERNEL/FILE
	grep -c "open[a-z]*(.*/$1/$2\"" "$T/trace"
}

# once_each FILES: "K/FILE=N" for every kernel's FILE not opened exactly once
once_each() {
	local k f n bad=
	for k in "${KERNELS[@]}"; do
		for f in "$@"; do
			n=$(opened "$k" "$f")
			[ "$n" = 1 ] || bad+="$k/$f=$n "
		done
	done
	echo "${bad:-each once}"
}

traced report -r "$R" --format mail
is "$ST" 0 "report --format mail exits 0"
grep -q "ACROSS MACHINES" "$T/out"
ok $? "its mail says the kernels ran on two machines (the env files were read)"
is "$(once_each runs.tsv env)" "each once" "report --format mail opens each runs.tsv and env once"
is "$(parses)" 4 "and parses each env once"

traced report -r "$R" --format html -o "$T/html"
is "$ST" 0 "report --format html exits 0"
grep -q "lab2" "$T/html/index.html"
ok $? "its page names the second machine (the env files were read)"
is "$(once_each runs.tsv env)" "each once" "report --format html opens each runs.tsv and env once"
is "$(parses)" 4 "and parses each env once"

traced compare -r "$R" --format mail "${KERNELS[@]}"
is "$ST" 0 "compare --format mail exits 0"
grep -q "^The runs of k0001 were made" "$T/out" && grep -q "ACROSS MACHINES" "$T/err"
ok $? "its mail describes the machine and the confounds are warned of"
is "$(once_each runs.tsv env)" "each once" "compare --format mail opens each runs.tsv and env once"
is "$(parses)" 4 "and parses each env once"

# a calibration's env is its own file, read once too, beside BASE's
mkdir -p "$R/.calibration"
for s in s1 s2; do
	mkdir -p "$R/.calibration/$s"
	cp "$R/k0001/runs.tsv" "$R/k0001/env" "$R/.calibration/$s/"
done
traced compare -r "$R" "${KERNELS[@]}"
is "$ST" 0 "compare with a calibration exits 0"
is "$(once_each runs.tsv env)" "each once" "compare with a calibration opens each runs.tsv and env once"
is "$(parses)" 6 "and parses each env once, each calibration session's too"
rm -rf "$R/.calibration"

# a lab's 1200 kernels in KCIDB: each env file opened (and so parsed) once
L=$T/lab
mkdir -p "$L"/k{0001..1200}
awk -v kernels=1200 -v dir="$L" -v env="$T/env.txt" 'BEGIN {
	while ((getline line < env) > 0)
		text = text line "\n"
	for (k = 1; k <= kernels; k++) {
		d = sprintf("%s/k%04d", dir, k)
		printf "load\trun\ttime_s\tcpu_pct\tloads\tlcpu_pct\tstatus\n" > (d "/runs.tsv")
		printf "noload\t1\t%d.5\t99\t0\t0\tok\n", 60 + k % 7 > (d "/runs.tsv")
		close(d "/runs.tsv")
		printf "%s", text > (d "/env")
		close(d "/env")
	}
}'
is "$(ls "$L" | wc -l)" 1200 "1200 kernel folders with an env file each"
traced report -r "$L" --format kcidb --origin lab
is "$ST" 0 "report --format kcidb over 1200 kernels exits 0"
is "$(grep -o '"environment"' "$T/out" | wc -l)" "$(grep -o '"build_id"' "$T/out" | wc -l)" \
	"every test carries its environment"
is "$(grep -c 'open[a-z]*(.*/k[0-9]*/env"' "$T/trace")" 1200 "1200 env files opened"
is "$(grep -o 'open[a-z]*(.*/k[0-9]*/env"' "$T/trace" | sort | uniq -d | wc -l)" 0 \
	"none of them twice"
is "$(parses)" 1200 "each parsed once, however many tests ask it"
rm -rf "$L"
done_testing

#!/usr/bin/env bash
# contest rerun: a session again as its env recorded it. The new env's
# config section is the old one byte for byte; the loads it ran (run_loads),
# not the config's list, run again, and a variant's rounds (run_rounds);
# a machine that differs is warned about first; an older env without
# run_loads is said and runs the config's loads; bad input exits 2.
. "$(dirname "$0")/lib.sh"
R=$T/r
run=("$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -s "loads=noload cacherun" -r "$R")
config_of() { sed -n '/^config:$/,$p' "$R/$1/env"; }

"${run[@]}" -k k1 -n 2 noload > /dev/null 2>&1
ok $? "the session to rerun runs"
is "$(grep '^run_loads:' "$R/k1/env")" "run_loads: noload" "env records the loads that ran"

"$CONTEST" rerun -r "$R" -k k2 k1 > "$T/out" 2> "$T/err"
ok $? "rerun -k k2 k1 exits 0"
diff <(config_of k1) <(config_of k2) > "$T/diff"
ok $? "the new env's config section is the old one byte for byte"
[ "$(config_of k2 | wc -l)" -gt 20 ]
ok $? "and it is the whole config ($(config_of k2 | wc -l) lines)"
is "$(col "$R/k2/runs.tsv" load | sort | uniq -c | tr -s ' ')" " 2 noload" \
	"the recorded loads and runs ran: noload twice, not the config's cacherun"
! grep -q 'differs from' "$T/err"
ok $? "the same machine: no warning"
grep -q '^noload' "$T/out"
ok $? "rerun prints the new session's table"

# the machine changed: another CPU and another running kernel
sed -i -e 's/^cpu_model: .*/cpu_model: Imaginary CPU 9000/' -e 's/^uname: .*/uname: Linux other 0.0.1 #1/' \
	-e 's/^thp: .*/thp: never-seen/' "$R/k1/env"
"$CONTEST" rerun -r "$R" -k k3 k1 > /dev/null 2> "$T/err3"
ok $? "rerun on a machine that differs still runs"
grep -q "differs from k1's env: another machine: recorded .*Imaginary CPU 9000" "$T/err3"
ok $? "another machine is warned about"
grep -q "differs from k1's env: uname: recorded 'Linux other 0.0.1 #1', here" "$T/err3" &&
	grep -q "differs from k1's env: thp: recorded 'never-seen'" "$T/err3"
ok $? "each differing fact is warned about, the running kernel too"
[ "$(grep -n 'differs from' "$T/err3" | head -1 | cut -d: -f1)" -lt "$(grep -n 'noload' "$T/err3" | head -1 | cut -d: -f1)" ]
ok $? "the warnings come before the first run"

# a recorded commit (-s commit=SHA) names the recorded kernel: kept when
# the same kernel runs again, left empty (and said) on another one
"${run[@]}" -k kc -n 1 -s commit=1111aaaa -s commit_tree=/src/linux noload > /dev/null 2>&1
"$CONTEST" rerun -r "$R" -k kc2 kc > /dev/null 2> "$T/errc"
grep -qx 'commit = 1111aaaa' "$R/kc2/env" && grep -qx 'commit_tree = /src/linux' "$R/kc2/env"
ok $? "the same kernel again: the commit is kept"
sed -i 's/^uname: .*/uname: Linux other 0.0.1 #1/' "$R/kc/env"
"$CONTEST" rerun -r "$R" -k kc3 kc > /dev/null 2> "$T/errc"
grep -qx 'commit = ' "$R/kc3/env" && grep -qx 'commit_tree = ' "$R/kc3/env" &&
	grep -q "commit = 1111aaaa is the recorded kernel's" "$T/errc"
ok $? "another running kernel: no commit recorded, and it says so"

# an older env: no run_loads line
sed -i '/^run_loads:/d' "$R/k1/env"
"$CONTEST" rerun -r "$R" -k k4 k1 > /dev/null 2> "$T/err4"
ok $? "an older env reruns"
grep -q 'does not say which loads ran' "$T/err4"
ok $? "and says it lacks the loads"
is "$(col "$R/k4/runs.tsv" load | sort -u | tr '\n' ' ')" "cacherun noload " "the config's loads ran"

# variants in rounds: a variant's config has runs = 1, its rounds are run_rounds
"$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -r "$R" -n 2 -k va --set flush=no \
	-k vb --set command=/bin/true noload > /dev/null 2>&1
is "$(grep '^run_rounds:' "$R/vb/env")" "run_rounds: 2" "a variant's env records its rounds"
"$CONTEST" rerun -r "$R" -k vc vb > /dev/null 2>&1
ok $? "a variant reruns"
is "$(runs_rows "$R/vc/runs.tsv")" 2 "its two rounds ran"
diff <(config_of vb) <(config_of vc) > /dev/null
ok $? "with its config (its --set) byte for byte"

# a variant's knob (its value as it is, so nothing changes here)
if need_root && [ -w /proc/sys/vm/swappiness ]; then
	sw=$(cat /proc/sys/vm/swappiness)
	"$CONTEST" run "${QUICK_CMD[@]}" "${NO_EXTRAS[@]}" -r "$R" -k ka --knob "/proc/sys/vm/swappiness=$sw" \
		noload > /dev/null 2>&1
	"$CONTEST" rerun -r "$R" -k kb ka > /dev/null 2>&1
	ok $? "a variant with a knob reruns"
	is "$(grep '^knobs:' "$R/kb/env")" "$(grep '^knobs:' "$R/ka/env")" "with its knob ($(grep '^knobs:' "$R/ka/env"))"
else
	skip "a variant's knob" "needs root and a writable /proc/sys/vm/swappiness"
	skip "its knob line" "as above"
fi

# a sweep: env holds its last point, which reruns, said
"${run[@]}" -k sw --sweep command=true,/bin/true noload > /dev/null 2>&1
is "$(grep '^run_sweep:' "$R/sw/env")" "run_sweep: command=/bin/true" "env records the sweep's point"
"$CONTEST" rerun -r "$R" -k sw2 sw > /dev/null 2> "$T/err8"
grep -q "sweep's last point only: command=/bin/true" "$T/err8"
ok $? "rerun of a sweep says it runs the last point"

# bad input
"$CONTEST" rerun -r "$R" nosuch > /dev/null 2>&1
is $? 2 "an unknown kernel exits 2"
mkdir -p "$R/noenv" && cp "$R/k2/runs.tsv" "$R/noenv/"
"$CONTEST" rerun -r "$R" noenv > /dev/null 2> "$T/err5"
is $? 2 "a kernel without env exits 2"
grep -q "no env file" "$T/err5"
ok $? "and says so"
sed '/^config:$/,$d' "$R/k2/env" > "$R/noenv/env"
"$CONTEST" rerun -r "$R" noenv > /dev/null 2> "$T/err6"
is $? 2 "an env without a config section exits 2"
printf 'config:\nruns = many\n' > "$R/noenv/env"
"$CONTEST" rerun -r "$R" noenv > /dev/null 2> "$T/err7"
is $? 2 "a bad recorded value exits 2"
grep -q "$R/noenv/env:2" "$T/err7"
ok $? "naming the env file and its line"
"$CONTEST" rerun -r "$R" > /dev/null 2>&1
is $? 2 "no KERNEL is bad usage"
done_testing

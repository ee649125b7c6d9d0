#!/usr/bin/env bash
# contest bisect names the function: once the culprit is named and its
# runs and its parent's have profiles (monitors = profile), the outcome
# and the mail say which kernel function the culprit made slower, decided
# by the test per symbol ("most changed: SYMBOL self A% -> B%, worse, p"),
# or that the profile cannot tell; without profiles, nothing is said. No
# guest boots: the rounds are a recorded state's, the candidates' runs
# and profiles planted.
. "$(dirname "$0")/lib.sh"
need_gawk
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" "fs: good" "fs: slow read down"
good=$(git -C "$G" rev-parse HEAD~1)
bad=$(git -C "$G" rev-parse HEAD)
printf '%s\n' 'cp /bin/true "$CONTEST_BUILD_DIR/image" && echo "$CONTEST_BUILD_DIR/image"' > "$T/build.sh"

# plant_profiles SHA FACTOR SEED: runs 1..8 of SHA's noload with a profile of 20
# kernel functions about 400 samples each (a few percent noise), ksys_read's
# FACTOR times its 200
plant_profiles() {
	local d=$R/${1:0:12}/logs i
	mkdir -p "$d"
	for i in 1 2 3 4 5 6 7 8; do
		gawk -v f="$2" -v run="$i" -v seed="$i$3" 'BEGIN {
			srand(seed + 0)
			n = int(200 * f * (1 + 0.04 * (rand() - 0.5)))
			syms = sprintf("sym %d ksys_read\n", n); k = n
			for (s = 0; s < 20; s++) {
				c = int(400 * (1 + 0.04 * (rand() - 0.5)) + s)
				syms = syms sprintf("sym %d func_%02d\n", c, s); k += c
			}
			printf "# contest profile\nevent cpu-clock\nsamples %d\nkernel %d\n%s", k * 2, k, syms
		}' > "$d/noload.$i.profile"
	done
}

bisect_once() {
	"$CONTEST" bisect --tree "$G" --good HEAD~1 --bad HEAD --build "sh $T/build.sh" \
		-c "$TOP/configs/quick.conf" -s "work_dir=$T/work" -r "$R" --resume "$@" noload
}
plant() {
	write_state "$R" "$G" - "round 2 0 1 100 150" "round 2 1 0 152 101" "round 2 0 1 99 149" \
		"round 2 0 1 100 151" "round 2 1 0 150 99" "round 2 0 1 101 150"
	plant_candidate "$R" "$G" "$good" 1.0
	plant_candidate "$R" "$G" "$bad" 1.5
}

plant
bisect_once > "$T/out0" 2> "$T/err0"
is $? 0 "without profiles: the culprit named"
grep -q 'by their profiles' "$T/out0"
ok $((!$?)) "and nothing said of functions"

plant
plant_profiles "$good" 1 1
plant_profiles "$bad" 3 2
bisect_once > "$T/out" 2> "$T/err"
is $? 0 "with profiles: the culprit named, exit 0"
line=$(grep '^bisect: the culprit against its parent, by their profiles: ' "$T/out")
echo "# $line"
[[ $line =~ most\ changed:\ ksys_read\ self\ [0-9.]+%\ -\>\ [0-9.]+%,\ worse,\ p\ [0-9.e-]+\ \(Holm\'s,\ over\ 21\ symbols\)$ ]]
ok $? "the outcome names ksys_read, worse, with Holm's p over the 21 symbols"
grep -q 'also worse' "$T/out"
ok $((!$?)) "no other function is called worse: their time did not change"

bisect_once --format mail > "$T/mail" 2> "$T/err2"
is $? 0 "--format mail: exit 0"
grep -q '^bisect: the culprit against its parent, by their profiles: most changed: ksys_read' "$T/err2"
ok $? "the sentence goes to stderr with the outcome"
tr '\n' ' ' < "$T/mail" | grep -q 'By their profiles (the perf-profile.self rows, a test per kernel function): most changed: ksys_read self'
ok $? "the mail's paragraph on how it was found names ksys_read"
grep -q 'perf-profile.self.ksys_read' "$T/mail"
ok $? "and its table has the perf-profile.self.ksys_read row"

plant
plant_profiles "$good" 1 1
plant_profiles "$bad" 1 2
bisect_once > "$T/out3" 2> "$T/err3"
is $? 0 "profiles alike: the culprit still named"
line=$(grep '^bisect: the culprit against its parent, by their profiles: ' "$T/out3")
echo "# $line"
[[ $line == *"the profile cannot tell which function: none of 21 symbols tested is decided worse (most changed: "* ]]
ok $? "the profile cannot tell, said with the one that moved most"
done_testing

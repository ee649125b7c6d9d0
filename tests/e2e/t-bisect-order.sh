#!/usr/bin/env bash
# report and compare --order commit: a bisection's candidates in the order
# of its commits (good first; the bisection's state lists them, each
# candidate's env names its own), not in the order they were measured;
# compare with no kernel named takes them all, good as BASE. A folder with
# no bisection, or a kernel that is none of its candidates, is bad usage
# naming the file. No guest boots: the candidates' folders are planted.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
G=$T/repo
R=$T/reports
make_plain_repo "$G" "mm: one" "mm: two" "mm: three" "mm: four"
c1=$(git -C "$G" rev-parse HEAD~3) c2=$(git -C "$G" rev-parse HEAD~2)
c3=$(git -C "$G" rev-parse HEAD~1) c4=$(git -C "$G" rev-parse HEAD)
write_state "$R" "$G" -
# measured as a bisection measures: the ends first, then a midpoint; the
# hours make the order of the first runs c4 c1 c3 c2
hour=10
for c in "$c4" "$c1" "$c3" "$c2"; do
	plant_candidate "$R" "$G" "$c" 1.0
	sed -i "s/^2026-01-01T10:/2026-01-01T$hour:/" "$R/${c:0:12}/runs.tsv"
	hour=$((hour + 1))
done
# names: the candidates' ids in the order their table rows name them
names() { awk -v a="${c1:0:12}" -v b="${c2:0:12}" -v c="${c3:0:12}" -v d="${c4:0:12}" '
	$1 == a || $1 == b || $1 == c || $1 == d { o = o sep $1; sep = " " } END { print o }'; }

"$CONTEST" report -r "$R" > "$T/plain" 2> "$T/err"
ok $? "report exits 0"
is "$(awk '/^noload/ { on = 1 } on' "$T/plain" | names)" "${c4:0:12} ${c1:0:12} ${c3:0:12} ${c2:0:12}" \
	"without --order, the kernels come as measured (oldest first)"
"$CONTEST" report -r "$R" --order commit > "$T/ordered" 2> "$T/err"
ok $? "report --order commit exits 0: $(head -c 200 "$T/err")"
is "$(awk '/^noload/ { on = 1 } on' "$T/ordered" | names)" "${c1:0:12} ${c2:0:12} ${c3:0:12} ${c4:0:12}" \
	"report --order commit: the candidates in commit order, good first"
"$CONTEST" report -r "$R" --order commit "${c3:0:12}" "${c1:0:12}" > "$T/two" 2> "$T/err"
is "$(awk '/^noload/ { on = 1 } on' "$T/two" | names)" "${c1:0:12} ${c3:0:12}" \
	"report --order commit of kernels named: those, in commit order"

"$CONTEST" compare -r "$R" --order commit "${c4:0:12}" "${c2:0:12}" > "$T/cmp" 2> "$T/err"
ok $? "compare --order commit exits 0: $(head -c 200 "$T/err")"
grep -q "^Comparing '${c4:0:12}' with '${c2:0:12}' (the base)" "$T/cmp"
ok $? "compare --order commit: the commit nearer good is BASE"
"$CONTEST" compare -r "$R" --order commit > "$T/all" 2> "$T/err"
ok $? "compare --order commit with no kernel named exits 0: $(head -c 200 "$T/err")"
tr '\n' ' ' < "$T/all" | grep -q "^Comparing '${c2:0:12}', '${c3:0:12}' and '${c4:0:12}' with '${c1:0:12}' (the base)"
ok $? "and takes every candidate, in commit order, good as BASE: $(head -2 "$T/all" | tr '\n' ' ')"

mkdir -p "$R/other"
cp "$R/${c1:0:12}/runs.tsv" "$R/other/runs.tsv"
"$CONTEST" report -r "$R" --order commit > /dev/null 2> "$T/err"
is $? 2 "a kernel whose env names no commit: exit 2"
grep -q "$R/other/env" "$T/err"
ok $? "naming its env file: $(head -c 200 "$T/err")"
rm -rf "$R/other" "$R/.bisect"
"$CONTEST" compare -r "$R" --order commit > /dev/null 2> "$T/err"
is $? 2 "no bisection's state in the folder: exit 2"
grep -q "$R/.bisect/state" "$T/err"
ok $? "naming the state file: $(head -c 200 "$T/err")"
done_testing

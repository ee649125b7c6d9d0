#!/usr/bin/env bash
# long: six user-mode-linux boots, one a run (a minute or two on a loaded machine)
# contest bisect refuses when bad is not decided worse than good: two
# commits whose guests run alike, a cap of three rounds; exit 6, the
# change and the MDE said, and the runs kept like any kernel's.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-boot.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null && command -v cc > /dev/null || { skip "no git or cc"; done_testing; exit; }
boot_before
G=$T/repo
make_bisect_repo "$G" ok ok
# --alpha 0.001: two alike commits are decided apart one time in a thousand
nice "$CONTEST" bisect --tree "$G" --good HEAD~1 --bad HEAD --build "sh build.sh" \
	--max-rounds 3 --alpha 0.001 "${BOOT[@]}" noload > "$T/out" 2> "$T/err"
is $? 6 "bad not decided worse: exit 6"
grep -q '^bisect: refused: [0-9a-f]* is not decided worse than [0-9a-f]* by HostCPU on noload (.*change [-+][0-9.]*%.*could see only [0-9.]*% at their cap of 3)' "$T/out"
ok $? "it says the change measured and the MDE reached, by HostCPU (a guest's default)"
is "$(awk '$1 == "round"' "$R/.bisect/state" | wc -l)" 3 "three rounds measured, the cap"
for k in $(git -C "$G" log -2 --abbrev=12 --format=%h); do
	is "$(rows_with "$R/$k/runs.tsv" ok)" 3 "$k: three ok runs stored"
done
boot_nothing_left
ok $? "nothing left behind"
done_testing

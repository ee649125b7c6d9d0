#!/usr/bin/env bash
# t-paste-commands - every command contest prints for the user to paste
# (changes' bisect line, compare --format lkp's "To reproduce", rerun's
# rebuild lines for a guest's image that is gone, help's man -l) gives back, read
# by sh, exactly the words meant, when the results directory, the tree,
# the guest's image and the source tree have a space, a quote, a double
# quote and a '$' in their paths.
. "$(dirname "$0")/lib.sh"
need_gawk
# words CMD: the words sh reads from CMD (continued lines too), one a line
words() { sh -c 'eval "set -- $1" && printf "%s\n" "$@"' sh "$1"; }
# want WORD...: the same, of the words given
want() { printf '%s\n' "$@"; }

R="$T/r it's \$HOME \"here\""
TREE="/src/my tree's \$x"
IMG="$T/uml it's \$k/linux"
gawk -v dir="$T/plain" -v n=60 -v header="$(runs_columns timestamp)" \
	-f "$TOP/tests/e2e/changes-history.awk"
mv "$T/plain" "$R"
printf 'bisect_tree: %s\ncommit: 1111aaaa\n' "$TREE" > "$R/k036/env"
printf 'bisect_tree: %s\ncommit: 2222bbbb\n' "$TREE" > "$R/k037/env"

"$CONTEST" changes -r "$R" $(cd "$R" && ls | sort -V) > "$T/text" 2> "$T/err"
ok $? "changes exits 0 ($(head -n 1 "$T/err"))"
cmd=$(sed -n 's/^    \(contest bisect .*\)$/\1/p' "$T/text")
is "$(words "$cmd")" "$(want contest bisect --tree "$TREE" --good 1111aaaa --bad 2222bbbb)" \
	"changes: the bisect line gives back the tree's path as one word ($cmd)"

"$CONTEST" compare -r "$R" --format lkp k036 k037 > "$T/mail" 2> "$T/err"
ok $? "compare --format lkp exits 0 ($(head -n 1 "$T/err"))"
# the second command (the head's), its continued lines too
cmd=$(sed -n '/^To reproduce:/,$p' "$T/mail" | awk '/^        contest rerun/ { n++ } n == 2')
is "$(words "$cmd")" "$(want contest rerun -r "$R" k037)" \
	"lkp mail: To reproduce gives back the results directory as one word ($cmd)"

mkdir -p "$R/g" && runs_header "$R/g/runs.tsv" timestamp
printf 'guest: uml\nguest_image: %s\nguest_mem: 512M\n' "$IMG" > "$R/g/env"
printf 'bisect_tree: %s\ncommit: 3333cccc\nkernel_build: sh build.sh\n' "$TREE" >> "$R/g/env"
printf 'run_loads: noload cacherun\nconfig:\nruns = 1\n' >> "$R/g/env"
"$CONTEST" rerun -r "$R" g > /dev/null 2> "$T/err"
is $? 2 "rerun of a guest's session whose image is gone: exit 2"
cmd=$(grep '^    git ' "$T/err")
is "$(words "$cmd")" "$(want git -C "$TREE" worktree add --detach "$IMG.src" 3333cccc)" \
	"rerun: the image's checkout gives back the tree and the image as words ($cmd)"
cmd=$(grep '^    env ' "$T/err")
is "$(words "$cmd")" "$(want env -C "$IMG.src" "CONTEST_BUILD_DIR=$IMG.build" sh build.sh)" \
	"rerun: the image's build gives back its directories as words ($cmd)"

# help's "man -l PATH" from a source tree in such a directory
SRC="$T/src it's \$here"
mkdir -p "$SRC/bin" && cp "$CONTEST" "$SRC/bin/contest" && cp "$TOP/contest.1" "$SRC/"
cmd=$("$SRC/bin/contest" help | sed -n 's/^  \(man -l .*\)$/\1/p')
is "$(words "$cmd")" "$(want man -l "$SRC/contest.1")" \
	"help: man -l gives back the page's path ($cmd)"

done_testing

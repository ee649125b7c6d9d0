#!/usr/bin/env bash
# contest bisect works by path only in directories of its own: a work_dir
# another user owns or may write is refused, and so is a symlink planted
# as bisect-src, bisect-build or the results' .bisect: exit 2 naming the
# path (and its owner), before any checkout, so what a link points at (a
# repository with an uncommitted edit, a folder) is left as it was. A
# bisect-src that is not a worktree is made one, never the repository of a
# folder above it checked out --force.
. "$(dirname "$0")/lib.sh"
. "$(dirname "$0")/lib-bisect.sh"
command -v git > /dev/null || { skip "no git"; done_testing; exit; }
# the invoking user of sudo may own work_dir: the test's own user is not nobody
unset SUDO_UID SUDO_GID
G=$T/repo
R=$T/reports
make_plain_repo "$G" "commit 1" "commit 2" "commit 3"
head=$(git -C "$G" rev-parse HEAD)
echo "an uncommitted edit" > "$G/f"
# a folder with a file bisect's default build would unlink as its stamp
V=$T/victim
mkdir "$V"
echo precious > "$V/contest-config.stamp"

# the repository and the folder as they were: the edit, HEAD, the file
untouched() {
	[ "$(cat "$G/f")" = "an uncommitted edit" ] &&
		[ "$(git -C "$G" rev-parse HEAD)" = "$head" ] &&
		git -C "$G" symbolic-ref -q HEAD > /dev/null &&
		[ "$(cat "$V/contest-config.stamp")" = precious ] && [ ! -e "$R/.bisect/state" ]
}
# refused WORK WHY WHAT: contest bisect with work_dir=WORK (the default
# build, which runs no farther than make defconfig in this repository)
refused() {
	local work=$1 why=$2 what=$3
	"$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD -c "$TOP/configs/quick.conf" \
		-s "work_dir=$work" -r "$R" noload > "$T/out" 2> "$T/err"
	is $? 2 "$what: exit 2"
	grep -qF -- "$why" "$T/err"
	ok $? "$what: said ($(head -n 1 "$T/err"))"
	untouched
	ok $? "$what: the repository's edit and HEAD, the folder's file are untouched"
}

if need_root && id nobody > /dev/null 2>&1; then
	# another user's work_dir, where that user linked bisect-src to our
	# repository and bisect-build to our folder
	W=$T/nobody-work
	mkdir -m 0755 "$W"
	ln -s "$G" "$W/bisect-src"
	ln -s "$V" "$W/bisect-build"
	chown -h nobody "$W" "$W/bisect-src" "$W/bisect-build"
	refused "$W" "refusing to write into '$W': it belongs to uid $(id -u nobody), not to you" \
		"a work_dir owned by nobody, its links to our repository and folder"
	rm -rf "$W"
else
	skip "a work_dir owned by another user is refused" "needs root and a user nobody"
fi

mkdir -m 0777 "$T/open"
refused "$T/open" "refusing to write into '$T/open': others may write it (mode 777)" \
	"a work_dir anyone may write"

# links in a work_dir of ours: refused, not followed (nor replaced)
mkdir "$T/w1"
ln -s "$G" "$T/w1/bisect-src"
refused "$T/w1" "refusing to use '$T/w1/bisect-src': a symbolic link" "bisect-src a symlink to our repository"
[ -L "$T/w1/bisect-src" ]
ok $? "and the link is left to us to remove"
mkdir "$T/w2"
ln -s "$V" "$T/w2/bisect-build"
refused "$T/w2" "refusing to use '$T/w2/bisect-build': a symbolic link" "bisect-build a symlink to our folder"
rm -rf "$R"
mkdir -p "$R" "$T/elsewhere"
ln -s "$T/elsewhere" "$R/.bisect"
refused "$T/w3" "refusing to use '$R/.bisect': a symbolic link" "the results' .bisect a symlink"
is "$(ls -A "$T/elsewhere")" "" "nothing written where .bisect pointed"
rm -rf "$R"

# work_dir inside the repository, bisect-src there but empty (a worktree
# removed by hand): made a worktree, not the repository above checked out
mkdir -p "$G/work/bisect-src"
"$CONTEST" bisect --tree "$G" --good HEAD~2 --bad HEAD -c "$TOP/configs/quick.conf" \
	-s "work_dir=$G/work" -r "$R" --build "sh -c false" noload > "$T/out" 2> "$T/err"
is $? 1 "an empty bisect-src inside the repository: the builds fail, exit 1"
[ "$(cat "$G/f")" = "an uncommitted edit" ] && [ "$(git -C "$G" rev-parse HEAD)" = "$head" ]
ok $? "the repository's edit and HEAD are untouched"
[ -f "$G/work/bisect-src/.git" ] && [ "$(cat "$G/work/bisect-src/f")" = 1 ]
ok $? "bisect-src became a worktree at the good commit"
done_testing

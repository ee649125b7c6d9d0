#!/usr/bin/env bash
# t-plot-hostile - plot -o DIR and report --format html -o DIR never run a
# gnuplot script nor write through a file another user could plant: a DIR
# another user owns or may write is refused (exit 2, naming it); symlinks
# planted under the .dat, .gp, image, log and index.html.tmp names are
# replaced, their targets untouched; gnuplot runs the script contest wrote,
# not one put under DIR's .gp name while gnuplot starts.
. "$(dirname "$0")/lib.sh"

if ! command -v gnuplot >/dev/null; then
	skip "hostile plot directories" "gnuplot is not installed (apt-get install gnuplot-nox)"
	done_testing
	exit
fi
PUB=$TOP/tests/data/published/reports
R=$T/r
# two kernels, noload only: one chart per command keeps the test quick
for k in 2.4.18 2.5.47; do
	mkdir -p "$R/$k"
	awk -F'\t' 'NR == 1 || $1 == "noload"' "$PUB/$k/runs.tsv" >"$R/$k/runs.tsv"
done
# the invoking user of sudo may own DIR: the test's own user is not nobody
unset SUDO_UID SUDO_GID

# refused: exit 2, the message names DIR and why, nothing written into it
refused() {	# refused DIR WHY-PATTERN WHAT
	local dir=$1 why=$2 what=$3
	"$CONTEST" plot -r "$R" -o "$dir" >/dev/null 2>"$T/err"
	is $? 2 "plot: $what is refused (exit 2)"
	grep -q "refusing to write into '$dir': $why" "$T/err"
	ok $? "naming it: $(head -n 1 "$T/err")"
	"$CONTEST" report -r "$R" --format html -o "$dir" >/dev/null 2>"$T/err"
	is $? 2 "report --format html: $what is refused (exit 2)"
	grep -q "refusing to write into '$dir': $why" "$T/err"
	ok $? "naming it: $(head -n 1 "$T/err")"
	is "$(ls -A "$dir")" "" "nothing is written into it"
}

mkdir -m 0777 "$T/open"
refused "$T/open" "others may write it (mode 777)" "a DIR anyone may write"
mkdir -m 0775 "$T/group"
refused "$T/group" "others may write it (mode 775)" "a DIR its group may write"
if need_root && id nobody >/dev/null 2>&1; then
	mkdir -m 0755 "$T/nobody"
	chown nobody "$T/nobody"
	refused "$T/nobody" "it belongs to uid $(id -u nobody), not to you" \
		"an empty DIR owned by nobody"
else
	skip "a DIR owned by nobody is refused" "needs root and a user nobody"
fi

# symlinks planted in an accepted DIR (ours, 0755): replaced, never followed
plant() {	# plant DIR NAME...: DIR/NAME -> $T/victim.NAME, which says precious
	local dir=$1 name; shift
	for name; do
		echo precious >"$T/victim.$name"
		ln -sfn "$T/victim.$name" "$dir/$name"
	done
}
untouched() {	# untouched DIR WHAT NAME...
	local dir=$1 what=$2 name bad=; shift 2
	for name; do
		[ "$(head -c 20 "$T/victim.$name" | tr -d '\0')" = precious ] || bad="$bad victim.$name"
		[ -f "$dir/$name" ] && [ ! -L "$dir/$name" ] || bad="$bad $name"
	done
	is "${bad# }" "" "$what: the planted symlinks' targets untouched, each name a file of ours"
}
mkdir -m 0755 "$T/plots"
plant "$T/plots" time-noload.dat time-noload.gp time-noload.png gnuplot.log
"$CONTEST" plot -r "$R" -o "$T/plots" >/dev/null 2>"$T/err"
ok $? "plot into a DIR with planted symlinks exits 0 ($(head -n 1 "$T/err"))"
untouched "$T/plots" plot time-noload.dat time-noload.gp time-noload.png gnuplot.log
head -n 1 "$T/plots/time-noload.gp" | grep -q '^# contest plot' &&
	file -b "$T/plots/time-noload.png" | grep -q '^PNG image data'
ok $? "plot: the .gp is contest's, the image a PNG"

mkdir -m 0755 "$T/site"
"$CONTEST" report -r "$R" --format html -o "$T/site" >/dev/null 2>"$T/err"
ok $? "a first page ($(head -n 1 "$T/err"))"
plant "$T/site/charts" time-noload.dat time-noload.gp time-noload.svg gnuplot.log
plant "$T/site" index.html.tmp
"$CONTEST" report -r "$R" --format html -o "$T/site" >/dev/null 2>"$T/err"
ok $? "the page again over planted symlinks exits 0 ($(head -n 1 "$T/err"))"
untouched "$T/site/charts" "html charts" time-noload.dat time-noload.gp time-noload.svg \
	gnuplot.log
[ "$(head -c 20 "$T/victim.index.html.tmp")" = precious ]
ok $? "html: index.html.tmp's target untouched"
[ -f "$T/site/index.html" ] && [ ! -L "$T/site/index.html" ] && [ ! -e "$T/site/index.html.tmp" ] &&
	grep -q 'data:image/svg+xml;base64,' "$T/site/index.html"
ok $? "html: index.html is a file of ours with its charts, no index.html.tmp left"

# The script gnuplot runs is contest's: a gnuplot first on PATH plays another
# user who, the moment gnuplot starts, puts a script of its own under the
# .gp's name in DIR (what a user who could write DIR would race to do), then
# runs the real gnuplot. A script read from DIR would touch $T/pwned.
real=$(command -v gnuplot)
mkdir "$T/bin"
cat >"$T/bin/gnuplot" <<EOF
#!/bin/sh
printf 'system("touch $T/pwned")\n' >"\$PLANT/\$1"
stat -c '%a %u' . >>"$T/cwd"
exec "$real" "\$@"
EOF
chmod +x "$T/bin/gnuplot"
mkdir -m 0755 "$T/race"
PLANT=$T/race PATH=$T/bin:$PATH "$CONTEST" plot -r "$R" -o "$T/race" >/dev/null 2>"$T/err"
ok $? "plot with a script planted as gnuplot starts exits 0 ($(head -n 1 "$T/err"))"
[ ! -e "$T/pwned" ]
ok $? "plot: the planted script never ran"
is "$(sort -u "$T/cwd")" "700 $(id -u)" "gnuplot ran in a private directory (0700, ours)"
head -n 1 "$T/race/time-noload.gp" | grep -q '^# contest plot'
ok $? "and DIR's .gp is contest's again"
mkdir -m 0755 "$T/race-site"
PLANT=$T/race-site/charts PATH=$T/bin:$PATH \
	"$CONTEST" report -r "$R" --format html -o "$T/race-site" >/dev/null 2>"$T/err"
ok $? "the page with a script planted as gnuplot starts exits 0 ($(head -n 1 "$T/err"))"
[ ! -e "$T/pwned" ]
ok $? "html: the planted script never ran"
ls "$T/race-site/charts" | grep -q '^\.contest-plot'
ok $((!$?)) "no private directory left behind"
done_testing

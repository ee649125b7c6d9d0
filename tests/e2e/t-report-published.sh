#!/usr/bin/env bash
# t-report-published - contest report over hand-written results reproduces,
# character for character, the tables Con Kolivas posted to linux-kernel for
# 2.5.47-mm3 (tests/data/published/, see its README). Needs no root: it only
# reads runs.tsv files.
. "$(dirname "$0")/lib.sh"

DATA=$TOP/tests/data/published
FIXTURE=$DATA/lkml-2002-11-16-2.5.47-mm3.txt
KERNELS=(2.4.18 2.4.19 2.4.20-rc1 2.5.47 2.5.47-mm1 2.5.47-mm3)	# the post's order

# same FILE-WANT FILE-GOT NAME: byte for byte, else the diff as TAP comments
same() {
	if cmp -s "$1" "$2"; then
		ok 0 "$3"
	else
		ok 1 "$3"
		diff -u --label want --label got "$1" "$2" | sed 's/^/#   /'
	fi
}

# report NAME [OPTION...]: contest report of the kernels into $T/NAME.{out,err,rc}
report() {
	local name=$1; shift
	"$CONTEST" report -r "$DATA/reports" "$@" --reference-time 71.4 "${KERNELS[@]}" \
		>"$T/$name.out" 2>"$T/$name.err"
	echo $? >"$T/$name.rc"
}

if [ ! -x "$CONTEST" ]; then
	ok 1 "bin/contest is built (run make)"
	done_testing
	exit
fi

sed '1,/^# ---$/d' "$FIXTURE" >"$T/mail.want"
is "$(head -n 1 "$T/mail.want")" "noload:" "the fixture's body starts with the noload table"

# --format classic is the 2002 layout: no blank line after "LOAD:"
report mail --format classic
is "$(cat "$T/mail.rc")" 0 "report --format classic exits 0"
is "$(cat "$T/mail.err")" "" "report --format classic writes nothing to stderr"
same "$T/mail.want" "$T/mail.out" "report --format classic is the published tables verbatim"

# the default, text: the same tables with a blank line after each "LOAD:";
# --format mail carries these very tables (t-report-mail)
# and under them, once, what Ratio divides by
awk '{ print } /^[a-z_]+:$/ { print "" }' "$T/mail.want" >"$T/text.want"
printf '%s\n' "Ratio: Time over a reference of 71.4 s; --ratio self gives each kernel's" \
	"own slowdown, which compare tests." "" >>"$T/text.want"
report text
is "$(cat "$T/text.rc")" 0 "report (text) exits 0"
is "$(cat "$T/text.err")" "" "report (text) writes nothing to stderr"
same "$T/text.want" "$T/text.out" "report (text) is the same tables, a blank line after each LOAD:"

done_testing

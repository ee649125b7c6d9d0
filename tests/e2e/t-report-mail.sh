#!/usr/bin/env bash
# t-report-mail - report --format mail is a whole message: RFC 2822 headers,
# a paragraph on the machine from the env files (with what differs between
# kernels), the tables exactly as --format text prints them, a note on the
# runs left out; ASCII only, no tabs, no line over 80 columns, also with
# kernel names that are long or not ASCII, and no boilerplate: a line on
# the rows, a legend of compare's marks and columns, one pointer to contest
# compare. compare --format mail: the same message form around compare's
# section, which report's mail shares: the kernels and their runs, what *
# and ** mean, the env files' confounds, compare's tables as it prints them.
# Reads hand-written results only.
. "$(dirname "$0")/lib.sh"

PUB=$TOP/tests/data/published/reports
KERNELS=(2.4.18 2.4.19 2.4.20-rc1 2.5.47 2.5.47-mm1 2.5.47-mm3)

# clean FILE NAME: ASCII, no tabs or CRs, no line over 80 columns
clean() {
	LC_ALL=C grep -q '[^ -~]' "$1"
	ok $((!$?)) "$2: only printable ASCII, no tabs"
	local w
	w=$(awk '{ if (length($0) > m) m = length($0) } END { print m + 0 }' "$1")
	[ "$w" -le 80 ]
	ok $? "$2: no line over 80 columns (widest $w)"
}
# the user's git config is not the test's: From: falls back to it
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1
# body FILE: the message after the first empty line
body() { sed '1,/^$/d' "$1"; }

SOURCE_DATE_EPOCH=1037404800 EMAIL= "$CONTEST" report -r "$PUB" --format mail \
	--reference-time 71.4 "${KERNELS[@]}" >"$T/pub.mail" 2>"$T/pub.err"
ok $? "report --format mail exits 0"
is "$(cat "$T/pub.err")" "" "nothing on stderr"
head_of() { sed '/^$/q' "$T/pub.mail" | grep "^$1: " | head -n 1; }
is "$(head_of From)" "From: $(passwd_from)" "From: user@host without --from, \$EMAIL or git's user.email"
is "$(head_of Date)" "Date: Sat, 16 Nov 2002 00:00:00 +0000" "Date: RFC 2822, from SOURCE_DATE_EPOCH"
is "$(sed '/^$/q' "$T/pub.mail" | sed -n '/^Subject:/,/^[A-Z]/p' | sed '$d' | tr -d '\n')" \
	"Subject: [BENCHMARK] contest: 2.4.18 vs 2.4.19 vs 2.4.20-rc1 vs 2.5.47 vs 2.5.47-mm1 vs 2.5.47-mm3" \
	"Subject: names every kernel, folded with a leading space"
is "$(head_of MIME-Version)" "MIME-Version: 1.0" "MIME-Version"
is "$(head_of Content-Type)" "Content-Type: text/plain; charset=us-ascii" "Content-Type"
is "$(head_of Content-Transfer-Encoding)" "Content-Transfer-Encoding: 7bit" "Content-Transfer-Encoding"
clean "$T/pub.mail" "published results"
grep -q 'No env files' "$T/pub.mail"
ok $? "without env files the paragraph says so"

# the tables: the text report's output, verbatim, inside the body
# (but the closing line on what Ratio divides by: the mail's intro says it)
"$CONTEST" report -r "$PUB" --reference-time 71.4 "${KERNELS[@]}" | sed '/^Ratio: /,/^$/d' >"$T/pub.text"
body "$T/pub.mail" | sed -n '/^noload:$/,$p' | head -n "$(wc -l <"$T/pub.text")" >"$T/pub.tables"
cmp -s "$T/pub.text" "$T/pub.tables"
ok $? "the mail's tables are report --format text's, byte for byte ($(wc -l <"$T/pub.text") lines)"

# env files: a paragraph on the machine, and what differs between kernels
R=$T/r
mkdir -p "$R"
cp -r "$PUB/2.4.18" "$PUB/2.5.47" "$R/"
"$CONTEST" env -s make_jobs=4 | sed 's/^governor: .*/governor: none/' >"$R/2.4.18/env"
sed 's/^cpus: .*/cpus: 4096/' "$R/2.4.18/env" >"$R/2.5.47/env"
printf 'noload\t9\t80\t90\t0\t0\toom\n' >>"$R/2.5.47/runs.tsv"
EMAIL='Tester <t@example.org>' "$CONTEST" report -r "$R" --format mail --to lkml@example.org \
	2.4.18 2.5.47 >"$T/env.mail" 2>"$T/env.err"
ok $? "mail with env files exits 0"
is "$(sed '/^$/q' "$T/env.mail" | grep '^From: ')" "From: Tester <t@example.org>" "From: from \$EMAIL"
is "$(sed '/^$/q' "$T/env.mail" | grep '^To: ')" "To: lkml@example.org" "To: from --to"
body "$T/env.mail" | tr '\n' ' ' | tr -s ' ' >"$T/env.flat"
grep -q "on $(getconf _NPROCESSORS_ONLN) CPUs (" "$T/env.flat" && grep -q "make -j4" "$T/env.flat"
ok $? "the paragraph gives CPUs and make -j from the env file"
grep -q "2.5.47 differs from 2.4.18 in: cpus" "$T/env.flat"
ok $? "the paragraph names what differs between the kernels"
rel=$(uname -r)
grep -qF "The runs of 2.4.18 were made running Linux $rel on" "$T/env.flat" &&
	grep -qF "The runs of 2.5.47 were made running Linux $rel." "$T/env.flat"
ok $? "the paragraph names each kernel's running kernel (uname -r: $rel)"
grep -qF "no cpufreq governor (the CPU's frequency is not scaled" "$T/env.flat" &&
	! grep -q "governor none" "$T/env.flat"
ok $? "governor none is said as what it means"
is "$(grep -c '^noload:$' "$T/env.mail")" 1 "noload is printed once, in the tables, not again in compare's part"
# what is neither the machine paragraph nor a table is prose: a line on the
# rows, compare's legend, its summary; no column explained twice
prose() {
	awk 'NR == 1, /^$/ { next }
	!para && /^$/ { para = 1; next }
	!para || /^$/ || /^[a-z0-9_+]+:$/ || /^(Kernel \[runs\]|Metric |Kernels compared:)/ { next }
	/^Undecided: / { why = 1 }	# the reason of a row, told as its numbers are
	why { if (/\.$/) why = 0; next }
	/^[^ ]+ \[[0-9]+\] / || /^(Latency|Deadlines)$/ || /^  [^ ]+: [0-9]+ ok runs? of / { next }
	/^(Time|Ratio|CPU%|Loads|LCPU%|SD|p99|Max|FPS|Stall)? +[^ ]+ +([-0-9.]+ |cpu )/ || /^\(.*\)$/ { next }
	{ n++ } END { print n + 0 }' "$1"
}
n=$(prose "$T/env.mail")
[ "$n" -ge 6 ] && [ "$n" -le 16 ]
ok $? "a two-kernel mail has 6 to 16 lines of prose besides the machine, the tables and the undecided rows' reasons ($n; 30 with the explanations repeated)"
grep -q "Time is the wall time\|Comparing '2.5.47' with\|tests made:\|No mark: the difference" "$T/env.mail"
ok $((!$?)) "no column or mark is explained twice, nor compare's opening paragraph repeated"
grep -qx "'contest compare' says what each column and verdict means." "$T/env.mail"
ok $? "one line points to contest compare for the definitions"
git config -f "$T/gitconfig" user.email 'git.user@example.org'
GIT_CONFIG_GLOBAL=$T/gitconfig EMAIL= "$CONTEST" report -r "$R" --format mail 2.4.18 2.5.47 \
	2>/dev/null | sed '/^$/q' | grep '^From: ' >"$T/git.from"
is "$(cat "$T/git.from")" "From: git.user@example.org" "without \$EMAIL, From: is git's user.email"
grep -q '^(2.5.47: 1 run not ok: 1 oom)$' "$T/env.mail" && grep -q 'left out of the means' "$T/env.flat"
ok $? "the excluded run is counted under its table and explained"
clean "$T/env.mail" "with env files"
SOURCE_DATE_EPOCH=1 "$CONTEST" report -r "$R" --format mail --from 'me@example.org' 2.4.18 \
	>"$T/from.mail"
is "$(grep -m1 '^From: ' "$T/from.mail")" "From: me@example.org" "--from beats \$EMAIL"

# notes under a table wider than a mail: wrapped, the kernels keep their names
D=$T/disturbed
mkdir -p "$D/quiet" "$D/busy"
for k in quiet busy; do
	runs_header "$D/$k/runs.tsv" disturbed
	for i in 1 2 3; do
		printf 'noload\t%d\t60.%d\t95\t0\t0\tok\tsteal 1%%, others 10%d%%\n' "$i" "$i" "$i" \
			>>"$D/$k/runs.tsv"
	done
done
"$CONTEST" report -r "$D" --format mail quiet busy >"$T/dist.mail" 2>"$T/dist.err"
ok $? "mail with two kernels' disturbed runs exits 0"
clean "$T/dist.mail" "disturbed notes"
grep -q '^quiet \[3\] ' "$T/dist.mail" && ! grep -q '^K1 ' "$T/dist.mail" &&
	grep -qx '.*others 103%)' "$T/dist.mail"
ok $? "the note is wrapped and the tables keep the names"

# names too long for an 80-column row, and not ASCII: a legend of short names
long=2.6.0-test11-mm1-with-a-very-long-patch-series-name-that-goes-on
utf=2.6.0-t$'\xc3\xa9'st
mkdir "$R/$long" "$R/$utf"
cp "$PUB/2.4.18/runs.tsv" "$R/$long/"
cp "$PUB/2.4.19/runs.tsv" "$R/$utf/"
"$CONTEST" report -r "$R" --format mail "$long" "$utf" >"$T/long.mail" 2>"$T/long.err"
ok $? "mail with a long and a non-ASCII name exits 0"
clean "$T/long.mail" "long and non-ASCII names"
grep -qx "  K1 = $long" "$T/long.mail" && grep -qxF '  K2 = 2.6.0-t\xc3\xa9st' "$T/long.mail"
ok $? "a legend names K1 and K2, non-ASCII bytes as \\xNN"
grep -q '^K1 \[5\] ' "$T/long.mail" && ! grep -q "^$long \[" "$T/long.mail"
ok $? "the tables use the short names"
sed '/^$/q' "$T/long.mail" | sed -n '/^Subject:/,/^Date:/p' | tr -d '\n' |
	grep -qF "Subject: [BENCHMARK] contest: $long vs =?UTF-8?Q?2=2E6=2E0-t=C3=A9st?="
ok $? "the Subject: is ASCII too, the UTF-8 name an encoded word, folded where the names make it long"

# compare --format mail: kernels and runs, the marks' legend, confounds
ok_runs() { awk -F'\t' 'NR > 1 && $7 == "ok"' "$1/runs.tsv" | wc -l; }
ok_loads() { awk -F'\t' 'NR > 1 && $7 == "ok" { l[$1] } END { print length(l) }' "$1/runs.tsv"; }
SOURCE_DATE_EPOCH=1037404800 EMAIL= "$CONTEST" compare -r "$R" --format mail --to lkml@example.org \
	2.4.18 2.5.47 >"$T/cmp.mail" 2>"$T/cmp.err"
ok $? "compare --format mail exits 0"
clean "$T/cmp.mail" "compare --format mail"
is "$(sed '/^$/q' "$T/cmp.mail" | grep -E '^(Subject|To|Content-Type): ')" \
"To: lkml@example.org
Subject: [BENCHMARK] contest compare: 2.4.18 vs 2.5.47
Content-Type: text/plain; charset=us-ascii" "compare's mail headers name both kernels"
is "$(sed '/^$/q' "$T/cmp.mail" | grep -c '^\(From\|Date\|MIME-Version\): ')" 3 "From, Date, MIME-Version"
grep -qx "  2.4.18: $(ok_runs "$R/2.4.18") ok runs of $(ok_loads "$R/2.4.18") loads (the base)" \
	"$T/cmp.mail" &&
	grep -qx "  2.5.47: $(ok_runs "$R/2.5.47") ok runs of $(ok_loads "$R/2.5.47") loads" "$T/cmp.mail"
ok $? "the kernels compared, BASE first, with their ok runs counted from runs.tsv"
body "$T/cmp.mail" | tr '\n' ' ' | tr -s ' ' >"$T/cmp.flat"
grep -qF "* marks p < 0.05 (p: the verdict's test), ** also after Holm's correction over the " \
	"$T/cmp.flat"
ok $? "the legend says what * and ** mean"
grep -qF "Warning: '2.5.47' and '2.4.18' were measured with different cpus: '4096' against '$(getconf _NPROCESSORS_ONLN)'." \
	"$T/cmp.flat"
ok $? "the env files' difference is a warning in the mail"
grep -q "cpus" "$T/cmp.err"
ok $? "and on stderr as compare always says it"
grep -q "2.5.47 differs from 2.4.18 in: cpus" "$T/cmp.flat"
ok $? "the machine paragraph opens the body"
"$CONTEST" compare -r "$R" 2.4.18 2.5.47 >"$T/cmp.text" 2>/dev/null
# compare's tables, from its first load to its "Overall" line
sed -n '/^[a-z_+]*:$/,/^Overall/p' "$T/cmp.text" | sed '$d' >"$T/cmp.tables"
[ "$(wc -l <"$T/cmp.tables")" -gt 20 ] &&
	sed -n '/^[a-z_+]*:$/,/^Overall/p' "$T/cmp.mail" | sed '$d' | cmp -s - "$T/cmp.tables"
ok $? "compare's tables are in the mail byte for byte ($(wc -l <"$T/cmp.tables") lines)"
# but for the counts of the rows each shows and what noload's rows say
counts() {
	tr '\n' ' ' | tr -s ' ' | sed -e 's/[0-9]* rows\{0,1\} \(is\|are\) paired round by round\. //' \
		-e 's/[0-9]* rows\{0,1\} compares\{0,1\} separate sessions[^.]*\. //' \
		-e "s/noload's [^.]* not tested: no load ran\. //" -e 's/; [0-9]* of [0-9]* verdicts\{0,1\} decided\.//'
}
sed -n '/^Kernels compared/,$p' "$T/env.mail" | counts >"$T/env.section"
sed -n '/^Kernels compared/,$p' "$T/cmp.mail" | sed '/^noload:$/,/^$/d' | counts >"$T/cmp.section"
cmp -s "$T/env.section" "$T/cmp.section"
ok $? "report --format mail carries the same compare section, but for noload its tables show"
# and counts the verdicts of the rows it shows, not noload's
shown=$(sed -n '/^Kernels compared/,$p' "$T/env.mail" | grep -cE ' (better|worse|same|changed|undecided)$')
tr '\n' ' ' <"$T/env.mail" | tr -s ' ' | grep -q "; [0-9]* of $shown verdicts\{0,1\} decided\."
ok $? "report's mail counts the $shown verdicts it shows"
"$CONTEST" compare -r "$R" --format mail --alpha 0.01 2.4.18 2.5.47 2>/dev/null |
	grep -qF "* marks p < 0.01 (p: the verdict's test)"
ok $? "--alpha shows in the legend"

# a different memory size shouts in the mail too; missing env files are said
sed 's/^memtotal: .*/memtotal: 1056964608 (1008 MiB)/' "$R/2.4.18/env" >"$R/2.5.47/env"
"$CONTEST" compare -r "$R" --format mail 2.4.18 2.5.47 2>/dev/null | tr '\n' ' ' | tr -s ' ' |
	grep -q "Warning: MEMORY DIFFERS: '2.5.47' had memtotal 1056964608 (1008 MiB), '2.4.18' had"
ok $? "memtotal 1008 MiB against the base's: MEMORY DIFFERS in the mail"
"$CONTEST" compare -r "$PUB" --format mail 2.4.18 2.5.47 >"$T/noenv.mail" 2>/dev/null
tr '\n' ' ' <"$T/noenv.mail" | tr -s ' ' | grep -q "Warning: no env file for '2.4.18'"
ok $? "without env files the mail warns that the environment cannot be checked"
grep -q '^io_load:$' "$T/noenv.mail" && grep -qE '^ {7}2\.5\.47 +[0-9]+\.[0-9]+ ' "$T/noenv.mail"
ok $? "compare's tables are in the mail, a row of 2.5.47 with its mean"
"$CONTEST" compare -r "$R" --format mail "$long" "$utf" >"$T/cmp-long.mail" 2>/dev/null
ok $? "compare --format mail with a long and a non-ASCII name exits 0"
clean "$T/cmp-long.mail" "compare mail, long and non-ASCII names"
grep -qF "  2.6.0-t\xc3\xa9st: " "$T/cmp-long.mail"
ok $? "the non-ASCII name is written with \\xNN in the kernels' lines"
"$CONTEST" compare -r "$R" --format mail 2.4.18 >/dev/null 2>&1
is $? 2 "compare --format mail with one kernel is bad usage"

# header injection: a control character in any header value is bad usage,
# and no header is printed
inject() {	# inject NAME WANT-IN-STDERR COMMAND-ARGS...
	local name=$1 want=$2; shift 2
	"$@" >"$T/inj.out" 2>"$T/inj.err"
	is "$?" 2 "$name: exit status 2"
	grep -qF -- "$want" "$T/inj.err"
	ok $? "$name: the error says why ($(head -n 1 "$T/inj.err"))"
	! grep -qi '^bcc:' "$T/inj.out"
	ok $? "$name: no Bcc: header on stdout"
}
inject "report --from with a newline" \
	"bad --from 'me@x\x0aBcc: evil@y': a mail header cannot hold control characters" \
	"$CONTEST" report -r "$R" --format mail --from $'me@x\nBcc: evil@y' 2.4.18
inject "compare --to with CR LF" \
	"bad --to 'a@b\x0d\x0aBcc: e@f': a mail header cannot hold control characters" \
	"$CONTEST" compare -r "$R" --format mail --to $'a@b\r\nBcc: e@f' 2.4.18 2.5.47
inject "report --to with a tab" "bad --to 'a@b\x09c'" \
	"$CONTEST" report -r "$R" --format mail --to $'a@b\tc' 2.4.18
inject "compare --from with DEL" "bad --from 'a@b\x7f'" \
	"$CONTEST" compare -r "$R" --format mail --from $'a@b\x7f' 2.4.18 2.5.47
inject "\$EMAIL with a newline" "bad \$EMAIL 'x@y\x0aBcc: z'" \
	env EMAIL=$'x@y\nBcc: z' "$CONTEST" report -r "$R" --format mail 2.4.18
inject "a non-ASCII address" "an address must be ASCII" \
	"$CONTEST" report -r "$R" --format mail --from $'j\xc3\xb6@x' 2.4.18
"$CONTEST" report -r "$R" --format mail --from $'J\xc3\xb6rg M\xc3\xbcller <j@example.org>' 2.4.18 \
	>"$T/name.mail"
is "$(grep -m1 '^From: ' "$T/name.mail")" "From: =?UTF-8?Q?J=C3=B6rg=20M=C3=BCller?= <j@example.org>" \
	"a UTF-8 name before the address is one encoded word, its blank kept"

# a kernel named kä: the Subject carries it as an RFC 2047 encoded word, the
# body as k\xc3\xa4 in aligned tables, and stderr says so
ka=k$'\xc3\xa4'
mkdir "$R/$ka"
cp "$PUB/2.5.47/runs.tsv" "$R/$ka/"
"$CONTEST" report -r "$R" --format mail 2.4.18 "$ka" >"$T/ka.mail" 2>"$T/ka.err"
ok $? "report --format mail with kernel '$ka' exits 0"
clean "$T/ka.mail" "kernel '$ka'"
is "$(sed '/^$/q' "$T/ka.mail" | grep '^Subject: ')" \
	"Subject: [BENCHMARK] contest: 2.4.18 vs =?UTF-8?Q?k=C3=A4?=" "the Subject: encodes '$ka' (RFC 2047)"
python3 -c 'import email, sys
m = email.message_from_binary_file(open(sys.argv[1], "rb"))
print(str(email.header.make_header(email.header.decode_header(m["Subject"]))))' "$T/ka.mail" >"$T/ka.subject"
is "$(cat "$T/ka.subject")" "[BENCHMARK] contest: 2.4.18 vs $ka" "which a mail reader decodes back to '$ka'"
grep -q '^k\\xc3\\xa4 \[' "$T/ka.mail" && ! grep -q '^k? ' "$T/ka.mail"
ok $? "the body's tables write it k\\xc3\\xa4"
# every table row starts its Time column where the header's does
awk '/^Kernel \[runs\]/ { h = index($0, "Time"); next }
	h && /^(2\.4\.18|k\\xc3\\xa4) \[/ { n++; if (match($0, / [0-9]+\.[0-9]/) && RSTART + 1 != h) bad++ }
	END { exit !(n >= 20 && !bad) }' "$T/ka.mail"
ok $? "its rows stay aligned with the header's columns"
grep -qF "warning: kernel '$ka' is not ASCII: the mail's body writes it as 'k\xc3\xa4'" "$T/ka.err"
ok $? "stderr names the kernel whose name the body rewrites"
"$CONTEST" compare -r "$R" --format mail 2.4.18 "$ka" >"$T/ka-cmp.mail" 2>"$T/ka-cmp.err"
ok $? "compare --format mail with kernel '$ka' exits 0"
clean "$T/ka-cmp.mail" "compare, kernel '$ka'"
is "$(sed '/^$/q' "$T/ka-cmp.mail" | grep '^Subject: ')" \
	"Subject: [BENCHMARK] contest compare: 2.4.18 vs =?UTF-8?Q?k=C3=A4?=" "compare's Subject: encodes it too"
awk '/^Metric Kernel/ { h = index($0, "Mean") + 3; next }
	h && /^(Time|CPU%|Loads|LCPU%)? *k\\xc3\\xa4 / { n++; if (substr($0, h, 1) !~ /[0-9]/) bad++ }
	END { exit !(n >= 20 && !bad) }' "$T/ka-cmp.mail"
ok $? "compare's rows for k\\xc3\\xa4 stay aligned under Mean"
grep -qF "warning: kernel '$ka' is not ASCII" "$T/ka-cmp.err"
ok $? "and stderr names the kernel"

done_testing

#!/usr/bin/env bash
# t-mail-variants - what the mail, compare and the page say of two variants
# that differ by a knob (the I/O scheduler), from hand-written rows: the
# runs per load the rows hold (not the config's runs), verdict counts of
# the rows shown, the knobs said once as what was varied (not warned as a
# confound), no all-zero Swap block, the default From: as --help says it;
# why a row is undecided and how many runs would decide it, in text, mail
# and page, MDEs beyond sense capped; noload's Loads and LCPU% not tested,
# said once and left out of the counts.
. "$(dirname "$0")/lib.sh"
export GIT_CONFIG_GLOBAL=/dev/null GIT_CONFIG_NOSYSTEM=1 EMAIL=

R=$T/r
Q=/sys/block/vda/queue/scheduler
for k in dl ky; do runs_header "$R/$k/runs.tsv" timestamp; done
t=0
# row KERNEL LOAD RUN TIME CPU LOADS LCPU: interleaved, a minute apart
row() {
	printf '2026-12-05T10:%02d:00Z\t%s\t%s\t%s\t%s\t%s\t%s\tok\n' "$t" "$2" "$3" "$4" "$5" \
		"$6" "$7" >>"$R/$1/runs.tsv"
	t=$((t + 1))
}
row dl noload 1 60.1 95 0 0; row ky noload 1 60.4 95 0 0
row dl io_load 1 73.0 80 12 20; row ky io_load 1 71.0 81 13 21
row ky noload 2 60.9 95 0 0; row dl noload 2 59.9 95 0 0
row ky io_load 2 79.0 78 11 19; row dl io_load 2 74.0 79 12 20
# env files as a variant's session writes them: its knobs first, the
# scheduler they set, and the config's runs = 1 (run -n 2 made two rounds)
"$CONTEST" env -c "$TOP/configs/quick.conf" -s runs=1 >"$T/env"
{ echo "knobs: $Q=mq-deadline"; sed 's/^io_scheduler: .*/io_scheduler: mq-deadline/' "$T/env"; } >"$R/dl/env"
{ echo "knobs: $Q=kyber"; sed 's/^io_scheduler: .*/io_scheduler: kyber/' "$T/env"; } >"$R/ky/env"
# all-zero vmstat logs: nothing swapped
vmstat_log() {	# vmstat_log FILE SI
	mkdir -p "$(dirname "$1")"
	printf '%s\n' 'procs -----------memory---------- ---swap-- -----io---- -system-- ------cpu-----' \
		' r  b   swpd   free   buff  cache   si   so    bi    bo   in   cs us sy id wa st' >"$1"
	for s in 1 2 3; do
		printf ' 1  0      0 100000   1000  50000 %4d    0     0     0  100  200 50 10 40  0  0\n' "$2" >>"$1"
	done
}
for k in dl ky; do for n in 1 2; do vmstat_log "$R/$k/logs/io_load.$n.vmstat" 0; done; done

"$CONTEST" report -r "$R" --format mail dl ky >"$T/mail" 2>"$T/mail.err"
ok $? "report --format mail of the two variants exits 0"
flat() { tr '\n' ' ' <"$1" | tr -s ' '; }
flat "$T/mail" >"$T/mail.flat"

# item: the runs per load are the rows'
grep -q ", 2 runs per load, " "$T/mail.flat" && ! grep -q "1 runs\? per load" "$T/mail.flat"
ok $? "the mail says 2 runs per load, as its rows hold, not the config's runs = 1"
row ky io_load 3 75.0 79 12 20
"$CONTEST" report -r "$R" --format mail dl ky 2>/dev/null | tr '\n' ' ' | tr -s ' ' |
	grep -q ", 2-3 runs per load, "
ok $? "with 2 and 3 runs in the rows: 2-3 runs per load"
sed -i '$d' "$R/ky/runs.tsv"

# the knobs are what was varied, said once, not warned about
grep -q "Warning: .*different \(knobs\|io_scheduler\)" "$T/mail.flat" ||
	grep -q "differs from dl in" "$T/mail.flat"
ok $((!$?)) "no warning of different knobs or io_scheduler: the knob is what was varied"
is "$(grep -o "ky ran with the knobs $Q=kyber, dl with $Q=mq-deadline: what was varied" \
	"$T/mail.flat" | wc -l)" 1 "the mail says once what was varied"
"$CONTEST" compare -r "$R" dl ky >/dev/null 2>"$T/cmp.err"
grep -q "different \(knobs\|io_scheduler\)" "$T/cmp.err"
ok $((!$?)) "nor does compare warn of them"
# a difference the knobs did not make is still a confound
sed -i 's/^cpus: .*/cpus: 4096/' "$R/ky/env"
"$CONTEST" compare -r "$R" --format mail dl ky 2>/dev/null | tr '\n' ' ' | tr -s ' ' >"$T/cpus.flat"
grep -q "Warning: 'ky' and 'dl' were measured with different cpus" "$T/cpus.flat" &&
	! grep -q "different io_scheduler" "$T/cpus.flat"
ok $? "a difference of cpus beside the knobs is still warned about, the scheduler not"
sed -i "s/^cpus: .*/$(grep '^cpus: ' "$R/dl/env")/" "$R/ky/env"

# verdict counts: the rows shown (the mail leaves noload's compare rows out)
shown=$(sed -n '/^Kernels compared/,$p' "$T/mail" |
	grep -cE ' (better|worse|same|changed|undecided)$')
decided=$(sed -n '/^Kernels compared/,$p' "$T/mail" | grep -cE ' (better|worse|same|changed)$')
grep -q "; $decided of $shown verdicts\? decided\." "$T/mail.flat"
ok $? "the mail counts the $shown verdicts it shows, $decided decided: $(grep -o '[0-9]* of [0-9]* verdicts\? decided' "$T/mail.flat")"

# an all-zero Swap block is left out; one that swapped stays
grep -q "^Swap \[kB/s\]" "$T/mail"
ok $((!$?)) "no Swap block when nothing swapped"
vmstat_log "$R/ky/logs/io_load.1.vmstat" 120
"$CONTEST" report -r "$R" --format mail dl ky 2>/dev/null | grep -q "^Swap \[kB/s\]"
ok $? "a Swap block when a run swapped"
vmstat_log "$R/ky/logs/io_load.1.vmstat" 0

# From: as --help says: $EMAIL, else git's user.name <user.email>, else user@host
"$CONTEST" report --help | tr '\n' ' ' | tr -s ' ' |
	grep -qF "(default \$EMAIL; else git config's user.name <user.email>; else user@host"
ok $? "report --help says where the default From: comes from"
"$CONTEST" compare --help | tr '\n' ' ' | tr -s ' ' |
	grep -qF "(default \$EMAIL; else git config's user.name <user.email>; else user@host"
ok $? "and compare --help"
git config -f "$T/gitconfig" user.email 'ann@example.org'
git config -f "$T/gitconfig" user.name 'Ann Tester'
GIT_CONFIG_GLOBAL=$T/gitconfig "$CONTEST" report -r "$R" --format mail dl ky 2>/dev/null |
	sed '/^$/q' | grep '^From: ' >"$T/from"
is "$(cat "$T/from")" "From: Ann Tester <ann@example.org>" "From: git's user.name <user.email>"
is "$("$CONTEST" report -r "$R" --format mail dl ky 2>/dev/null | sed '/^$/q' | grep '^From: ')" \
	"From: $(passwd_from)" "without git's user.email: user@host, named by the passwd entry when it names one"

# undecided says why and what would decide it: text, mail and page
"$CONTEST" compare -r "$R" dl ky >"$T/cmp" 2>/dev/null
"$CONTEST" compare -r "$R" --format csv dl ky >"$T/cmp.csv" 2>/dev/null
grep -qE '^ +ky +.* [0-9]{3,}\.[0-9]%' "$T/cmp"
ok $((!$?)) "no MDE of 100% or more is printed"
grep -qE '^ +ky +.* >50% undecided$' "$T/cmp" && grep -qx "Undecided: ky Time, too noisy (MDE >50%); over 1000 rounds (2 now) to see" \
	<(sed -n '/^io_load:/,/^$/p' "$T/cmp" | grep '^Undecided: ky Time' | sed 's/ 2%\.$//')
ok $? "an MDE above 50% is >50%, too noisy, and how many rounds would see 2%"
# CPU% of io_load: the rounds from the MDE's sqrt(n) scaling, by hand
mde=$(awk -F, '$1 == "io_load" && $2 == "CPU%" && $3 == "ky" { print $10 }' "$T/cmp.csv")
need=$(awk -v m="$mde" 'BEGIN { x = 2 * (log(1 + m / 100) / log(1.02)) ^ 2; n = int(x); if (n < x) n++; print n }')
line=$(grep "^Undecided: ky CPU%" "$T/cmp")
is "$line" "Undecided: ky CPU%, noise (MDE $(printf '%.1f' "$mde")%); about $need rounds (2 now) to see 2%." \
	"CPU%'s reason in text: noise, its MDE and about $need rounds"
[ -n "$line" ] && grep -qF "$line" "$T/mail"
ok $? "the mail says it too"
"$CONTEST" report -r "$R" --format html -o "$T/page" dl ky >/dev/null 2>&1
python3 - "$T/page/index.html" "$line" >"$T/page.check" 2>&1 <<'PY'
import html.parser, sys
class Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(); self.text = []; self.skip = 0
    def handle_starttag(self, tag, attrs):
        self.skip += tag in ('style', 'script')
    def handle_endtag(self, tag):
        self.skip -= tag in ('style', 'script')
    def handle_data(self, d):
        if not self.skip: self.text.append(d)
p = Text(); p.feed(open(sys.argv[1]).read())
assert sys.argv[2] and sys.argv[2] in ''.join(p.text), 'not in the visible text'
print('ok')
PY
is "$(cat "$T/page.check")" ok "and the page, in its visible text, not only a title="

# noload's Loads and LCPU%: not tested, said once, not counted
sed -n '/^noload:/,/^$/p' "$T/cmp" | grep -A1 -E '^(Loads|LCPU%) ' | grep -E '^ +ky ' >"$T/untested"
[ "$(wc -l <"$T/untested")" = 2 ] && ! grep -qE 'same|undecided' "$T/untested"
ok $? "noload's Loads and LCPU% rows of ky print neither same nor undecided: $(tr -s ' ' <"$T/untested" | tr '\n' '|')"
is "$(grep -c "^noload's Loads and LCPU% are not tested: no load ran\.$" "$T/cmp")" 1 \
	"compare says once that they are not tested"
cells=$(grep -cE ' (better|worse|same|changed|undecided)$' "$T/cmp")
grep -q "^[0-9]* of $cells verdicts decided" "$T/cmp"
ok $? "compare's count is of the $cells verdicts printed: $(grep 'verdicts decided' "$T/cmp")"
"$CONTEST" compare -r "$R" --format json dl ky 2>/dev/null | python3 -c '
import json, sys
d = json.load(sys.stdin)
n = sum(1 for r in d["rows"] if r.get("verdict"))
assert d["decided"] + d["undecided"] == n, (d["decided"], d["undecided"], n)
assert not [r for r in d["rows"] if r["load"] == "noload" and r["metric"] in ("Loads", "LCPU%") and r.get("verdict")]
print("ok")' >"$T/json.check" 2>&1
is "$(cat "$T/json.check")" ok "JSON: no verdict for them, and not in decided + undecided"

done_testing

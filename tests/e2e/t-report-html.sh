#!/usr/bin/env bash
# t-report-html - report --format html -o DIR writes one self-contained page
# (tables, env summary, charts as SVG data: URIs, no network, no script) that
# renders in headless Chromium: a screenshot, a DOM with every table, every
# image decoded, no console message. Names are HTML-escaped. The probes are
# checked to fail on a page that is broken on purpose.
. "$(dirname "$0")/lib.sh"

PUB=$TOP/tests/data/published/reports
R=$T/r
mkdir -p "$R"
cp -r "$PUB/2.4.18" "$PUB/2.5.47" "$R/"
evil='x<img"src=x"onerror=alert(1)>&amp;y'   # no blanks: kernel names may hold none
cp -r "$PUB/2.4.19" "$R/$evil"
"$CONTEST" env >"$R/2.4.18/env"
# a real run's monitor logs for the "what the machine was doing" charts
"$CONTEST" run -s workload=command -s "command=sleep 2" -s flush=no -s quiet_wait=0 \
	-s "work_dir=$T/work" -r "$R" -k live -n 1 noload >/dev/null 2>&1
ok $? "a quick real run for monitor logs"

"$CONTEST" report -r "$R" --format html -o "$T/page" --stats 2.4.18 2.5.47 "$evil" live \
	>"$T/out" 2>"$T/err"
ok $? "report --format html exits 0 ($(head -n 1 "$T/err"))"
P=$T/page/index.html
is "$(cat "$T/out")" "$P" "it prints the page's path"
grep -q 'empty y range' "$T/err" "$T/page/charts/gnuplot.log"
ok $((!$?)) "gnuplot warns of no empty y range (the live run's I/O wait and swap are flat)"
svg=$T/page/charts/vmstat-live-noload.svg
[ -s "$svg" ] && grep -q 'free memory (MiB)' "$svg" && ! grep -q 'swap (KiB/s)' "$svg"
ok $? "no swap panel for a run that never swapped ($(basename "$svg"))"
grep -q 'Mean seconds over the ok runs' "$P" && ! grep -qi 'milliseconds' "$P"
ok $? "pressure in seconds, as compare says it"
loads=$(for f in "$R"/*/runs.tsv; do col "$f" load; done | sort -u | wc -l)
is "$(grep -c '^<table>' "$P")" "$((loads + 1))" "a table per load ($loads) and the pressure table"
grep -Eq '(src|href)="(https?:)?//' "$P"
ok $((!$?)) "nothing loaded from the network"
grep -qi '<script' "$P"
ok $((!$?)) "no script in the page"
grep -q 'x&lt;img&quot;src=x&quot;onerror=alert(1)&gt;&amp;amp;y' "$P" && ! grep -q '<img"src=x' "$P"
ok $? "the kernel name is HTML-escaped"
"$CONTEST" compare --format csv -r "$R" 2.4.18 2.5.47 "$evil" live >"$T/compare.csv" 2>/dev/null
verdicts=$(python3 -c 'import csv, sys
print(sum(1 for r in csv.DictReader(open(sys.argv[1])) if r["verdict"]))' "$T/compare.csv")
[ "$verdicts" -gt 0 ] && is "$(grep -o '<td class="verdict verdict-[a-z]*"' "$P" | wc -l)" "$verdicts" \
	"the page has a verdict cell for each of compare's verdicts ($verdicts)"
python3 -c 'import re, sys
page = open(sys.argv[1]).read()
for sec in re.findall(r"<section>\n<h2>([^<]*)</h2>\n(.*?)</section>", page, re.S):
	load, body = sec
	if load in ("Is a difference real?", "Pressure stalls during the compile"):
		continue
	t = body.find("<table>"); c = body.find("<table class=\"compare\">")
	assert 0 <= t < c, load
	assert "<td>Time</td>" in body[c:] and "<td>LCPU%</td>" in body[c:], load
' "$P"
ok $? "each load's section: its table, then compare's rows of every metric"
grep -q '@media print' "$P"
ok $? "a print style sheet"
"$CONTEST" report -r "$R" --format html 2.4.18 >/dev/null 2>&1
is $? 2 "--format html without -o is bad usage"

# -o never writes over what contest did not write: not '/', not a
# directory holding other things; a page of its own it rewrites
grep -q '<meta name="generator" content="contest ' "$P"
ok $? "the page carries contest's generator tag"
cp -r "$T/page" "$T/page2"
"$CONTEST" report -r "$R" --format html -o "$T/page2" 2.4.18 >"$T/again.out" 2>"$T/again.err"
ok $? "rewriting a previous page works ($(head -n 1 "$T/again.err"))"
grep -q '<h1>contest: 2.4.18</h1>' "$T/page2/index.html"
ok $? "and the page is the new one"
had_index=0; [ -e /index.html ] && had_index=1
had_charts=0; [ -e /charts ] && had_charts=1
"$CONTEST" report -r "$R" --format html -o / 2.4.18 >"$T/root.out" 2>"$T/root.err"
st=$?
# a regression writes /index.html and /charts: take back only what it made
[ $had_index = 0 ] && [ -e /index.html ] && { rm -f /index.html; echo "# removed /index.html"; }
[ $had_charts = 0 ] && [ -d /charts ] && { rm -rf /charts; echo "# removed /charts"; }
is "$st" 2 "-o / is bad usage"
grep -qF "refusing to write a page into '/'" "$T/root.err"
ok $? "and says so ($(head -n 1 "$T/root.err"))"
mkdir -p "$T/mine/sub"
echo keep >"$T/mine/notes.txt"
"$CONTEST" report -r "$R" --format html -o "$T/mine" 2.4.18 >/dev/null 2>"$T/mine.err"
is "$?" 2 "-o a non-empty directory that holds no contest page is bad usage"
grep -qF "refusing to write a page into '$T/mine': it is not empty" "$T/mine.err"
ok $? "and the message names it"
[ ! -e "$T/mine/index.html" ] && [ ! -e "$T/mine/charts" ] && [ "$(cat "$T/mine/notes.txt")" = keep ]
ok $? "nothing was written there"
printf '<html><body>my own page</body></html>\n' >"$T/mine/index.html"
"$CONTEST" report -r "$R" --format html -o "$T/mine" 2.4.18 >/dev/null 2>&1
is "$?" 2 "a directory whose index.html is not contest's is refused too"
grep -q 'my own page' "$T/mine/index.html"
ok $? "and that index.html is untouched"
mkdir "$T/empty"
"$CONTEST" report -r "$R" --format html -o "$T/empty" 2.4.18 >/dev/null 2>&1 &&
	[ -s "$T/empty/index.html" ]
ok $? "an empty directory is fine"
echo x >"$T/afile"
"$CONTEST" report -r "$R" --format html -o "$T/afile" 2.4.18 >/dev/null 2>&1
is "$?" 2 "-o a file is bad usage"

if ! command -v chromium >/dev/null; then
	skip "chromium checks" "chromium is not installed"
	done_testing
	exit
fi
# a copy of a page that, once loaded, writes how many images decoded into the DOM
probe_copy() {
	cp "$1" "$2"
	cat >>"$2" <<'JS'
<script>addEventListener("load", function () {
	var a = document.images, n = 0, p = document.createElement("pre");
	for (var i = 0; i < a.length; i++) if (a[i].complete && a[i].naturalWidth > 0) n++;
	p.id = "probe"; p.textContent = "images " + n + " of " + a.length + " decoded";
	document.body.appendChild(p);
});</script>
JS
}

chromium_run "file://$P" --screenshot="$T/shot.png" --window-size=1200,2000 >/dev/null 2>"$T/shot.err"
file -b "$T/shot.png" 2>/dev/null | grep -q '^PNG image data, 1200 x 2000'
ok $? "chromium takes a 1200x2000 screenshot of the page"
[ "$(stat -c %s "$T/shot.png" 2>/dev/null || echo 0)" -gt 20000 ]
ok $? "the screenshot is not blank ($(stat -c %s "$T/shot.png" 2>/dev/null) bytes)"
[ -n "${CONTEST_KEEP_SHOT:-}" ] && cp "$T/shot.png" "$CONTEST_KEEP_SHOT"

chromium_run "file://$P" --dump-dom >"$T/dom" 2>"$T/dom.err"
is "$(grep -o '<table>' "$T/dom" | wc -l)" "$((loads + 1))" "the rendered DOM has every table"
grep -q '<h1>contest: 2.4.18 vs 2.5.47 vs x&lt;img' "$T/dom"
ok $? "the heading names the kernels, escaped"
grep -q 'CONSOLE' "$T/dom.err" "$T/shot.err"
ok $((!$?)) "no console message while rendering"

imgs=$(grep -o '<img ' "$P" | wc -l)
probe_copy "$P" "$T/page/probe.html"
chromium_run "file://$T/page/probe.html" --virtual-time-budget=10000 --dump-dom >"$T/probe" 2>/dev/null
grep -o 'images [0-9]* of [0-9]* decoded' "$T/probe" >"$T/probe.line"
is "$(cat "$T/probe.line")" "images $imgs of $imgs decoded" \
	"every chart decodes ($imgs: a time chart per load, a vmstat chart)"

# the probes can fail: a broken image and a console error are seen
printf '<!DOCTYPE html><html><body><img src="data:image/svg+xml;base64,AAAA">%s</body></html>\n' \
	'<script>console.error("contest-probe")</script>' >"$T/bad.html"
probe_copy "$T/bad.html" "$T/bad-probe.html"
chromium_run "file://$T/bad-probe.html" --virtual-time-budget=10000 --dump-dom >"$T/bad.dom" 2>"$T/bad.err"
grep -q 'images 0 of 1 decoded' "$T/bad.dom"
ok $? "control: a broken image counts as not decoded"
grep -q 'CONSOLE.*contest-probe' "$T/bad.err"
ok $? "control: a console error shows on stderr"
done_testing

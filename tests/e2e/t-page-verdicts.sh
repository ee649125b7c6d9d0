#!/usr/bin/env bash
# t-page-verdicts - the results page puts compare's rows under each load's
# table, every metric the load has (an interactive task's own too), and
# colours each verdict cell as mmtests does: a command sleeping twice as
# long is worse, in red; half as long better, in green; a copy of the base
# 0.3% faster or slower run by run the same, in grey; undecided in a colour
# of its own. Read back from headless Chromium: the cells' computed colours, and
# the red in a screenshot. A page stripped of its style fails the checks.
. "$(dirname "$0")/lib.sh"
if ! command -v chromium >/dev/null; then
	echo "1..0 # SKIP chromium is not installed"
	exit 0
fi
R=$T/r
CONF=$T/c.conf
command_conf "$CONF" "sleep 0.2"

"$CONTEST" run -c "$CONF" -r "$R" -n 3 -k base -k slow --set "command=sleep 0.4" \
	-k quick --set "command=sleep 0.1" noload >/dev/null 2>"$T/run.err"
ok $? "three interleaved variants sleeping 0.2, 0.4 and 0.1 s ($(grep -m 1 '^error' "$T/run.err"))"
"$CONTEST" run -c "$CONF" -r "$R" -n 2 -s workload=audio -s duration=2s -k base -k slow \
	-k quick noload >/dev/null 2>"$T/audio.err"
ok $? "and the audio task under noload, two rounds ($(grep -m 1 '^error' "$T/audio.err"))"
# twin: base's rows at the same times, each Time 0.3% longer or shorter in turn
mkdir -p "$R/twin"
awk -F'\t' -v OFS='\t' 'NR == 1 { for (i = 1; i <= NF; i++) c[$i] = i; print; next }
	$c["load"] == "noload" { $c["time_s"] = sprintf("%.4f", $c["time_s"] * (1 + (n++ % 2 ? -0.003 : 0.003))) }
	{ print }' "$R/base/runs.tsv" >"$R/twin/runs.tsv"
cp "$R/base/env" "$R/twin/env"

"$CONTEST" compare --format csv -r "$R" base slow quick twin >"$T/cmp.csv" 2>/dev/null
verdict() { awk -F, -v l="$1" -v m="$2" -v k="$3" '$1 == l && $2 == m && $3 == k { print $11 }' "$T/cmp.csv"; }
is "$(verdict noload Time slow) $(verdict noload Time quick) $(verdict noload Time twin)" \
	"worse better same" "compare: sleeping twice as long is worse, half as long better, the twin the same"

"$CONTEST" report -r "$R" --format html -o "$T/page" base slow quick twin >/dev/null 2>"$T/report.err"
ok $? "report --format html exits 0 ($(head -n 1 "$T/report.err"))"
P=$T/page/index.html

# a copy of a page that, once loaded, writes each verdict cell's load,
# metric, kernel, verdict and computed background colour into the DOM
probe_colours() {
	cp "$1" "$2"
	cat >>"$2" <<'JS'
<script>addEventListener("load", function () {
	var out = [], tables = document.querySelectorAll("table.compare");
	for (var t = 0; t < tables.length; t++) {
		var load = tables[t].closest("section").querySelector("h2").textContent, metric = "";
		var rows = tables[t].rows;
		for (var i = 1; i < rows.length; i++) {
			var c = rows[i].cells, v = c[c.length - 1];
			if (c[0].textContent) metric = c[0].textContent;
			if (v.className)
				out.push([load, metric, c[1].textContent, v.textContent,
					  getComputedStyle(v).backgroundColor].join("|"));
		}
	}
	var p = document.createElement("pre");
	p.id = "colours"; p.textContent = "\n" + out.join("\n") + "\n";
	document.body.appendChild(p);
});</script>
JS
}
# check_colours DOM: the verdicts' colours as they should be; says what is wrong
check_colours() {
	python3 - "$1" <<'PY'
import html, re, sys
m = re.search(r'<pre id="colours">(.*?)</pre>', open(sys.argv[1]).read(), re.S)
cells = [html.unescape(l).split("|") for l in m.group(1).split("\n") if l] if m else []
def rgb(s):
	v = [float(x) for x in re.findall(r"[\d.]+", s)]
	return None if len(v) < 3 or (len(v) == 4 and v[3] == 0) else v[:3]
seen, bad = {}, []
for load, metric, kernel, verdict, colour in cells:
	c = rgb(colour)
	if c is None:
		bad.append("%s %s %s: %s has no colour" % (load, metric, kernel, verdict))
		continue
	seen.setdefault(verdict, set()).add(tuple(c))
def verdict_of(load, metric, kernel):
	return [(v, rgb(c)) for l, m, k, v, c in cells if (l, m, k) == (load, metric, kernel)]
want = {"slow": ("worse", lambda r, g, b: r - max(g, b) >= 40),
	"quick": ("better", lambda r, g, b: g - max(r, b) >= 30),
	"twin": ("same", lambda r, g, b: max(r, g, b) - min(r, g, b) <= 12 and max(r, g, b) < 245)}
for kernel, (verdict, hue) in want.items():
	got = verdict_of("noload", "Time", kernel)
	if not got or got[0][0] != verdict or not got[0][1] or not hue(*got[0][1]):
		bad.append("noload Time %s: want %s in its colour, got %s" % (kernel, verdict, got))
for verdict, colours in seen.items():
	if len(colours) != 1:
		bad.append("%s in %d colours" % (verdict, len(colours)))
if len({next(iter(c)) for c in seen.values()}) != len(seen):
	bad.append("two verdicts share a colour: %s" % seen)
if "undecided" not in seen:
	bad.append("no undecided cell")
metrics = {m for l, m, k, v, c in cells if l == "audio+noload"}
for m in ("Latency", "SD", "p99", "Max", "CPU%", "Deadlines"):
	if m not in metrics:
		bad.append("audio+noload has no %s verdict" % m)
print("; ".join(bad) if bad else "%d verdict cells: %s" % (len(cells),
      ", ".join("%s %s" % (v, next(iter(c))) for v, c in sorted(seen.items()))))
sys.exit(1 if bad else 0)
PY
}

probe_colours "$P" "$T/page/colours.html"
chromium_run "file://$T/page/colours.html" --virtual-time-budget=10000 --dump-dom \
	>"$T/colours.dom" 2>/dev/null
msg=$(check_colours "$T/colours.dom")
ok $? "each verdict in its colour, read from Chromium: $msg"
grep -q '<h2>audio+noload</h2>' "$T/colours.dom" &&
	python3 -c 'import re, sys
s = re.search(r"<h2>audio\+noload</h2>(.*?)</section>", open(sys.argv[1]).read(), re.S).group(1)
sys.exit(not (s.find("<table>") < s.find("<table class=\"compare\">")))' "$T/colours.dom"
ok $? "audio+noload's compare rows come after its own table"

# the screenshot shows the worse cell's red
red=$(sed -n 's/^noload|Time|slow|worse|rgb(\([0-9]*\), \([0-9]*\), \([0-9]*\))$/\1 \2 \3/p' "$T/colours.dom")
chromium_run "file://$P" --screenshot="$T/shot.png" --window-size=1200,3000 >/dev/null 2>&1
[ -n "$red" ] && python3 - "$T/shot.png" $red >"$T/red" <<'PY'
import struct, sys, zlib
data = open(sys.argv[1], "rb").read()
want = [int(x) for x in sys.argv[2:5]]
pos, idat, w = 8, b"", 0
while pos < len(data):
	n, kind = struct.unpack(">I4s", data[pos:pos + 8])
	body = data[pos + 8:pos + 8 + n]
	if kind == b"IHDR":
		w, h, depth, ctype = struct.unpack(">IIBB", body[:10])
		bpp = {2: 3, 6: 4}[ctype]
		assert depth == 8 and body[12] == 0, "8-bit, not interlaced"
	elif kind == b"IDAT":
		idat += body
	pos += 12 + n
raw, stride, prev, count = zlib.decompress(idat), w * bpp, bytearray(w * bpp), 0
for y in range(h):
	f, line = raw[y * (stride + 1)], bytearray(raw[y * (stride + 1) + 1:(y + 1) * (stride + 1)])
	for i in range(stride):
		a = line[i - bpp] if i >= bpp else 0
		b, c = prev[i], prev[i - bpp] if i >= bpp else 0
		if f == 1: line[i] = (line[i] + a) & 255
		elif f == 2: line[i] = (line[i] + b) & 255
		elif f == 3: line[i] = (line[i] + (a + b) // 2) & 255
		elif f == 4:
			p = a + b - c; pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
			line[i] = (line[i] + (a if pa <= pb and pa <= pc else b if pb <= pc else c)) & 255
	count += sum(1 for x in range(0, stride, bpp)
		     if all(abs(line[x + k] - want[k]) <= 3 for k in range(3)))
	prev = line
print(count)
PY
px=$(cat "$T/red" 2>/dev/null)
[ "${px:-0}" -gt 500 ]
ok $? "the screenshot shows the worse cell's red ($px pixels of rgb($red))"
[ -n "${CONTEST_KEEP_SHOT:-}" ] && cp "$T/shot.png" "$CONTEST_KEEP_SHOT"

# control: without the style sheet the same checks fail
sed '/^<style>$/,/^<\/style>$/d' "$P" >"$T/page/plain.html"
probe_colours "$T/page/plain.html" "$T/page/plain-colours.html"
chromium_run "file://$T/page/plain-colours.html" --virtual-time-budget=10000 --dump-dom \
	>"$T/plain.dom" 2>/dev/null
msg=$(check_colours "$T/plain.dom")
is "$?" 1 "control: a page without its colours fails the check ($(cut -c1-60 <<<"$msg"))"
done_testing

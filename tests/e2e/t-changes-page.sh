#!/usr/bin/env bash
# t-changes-page - the history charts read back from headless Chromium:
# changes --format html over 1200 kernels (noload +10% from k0037) has a
# point per kernel, noload's change marked by a line and a label that is
# drawn inside its chart, and cacherun's chart none; at 1200 and 12000
# kernels (five changes, four close together) no text overprints another,
# the spread is a band and both axes have ticks between; report --format html
# has the same chart under each load. A page whose charts lost their marks
# fails the checks.
. "$(dirname "$0")/lib.sh"
need_gawk
if ! command -v chromium >/dev/null; then
	echo "1..0 # SKIP chromium is not installed"
	exit 0
fi
R=$T/r
# history DIR N [VAR=VALUE...]: kernels k001..kN (changes-history.awk)
history() {
	local dir=$1 n=$2 v vars=(); shift 2
	for v; do vars+=(-v "$v"); done
	gawk -v dir="$dir" -v n="$n" "${vars[@]}" -v header="$(runs_columns timestamp)" \
		-f "$TOP/tests/e2e/changes-history.awk"
}
history "$R" 1200

"$CONTEST" changes -r "$R" --format html -o "$T/page" > /dev/null 2> "$T/err"
ok $? "changes --format html over 1200 kernels exits 0 ($(head -n 1 "$T/err"))"

# probe PAGE COPY: COPY is PAGE with a script that writes, per chart, its
# points, its change marks and each label's text and whether its box lies
# inside the chart's
probe() {
	cp "$1" "$2"
	cat >> "$2" <<'JS'
<script>addEventListener("load", function () {
	var out = [], svgs = document.querySelectorAll("svg.history");
	for (var i = 0; i < svgs.length; i++) {
		var s = svgs[i], box = s.getBoundingClientRect(), labels = [];
		var name = s.closest("section").querySelector("h2").textContent;
		s.querySelectorAll(".change-label").forEach(function (l) {
			var b = l.getBoundingClientRect();
			var inside = b.width > 0 && b.left >= box.left && b.right <= box.right + 1 &&
				     b.top >= box.top && b.bottom <= box.bottom;
			labels.push(l.textContent + (inside ? "" : " (outside)"));
		});
		out.push([name, s.querySelectorAll("circle.point").length,
			  s.querySelectorAll("g.change line").length, labels.join(";")].join("|"));
		/* the drawing: labels that overprint, bands and whiskers, ticks */
		var boxes = [], texts = [], over = 0, which = "";
		s.querySelectorAll("text").forEach(function (t) {
			boxes.push(t.getBoundingClientRect());
			texts.push(t.textContent);
		});
		for (var a = 0; a < boxes.length; a++)
			for (var b = a + 1; b < boxes.length; b++)
				if (boxes[a].width && boxes[b].width &&
				    boxes[a].left < boxes[b].right && boxes[b].left < boxes[a].right &&
				    boxes[a].top < boxes[b].bottom && boxes[b].top < boxes[a].bottom) {
					over++;
					which += " (" + texts[a] + " / " + texts[b] + ")";
				}
		out.push(["draw " + name, "overprinted " + over + which,
			  "bands " + s.querySelectorAll("path.band").length,
			  "whiskers " + s.querySelectorAll("line.spread").length,
			  "x ticks " + s.querySelectorAll("text.axis.start, text.axis.mid, text.axis.end").length,
			  "y ticks " + s.querySelectorAll("text.axis.ytick").length].join("|"));
	}
	var p = document.createElement("pre");
	p.id = "probe"; p.textContent = "\n" + out.join("\n") + "\n";
	document.body.appendChild(p);
});</script>
JS
}
# charts DOM: the probe's lines
charts() {
	python3 -c 'import html, re, sys
m = re.search(r"<pre id=\"probe\">(.*?)</pre>", open(sys.argv[1]).read(), re.S)
print("\n".join(l for l in html.unescape(m.group(1)).split("\n") if l) if m else "no probe")' "$1"
}

probe "$T/page/index.html" "$T/page/probe.html"
chromium_run "file://$T/page/probe.html" --virtual-time-budget=10000 --dump-dom \
	> "$T/dom" 2> "$T/chromium.err"
LABEL=$(charts "$T/dom" | awk -F'|' '$1 == "noload" { print $4 }')
is "$(charts "$T/dom" | grep -v '^draw' | cut -d'|' -f1-3)" "noload|1200|1
cacherun|1200|0" "Chromium: 1200 points in each chart, one change mark in noload's"
[[ $LABEL =~ ^\+[0-9.]+%\ k0037$ ]]
ok $? "the mark labelled with its change and first kernel, drawn inside the chart ($LABEL)"

# the drawing at 1200 and at 12000 kernels (noload also stepping 8% four
# times within 4% of the history): no text overprints another, the spread
# a band, not whiskers, ticks between the ends on both axes; the
# screenshots stay in $T for a reader to look at
drawn() {
	charts "$1" | awk -F'|' '/^draw / {
		split($2, o, " "); split($3, b, " "); split($4, w, " "); split($5, x, " "); split($6, y, " ")
		printf "%s%s", sep, (o[2] == 0 && b[2] >= 1 && w[2] == 0 && x[3] >= 4 && y[3] >= 3) ? "good" : $0
		sep = ";" } END { print "" }'
}
history "$T/many" 12000 many=1
"$CONTEST" changes -r "$T/many" --format html -o "$T/mpage" > /dev/null 2>> "$T/err"
probe "$T/mpage/index.html" "$T/mpage/probe.html"
chromium_run "file://$T/mpage/probe.html" --virtual-time-budget=20000 --dump-dom \
	> "$T/mdom" 2>> "$T/chromium.err"
is "$(charts "$T/mdom" | awk -F'|' '$1 == "noload" { print $3 }')" 5 \
	"12000 kernels: noload's five changes marked"
is "$(drawn "$T/mdom")" "good;good" "12000 kernels: no label overprints another, a band, ticks between ($(charts "$T/mdom" | grep '^draw noload'))"
is "$(drawn "$T/dom")" "good;good" "1200 kernels: the same ($(charts "$T/dom" | grep '^draw noload'))"
for p in page mpage; do
	chromium_run "file://$T/$p/index.html" --window-size=1200,700 --screenshot="$T/$p.png" \
		> /dev/null 2>> "$T/chromium.err"
done
[ -s "$T/page.png" ] && [ -s "$T/mpage.png" ]
ok $? "screenshots of both pages made ($T/page.png, $T/mpage.png)"

# a page whose marks are gone fails the same checks
sed 's/<g class="change">.*<\/g>//' "$T/page/index.html" > "$T/page/bare.html"
probe "$T/page/bare.html" "$T/page/bare-probe.html"
chromium_run "file://$T/page/bare-probe.html" --virtual-time-budget=10000 --dump-dom \
	> "$T/bare-dom" 2>> "$T/chromium.err"
is "$(charts "$T/bare-dom" | awk -F'|' '$1 == "noload" { print $3 }')" 0 \
	"the probe sees no mark where there is none"

# report's page: a history chart under each load (60 kernels)
history "$T/r60" 60
"$CONTEST" report -r "$T/r60" --format html -o "$T/rpage" > /dev/null 2> "$T/rerr"
ok $? "report --format html over 60 kernels exits 0 ($(grep -m 1 '^error' "$T/rerr"))"
probe "$T/rpage/index.html" "$T/rpage/probe.html"
chromium_run "file://$T/rpage/probe.html" --virtual-time-budget=10000 --dump-dom \
	> "$T/rdom" 2>> "$T/chromium.err"
is "$(charts "$T/rdom" | grep -v '^draw' | sed 's/|+[0-9.]*% /|+N% /')" "noload|60|1|+N% k037
cacherun|60|0|" "report's page: each load's history chart, noload's change at k037"
done_testing

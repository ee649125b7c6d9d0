#!/usr/bin/env bash
# t-changes-page - the history charts read back from headless Chromium:
# changes --format html over 1200 kernels (noload +10% from k0037) has a
# point per kernel, noload's change marked by a line and a label that is
# drawn inside its chart, and cacherun's chart none; report --format html
# has the same chart under each load. A page whose charts lost their marks
# fails the checks.
. "$(dirname "$0")/lib.sh"
if ! command -v chromium >/dev/null; then
	echo "1..0 # SKIP chromium is not installed"
	exit 0
fi
R=$T/r
# history DIR N: kernels k001..kN (changes-history.awk)
history() {
	awk -v dir="$1" -v n="$2" -v header="$(runs_columns timestamp)" \
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
is "$(charts "$T/dom" | cut -d'|' -f1-3)" "noload|1200|1
cacherun|1200|0" "Chromium: 1200 points in each chart, one change mark in noload's"
[[ $LABEL =~ ^\+[0-9.]+%\ k0037$ ]]
ok $? "the mark labelled with its change and first kernel, drawn inside the chart ($LABEL)"

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
is "$(charts "$T/rdom" | sed 's/|+[0-9.]*% /|+N% /')" "noload|60|1|+N% k037
cacherun|60|0|" "report's page: each load's history chart, noload's change at k037"
done_testing

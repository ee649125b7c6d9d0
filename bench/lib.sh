# bench/lib.sh - what the figure scripts share; bench.sh sources it, then them.
#
# Gives: $TOP, $CONTEST, $POWER_BIN, $B (a private temp dir removed at exit),
# QUICK (1: small counts for a smoke run), say (progress on stderr),
# figure (one row of the table), median/mean/cv (numbers on stdin), col,
# crun (contest run with the bench's common settings).
set -u
TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
# CONTEST=BINARY benchmarks another build (e.g. an older one, for a before/after)
CONTEST=${CONTEST:-$TOP/bin/contest}
POWER_BIN=${POWER_BIN:-$TOP/build/plain/bench/power}
QUICK=${QUICK:-}
POWER=${POWER:-}
B=$(mktemp -d "${CONTEST_BENCH_TMP:-/tmp}/contest-bench.XXXXXX")
trap 'rm -rf "$B"' EXIT
trap 'exit 130' INT TERM

# reps FULL QUICK: a repeat count (or a size), smaller under QUICK=1
reps() { if [ -n "$QUICK" ]; then echo "$2"; else echo "$1"; fi; }
# an eighth of the quick profile's synthetic tree under QUICK=1
TREE_OPTS=()
[ -z "$QUICK" ] || TREE_OPTS=(-s synthetic_dirs=3 -s synthetic_files=4)

say() { printf 'bench: %s\n' "$*" >&2; }

# figure NAME MEASURED TARGET MET HOW: one row of the table (MET: yes, no or -)
figure() { printf '%s\t%s\t%s\t%s\t%s\n' "$@" >> "$B/figures"; }

median() { sort -g | awk '{v[NR] = $1} END {if (!NR) exit 1; print (NR % 2) ? v[(NR + 1) / 2] : (v[NR / 2] + v[NR / 2 + 1]) / 2}'; }
mean() { awk '{s += $1} END {if (!NR) exit 1; print s / NR}'; }
# coefficient of variation (sample standard deviation over mean), a fraction
cv() { awk '{x[NR] = $1; s += $1} END {if (NR < 2) exit 1; m = s / NR; for (i = 1; i <= NR; i++) ss += (x[i] - m) ^ 2; print sqrt(ss / (NR - 1)) / m}'; }
# met COND: yes when the awk condition holds, else no
met() { awk "BEGIN {print ($1) ? \"yes\" : \"no\"}"; }
# calc EXPR: awk arithmetic, printed with %.4g unless FMT is given
calc() { awk "BEGIN {printf \"${2:-%.4g}\\n\", $1}"; }

# values of column NAME of a runs.tsv, one per line
col() { awk -F'\t' -v c="$2" 'NR == 1 {for (i = 1; i <= NF; i++) if ($i == c) k = i; next} k {print $k}' "$1"; }
# the last row's value of column NAME
last() { col "$1" "$2" | tail -n 1; }

# crun KERNEL ARGS...: one contest run into $B/r/KERNEL with the quick profile,
# its output in $B/log; fails when the run does (the figure is then not measured)
crun() {
	local k=$1; shift
	if ! "$CONTEST" run -c "$TOP/configs/quick.conf" -s "work_dir=$B/work" -r "$B/r" -k "$k" \
		-n 1 "$@" >> "$B/log" 2>&1; then
		tail -n 20 "$B/log" >&2
		say "contest run -k $k $* failed"
		return 1
	fi
}

# gnu_time OUT CMD...: GNU time's elapsed, user and sys seconds for CMD into OUT
gnu_time() {
	local out=$1; shift
	/usr/bin/time -f '%e %U %S' -o "$out" "$@" > /dev/null 2>> "$B/log"
}

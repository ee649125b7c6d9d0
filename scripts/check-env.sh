#!/usr/bin/env bash
# check-env.sh [DIR] - an env file's key is spelled once, in its table
#
# contest/record/env.h's ENV_KEYS is the one table of the env file's keys
# (docs/ARCHITECTURE.md): writers spell a key as ENV_KEY(field), readers
# take a parsed file's struct env_record fields, so a mistyped key does
# not compile. This fails, naming FILE:LINE, when a source file but
# record/env.h spells a key of the table as a string: a line's key
# ("host") whole, or as a writer starts a line, "KEY: " (at a string's
# start or after \n); a config line's name, "config.WORD" (the config's
# keys are its own words elsewhere: record/config-keys.c); and when env_get(), the lookup by a
# name read from a file, is handed a string. Comments do not count.
# Words that are also another thing's name are allowed only on the
# lines listed in `elsewhere` below, each with what it is; a second
# spelling anywhere else still fails. The keys come from env.h itself,
# through the preprocessor ($CC, else cc). Exits 1 on a breach, 2 when
# the table cannot be read.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
table=contest/record/env.h
[ -f "$table" ] || { echo "check-env: no $table" >&2; exit 2; }

# words of the table that also name something else, where they do: FILE:TEXT
elsewhere=(
	# bisect's result, as git bisect prints it, and its --tree option
	'contest/output/bisect-text.c:fprintf(out, "commit: %s\n", hi->sha);'
	'contest/cmd/bisect.c:{ .long_name = "tree", '
	# QEMU's -cpu host
	'contest/guest/vm-qemu.c:argv[n++] = xstrdup("host");'
	# the config keys guest_cpus and guest_mem (env's lines of the same
	# name record what they set), named in run --boot's refusals
	'contest/guest/boot.c:return error("guest_cpus: %lld is more than'
	'contest/guest/boot.c:o->mem ? "--vm-mem" : "guest_mem"'
	# the LKP robot's mail, whose lines are its own
	'contest/output/lkp-mail.c:xasprintf("commit: %s (\"%s\")", '
	'contest/output/lkp-mail.c:"testcase: contest/%s\nconfig: %s\ncompiler: %s\n'
	'contest/output/lkp-mail.c:fputs("commit:\n", out);'
	'contest/output/lkp-mail.c:xasprintf("commit: %s", '
	# a bisection's state file: its option lines, checked against bisect's options on --resume
	'contest/guest/bisect-state.c:if (!strcmp(word, "tree")) {'
	'contest/guest/bisect-state.c:static const char *const options[] = { "tree", '
	# runs.tsv's columns (store.c's table): a run's limits
	'contest/results/store.c:COL("mem_limit", '
	'contest/results/store.c:COL("cpu_limit", '
	# compile_load's own tree key ([compile_load] tree = DIR)
	'loads/compile_load.c:load_path(env, "tree");'
)

src=$(mktemp)
trap 'rm -f "$src"' EXIT
cat > "$src" <<'EOF'
#include "record/env.h"
#define L(field, ...) ENV_LINE_IS #field
#define C(field, ...) ENV_CONFIG_IS #field
ENV_KEYS(L, C)
EOF
words=$(${CC:-cc} -E -P -iquote contest -iquote . -x c "$src" 2>&1) ||
	{ echo "check-env: cannot read $table: $words" >&2; exit 2; }
# the "key: value" lines' keys; a config key is the config's own word
# (its options, its workloads), spelled as env's only as "config.KEY"
mapfile -t keys < <(grep -o 'ENV_LINE_IS "[^"]*"' <<< "$words" | sed 's/^[^"]*"//; s/"$//' | sort -u)
[ ${#keys[@]} -ge 20 ] || { echo "check-env: too few keys in $table" >&2; exit 2; }

# one perl over every file: a fork a file made the check slow on a busy machine
find contest loads -name '*.[ch]' ! -path "$table" | sort |
KEYS=$(printf '%s\n' "${keys[@]}") ELSEWHERE=$(printf '%s\n' "${elsewhere[@]}") TABLE=$table perl -e '
	my @keys = split /\n/, $ENV{KEYS};
	my @elsewhere = map { [split /:/, $_, 2] } split /\n/, $ENV{ELSEWHERE};
	my $k = join "|", map { "\Q$_\E" } @keys;
	# "KEY" whole; "KEY: " at a string start or after \n; "config.WORD"
	my $re = qr/"(?:$k)"|(?:"|\\n)(?:$k):[ "\\]|"config\.[a-z_]+/;
	my $get = qr/\benv_get\s*\([^;]*?,\s*"/;
	my $status = 0;
	while (my $f = <STDIN>) {
		chomp $f;
		open my $fh, "<", $f or die "check-env: cannot read $f: $!\n";
		local $/;
		my $text = <$fh>;
		close $fh;
		# comments out, strings kept, a line for each line
		$text =~ s{("(?:\\.|[^"\\\n])*"|\x27(?:\\.|[^\x27\\\n])*\x27)|/\*.*?\*/|//[^\n]*}
			  { defined $1 ? $1 : ($& =~ tr/\n//cdr) }gse;
		my $n = 0;
		LINE: for my $line (split /\n/, $text) {
			$n++;
			if ($line =~ $get) {
				printf "%s:%d: env_get is handed a key as a string (read the record: env_record(e)->KEY)\n", $f, $n;
				$status = 1;
				next;
			}
			next unless $line =~ /($re)/;
			(my $hit = $1) =~ s/^(?:"|\\n)//;
			$hit =~ s/[^a-z_.].*//;
			for my $e (@elsewhere) {
				next LINE if $e->[0] eq $f && index($line, $e->[1]) >= 0;
			}
			printf "%s:%d: the env key \"%s\" is spelled outside %s (ENV_KEY(KEY), env_record(e)->KEY)\n",
			       $f, $n, $hit, $ENV{TABLE};
			$status = 1;
		}
	}
	exit $status;
'
status=$?
[ "$status" -eq 0 ] && echo "env: every key spelled in $table"
exit "$status"

#!/usr/bin/env bash
# check-config.sh [DIR] - code reads a config key by its typed field only
#
# lib/config.c parses contest.conf, -c and -s against tables that live
# outside lib/ (record/config-keys.c, each load's file) and keeps each
# section's struct filled; code reads contest_config(cfg)->main.KEY, so a
# mistyped key is a compile error (docs/ARCHITECTURE.md). This fails,
# naming FILE:LINE, when a source file but lib/config.c calls a config
# function by a key's name: one of the name-based getters or setters
# (config_str, config_int, config_bool, config_double, config_duration,
# config_size, config_set, config_ram), or any config_* function given a
# key as a string ("runs"); and when lib/ holds a table of keys. Comments
# do not count. Exits 1 on a breach.
set -u
cd "${1:-$(dirname "$0")/..}" || exit 2
bad=0
module=contest/lib/config.c
code='^[^:]*:[0-9]+:[[:space:]]*(/\*|\*|//)'	# grep -n's line that is a comment
files=$(find contest loads -name '*.[ch]' ! -path "$module" | sort)
# shellcheck disable=SC2086
while IFS= read -r hit; do
	echo "$hit: reads a config key by name (use its field: contest_config(cfg)->main.KEY)"
	bad=1
done < <(grep -nE '\bconfig_(str|int|bool|double|duration|size|set|ram)[[:space:]]*\(|\bconfig_[a-z_]+[[:space:]]*\([^;]*"[a-z_]+(\.[a-z_0-9]+)?"' $files |
	 grep -vE "$code" | sed -E 's/^([^:]*:[0-9]+):.*/\1/')
# shellcheck disable=SC2086
while IFS= read -r hit; do
	echo "$hit: a table of config keys in lib/ (the product's keys live in record/config-keys.c)"
	bad=1
done < <(grep -nE '\bCONFIG_KEY[[:space:]]*\(|struct config_option [a-z_]+\[\][[:space:]]*=' \
	 $(find contest/lib -name '*.[ch]') | grep -vE "$code" | grep -v '^contest/lib/config.h:[0-9]*:#define' |
	 sed -E 's/^([^:]*:[0-9]+):.*/\1/')
[ "$bad" -eq 0 ] && echo "config: every key read by its field"
exit "$bad"

#!/usr/bin/env bash
# A config key is read by its typed field only: scripts/check-config.sh
# (part of make check-layers) passes on the tree and fails, naming
# FILE:LINE, on a copy where a command reads a key by name (a getter, a
# config function given the key as a string) or lib/ holds a key table; a
# comment naming a getter does not fail it. And the point of it: a
# mistyped field, in a reader or in a table line, or a table line of
# another type than its field, is a compile error.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-config.sh

tree_check_top

tree_copy; tree_plant contest/cmd/report.c \
	'static const char *dir(const struct config *cfg) { return config_str(cfg, NULL, "results"); }'
tree_breach "a command calling config_str by name" \
	"contest/cmd/report.c:$(tree_lines contest/cmd/report.c): reads a config key by name"
tree_copy; tree_plant loads/io_load.c 'static long long n(const struct load_env *e) { return config_int(e->cfg, e->name, "size"); }'
tree_breach "a load calling config_int" "loads/io_load.c:$(tree_lines loads/io_load.c): reads a config key by name"
tree_copy; tree_plant contest/session/one.c 'static const char *o(const struct config *cfg) { return config_origin(cfg, NULL, "runs"); }'
tree_breach "a key given as a string to config_origin" "contest/session/one.c:$(tree_lines contest/session/one.c):"
tree_copy; tree_plant contest/lib/util.c \
	'static const struct config_option keys[] = { CONFIG_KEY(struct k, runs, "runs", OPT_INT, "3", "", NULL, 1, 9) };'
tree_breach "a key table in lib/" "contest/lib/util.c:$(tree_lines contest/lib/util.c): a table of config keys in lib/"

tree_copy; tree_plant contest/session/plan.c '/* not config_str(cfg, NULL, "loads") any more */'
tree_plant contest/session/plan.c ' * config_int(cfg, NULL, "runs") in a comment'
tree_passes "a comment naming a getter"

# the compiler holds the rest: a reader's or a table's mistyped field
compiles() {	# compiles WHAT: the C on stdin, as make compiles contest's
	${CC:-cc} -fsyntax-only -Werror -D_GNU_SOURCE -iquote "$TOP/contest" -iquote "$TOP" \
		-x c - > "$T/cc.out" 2>&1
}
reader() {	# reader FIELD: C that reads contest_config(cfg)->main.FIELD
	printf '#include "record/config-keys.h"\nconst char *f(const struct config *cfg);\n'
	printf 'const char *f(const struct config *cfg) { return contest_config(cfg)->main.%s; }\n' "$1"
}
table() {	# table FIELD TYPE: a table line of a struct with a const char *results
	printf '#include "lib/config.h"\nstruct s { const char *results; };\n'
	printf 'const struct config_option t[] = { CONFIG_KEY(struct s, %s, "k", %s, "", "", NULL, 0, 0) };\n' "$1" "$2"
}
if command -v "${CC:-cc}" > /dev/null; then
	reader results | compiles
	ok $? "a reader of main.results compiles"
	reader resluts | compiles
	[ $? -ne 0 ] && grep -q "no member named.*resluts" "$T/cc.out"
	ok $? "a reader of main.resluts does not: $(grep -m1 error "$T/cc.out")"
	table results OPT_PATH | compiles
	ok $? "a table line of results, OPT_PATH, compiles"
	table resluts OPT_PATH | compiles
	[ $? -ne 0 ] && grep -q "no member named.*resluts" "$T/cc.out"
	ok $? "a table line of resluts does not: $(grep -m1 error "$T/cc.out")"
	table results OPT_INT | compiles
	[ $? -ne 0 ] && grep -q "negative" "$T/cc.out"
	ok $? "a table line giving the string field results OPT_INT does not: $(grep -m1 error "$T/cc.out")"
else
	for i in 1 2 3 4 5; do skip "no C compiler (${CC:-cc})"; done
fi

done_testing

#!/usr/bin/env bash
# An env file's key is spelled in record/env.h's table only:
# scripts/check-env.sh (part of make check-layers) passes on the tree and
# fails, naming FILE:LINE, on a copy with one spelled again: a reader's
# env_get(e, "run_load") (the typo issue 36 names, which compiled and
# silently took the older-contest path), a "config.KEY" string, a writer's
# "KEY: " line, a key the table gains spelled by hand; a comment, or a
# config key's bare word ("runs", its own option), does not fail it.
. "$(dirname "$0")/lib.sh"
CHECK=$TOP/scripts/check-env.sh

tree_check_top

tree_copy; tree_plant contest/session/rerun.c 'static const char *f(const struct env *e) { return env_get(e, "run_load"); }'
tree_breach "rerun.c's env_get(e, \"run_load\")" \
	"contest/session/rerun.c:$(tree_lines contest/session/rerun.c): env_get is handed a key as a string"
tree_copy; tree_plant contest/results/calibration.c 'static const char *const keys[] = { "config.kconfig" };'
tree_breach "calibration.c spelling config.kconfig" 'contest/results/calibration.c:'
tree_copy; tree_plant contest/output/report-env.c 'static const char *k = "cpu_model";'
tree_breach "report-env.c spelling cpu_model" 'the env key "cpu_model"'
tree_copy; tree_plant contest/session/one.c 'static void w(FILE *f) { fprintf(f, "run_rounds: %d\n", 1); }'
tree_breach "a writer's \"run_rounds: \" line" 'contest/session/one.c:'
tree_copy; tree_plant contest/guest/boot.c 'static const char *g = "x\nguest_mem: %s\n";'
tree_breach "a writer's guest_mem line after a newline" 'contest/guest/boot.c:'
# a key the table gains: it is held too
tree_copy; sed -i 's/^\tL(subject, ENV_IGNORED, NULL)/&\t\\\n\tL(accel, 0, NULL)/' "$T/tree/contest/record/env.h"
tree_plant contest/guest/boot.c 'static const char *a = "accel";'
tree_breach "a new key spelled in boot.c" 'the env key "accel"'

tree_copy; tree_plant contest/results/machine.c '/* the "cpu_model" line, "config.workload" */'
tree_passes "a comment naming keys"
tree_copy; tree_plant contest/session/plan.c 'static const char *key = "runs";'
tree_passes "\"runs\", the config's own key, as a word"

done_testing

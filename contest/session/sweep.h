/* sweep.h - `run --sweep KEY=V1,V2,...`: the points a session is run at
 *
 * Each --sweep names a config key (LOAD.KEY for a load's own) and its
 * values; several keys are swept together, pairwise: point i sets every
 * key to its i-th value, so `--sweep tworead_load.size1=100M,200M --sweep
 * tworead_load.size2=1000M,900M` makes two points. A point is named as
 * it was given, "KEY=VALUE[,KEY=VALUE]", which is what runs.tsv's sweep
 * column keeps and report prints a row of.
 */
#ifndef CONTEST_SWEEP_H
#define CONTEST_SWEEP_H

#include <stddef.h>

#include "lib/config.h"

struct sweep {
	char **points;		/* "KEY=VALUE[,KEY=VALUE]", one per point */
	size_t npoints;		/* 0: no sweep */
};

/*
 * Make the points of specs[0..n) ("KEY=V1,V2,..."), each applied to cfg in
 * turn to check it (config_set_arg: the key must exist and take each
 * value; cfg is left at the last point). 0, or
 * -1 (error printed, naming the --sweep) for a spec without '=' or a
 * value, a key given twice, lists of unequal lengths, or a value the key
 * refuses.
 */
int sweep_parse(struct sweep *s, const char *const *specs, int n, struct config *cfg);
/* set point i's keys in cfg; 0, or -1 (error printed) */
int sweep_apply(const struct sweep *s, size_t i, struct config *cfg);
void sweep_release(struct sweep *s);

#endif

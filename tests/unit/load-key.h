/* load-key.h - the field of a load's key in a config, for the unit tests
 * that set or read one (a load's struct is its own file's; static: each
 * test links its own) */
#ifndef CONTEST_TEST_LOAD_KEY_H
#define CONTEST_TEST_LOAD_KEY_H

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/config.h"
#include "loads/loads.h"

/* LOAD's KEY's field in cfg's values; bails out when there is none */
static const void *load_key(const struct config *cfg, const char *load, const char *key)
{
	const struct load *l = load_find(load);

	for (const struct config_option *o = l ? l->options : NULL; o && o->name; o++)
		if (!strcmp(o->name, key))
			return (const char *)config_values(cfg, load) + o->off;
	printf("Bail out! no key %s.%s\n", load, key);
	exit(1);
}

#endif

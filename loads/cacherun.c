/* cacherun.c - the compile again right after a noload run, caches warm, no flush */
#include "loads/load.h"

const struct load load_cacherun = {
	.name = "cacherun",
	.unit = "-",
	.help = "the compile right after a noload run, without flushing caches; "
		"its Ratio below 1.00 is what the cold cache cost noload",
	.flags = LOAD_NONE | LOAD_NO_FLUSH,
};

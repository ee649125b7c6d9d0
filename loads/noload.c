/* noload.c - the compile alone: the reference every ratio is taken from */
#include "loads/load.h"

const struct load load_noload = {
	.name = "noload",
	.unit = "-",
	.help = "the compile alone, no background load",
	.flags = LOAD_NONE,
};

/* loads.h - the table of every load, in canonical order (the order of the tables)
 *
 * Adding a load: loads/NAME.c exporting `const struct load load_NAME`,
 * one X(NAME) line here, and a test.
 */
#ifndef CONTEST_LOADS_H
#define CONTEST_LOADS_H

#include "loads/load.h"

#define LOAD_TABLE(X) \
	X(noload) \
	X(cacherun) \
	X(process_load) \
	X(dbench_load) \
	X(ctar_load) \
	X(xtar_load) \
	X(io_load) \
	X(io_other) \
	X(read_load) \
	X(list_load) \
	X(mem_load) \
	X(tworead_load) \
	X(shm_load) \
	X(compile_load)

#define X(name) extern const struct load load_##name;
LOAD_TABLE(X)
#undef X

/* NULL-terminated, canonical order */
extern const struct load *const load_table[];

/* every load as a config section with its keys, canonical order, {NULL}-terminated:
 * what config_new() is handed */
const struct config_section *load_sections(void);

/* the load called name, or NULL */
const struct load *load_find(const char *name);

#endif

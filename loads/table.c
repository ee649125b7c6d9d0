/* table.c - the table of every load (loads.h), and the config sections it gives */
#include "loads/loads.h"
#include "lib/util.h"

#include <string.h>

const struct load *const load_table[] = {
#define X(name) &load_##name,
	LOAD_TABLE(X)
#undef X
	NULL
};

const struct config_section *load_sections(void)
{
	static struct config_section sections[ARRAY_SIZE(load_table)];

	if (!sections[0].name)
		for (size_t i = 0; load_table[i]; i++) {
			sections[i].name = load_table[i]->name;
			sections[i].options = load_table[i]->options;
			sections[i].size = load_table[i]->options_size;
		}
	return sections;
}

const struct load *load_find(const char *name)
{
	for (size_t i = 0; load_table[i]; i++)
		if (!strcmp(load_table[i]->name, name))
			return load_table[i];
	return NULL;
}

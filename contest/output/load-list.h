/* load-list.h - contest list's table: a line a load, whether it can run here and why not */
#ifndef CONTEST_OUTPUT_LOAD_LIST_H
#define CONTEST_OUTPUT_LOAD_LIST_H

#include <stdio.h>

#include "loads/loads.h"

/* the table's header line */
void load_list_header(FILE *out);

/* load l's line: its name, ok (yes or no), the unit of its work and what it
 * does; when it cannot run here, a second line says why */
void load_list_line(FILE *out, const struct load *l, int ok, const char *why);

#endif
